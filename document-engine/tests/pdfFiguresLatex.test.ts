/**
 * The figure finder on papers pdfLaTeX sets at test time (latexPapers.ts): every figure and table
 * found with IoU >= 0.8 against the box TeX recorded, with its caption as printed, and nothing else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { findPdfFigures, iou, type PdfFigure } from '../src/core/pdf/figures/index.ts';
import { buildLatexPapers, type LatexPaper } from './latexPapers.ts';

let papers: LatexPaper[] = [];
const found = new Map<string, PdfFigure[]>();

beforeAll(async () => {
  papers = buildLatexPapers();
  for (const paper of papers) {
    const { figures, notes } = await findPdfFigures(paper.pdf);
    expect(notes, paper.name).toEqual([]);
    found.set(paper.name, figures);
  }
}, 120_000);

const boxText = (box: number[]) => `[${box.map((v) => v.toFixed(1)).join(' ')}]`;

describe('PDF figures: papers set by pdfLaTeX, boxes recorded by TeX', () => {
  it('builds five papers with 24 figures and tables between them', () => {
    expect(papers.map((p) => p.name)).toEqual([
      'two-column article',
      'IEEE-like paper',
      'one-column report',
      'figures next to equations, headings, lists and footnotes',
      'thesis',
    ]);
    expect(papers.reduce((n, p) => n + p.figures.length, 0)).toBe(24);
    for (const paper of papers)
      expect(paper.truths.map((t) => t.name).sort()).toEqual(paper.figures.map((f) => f.name).sort());
  });

  for (const index of [0, 1, 2, 3, 4]) {
    it(`paper ${index + 1}: every figure and table, its box and caption; nothing else`, () => {
      const paper = papers[index] as LatexPaper;
      const figures = found.get(paper.name) ?? [];
      const report = figures.map((f) => `p${f.pageNumber} ${f.kind} ${f.number} ${boxText(f.box)} "${f.caption}"`);
      for (const want of paper.figures) {
        const truth = paper.truths.find((t) => t.name === want.name);
        if (!truth) throw new Error(`TeX recorded no box for ${want.name}`);
        const got = figures.find((f) => f.kind === want.kind && f.number === want.number);
        expect(got, `${paper.name}: ${want.name} among ${report.join('; ')}`).toBeDefined();
        if (!got) continue;
        const score = iou(got.box, truth.box);
        console.log(
          `${paper.name} / ${want.name}: IoU ${score.toFixed(3)} ${boxText(got.box)} truth ${boxText(truth.box)}`,
        );
        expect(got.pageNumber, want.name).toBe(truth.page);
        expect(score, `${want.name}: ${boxText(got.box)} against ${boxText(truth.box)}`).toBeGreaterThanOrEqual(0.8);
        // pdfTeX sets "fi" as one glyph: the caption reads as printed once normalised
        expect(got.caption.normalize('NFKC'), want.name).toBe(want.caption);
      }
      expect(figures, report.join('; ')).toHaveLength(paper.figures.length);
    });
  }

  it('a photograph is not vector; plots, diagrams and tables are', () => {
    const [article] = papers;
    const figures = found.get(article?.name ?? '') ?? [];
    const byNumber = (kind: string, number: string) => figures.find((f) => f.kind === kind && f.number === number);
    expect(byNumber('figure', '4')?.vector).toBe(false);
    expect(byNumber('figure', '4')?.imageKeys).toHaveLength(1);
    for (const number of ['1', '2', '3', '5']) expect(byNumber('figure', number)?.vector, number).toBe(true);
    expect(byNumber('table', '1')?.vector).toBe(true);
  });
});
