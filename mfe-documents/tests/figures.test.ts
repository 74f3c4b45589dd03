// @vitest-environment node
/**
 * Figures on the PDF screen: the engine's figure images as grid records (a PNG view, the vector PDF
 * as original, caption and number), the images a figure draws found by their keys, and the Worker's
 * "figures" and "both" runs on a PDF built here with known figures.
 */
import { type DocumentImage, sniffFormat } from 'document-engine';
import { FigurePage } from 'document-engine/figure-pages';
import { API_PATHS, MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentExtractor } from '../src/extractor/documentEvents.ts';
import { type DocumentResult, figureImageIds, toDocumentResult } from '../src/extractor/documentResult.ts';
import { figureSvgOf } from '../src/extractor/figureSvg.ts';
import { extractInWorker } from '../src/worker/extractInWorker.ts';
import type { FindMode } from '../src/worker/protocol.ts';
import { inProcessWorker } from './inProcessWorker.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const vectorPdf = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');

/** What the engine yields for a figure (`extractPdfFigures`): its PNG, its vector PDF, its caption. */
const engineFigure = (number: string, imageKeys: string[] = []): DocumentImage => ({
  name: `figure-${number}.png`,
  bytes: png,
  format: 'PNG',
  mimeType: 'image/png',
  width: 600,
  height: 400,
  pageNumbers: [7],
  original: { bytes: vectorPdf, format: 'PDF', mimeType: 'application/pdf' },
  viewChanges: ['vector'],
  figure: {
    kind: 'figure',
    number,
    caption: `Figure ${number}: Accuracy by epoch.`,
    vector: true,
    dpi: 300,
    box: [72, 400, 372, 600],
    imageKeys,
  },
});
const engineImage = (key: string, name: string): DocumentImage => ({
  name,
  bytes: png,
  format: 'PNG',
  mimeType: 'image/png',
  width: 40,
  height: 24,
  pageNumbers: [7],
  key,
});

describe('a figure as a card', () => {
  it('is its PNG, with the vector PDF as its original (figure-3.pdf), its caption, number and page', () => {
    const { image } = toDocumentResult(engineFigure('3'), 0, 'pdf', (name) => name);
    expect(image).toMatchObject({
      name: 'figure-3.png',
      format: 'PNG',
      pageNumbers: [7],
      viewChanges: ['vector'],
      figure: { kind: 'figure', number: '3', caption: 'Figure 3: Accuracy by epoch.', vector: true, dpi: 300 },
      original: { name: 'figure-3.pdf', format: 'PDF', mimeType: 'application/pdf', size: vectorPdf.length },
    });
    // The engine's own fields stay in the Worker's world: the grid's record knows no boxes or keys.
    expect(image.figure).not.toHaveProperty('box');
    expect(image.figure).not.toHaveProperty('imageKeys');
    expect(image.original?.url.startsWith('blob:')).toBe(true);
  });

  it("names the images it draws by their cards' ids; keys of images not extracted name nothing", () => {
    const ids = new Map([
      ['12 0', '1'],
      ['inline:7:0', '2'],
    ]);
    expect(figureImageIds(engineFigure('1', ['inline:7:0', '12 0', '12 0', 'gone']), ids)).toEqual(['2', '1']);
    expect(figureImageIds(engineFigure('1', ['gone']), ids)).toBeUndefined();
    expect(figureImageIds(engineImage('12 0', 'a.png'), ids)).toBeUndefined();
  });

  it('gets imageIds as the run hands out ids, in a batch too', async () => {
    const results: DocumentResult[] = [];
    const extractor = documentExtractor(
      (result) => results.push(result),
      async (_bytes, options) => {
        options.onKind?.('pdf');
        options.onImage(engineImage('5 0', 'page-7-image-1.png'));
        options.onImage(engineImage('6 0', 'page-7-image-2.png'));
        options.onImage(engineFigure('2', ['6 0']));
      },
    );
    const allocate = (name: string) => name;
    const file = new Blob([vectorPdf]) as File;
    for await (const _ of extractor(
      { file, expectedKind: 'pdf', batch: { origin: 'paper.pdf', key: '2', allocate } },
      new AbortController().signal,
    ));
    expect(results.map((result) => result.image.id)).toEqual(['2-1', '2-2', '2-3']);
    expect(results[2]?.image.figure?.imageIds).toEqual(['2-2']);
    expect(results[0]?.image.figure).toBeUndefined();
  });
});

/** A page with a plot (Figure 1), a photograph (Figure 2, one embedded image) and a table (Table 1). */
function paperPdf(): ArrayBuffer {
  const page = new FigurePage();
  page.paragraph(54, 740, 6, 48);
  page.begin('plot').plot(54, 540, 230, 150).end();
  page.text(54, 525, 9, 'Figure 1: Accuracy of the model over training epochs.');
  page.paragraph(54, 500, 10, 48);
  page.paragraph(315, 740, 4, 48);
  page.begin('photo').image(330, 560, 210, 130).end();
  page.text(315, 545, 9, 'Figure 2: A photograph of the apparatus.');
  page.text(315, 500, 9, 'Table 1: Results on the benchmark datasets.');
  page.begin('table');
  page.table(315, 488, 3, 5);
  page.end();
  page.paragraph(315, 380, 8, 48);
  const bytes = page.pdf();
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

async function runWorker(mode: FindMode, dpi = 150) {
  const images: DocumentImage[] = [];
  await extractInWorker(paperPdf(), {
    mode,
    dpi,
    createWorker: () => inProcessWorker().worker,
    onImage: (image) => images.push(image),
  });
  return images;
}

/** A one-page PDF's page size in points, from its MediaBox. */
function mediaBox(pdf: Uint8Array): [number, number] {
  const text = new TextDecoder('latin1').decode(pdf);
  const box = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(text);
  if (!box) throw new Error('no MediaBox in the figure PDF');
  const [x0, y0, x1, y1] = box.slice(1).map(Number) as [number, number, number, number];
  return [x1 - x0, y1 - y0];
}

describe('the Worker finds figures when asked', { timeout: 60_000 }, () => {
  it('"figures": one PNG per caption at the dpi asked, the vector PDF beside it', async () => {
    // In reading order: the page's top first (Figure 2's caption is higher than Figure 1's).
    const found = await runWorker('figures', 150);
    expect(found.map((image) => image.figure && `${image.figure.kind} ${image.figure.number}`)).toEqual([
      'figure 2',
      'figure 1',
      'table 1',
    ]);
    for (const image of found) {
      expect(sniffFormat(image.bytes)?.format).toBe('PNG');
      const original = image.original?.bytes ?? new Uint8Array();
      expect(new TextDecoder().decode(original.subarray(0, 5))).toBe('%PDF-');
      const [w, h] = mediaBox(original);
      expect(image.width).toBeCloseTo((w * 150) / 72, -0.5);
      expect(image.height).toBeCloseTo((h * 150) / 72, -0.5);
      expect(image.figure?.dpi).toBe(150);
    }
    expect(found.map((image) => image.figure?.vector)).toEqual([false, true, true]);
  });

  it('"both": the images first, then the figures; the photograph names the image it is', async () => {
    const found = await runWorker('both');
    const images = found.filter((image) => !image.figure);
    const figures = found.filter((image) => image.figure);
    expect(images.length).toBeGreaterThan(0);
    expect(figures).toHaveLength(3);
    expect(found.indexOf(figures[0] as DocumentImage)).toBe(images.length);
    const photo = figures.find((image) => image.figure?.number === '2');
    const keys = images.map((image) => image.key);
    expect(photo?.figure?.imageKeys.length).toBeGreaterThan(0);
    for (const key of photo?.figure?.imageKeys ?? []) expect(keys).toContain(key);
    // As the page does it: the figure's imageIds are the ids of those images' cards.
    const results: DocumentResult[] = [];
    const extractor = documentExtractor(
      (result) => results.push(result),
      async (_bytes, options) => {
        for (const image of found) options.onImage(image);
      },
    );
    for await (const _ of extractor({ file: new Blob([]) as File, expectedKind: 'pdf' }, new AbortController().signal));
    const photoCard = results.find((result) => result.image.figure?.number === '2');
    const drawn = results.filter((result) => photoCard?.image.figure?.imageIds?.includes(result.image.id));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((result) => !result.image.figure)).toBe(true);
  });

  it('"images" (the default) gives no figure', async () => {
    const found = await runWorker('images');
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((image) => image.figure)).toBe(false);
  });
});

describe("a vector figure's SVG button (POST /api/figure-svg)", () => {
  afterEach(() => vi.unstubAllGlobals());
  const card = () => toDocumentResult(engineFigure('3'), 0, 'pdf', (name) => name).image;
  const svgText = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200"><path d="M 0 0 L 1 1"/></svg>';

  /** Stands in for the network: the card's blob: URL gives its PDF, the server gives `answer`. */
  function network(answer: () => Response | Promise<Response>) {
    const posted: { url: string; type: string | null; body: Uint8Array }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith('blob:')) return new Response(vectorPdf as Uint8Array<ArrayBuffer>);
      posted.push({
        url,
        type: new Headers(init?.headers).get('content-type'),
        body: new Uint8Array(await new Response(init?.body).arrayBuffer()),
      });
      return answer();
    });
    return posted;
  }

  it("posts the card's vector PDF and gives the server's SVG", async () => {
    const posted = network(() => new Response(svgText, { headers: { 'content-type': 'image/svg+xml' } }));
    const svg = await figureSvgOf(card());
    expect(svg.type).toBe('image/svg+xml');
    expect(await svg.text()).toBe(svgText);
    expect(posted).toEqual([{ url: API_PATHS.figureSvg, type: 'application/pdf', body: vectorPdf }]);
  });

  it("rejects with the server's sentence, or says the server could not be reached", async () => {
    const busy = MESSAGES.documents.metafile.busy;
    network(() => Response.json({ success: false, error: busy }, { status: 503 }));
    await expect(figureSvgOf(card())).rejects.toThrow(busy);
    network(() => new Response('<html>', { status: 502 }));
    await expect(figureSvgOf(card())).rejects.toThrow(MESSAGES.figures.svgServerFailed(502));
    network(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(figureSvgOf(card())).rejects.toThrow(MESSAGES.figures.svgUnreachable);
  });
});
