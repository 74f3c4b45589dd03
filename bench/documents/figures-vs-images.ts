// The figure pass (extractPdfFigures: find, crop to a vector PDF, draw a PNG at 150 dpi) against
// the image pass (extractDocument) on the same 100-page "paper", built here at run time: 70 pages
// of prose and 30 with plots, diagrams, tables and a few photographs (FigurePage pages joined by
// qpdf). Best of N of each, the ratio, and poppler drawing the same figure boxes as a reference.
//   extract-api/node_modules/.bin/tsx bench/documents/figures-vs-images.ts [--runs N]
// Needs qpdf and poppler-utils (apt-get install -y qpdf poppler-utils).
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { extractDocument, extractPdfFigures, findPdfFigures } from 'document-engine';
import { FigurePage } from 'document-engine/figure-pages';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
for (const tool of ['qpdf', 'pdftoppm']) {
  if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).error) {
    console.error(`${tool} is missing: apt-get install -y qpdf poppler-utils`);
    process.exit(1);
  }
}
const run = promisify(execFile);

function prosePage(seed: number): FigurePage {
  const page = new FigurePage();
  page.paragraph(72, 740, 25, 93);
  page.paragraph(72, 420, 25 - (seed % 5), 93);
  return page;
}

/** One of five layouts of a figure page; `n` numbers its figures and tables. */
function figurePage(kind: number, n: { figure: number; table: number }): FigurePage {
  const page = new FigurePage();
  switch (kind % 5) {
    case 0:
      page.paragraph(72, 740, 10, 93);
      page.plot(156, 430, 300, 180, kind);
      page.text(156, 410, 9, `Figure ${n.figure++}: Accuracy of the model over training epochs.`);
      page.paragraph(72, 380, 24, 93);
      break;
    case 1:
      page.paragraph(54, 740, 10, 48);
      page.diagram(60, 470, 230, 120);
      page.text(54, 455, 9, `Fig. ${n.figure++}. The processing pipeline with a feedback`);
      page.text(54, 444, 9, 'loop between its stages.');
      page.paragraph(54, 420, 28, 48);
      page.paragraph(315, 740, 6, 48);
      page.image(330, 520, 210, 130);
      page.text(315, 505, 9, `Figure ${n.figure++}: A photograph of the apparatus.`);
      page.paragraph(315, 475, 28, 48);
      break;
    case 2:
      page.paragraph(72, 740, 10, 93);
      page.text(131, 610, 9, `Table ${n.table++}: Results on the benchmark datasets.`);
      page.table(131, 598, 5, 6);
      page.paragraph(72, 470, 30, 93);
      break;
    case 3:
      page.paragraph(72, 740, 4, 93);
      page.plot(156, 520, 300, 160, kind);
      page.text(156, 500, 9, `Figure ${n.figure++}: Loss on the validation split.`);
      page.paragraph(72, 480, 4, 93);
      page.diagram(156, 290, 300, 120);
      page.text(156, 275, 9, `Figure ${n.figure++}: The model, stage by stage.`);
      page.paragraph(72, 250, 14, 93);
      break;
    default:
      page.paragraph(72, 740, 8, 93);
      page.plot(72, 420, 220, 160, 1).plot(320, 420, 220, 160, kind);
      page.text(72, 400, 9, `Figure ${n.figure++}: Two panels. (a) Training loss. (b) Validation accuracy.`);
      page.paragraph(72, 370, 24, 93);
  }
  return page;
}

/** The paper: a figure page every third page or so, 30 in all, in 100 pages. */
function buildPaper(dir: string): Uint8Array {
  const n = { figure: 1, table: 1 };
  const files: string[] = [];
  let figurePages = 0;
  for (let i = 0; i < 100; i++) {
    const withFigure = figurePages < 30 && i % 10 < 3;
    const page = withFigure ? figurePage(figurePages++, n) : prosePage(i);
    const file = path.join(dir, `p${String(i).padStart(3, '0')}.pdf`);
    writeFileSync(file, page.pdf());
    files.push(file);
  }
  const out = path.join(dir, 'paper.pdf');
  const joined = spawnSync('qpdf', ['--empty', '--pages', ...files, '--', out], { encoding: 'utf8' });
  if (joined.status !== 0 && joined.status !== 3) throw new Error(`qpdf failed: ${joined.stderr}`);
  return new Uint8Array(readFileSync(out));
}

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

const dir = mkdtempSync(path.join(tmpdir(), 'bench-figures-'));
try {
  const paper = buildPaper(dir);
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
  for (let i = 0; i < runs; i++) popplerMs.push(await popplerBoxes(path.join(dir, 'paper.pdf'), fg.boxes, dir));
  console.log(`a 100-page paper (${(paper.length / 1e6).toFixed(2)} MB), best of ${runs}`);
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
