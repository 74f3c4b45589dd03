/**
 * `POST /v1/extract-images` asked for figures (`find=figures|both`, `dpi`), on PDFs built at test
 * time with the engine's FigurePage: each figure and table comes back with its caption and number,
 * its view a PNG of its box at the dpi asked, its original a one-page vector PDF; `both` links a
 * figure to the embedded images it draws; and the upload's mistakes and the server's limits are
 * answered with a sentence.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  type DocumentApiImage,
  ExtractImagesErrorSchema,
  type ExtractImagesResponse,
  ExtractImagesResponseSchema,
  FIGURE_DPIS,
} from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../../../tooling/corpus.mjs';
import { documentPoolOptions, loadConfig } from '../../../src/config.ts';
import { createDocumentPool, type DocumentPool } from '../../../src/extractors/document/documentPool.ts';
import { extractImagesRoutes } from '../../../src/routes/v1/extractImages/index.ts';
import {
  diagramAndPhotoPdf,
  type KnownFigure,
  pdfPageBox,
  plotAndTablePdf,
  pngSize,
} from '../../fixtures/figurePdfs.ts';

/** A multipart body as a browser or curl sends it. */
async function multipartBody(fields: Record<string, Uint8Array | string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value as Uint8Array<ArrayBuffer>]), `${name}.bin`);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const bytesOf = (dataUrl: string) => new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));

/** The route on a pool of its own, with these settings (an environment, as the server reads it). */
async function routeWith(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; pool: DocumentPool }> {
  const pool = createDocumentPool({ ...documentPoolOptions(loadConfig(env)), workers: 1 });
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(extractImagesRoutes({ pool }));
  return { app, pool };
}

async function post(app: FastifyInstance, fields: Record<string, Uint8Array | string>, query = '') {
  return app.inject({ method: 'POST', url: `/v1/extract-images${query}`, ...(await multipartBody(fields)) });
}

const figuresOf = (body: ExtractImagesResponse) => body.images.filter((image) => image.figure);

/**
 * A figure's two files: a PNG whose size is its vector page's at `dpi`, and that page covering the
 * figure and its caption with no more than a small margin around them.
 */
async function expectFigureFiles(image: DocumentApiImage, known: KnownFigure, dpi: number) {
  expect(image.format).toBe('PNG');
  expect(image.mimeType).toBe('image/png');
  expect(image.url.startsWith('data:image/png;base64,')).toBe(true);
  const png = bytesOf(image.url);
  expect(image.size).toBe(png.length);
  expect(image.original).toMatchObject({ format: 'PDF', mimeType: 'application/pdf' });
  expect(image.original?.url.startsWith('data:application/pdf;base64,')).toBe(true);
  expect(image.viewChanges).toEqual(['vector']);
  const pdf = bytesOf(image.original?.url ?? '');
  expect(image.original?.size).toBe(pdf.length);
  expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const page = await pdfPageBox(pdf);
  expect(page.pages).toBe(1);
  // the figure and its caption inside, a margin of a few points at most around them
  const [x0, y0, x1, y1] = known.box;
  expect(page.x).toBeLessThanOrEqual(x0);
  expect(page.y).toBeLessThanOrEqual(y0);
  expect(page.x + page.width).toBeGreaterThanOrEqual(x1);
  expect(page.y + page.height).toBeGreaterThanOrEqual(y1);
  expect(page.width).toBeLessThan(x1 - x0 + 24);
  expect(page.height).toBeLessThan(y1 - y0 + 24);
  // the PNG is that box at the dpi asked
  const size = pngSize(png);
  expect(size).toEqual({ width: image.width, height: image.height });
  expect(Math.abs(size.width - (page.width * dpi) / 72)).toBeLessThanOrEqual(1);
  expect(Math.abs(size.height - (page.height * dpi) / 72)).toBeLessThanOrEqual(1);
}

describe('POST /v1/extract-images with find=figures', () => {
  let app: FastifyInstance;
  let pool: DocumentPool;
  const plotAndTable = plotAndTablePdf();
  const diagramAndPhoto = diagramAndPhotoPdf();
  beforeAll(async () => {
    ({ app, pool } = await routeWith());
  });
  afterAll(async () => {
    await app.close();
    await pool.close();
  });

  it('should answer a plot and a table with their captions and numbers, each a PNG of its box and its vector PDF', async () => {
    const response = await post(app, { file: plotAndTable.pdf, find: 'figures' });
    expect(response.statusCode, response.body).toBe(200);
    const body = ExtractImagesResponseSchema.parse(response.json());
    expect(body.kind).toBe('pdf');
    // figures only: the page's embedded images (none here) are not asked for
    expect(body.images).toHaveLength(2);
    expect(body.images.map((image) => image.figure)).toEqual([
      { kind: 'figure', number: '1', caption: plotAndTable.figures[0]?.caption, vector: true, dpi: 150 },
      { kind: 'table', number: '1', caption: plotAndTable.figures[1]?.caption, vector: true, dpi: 150 },
    ]);
    expect(body.images.map((image) => [image.name, image.original?.name, image.pageNumber])).toEqual([
      ['figure-1.png', 'figure-1.pdf', 1],
      ['table-1.png', 'table-1.pdf', 1],
    ]);
    for (const [index, image] of body.images.entries()) {
      await expectFigureFiles(image, plotAndTable.figures[index] as KnownFigure, FIGURE_DPIS[0]);
    }
  });

  it('should draw at the dpi asked in the query, twice the pixels a side at 300 as at 150', async () => {
    const response = await post(app, { file: plotAndTable.pdf }, '?find=figures&dpi=300');
    expect(response.statusCode, response.body).toBe(200);
    const body = ExtractImagesResponseSchema.parse(response.json());
    const figures = figuresOf(body);
    expect(figures.map((image) => image.figure?.dpi)).toEqual([300, 300]);
    for (const [index, image] of figures.entries()) {
      await expectFigureFiles(image, plotAndTable.figures[index] as KnownFigure, 300);
    }
  });

  it('should answer images only when nothing is asked, as before figures', async () => {
    const response = await post(app, { file: diagramAndPhoto.pdf });
    expect(response.statusCode).toBe(200);
    const body = ExtractImagesResponseSchema.parse(response.json());
    expect(body.images).toHaveLength(1);
    expect(body.images[0]).toMatchObject({ format: 'JPEG', pageNumber: 1 });
    expect(body.images[0]?.figure).toBeUndefined();
  });

  it('should give images then figures with find=both, the photograph’s figure naming the JPEG it draws', async () => {
    const response = await post(app, { file: diagramAndPhoto.pdf, find: 'both', dpi: '150' });
    expect(response.statusCode, response.body).toBe(200);
    const body = ExtractImagesResponseSchema.parse(response.json());
    const [jpeg, ...figures] = body.images;
    expect(jpeg).toMatchObject({ format: 'JPEG', mimeType: 'image/jpeg' });
    expect(jpeg?.figure).toBeUndefined();
    // in the page's reading order: the photograph stands higher, in the right column
    const byNumber = [...figures].sort((a, b) => (a.figure?.number ?? '').localeCompare(b.figure?.number ?? ''));
    expect(byNumber.map((image) => image.figure)).toEqual([
      {
        kind: 'figure',
        number: '2',
        caption: diagramAndPhoto.figures[0]?.caption,
        vector: true,
        dpi: 150,
      },
      {
        kind: 'figure',
        number: '3',
        caption: diagramAndPhoto.figures[1]?.caption,
        vector: false,
        dpi: 150,
        imageIds: [jpeg?.name],
      },
    ]);
    for (const [index, image] of byNumber.entries()) {
      await expectFigureFiles(image, diagramAndPhoto.figures[index] as KnownFigure, 150);
    }
    // every name of the answer is its own, the vector PDFs' too
    const names = body.images.flatMap((image) => [image.name, ...(image.original ? [image.original.name] : [])]);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    [
      'a dpi not offered, as a field',
      { dpi: '200' },
      '',
      /^"200" is not a resolution figures are drawn at: choose 150, 300 or 600 dots per inch\.$/,
    ],
    [
      'a dpi that is no number, in the query',
      {},
      '?find=figures&dpi=high',
      /^"high" is not a resolution figures are drawn at/,
    ],
    [
      'something else to find',
      { find: 'charts' },
      '',
      /^"charts" is not something to find: ask for images, figures or both\.$/,
    ],
    ['find twice in the query', {}, '?find=figures&find=both', /^Send find once in the query, not 2 times\.$/],
  ] as const)('should refuse %s with 400 and a sentence', async (_what, fields, query, sentence) => {
    const response = await post(app, { file: plotAndTable.pdf, find: 'figures', ...fields }, query);
    expect(response.statusCode).toBe(400);
    const body = ExtractImagesErrorSchema.parse(response.json());
    expect(body.success).toBe(false);
    expect(body.message).toMatch(sentence);
  });

  it('should say the dpi choices exactly', async () => {
    const response = await post(app, { file: plotAndTable.pdf, find: 'figures', dpi: '72' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.documents.figureDpiChoices('72', FIGURE_DPIS));
    expect(response.json().message).toBe(
      '"72" is not a resolution figures are drawn at: choose 150, 300 or 600 dots per inch.',
    );
  });

  it.each(['figures', 'both'])(
    'should refuse find=%s of a Word document with 400: figures are found in PDFs only',
    async (find) => {
      const response = await post(app, { file: readCorpus('docx/Bug51170.docx'), find });
      expect(response.statusCode).toBe(400);
      const body = ExtractImagesErrorSchema.parse(response.json());
      expect(body.message).toBe('Figures are found in PDFs only for now.');
      expect(body.message).toBe(MESSAGES.documents.figuresPdfOnly);
      // the same document, images asked: read as ever
      const images = await post(app, { file: readCorpus('docx/Bug51170.docx') });
      expect(images.statusCode).toBe(200);
    },
  );
});

describe('POST /v1/extract-images figures, bounded by the settings', () => {
  it('should give the first EXTRACT_API_FIGURES_MAX figures and say the rest were left out', async () => {
    const { app, pool } = await routeWith({ EXTRACT_API_FIGURES_MAX: '1' });
    try {
      const response = await post(app, { file: plotAndTablePdf().pdf, find: 'figures' });
      expect(response.statusCode, response.body).toBe(200);
      const body = ExtractImagesResponseSchema.parse(response.json());
      expect(body.images.map((image) => image.figure?.caption)).toEqual([
        'Figure 1: Accuracy of the model over training epochs.',
      ]);
      expect(body.skipped).toEqual([{ reason: MESSAGES.documents.figuresCapped(1) }]);
      expect(body.skipped?.[0]?.reason).toMatch(/more than 1 figures and tables; the first 1 are given/);
    } finally {
      await app.close();
      await pool.close();
    }
  });

  it('should draw a figure past EXTRACT_API_FIGURE_MAX_PIXELS at the dpi that fits, and say which', async () => {
    const { app, pool } = await routeWith({ EXTRACT_API_FIGURE_MAX_PIXELS: '20000' });
    try {
      const response = await post(app, { file: plotAndTablePdf().pdf, find: 'figures', dpi: '600' });
      expect(response.statusCode, response.body).toBe(200);
      const body = ExtractImagesResponseSchema.parse(response.json());
      expect(body.images).toHaveLength(2);
      for (const image of body.images) {
        const size = pngSize(bytesOf(image.url));
        expect(size.width * size.height).toBeLessThanOrEqual(20_000);
        expect(image.figure?.dpi).toBeLessThan(600);
        const page = await pdfPageBox(bytesOf(image.original?.url ?? ''));
        expect(Math.abs(size.width - (page.width * (image.figure?.dpi ?? 0)) / 72)).toBeLessThanOrEqual(1);
      }
    } finally {
      await app.close();
      await pool.close();
    }
  });

  it('should leave out a figure whose render passes EXTRACT_API_FIGURE_RENDER_TIME_LIMIT_S, saying why', async () => {
    const { app, pool } = await routeWith({ EXTRACT_API_FIGURE_RENDER_TIME_LIMIT_S: '0.01' });
    try {
      const response = await post(app, { file: plotAndTablePdf().pdf, find: 'figures', dpi: '600' });
      expect(response.statusCode, response.body).toBe(200);
      const body = ExtractImagesResponseSchema.parse(response.json());
      // The first render loads pdf.js's fonts and always passes 10 ms; a warm one may not. Nothing
      // is lost either way: each figure is given, or left out with the sentence.
      expect(body.skipped?.length).toBeGreaterThanOrEqual(1);
      expect(body.images.length + (body.skipped?.length ?? 0)).toBe(2);
      for (const skipped of body.skipped ?? []) {
        expect(skipped.pageNumbers).toEqual([1]);
        expect(skipped.reason).toMatch(
          /^This figure took longer than 10 ms to draw and was not drawn; its PDF is still there\.$/,
        );
      }
    } finally {
      await app.close();
      await pool.close();
    }
  });
});
