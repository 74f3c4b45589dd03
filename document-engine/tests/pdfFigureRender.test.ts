/**
 * Figures as images (extractPdfFigures, in Node on the engine's pdf.js renderer): each figure's PNG
 * is the size of its vector PDF's page at the dpi, and its pixels are what poppler (`pdftoppm`)
 * draws of that PDF; the vector PDF keeps its paths; aborting, passwords, the pixel bound and the
 * image keys figures and images share.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../src/core/pdf/extractPdf.ts';
import { extractPdfFigures, findPdfFigures, walkPageLayout } from '../src/core/pdf/figures/index.ts';
import { type PdfPage, readPages } from '../src/core/pdf/pageTree.ts';
import { PdfDocument } from '../src/core/pdf/xref.ts';
import type { DocumentImage, EngineOptions, SkippedImage } from '../src/core/types.ts';
import { DocumentError, PasswordRequiredError } from '../src/errors.ts';
import { createPdfjsRenderer } from '../src/render/index.ts';
import { diagramAndPhotoPage, FigurePage, inkscapePdf, svgTwoColumnPage } from './figurePages.ts';
import { buildLatexPapers } from './latexPapers.ts';
import { inTempDir, qpdfEncrypt, requireTool } from './pdfFixtures.ts';

/**
 * Mean absolute difference per RGB channel (0–255) between pdf.js's render and poppler's, as
 * measured on the figures below at 126–300 dpi:
 * - pixel for pixel: 2.6–4.9 on the Inkscape page (its fonts embedded; anti-aliasing and glyph
 *   hinting differ), up to 7.1 on pdfLaTeX's table (text only, in Type 1 fonts, whose stems pdf.js
 *   draws a little heavier than poppler: the same glyphs in the same places), 2.4–8.2 on the generated pages, whose Helvetica is not embedded: each
 *   substitutes its own font (pdf.js Foxit Sans, poppler what fontconfig picks), so the glyphs
 *   differ while the lines and boxes land on the same pixels;
 * - in 4×4 blocks (the same ink in the same places, whatever the glyph shapes): 1.3–4.1, where
 *   the same render moved 4 px is 7.1–22.7 (checked for each figure).
 */
const MAX_MEAN_DIFFERENCE = 10;
const MAX_EMBEDDED_DIFFERENCE = 8;
const MAX_BLOCK_DIFFERENCE = 5;

/** The picture moved `by` pixels right and down, white coming in. */
function shift(rgb: Uint8Array, width: number, height: number, by: number): Uint8Array {
  const out = new Uint8Array(rgb.length).fill(255);
  for (let y = by; y < height; y++)
    out.set(rgb.subarray((y - by) * width * 3, ((y - by) * width + width - by) * 3), (y * width + by) * 3);
  return out;
}

/** The mean of each 4×4 block of each channel. */
function blocks(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const bw = Math.floor(width / 4);
  const bh = Math.floor(height / 4);
  const out = new Uint8Array(bw * bh * 3);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = 0; y < 4; y++)
          for (let x = 0; x < 4; x++) sum += rgb[((by * 4 + y) * width + bx * 4 + x) * 3 + c] ?? 0;
        out[(by * bw + bx) * 3 + c] = Math.round(sum / 16);
      }
  return out;
}

const byName = (images: DocumentImage[]) => [...images].sort((a, b) => a.name.localeCompare(b.name));

async function collect(pdf: Uint8Array, options: EngineOptions = {}): Promise<DocumentImage[]> {
  const out: DocumentImage[] = [];
  for await (const image of extractPdfFigures(pdf, options)) out.push(image);
  return out;
}

/** The one page's MediaBox of a figure's vector PDF. */
async function pageBox(pdf: Uint8Array): Promise<number[]> {
  const doc = await PdfDocument.open(pdf);
  const [page] = await readPages(doc);
  return (await doc.resolveDeep(page?.dict.get('MediaBox'))) as number[];
}

/** RGB samples of a PNG (any colour type the decoder gives, 8-bit). */
function rgbOf(png: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const image = decode(png);
  const channels = image.channels;
  const data = image.data as Uint8Array;
  const rgb = new Uint8Array(image.width * image.height * 3);
  for (let i = 0, j = 0; j < rgb.length; i += channels, j += 3) {
    if (channels >= 3) {
      rgb[j] = data[i] as number;
      rgb[j + 1] = data[i + 1] as number;
      rgb[j + 2] = data[i + 2] as number;
    } else rgb[j] = rgb[j + 1] = rgb[j + 2] = data[i] as number;
  }
  return { width: image.width, height: image.height, rgb };
}

/** `pdftoppm -r dpi -png -x 0 -y 0 -W w -H h` of the PDF's first page. */
function popplerRender(pdf: Uint8Array, dpi: number, width: number, height: number) {
  requireTool('pdftoppm');
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'figure.pdf'), pdf);
    const args = [
      '-r',
      String(dpi),
      '-png',
      '-singlefile',
      '-x',
      '0',
      '-y',
      '0',
      '-W',
      String(width),
      '-H',
      String(height),
    ];
    const run = spawnSync('pdftoppm', [...args, 'figure.pdf', 'out'], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return rgbOf(new Uint8Array(readFileSync(path.join(dir, 'out.png'))));
  });
}

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / Math.max(1, a.length);
}

/** Pixels darker than mid-gray: a blank render would match a blank reference too. */
function inked(rgb: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < rgb.length; i += 3) if ((rgb[i] ?? 0) + (rgb[i + 1] ?? 0) + (rgb[i + 2] ?? 0) < 384) count++;
  return count;
}

/** `pdftocairo -svg` of the PDF: paths, and whether a raster is embedded. */
function svgOf(pdf: Uint8Array): string {
  return inTempDir((dir) => {
    writeFileSync(path.join(dir, 'figure.pdf'), pdf);
    const run = spawnSync('pdftocairo', ['-svg', 'figure.pdf', 'figure.svg'], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return readFileSync(path.join(dir, 'figure.svg'), 'utf8');
  });
}

/** What every figure image must be, checked against its own vector PDF and poppler's drawing of it. */
async function checkFigure(image: DocumentImage, dpi: number, embeddedFonts = false): Promise<number> {
  expect(image.format).toBe('PNG');
  expect(image.mimeType).toBe('image/png');
  expect(image.viewChanges).toEqual(['vector']);
  expect(image.original?.format).toBe('PDF');
  expect(image.original?.mimeType).toBe('application/pdf');
  const figure = image.figure;
  if (!figure || !image.original) throw new Error(`${image.name} is not a figure`);
  expect(image.name).toBe(`${figure.kind}-${figure.number}.png`);
  expect(figure.dpi).toBe(dpi);
  const box = await pageBox(image.original.bytes);
  // the vector PDF's page holds the figure's box
  expect(box[0]).toBeLessThanOrEqual(figure.box[0]);
  expect(box[2]).toBeGreaterThanOrEqual(figure.box[2]);
  const png = rgbOf(image.bytes);
  expect([png.width, png.height]).toEqual([image.width, image.height]);
  const scale = dpi / 72;
  expect(Math.abs(png.width - ((box[2] ?? 0) - (box[0] ?? 0)) * scale)).toBeLessThanOrEqual(1);
  expect(Math.abs(png.height - ((box[3] ?? 0) - (box[1] ?? 0)) * scale)).toBeLessThanOrEqual(1);
  const reference = popplerRender(image.original.bytes, dpi, png.width, png.height);
  expect([reference.width, reference.height]).toEqual([png.width, png.height]);
  expect(inked(png.rgb)).toBeGreaterThan(200);
  const difference = meanDifference(png.rgb, reference.rgb);
  const blockDifference = meanDifference(
    blocks(png.rgb, png.width, png.height),
    blocks(reference.rgb, png.width, png.height),
  );
  console.log(
    `${image.name} ${png.width}x${png.height} at ${dpi} dpi: mean difference from pdftoppm ${difference.toFixed(2)}, in 4x4 blocks ${blockDifference.toFixed(2)}`,
  );
  // the bound tells a right render from a wrong one: the same render 4 px off is far further
  const shifted = meanDifference(
    blocks(shift(png.rgb, png.width, png.height, 4), png.width, png.height),
    blocks(reference.rgb, png.width, png.height),
  );
  console.log(
    `  … and shifted 4 px: ${shifted.toFixed(2)} in blocks; ink ${inked(png.rgb)} vs ${inked(reference.rgb)}`,
  );
  expect(difference).toBeLessThan(embeddedFonts ? MAX_EMBEDDED_DIFFERENCE : MAX_MEAN_DIFFERENCE);
  expect(blockDifference).toBeLessThan(MAX_BLOCK_DIFFERENCE);
  expect(shifted).toBeGreaterThan(blockDifference * 1.5);
  // as much ink in both: within a tenth with the file's own fonts, a quarter with substituted ones
  // (measured 0–12 % and 0–23 %)
  expect(Math.abs(inked(png.rgb) - inked(reference.rgb))).toBeLessThan(inked(reference.rgb) / (embeddedFonts ? 6 : 4));
  return difference;
}

function plotPage(): FigurePage {
  const page = new FigurePage();
  page.paragraph(72, 720, 8, 93);
  page.begin('plot').plot(156, 430, 300, 180).end();
  page.text(156, 410, 9, 'Figure 1: Accuracy of the model over training epochs.');
  page.paragraph(72, 380, 6, 93);
  return page;
}

function tablePage(): FigurePage {
  const page = new FigurePage();
  page.paragraph(72, 720, 8, 93);
  page.text(131, 610, 9, 'Table 1: Results on the benchmark datasets.');
  page.begin('table');
  page.table(131, 598, 5, 6);
  page.end();
  page.paragraph(72, 470, 8, 93);
  return page;
}

/** A plot and a diagram on one single-column page. */
function plotAndDiagramPage(): FigurePage {
  const page = new FigurePage();
  page.paragraph(72, 740, 4, 93);
  page.begin('plot').plot(156, 520, 300, 160).end();
  page.text(156, 500, 9, 'Figure 5: Loss on the validation split.');
  page.paragraph(72, 480, 4, 93);
  page.begin('diagram').diagram(156, 290, 300, 120).end();
  page.text(156, 275, 9, 'Figure 6: The model, stage by stage.');
  page.paragraph(72, 250, 4, 93);
  return page;
}

describe('extractPdfFigures: the PNG is the vector PDF drawn at the dpi', () => {
  it('a plot, at 150 dpi (the default) and at 300', async () => {
    const pdf = plotPage().pdf();
    const [figure] = await collect(pdf);
    expect(figure?.figure).toMatchObject({ kind: 'figure', number: '1', vector: true, dpi: 150, imageKeys: [] });
    expect(figure?.figure?.caption).toBe('Figure 1: Accuracy of the model over training epochs.');
    expect(figure?.pageNumbers).toEqual([1]);
    await checkFigure(figure as DocumentImage, 150);
    // the vector PDF keeps its paths
    const svg = svgOf(figure?.original?.bytes as Uint8Array);
    expect((svg.match(/<path\b/g) ?? []).length).toBeGreaterThan(10);
    expect(svg).not.toMatch(/<image\b/);
    const [sharp] = await collect(pdf, { figureDpi: 300 });
    await checkFigure(sharp as DocumentImage, 300);
    expect(sharp?.width).toBeGreaterThanOrEqual(2 * (figure?.width ?? 0) - 1);
  });

  it('a diagram and a raster photograph on a two-column page', async () => {
    const images = byName(await collect(diagramAndPhotoPage().pdf()));
    expect(images.map((image) => image.name)).toEqual(['figure-2.png', 'figure-3.png']);
    const [diagram, photo] = images as [DocumentImage, DocumentImage];
    expect(diagram.figure?.vector).toBe(true);
    expect(photo.figure?.vector).toBe(false);
    expect(photo.figure?.imageKeys).toHaveLength(1);
    for (const image of images) await checkFigure(image, 150);
    // the photograph's colours are drawn, not left white
    const { rgb } = rgbOf(photo.bytes);
    let coloured = 0;
    for (let i = 0; i < rgb.length; i += 3) if (Math.abs((rgb[i] ?? 0) - (rgb[i + 2] ?? 0)) > 30) coloured++;
    expect(coloured).toBeGreaterThan(10_000);
    expect(svgOf(photo.original?.bytes as Uint8Array)).toMatch(/<image\b/);
  });

  it('a table, and two figures on one page, with progress in pages then figures', async () => {
    const table = await collect(tablePage().pdf());
    expect(table.map((image) => image.name)).toEqual(['table-1.png']);
    await checkFigure(table[0] as DocumentImage, 150);
    const progress: string[] = [];
    const images = await collect(plotAndDiagramPage().pdf(), {
      onProgress: ({ done, total, unit }) => progress.push(`${unit} ${done}/${total}`),
    });
    expect(images.map((image) => image.name)).toEqual(['figure-5.png', 'figure-6.png']);
    for (const image of images) await checkFigure(image, 150);
    expect(progress).toEqual(['pages 1/1', 'pictures 1/2', 'pictures 2/2']);
  });

  it('the figures and the table of a page Inkscape wrote (embedded, subset fonts)', async () => {
    const { svg, figures } = svgTwoColumnPage();
    const images = await collect(inkscapePdf(svg));
    expect(images).toHaveLength(figures.length);
    for (const image of images) await checkFigure(image, 150, true);
  });

  it('every figure and table of a paper pdfLaTeX set: matplotlib, TikZ, pgfplots, a photograph', async () => {
    const [article] = buildLatexPapers();
    if (!article) throw new Error('no paper was built');
    const images = await collect(article.pdf);
    expect(images.map((image) => image.name).sort()).toEqual([
      'figure-1.png',
      'figure-2.png',
      'figure-3.png',
      'figure-4.png',
      'figure-5.png',
      'table-1.png',
    ]);
    for (const image of images) await checkFigure(image, 150, true);
  }, 60_000);

  it('a caption with nothing drawn beside it is told through onSkipped, and the rest goes on', async () => {
    const page = plotPage();
    page.text(72, 300, 9, 'Figure 9: A figure that was never drawn.');
    const skipped: SkippedImage[] = [];
    const images = await collect(page.pdf(), { onSkipped: (s) => skipped.push(s) });
    expect(images.map((image) => image.name)).toEqual(['figure-1.png']);
    expect(skipped).toEqual([
      { pageNumbers: [1], reason: expect.stringMatching(/^No drawing was found next to the caption “Figure 9/) },
    ]);
  });

  it('a figure the renderer fails on is skipped with a sentence; the next still comes out', async () => {
    const skipped: SkippedImage[] = [];
    let calls = 0;
    const real = createPdfjsRenderer();
    const images = await collect(plotAndDiagramPage().pdf(), {
      onSkipped: (s) => skipped.push(s),
      renderFigure: async (pdf, options) => {
        if (calls++ === 0)
          throw new DocumentError('too-large', 'This figure took longer than 10 s to draw and was not drawn.');
        return real(pdf, options);
      },
    });
    expect(images.map((image) => image.name)).toEqual(['figure-6.png']);
    expect(skipped).toEqual([
      { pageNumbers: [1], reason: 'This figure took longer than 10 s to draw and was not drawn.' },
    ]);
  });

  it('a renderer failing with no sentence of its own: the figure is named, not the error', async () => {
    const skipped: SkippedImage[] = [];
    const images = await collect(plotPage().pdf(), {
      onSkipped: (s) => skipped.push(s),
      renderFigure: async () => {
        throw new TypeError('Cannot read properties of undefined (reading "width")');
      },
    });
    expect(images).toEqual([]);
    expect(skipped).toEqual([{ pageNumbers: [1], reason: 'Figure 1 on page 1 could not be drawn.' }]);
  });
});

describe('extractPdfFigures: bounds, cancelling and passwords', () => {
  it('stops when aborted between figures, and inside a render', async () => {
    const controller = new AbortController();
    const names: string[] = [];
    const run = (async () => {
      for await (const image of extractPdfFigures(plotAndDiagramPage().pdf(), { signal: controller.signal })) {
        names.push(image.name);
        controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'DocumentError', code: 'aborted' });
    expect(names).toEqual(['figure-5.png']);

    // inside: the render is cancelled, not waited for
    const [figure] = await collect(plotPage().pdf());
    const render = createPdfjsRenderer();
    const inside = new AbortController();
    const started = Date.now();
    const drawing = render(figure?.original?.bytes as Uint8Array, { dpi: 1200, signal: inside.signal });
    setTimeout(() => inside.abort(), 5);
    await expect(drawing).rejects.toMatchObject({ code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a render past its time limit is cancelled with a sentence', async () => {
    const [figure] = await collect(plotPage().pdf());
    const render = createPdfjsRenderer({ timeLimitMs: 1 });
    const failure = await render(figure?.original?.bytes as Uint8Array, { dpi: 600 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DocumentError);
    expect((failure as DocumentError).code).toBe('too-large');
    expect((failure as DocumentError).message).toMatch(/^This figure took longer than \d+ ms to draw/);
  });

  it('maxPixels lowers the dpi, and the figure says which it was drawn at', async () => {
    const maxPixels = 200_000;
    const [figure] = await collect(plotPage().pdf(), {
      figureDpi: 600,
      renderFigure: createPdfjsRenderer({ maxPixels }),
    });
    const dpi = figure?.figure?.dpi ?? 0;
    expect(dpi).toBeLessThan(600);
    expect(dpi).toBeGreaterThan(100);
    expect((figure?.width ?? 0) * (figure?.height ?? 0)).toBeLessThanOrEqual(maxPixels);
    await checkFigure(figure as DocumentImage, dpi);
  });

  it('a figure of an encrypted PDF: asked for its password, then drawn as the plain file draws it', async () => {
    const plain = diagramAndPhotoPage().pdf();
    const encrypted = qpdfEncrypt(plain, 'user-pw', 'owner-pw');
    await expect(collect(encrypted)).rejects.toBeInstanceOf(PasswordRequiredError);
    const images = byName(await collect(encrypted, { password: 'user-pw' }));
    const expected = byName(await collect(plain));
    expect(images.map((image) => image.name)).toEqual(['figure-2.png', 'figure-3.png']);
    for (const [i, image] of images.entries()) {
      await checkFigure(image, 150);
      // the same pixels as the unencrypted file's (the crop is written decrypted)
      expect(meanDifference(rgbOf(image.bytes).rgb, rgbOf(expected[i]?.bytes as Uint8Array).rgb)).toBeLessThan(0.01);
    }
  });
});

describe('image keys: a figure names the images extraction gives out', () => {
  it('an XObject image and inline images inside a figure, an inline image outside it', async () => {
    const page = new FigurePage();
    page.paragraph(72, 720, 6, 93);
    // outside any figure, first on the page: the figure's inline image is the page's second
    page.inlineImage(500, 740, 20, 20);
    page.begin('figure');
    page.rect(150, 430, 320, 190);
    page.image(160, 440, 140, 170);
    page.inlineImage(320, 440, 140, 80);
    page.inlineImage(320, 530, 140, 80);
    page.end();
    page.text(150, 410, 9, 'Figure 7: An image and two inline images, side by side.');
    page.paragraph(72, 380, 6, 93);
    const pdf = page.pdf();

    const images: DocumentImage[] = [];
    for await (const image of extractPdf(pdf)) images.push(image);
    const keys = images.map((image) => image.key);
    expect(keys).toEqual(['inline:1:0', '7 0', 'inline:1:1', 'inline:1:2']);

    const { figures } = await findPdfFigures(pdf);
    expect(figures).toHaveLength(1);
    const figureKeys = figures[0]?.imageKeys ?? [];
    expect([...figureKeys].sort()).toEqual(['7 0', 'inline:1:1', 'inline:1:2']);
    // each names an extracted image
    for (const key of figureKeys) expect(keys).toContain(key);

    const [figure] = await collect(pdf);
    expect(figure?.figure?.imageKeys).toEqual(figureKeys);
    expect(figure?.figure?.vector).toBe(false);
  });

  it('a form with an inline image drawn twice, then one of the page’s own: the layout names them as extraction does', async () => {
    const page = new FigurePage();
    page.inForm([1, 0, 0, 1, 0, 0], (form) => form.inlineImage(100, 600, 50, 50));
    // the same form again, lower down: one image for extraction, two placements on the page
    page.ops.push('q 1 0 0 1 0 -300 cm /Fm1 Do Q');
    page.inlineImage(300, 100, 40, 40);
    page.image(400, 100, 40, 40);
    const pdf = page.pdf();
    const extracted: string[] = [];
    for await (const image of extractPdf(pdf)) extracted.push(image.key ?? '');
    expect(extracted).toEqual(['inline:1:0', 'inline:1:1', '7 0']);
    const doc = await PdfDocument.open(pdf);
    const [first] = await readPages(doc);
    const layout = await walkPageLayout(doc, first as PdfPage, 1);
    const placed = layout.images.map((image) => `${image.key} @${Math.round(image.box[1])}`);
    expect(placed).toEqual(['inline:1:0 @600', 'inline:1:0 @300', 'inline:1:1 @100', '7 0 @100']);
  });
});
