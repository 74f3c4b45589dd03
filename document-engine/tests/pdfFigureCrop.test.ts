/**
 * A figure's own PDF (croppedFigurePdf), checked by the engine and by Debian's tools: poppler
 * (pdfinfo, pdftotext, pdftocairo, pdftoppm) and MuPDF (mutool). The crop must open, be the size
 * of its box, keep its vectors (SVG paths, no raster), hold its caption and not the prose around
 * it, and render like the same box of the source page.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import {
  type Box,
  croppedFigurePdf,
  findPdfFigures,
  type PdfFigure,
  walkPageLayout,
} from '../src/core/pdf/figures/index.ts';
import { PdfDict, PdfStream } from '../src/core/pdf/objects.ts';
import { readPages } from '../src/core/pdf/pageTree.ts';
import { PdfDocument } from '../src/core/pdf/xref.ts';
import { DocumentError } from '../src/errors.ts';
import { diagramAndPhotoPage, FigurePage, inkscapePdf, svgTwoColumnPage } from './figurePages.ts';
import { buildLatexPapers } from './latexPapers.ts';
import { inTempDir, qpdfEncrypt, requireTool, runTool, streamBody, writePdf } from './pdfFixtures.ts';

type Poppler = 'pdfinfo' | 'pdftotext' | 'pdftocairo' | 'pdftoppm';

/** A poppler tool's run; fails naming Debian's poppler-utils when it is missing. */
function poppler(tool: Poppler, args: string[], cwd: string) {
  const run = spawnSync(tool, args, { encoding: 'utf8', cwd, maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw new Error(`This test needs ${tool}: apt-get install -y poppler-utils (${run.error.message})`);
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A page rendered gray at 72 dpi (`pdftoppm -gray`), optionally only the given pixel window. */
function render(
  dir: string,
  file: string,
  window?: { x: number; y: number; w: number; h: number },
  password?: string,
  page = 1,
): { width: number; height: number; pixels: Uint8Array } {
  const base = `${file}-${page}-${window ? `${window.x}-${window.y}` : 'whole'}`;
  const args = ['-r', '72', '-gray', '-singlefile', '-f', String(page), '-l', String(page)];
  if (window) args.push('-x', String(window.x), '-y', String(window.y), '-W', String(window.w), '-H', String(window.h));
  if (password) args.push('-upw', password);
  const run = poppler('pdftoppm', [...args, file, base], dir);
  expect(run.status, run.stderr).toBe(0);
  return readPgm(new Uint8Array(readFileSync(path.join(dir, `${base}.pgm`))));
}

/** A page drawn gray at 72 dpi by MuPDF (`mutool draw`), whole. */
function renderMupdf(
  dir: string,
  file: string,
  password?: string,
  page = 1,
): { width: number; height: number; pixels: Uint8Array } {
  const out = `${file}-${page}-mupdf.pgm`;
  const run = runTool(
    'mutool',
    ['draw', '-q', '-r', '72', '-c', 'gray', ...(password ? ['-p', password] : []), '-o', out, file, String(page)],
    dir,
  );
  expect(run.status, run.stderr).toBe(0);
  return readPgm(new Uint8Array(readFileSync(path.join(dir, out))));
}

function readPgm(pgm: Uint8Array): { width: number; height: number; pixels: Uint8Array } {
  // P5 <w> <h> <max>\n then the samples
  const header = Buffer.from(pgm.subarray(0, 64)).toString('latin1');
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!match) throw new Error(`not a PGM: ${header.slice(0, 20)}`);
  return { width: Number(match[1]), height: Number(match[2]), pixels: pgm.subarray(match[0].length) };
}

/** The window of a rendered page, row by row. */
function windowOf(
  image: { width: number; pixels: Uint8Array },
  window: { x: number; y: number; w: number; h: number },
): Uint8Array {
  const out = new Uint8Array(window.w * window.h);
  for (let row = 0; row < window.h; row++) {
    const from = (window.y + row) * image.width + window.x;
    out.set(image.pixels.subarray(from, from + window.w), row * window.w);
  }
  return out;
}

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / Math.max(1, a.length);
}

/** Ink pixels (darker than mid-gray): a crop of white would match a blank source box too. */
function inked(pixels: Uint8Array): number {
  let count = 0;
  for (const value of pixels) if (value < 128) count++;
  return count;
}

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

type Checked = { crop: Uint8Array; box: Box; text: string; svg: string };

/**
 * Crops `figure` out of `source` and checks what every crop must be; returns the crop's text and SVG.
 * `box` is the page box the crop must have (the figure's box and caption with the margin).
 */
async function checkCrop(
  source: Uint8Array,
  figure: Pick<PdfFigure, 'pageNumber' | 'box'> & Partial<Pick<PdfFigure, 'captionBox'>>,
  options: { password?: string; pageHeight: number; tolerance?: number; popplerTolerance?: number },
): Promise<Checked> {
  const crop = await croppedFigurePdf(source, figure, options.password ? { password: options.password } : {});
  // the engine reads it: one page whose MediaBox is the box
  const doc = await PdfDocument.open(crop);
  const pages = await readPages(doc);
  expect(pages).toHaveLength(1);
  const media = (await doc.resolveDeep(pages[0]?.dict.get('MediaBox'))) as number[];
  const box = media as Box;
  const c = figure.captionBox ?? figure.box;
  const [fx0, fy0, fx1, fy1] = [
    Math.min(figure.box[0], c[0]),
    Math.min(figure.box[1], c[1]),
    Math.max(figure.box[2], c[2]),
    Math.max(figure.box[3], c[3]),
  ];
  expect(box[0]).toBeLessThanOrEqual(fx0);
  expect(box[1]).toBeLessThanOrEqual(fy0);
  expect(box[2]).toBeGreaterThanOrEqual(fx1);
  expect(box[3]).toBeGreaterThanOrEqual(fy1);
  // a few points of margin, no more
  expect(fx0 - box[0]).toBeLessThan(6);
  expect(box[3] - fy1).toBeLessThan(6);
  const width = box[2] - box[0];
  const height = box[3] - box[1];
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'source.pdf'), source);
    writeFileSync(path.join(dir, 'crop.pdf'), crop);
    const info = poppler('pdfinfo', ['crop.pdf'], dir);
    expect(info.status, info.stderr).toBe(0);
    expect(info.stderr).toBe('');
    expect(info.stdout).toMatch(/Encrypted:\s+no/);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info.stdout);
    expect(Number(size?.[1])).toBeCloseTo(width, 2);
    expect(Number(size?.[2])).toBeCloseTo(height, 2);
    const mutool = runTool('mutool', ['info', 'crop.pdf'], dir);
    expect(mutool.status, mutool.stderr).toBe(0);
    expect(mutool.stderr).not.toMatch(/error/i);
    const text = poppler('pdftotext', ['crop.pdf', '-'], dir);
    expect(text.status).toBe(0);
    expect(text.stderr).toBe('');
    const svgRun = poppler('pdftocairo', ['-svg', 'crop.pdf', 'crop.svg'], dir);
    expect(svgRun.status, svgRun.stderr).toBe(0);
    const svg = readFileSync(path.join(dir, 'crop.svg'), 'utf8');
    // the same box of the source page, pixel for pixel at 72 dpi (whole points: whole pixels)
    const cropped = render(dir, 'crop.pdf');
    const window = { x: box[0], y: Math.round(options.pageHeight - box[3]), w: width, h: height };
    const original = render(dir, 'source.pdf', window, options.password, figure.pageNumber);
    expect([cropped.width, cropped.height]).toEqual([original.width, original.height]);
    expect(inked(cropped.pixels)).toBeGreaterThan(50);
    const difference = meanDifference(cropped.pixels, original.pixels);
    // and by MuPDF, which draws a form's content exactly as the page's
    const mupdfCrop = renderMupdf(dir, 'crop.pdf');
    const mupdfPage = renderMupdf(dir, 'source.pdf', options.password, figure.pageNumber);
    expect([mupdfCrop.width, mupdfCrop.height]).toEqual([width, height]);
    const mupdfDifference = meanDifference(mupdfCrop.pixels, windowOf(mupdfPage, window));
    console.log(
      `crop [${box.join(' ')}]: mean pixel difference ${difference.toFixed(3)} (poppler), ${mupdfDifference.toFixed(3)} (MuPDF)`,
    );
    expect(difference).toBeLessThan(options.popplerTolerance ?? options.tolerance ?? 1);
    expect(mupdfDifference).toBeLessThan(options.tolerance ?? 1);
    return { crop, box, text: words(text.stdout), svg };
  });
}

/** Vector: SVG paths and no embedded raster. */
function expectVector(svg: string): void {
  expect((svg.match(/<path\b/g) ?? []).length).toBeGreaterThan(10);
  expect(svg).not.toMatch(/<image\b/);
}

/** The decoded content of the crop's one form (/Fig). */
async function formContent(crop: Uint8Array): Promise<string> {
  const doc = await PdfDocument.open(crop);
  const [page] = await readPages(doc);
  const xobjects = await doc.resolve(page?.resources?.get('XObject'));
  const form = xobjects instanceof PdfDict ? await doc.resolve(xobjects.get('Fig')) : undefined;
  if (!(form instanceof PdfStream)) throw new Error('the crop has no form /Fig');
  return new TextDecoder('latin1').decode((await doc.decodeStream(form)).data);
}

async function figuresOf(pdf: Uint8Array, password?: string): Promise<PdfFigure[]> {
  const { figures } = await findPdfFigures(pdf, password ? { password } : {});
  return figures;
}

function plotPage(): FigurePage {
  const page = new FigurePage();
  page.paragraph(72, 720, 8, 93);
  page.text(72, 624, 10, 'and so the paragraph ends here.');
  page.begin('plot').plot(156, 430, 300, 180).end();
  page.text(156, 410, 9, 'Figure 1: Accuracy of the model over training epochs.');
  page.paragraph(72, 380, 6, 93);
  return page;
}

describe('a figure as a one-page PDF of its own', () => {
  it('a vector plot: its paths and caption kept, the prose around it gone', async () => {
    const pdf = plotPage().pdf();
    const [figure] = await figuresOf(pdf);
    if (!figure) throw new Error('the plot was not found');
    const { text, svg, crop } = await checkCrop(pdf, figure, { pageHeight: 792 });
    expectVector(svg);
    expect(text).toContain('Figure 1: Accuracy of the model over training epochs.');
    expect(text).toContain('epoch');
    // the paragraphs above and below are not in the file at all, not merely hidden
    expect(text).not.toContain('Lorem');
    expect(text).not.toContain('and so the paragraph ends here');
    // the engine finds the same figure in the crop
    const again = await figuresOf(crop);
    expect(again.map((f) => f.caption)).toEqual([figure.caption]);
  });

  it('a diagram and a raster photograph on a two-column page: each its own crop', async () => {
    const page = diagramAndPhotoPage();
    const pdf = page.pdf();
    const figures = await figuresOf(pdf);
    const diagram = figures.find((f) => f.number === '2');
    const photo = figures.find((f) => f.number === '3');
    if (!diagram || !photo) throw new Error(`figures found: ${figures.map((f) => f.caption).join('; ')}`);
    const first = await checkCrop(pdf, diagram, { pageHeight: 792 });
    expectVector(first.svg);
    expect(first.text).toContain('Fig. 2. The processing pipeline with a feedback loop between its stages.');
    expect(first.text).not.toContain('photograph');
    const second = await checkCrop(pdf, photo, { pageHeight: 792 });
    // the photograph is the JPEG itself, still an image
    expect(second.svg).toMatch(/<image\b/);
    expect(second.text).toContain('Figure 3: A photograph of the apparatus.');
    expect(second.text).not.toContain('pipeline');
    expect(second.text).not.toContain('Lorem');
  });

  it('a table of rules and cell text, its caption above it', async () => {
    const page = new FigurePage();
    page.paragraph(72, 720, 8, 93);
    page.text(131, 610, 9, 'Table 1: Results on the benchmark datasets.');
    page.begin('table');
    page.table(131, 598, 5, 6);
    page.end();
    page.paragraph(72, 470, 8, 93);
    const pdf = page.pdf();
    const [table] = await figuresOf(pdf);
    if (!table) throw new Error('the table was not found');
    const { text, svg } = await checkCrop(pdf, table, { pageHeight: 792 });
    expectVector(svg);
    expect(text).toContain('Table 1: Results on the benchmark datasets.');
    expect(text).not.toContain('Lorem');
  });

  it('a Type0 font caption, a Form XObject and an inline image on one page', async () => {
    const page = new FigurePage();
    page.paragraph(72, 740, 4, 93);
    page
      .begin('form')
      .inForm([0.5, 0, 0, 0.5, 150, 330], (p) => p.diagram(0, 0, 400, 240))
      .end();
    page.text(150, 320, 9, 'Abbildung 6: Ein Diagramm in einem Formular.');
    page.paragraph(72, 300, 3, 93);
    page.begin('inline').inlineImage(200, 130, 200, 120).end();
    page.cyrillic(200, 115, 9, 'Рис. 7. Схема');
    page.paragraph(72, 90, 3, 93);
    const pdf = page.pdf();
    const figures = await figuresOf(pdf);
    const form = figures.find((f) => f.number === '6');
    const inline = figures.find((f) => f.number === '7');
    if (!form || !inline) throw new Error(`figures found: ${figures.map((f) => f.caption).join('; ')}`);
    const first = await checkCrop(pdf, form, { pageHeight: 792 });
    expectVector(first.svg);
    expect(first.text).toContain('Abbildung 6: Ein Diagramm in einem Formular.');
    expect(first.text).not.toContain('Схема');
    const second = await checkCrop(pdf, inline, { pageHeight: 792 });
    expect(second.text).toContain('Рис. 7. Схема');
    expect(second.text).not.toContain('Abbildung');
    expect(second.svg).toMatch(/<image\b/);
  });

  it('a paper set by pdfLaTeX: matplotlib plots (Type 3 fonts), TikZ, pgfplots and a table, each vector', async () => {
    const [article] = buildLatexPapers();
    if (!article) throw new Error('no paper was built');
    const figures = await figuresOf(article.pdf);
    const vector = figures.filter((f) => f.vector);
    expect(vector.map((f) => `${f.kind} ${f.number}`).sort()).toEqual([
      'figure 1',
      'figure 2',
      'figure 3',
      'figure 5',
      'table 1',
    ]);
    for (const figure of vector) {
      const { text, svg } = await checkCrop(article.pdf, figure, { pageHeight: 792 });
      expect(svg, `${figure.kind} ${figure.number}`).not.toMatch(/<image\b/);
      expect((svg.match(/<path\b/g) ?? []).length, `${figure.kind} ${figure.number}`).toBeGreaterThan(3);
      expect(text.normalize('NFKC'), `${figure.kind} ${figure.number}`).toContain(
        figure.caption.normalize('NFKC').slice(0, 30),
      );
    }
  }, 60_000);

  it('shown text taken out leaves its advance: the text after it in the same BT stays in place', async () => {
    // one text object: 6 glyphs outside the box, then 4 inside, each half an em wide (5 pt at 10 pt)
    const widths = new Array(95).fill(500).join(' ');
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      streamBody(
        '',
        new TextEncoder().encode(
          'BT /F1 10 Tf 10 100 Td (OUTSDE) Tj (KEPT) Tj ET 0 0 1 RG 2 w 55 80 m 120 80 l S 150 20 m 190 20 l S',
        ),
      ),
      `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 126 /Widths [${widths}] >>`,
    ]);
    const figure = { pageNumber: 1, box: [46, 75, 125, 112] as Box };
    const { text, crop } = await checkCrop(pdf, figure, { pageHeight: 200 });
    expect(text).toBe('KEPT');
    // the line far outside is gone from the form's content; the one inside kept
    const content = await formContent(crop);
    expect(content).toContain('55 80 m 120 80 l S');
    expect(content).not.toContain('150 20 m');
    expect(content).toContain('[-3000] TJ');
    expect(content).toContain('(KEPT) Tj');
  });

  it('text in a clipping render mode (7 Tr) is never taken out: it is part of the clip', async () => {
    const widths = new Array(95).fill(500).join(' ');
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      streamBody(
        '',
        new TextEncoder().encode(
          'q BT 7 Tr /F1 10 Tf 10 100 Td (OUTSDE) Tj ET 0 0 1 rg 0 0 200 200 re f Q 0 0 1 RG 2 w 55 80 m 120 80 l S 150 20 m 190 20 l S',
        ),
      ),
      `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 126 /Widths [${widths}] >>`,
    ]);
    const crop = await croppedFigurePdf(pdf, { pageNumber: 1, box: [46, 75, 125, 112] });
    const content = await formContent(crop);
    expect(content).toContain('(OUTSDE) Tj');
    // paths are still judged
    expect(content).not.toContain('150 20 m');
  });

  it('the page content kept whole when asked (dropOutside: false), still clipped to the box', async () => {
    const pdf = plotPage().pdf();
    const [figure] = await figuresOf(pdf);
    if (!figure) throw new Error('the plot was not found');
    const whole = await croppedFigurePdf(pdf, figure, { dropOutside: false });
    const dropped = await croppedFigurePdf(pdf, figure);
    expect(whole.length).toBeGreaterThan(dropped.length);
    // the prose is in the file, drawn outside the page
    expect(await formContent(whole)).toContain('Lorem');
    expect(await formContent(dropped)).not.toContain('Lorem');
    inTempDir((dir) => {
      writeFileSync(path.join(dir, 'whole.pdf'), whole);
      const info = poppler('pdfinfo', ['whole.pdf'], dir);
      expect(info.stdout).toMatch(/Page size:\s+309 x 210 pts/);
    });
  });
});

describe('a page Inkscape writes: subset fonts embedded', () => {
  it('each figure keeps its embedded fonts (pdffonts: emb yes) and renders as the page does', async () => {
    const { svg } = svgTwoColumnPage();
    const pdf = inkscapePdf(svg);
    const figures = await figuresOf(pdf);
    expect(figures.length).toBeGreaterThanOrEqual(2);
    for (const figure of figures) {
      // Poppler antialiases cairo's thin curves and rules a little differently inside a form (a
      // mean difference of 1.2 and 5.6 here, the same with nothing taken out); MuPDF draws the
      // crop and the page's box alike, and is held to the default in checkCrop's second check
      const { crop, text, svg: drawn } = await checkCrop(pdf, figure, { pageHeight: 792, popplerTolerance: 8 });
      expectVector(drawn);
      expect(text).toContain(words(figure.caption).slice(0, 20));
      inTempDir((dir) => {
        writeFileSync(path.join(dir, 'crop.pdf'), crop);
        const fonts = spawnSync('pdffonts', ['crop.pdf'], { encoding: 'utf8', cwd: dir });
        expect(fonts.status, fonts.stderr).toBe(0);
        const rows = fonts.stdout
          .split('\n')
          .slice(2)
          .filter((row) => row.trim());
        expect(rows.length).toBeGreaterThan(0);
        // columns: name type encoding emb sub uni object ID; every font embedded
        for (const row of rows) expect(row, row).toMatch(/\s+yes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/);
      });
    }
  });
});

describe('an encrypted source: the crop is written decrypted', () => {
  it('AES-256 (qpdf), opened with the user password: renders as the unencrypted page does', async () => {
    requireTool('qpdf');
    const plain = plotPage().pdf();
    const encrypted = qpdfEncrypt(plain, 'figure-pass', 'owner-pass', 256);
    const [figure] = await figuresOf(encrypted, 'figure-pass');
    if (!figure) throw new Error('the plot was not found in the encrypted copy');
    const { text, svg, crop } = await checkCrop(encrypted, figure, { password: 'figure-pass', pageHeight: 792 });
    expectVector(svg);
    expect(text).toContain('Figure 1: Accuracy of the model over training epochs.');
    expect(text).not.toContain('Lorem');
    // no trace of the encryption left: the crop has no /Encrypt, and its bytes equal the plain crop's drawing
    const doc = await PdfDocument.open(crop);
    expect(doc.trailer.get('Encrypt')).toBeUndefined();
    await expect(croppedFigurePdf(encrypted, figure, { password: 'wrong' })).rejects.toThrow(DocumentError);
  });

  it('corpus: issue3371.pdf (AES, password ELXRTQWS): its line of stencil-mask glyphs, cropped', async () => {
    const source = new Uint8Array(readCorpus('pdf/issue3371.pdf'));
    const doc = await PdfDocument.open(source, 'ELXRTQWS');
    const [page] = await readPages(doc);
    if (!page) throw new Error('no page');
    const media = (await doc.resolveDeep(page.dict.get('MediaBox'))) as number[];
    // its words are image masks, one a word, over a page-sized one: the box of the words
    const { images } = await walkPageLayout(doc, page, 1);
    const glyphs = images.filter((image) => image.box[2] - image.box[0] < 100);
    expect(glyphs.length).toBe(5);
    const box: Box = [
      Math.min(...glyphs.map((t) => t.box[0])),
      Math.min(...glyphs.map((t) => t.box[1])),
      Math.max(...glyphs.map((t) => t.box[2])),
      Math.max(...glyphs.map((t) => t.box[3])),
    ];
    const checked = await checkCrop(
      source,
      { pageNumber: 1, box },
      {
        password: 'ELXRTQWS',
        pageHeight: media[3] ?? 0,
        // the page is 841.68 pt high: the source's pixel rows are 0.32 px off the crop's whole points
        tolerance: 8,
      },
    );
    const crop = await PdfDocument.open(checked.crop);
    expect(crop.trailer.get('Encrypt')).toBeUndefined();
  });
});

describe('an encrypted corpus file without a user password', () => {
  it('bug900822.pdf (RC4, opens with the empty password): its one image, cropped and decrypted', async () => {
    const source = new Uint8Array(readCorpus('pdf/bug900822.pdf'));
    const doc = await PdfDocument.open(source);
    expect(doc.trailer.get('Encrypt')).toBeDefined();
    const [page] = await readPages(doc);
    if (!page) throw new Error('no page');
    const media = (await doc.resolveDeep(page.dict.get('MediaBox'))) as number[];
    const { images } = await walkPageLayout(doc, page, 1);
    expect(images).toHaveLength(1);
    const box = images[0]?.box as Box;
    const checked = await checkCrop(source, { pageNumber: 1, box }, { pageHeight: media[3] ?? 0 });
    expect(checked.svg).toMatch(/<image\b/);
    expect((await PdfDocument.open(checked.crop)).trailer.get('Encrypt')).toBeUndefined();
  });
});

describe('bounded on hostile files', () => {
  /** A page whose font's dictionary starts a chain of `length` objects, each naming the next. */
  function chainPdf(length: number): Uint8Array {
    const bodies: (string | Uint8Array)[] = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      streamBody('', new TextEncoder().encode('0 0 1 RG 10 10 m 100 100 l S')),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Chain 6 0 R >>',
    ];
    for (let i = 0; i < length; i++) bodies.push(`<< /Next ${i + 7} 0 R /Pad (${'x'.repeat(20)}) >>`);
    bodies.push('null');
    return writePdf(bodies);
  }

  it('a chain of 60 000 objects behind one font: refused past the object limit, in a sentence', async () => {
    const pdf = chainPdf(60_000);
    const started = Date.now();
    const attempt = croppedFigurePdf(pdf, { pageNumber: 1, box: [10, 10, 100, 100] });
    await expect(attempt).rejects.toThrow(/uses more of the PDF than will be copied \(over 20000 objects\)/);
    await attempt.catch((error: unknown) => {
      expect(error).toBeInstanceOf(DocumentError);
      expect((error as DocumentError).code).toBe('too-large');
    });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('the same chain under a lower limit stops sooner; a short one is copied whole, each object once', async () => {
    await expect(
      croppedFigurePdf(chainPdf(5_000), { pageNumber: 1, box: [10, 10, 100, 100] }, { limits: { maxObjects: 100 } }),
    ).rejects.toThrow(/over 100 objects/);
    const crop = await croppedFigurePdf(chainPdf(50), { pageNumber: 1, box: [10, 10, 100, 100] });
    const doc = await PdfDocument.open(crop);
    // catalog, pages, page, content, form; the font, 50 links and the null they end on
    expect(Number(doc.trailer.get('Size'))).toBe(1 + 5 + 1 + 50 + 1);
  });

  it('too many stream bytes: refused past the byte limit', async () => {
    const big = new Uint8Array(300_000).fill(0x20);
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /X1 5 0 R /X2 6 0 R >> >> /Contents 4 0 R >>',
      streamBody('', new TextEncoder().encode('0 0 1 RG 10 10 m 100 100 l S')),
      streamBody('/Type /XObject /Subtype /Form /BBox [0 0 1 1]', big),
      streamBody('/Type /XObject /Subtype /Form /BBox [0 0 1 1]', big),
    ]);
    await expect(
      croppedFigurePdf(pdf, { pageNumber: 1, box: [10, 10, 100, 100] }, { limits: { maxBytes: 500_000 } }),
    ).rejects.toThrow(/uses more of the PDF than will be copied \(over 488 KiB\)/);
  });
});
