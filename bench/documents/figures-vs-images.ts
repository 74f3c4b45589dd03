// The figure pass (extractPdfFigures: find, crop to a vector PDF, draw a PNG at 150 dpi) against
// the image pass (extractDocument) on the same 100-page "paper", built here at run time: 70 pages
// of prose and 30 with plots, diagrams, tables and a few photographs (FigurePage pages joined by
// qpdf). Best of N of each, the ratio, and poppler drawing the same figure boxes as a reference.
// With --latex, a paper pdfLaTeX sets instead (document-engine/latex-papers' longLatexPaper: about
// 100 two-column pages, matplotlib plots, a photograph, booktabs tables), as most papers are made.
//   extract-api/node_modules/.bin/tsx bench/documents/figures-vs-images.ts [--runs N] [--latex]
// Needs qpdf and poppler-utils (apt-get install -y qpdf poppler-utils); --latex, pdfLaTeX and
// matplotlib (scripts/setup.mjs --browser installs them).
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { extractDocument, extractPdfFigures, findPdfFigures } from 'document-engine';
import { longLatexPaper } from 'document-engine/latex-papers';
import { hundredPagePaper } from './hundredPagePaper.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, latex: { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
for (const tool of ['qpdf', 'pdftoppm']) {
  if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).error) {
    console.error(`${tool} is missing: apt-get install -y qpdf poppler-utils`);
    process.exit(1);
  }
}
const run = promisify(execFile);

async function imagePass(pdf: Uint8Array) {
  const started = performance.now();
  let images = 0;
  for await (const _ of extractDocument(pdf)) images++;
  return { ms: performance.now() - started, count: images };
}

/** The search alone (findPdfFigures): the part of the figure pass that is not cropping or drawing. */
async function searchOnly(pdf: Uint8Array) {
  const started = performance.now();
  const { figures } = await findPdfFigures(pdf);
  return { ms: performance.now() - started, count: figures.length };
}

type Box = [number, number, number, number];

async function figurePass(pdf: Uint8Array) {
  const started = performance.now();
  let figures = 0;
  let pixels = 0;
  const boxes: { page: number; box: Box }[] = [];
  const skipped: string[] = [];
  for await (const image of extractPdfFigures(pdf, { figureDpi: 150, onSkipped: (s) => skipped.push(s.reason) })) {
    figures++;
    pixels += (image.width ?? 0) * (image.height ?? 0);
    boxes.push({ page: image.pageNumbers?.[0] ?? 1, box: image.figure?.box ?? [0, 0, 0, 0] });
  }
  return { ms: performance.now() - started, count: figures, pixels, boxes, skipped };
}

/** `pdftoppm -r 150` of each figure's box (its page, that window), one process each, in sequence. */
async function popplerBoxes(file: string, boxes: { page: number; box: Box }[], out: string) {
  const started = performance.now();
  const scale = 150 / 72;
  for (const [i, { page, box }] of boxes.entries()) {
    const args = ['-r', '150', '-png', '-f', String(page), '-l', String(page), '-singlefile'];
    args.push('-x', String(Math.floor(box[0] * scale)), '-y', String(Math.floor((792 - box[3]) * scale)));
    args.push('-W', String(Math.ceil((box[2] - box[0]) * scale)), '-H', String(Math.ceil((box[3] - box[1]) * scale)));
    await run('pdftoppm', [...args, file, path.join(out, `f${i}`)]);
  }
  return performance.now() - started;
}

function latexPaper(dir: string): { file: string; bytes: Uint8Array } {
  const bytes = longLatexPaper();
  const file = path.join(dir, 'latex-paper.pdf');
  writeFileSync(file, bytes);
  return { file, bytes };
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-figures-'));
try {
  const { file: paperFile, bytes: paper } = values.latex ? latexPaper(dir) : hundredPagePaper(dir);
  const best = <T extends { ms: number }>(xs: T[]) => xs.reduce((a, b) => (b.ms < a.ms ? b : a));
  await imagePass(paper); // warm-up (and pdf.js loaded once, as a host would have it)
  await figurePass(paper);
  const images = [];
  const figures = [];
  const searches = [];
  for (let i = 0; i < runs; i++) {
    images.push(await imagePass(paper));
    figures.push(await figurePass(paper));
    searches.push(await searchOnly(paper));
  }
  const im = best(images);
  const fg = best(figures);
  const search = best(searches);
  const popplerMs = [];
  for (let i = 0; i < runs; i++) popplerMs.push(await popplerBoxes(paperFile, fg.boxes, dir));
  console.log(
    `${values.latex ? "pdfLaTeX's paper" : 'a 100-page paper'} (${(paper.length / 1e6).toFixed(2)} MB), best of ${runs}`,
  );
  console.log(`image pass   ${im.ms.toFixed(0)} ms, ${im.count} images (extractDocument)`);
  console.log(
    `figure pass  ${fg.ms.toFixed(0)} ms, ${fg.count} figures at 150 dpi (${(fg.pixels / 1e6).toFixed(1)} Mpx), ${fg.skipped.length} notes`,
  );
  console.log(
    `  of which   ${search.ms.toFixed(0)} ms the search alone (findPdfFigures), ${(fg.ms - search.ms).toFixed(0)} ms cropping and drawing (${((fg.ms - search.ms) / fg.count).toFixed(0)} ms a figure)`,
  );
  console.log(
    `ratio        figures / images = ${(fg.ms / im.ms).toFixed(2)}x (goal: at most 2x; figure pass under 5 s)`,
  );
  console.log(
    `reference    pdftoppm -r 150 of the same boxes, one process each: ${Math.min(...popplerMs).toFixed(0)} ms`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
