/**
 * POST /api/figure-svg: a figure's one-page vector PDF (built at test time with the engine's
 * FigurePage: a line plot with its caption, as the figure cropper writes one) drawn as SVG by
 * Inkscape: well-formed XML, every glyph and line a path, no raster, the page's size in points,
 * served as an attachment that cannot run; and what is refused: not a PDF, two pages, too large,
 * no Inkscape, past the time limit, each job's folder deleted every time.
 *
 * Needs Debian's inkscape (scripts/setup.mjs installs it for the tests); without it these fail,
 * saying so.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { FigurePage } from 'document-engine/figure-pages';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PDFDocument } from 'pdf-lib';
import { SaxesParser } from 'saxes';
import { API_PATHS, MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIGURE_SVG_CONTENT_SECURITY_POLICY,
  FIGURE_SVG_JOB_DIR_PREFIX,
  figureSvgRoutes,
} from '../../../src/routes/api/figureSvg/index.ts';
import { png } from '../../fixtures/images.ts';
import { buildTestApp, tempDir } from '../../helper.ts';
import { INKSCAPE, requireInkscape } from '../../inkscape.ts';

const m = MESSAGES.figures.svgRoute;
const MAX_BYTES = 1024 * 1024;

/** A figure's vector PDF: a page the figure's size, a line plot and its caption, all paths and text. */
function plotPdf(width = 340, height = 250): Buffer {
  const page = new FigurePage(width, height);
  page.plot(20, 50, width - 40, height - 70);
  page.text(20, 20, 9, 'Figure 1: Accuracy of the model over training epochs.');
  return Buffer.from(page.pdf());
}

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('one', { x: 20, y: 100 });
  doc.addPage([200, 200]).drawText('two', { x: 20, y: 100 });
  return Buffer.from(await doc.save());
}

/** The SVG parsed by a strict XML parser: its root's attributes and how many of each element it holds. */
function parseSvg(text: string): { root: Record<string, string>; counts: Map<string, number> } {
  const parser = new SaxesParser({ xmlns: false });
  const counts = new Map<string, number>();
  let root: Record<string, string> | undefined;
  parser.on('opentag', (tag) => {
    root ??= Object.fromEntries(Object.entries(tag.attributes).map(([name, value]) => [name, String(value)]));
    counts.set(tag.name, (counts.get(tag.name) ?? 0) + 1);
  });
  parser.write(text).close();
  if (!root) throw new Error('no element in the SVG');
  return { root, counts };
}

let dir: string;
let removeDir: () => Promise<void>;
let app: FastifyInstance;

beforeAll(async () => {
  requireInkscape();
  ({ dir, remove: removeDir } = await tempDir());
  app = await buildTestApp({ dataDir: dir, inkscapePath: INKSCAPE, figureSvgMaxBytes: MAX_BYTES });
});
afterAll(async () => {
  await app.close();
  await removeDir();
});

const post = (target: FastifyInstance, payload: Buffer, type = 'application/pdf') =>
  target.inject({ method: 'POST', url: API_PATHS.figureSvg, payload, headers: { 'content-type': type } });

/** The route alone, with its own job folder and limits, to see what it leaves behind. */
async function bareApp(options: Partial<Parameters<typeof figureSvgRoutes>[0]>) {
  const jobs = path.join(dir, `jobs-${Math.random().toString(36).slice(2)}`);
  await mkdir(jobs);
  const bare = Fastify();
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  await bare.register(
    figureSvgRoutes({
      inkscapePath: INKSCAPE,
      tmpDir: jobs,
      maxBytes: MAX_BYTES,
      concurrency: 2,
      maxWaiting: 8,
      timeLimitMs: 30_000,
      ...options,
    }),
  );
  return { bare, jobs };
}

describe("a figure's vector PDF drawn as SVG", () => {
  it('is well-formed SVG of paths, no raster, the size of the page in points, served as an inert attachment', {
    timeout: 30_000,
  }, async () => {
    const answer = await post(app, plotPdf(340, 250));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'x-content-type-options': 'nosniff',
      'content-security-policy': FIGURE_SVG_CONTENT_SECURITY_POLICY,
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(FIGURE_SVG_CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; img-src data:/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="figure\.svg"/);
    const { root, counts } = parseSvg(answer.body);
    expect(Object.keys(root)).toContain('viewBox');
    const [x, y, width, height] = (root.viewBox ?? '').split(/[\s,]+/).map(Number);
    expect([x, y]).toEqual([0, 0]);
    expect(Math.abs((width ?? 0) - 340)).toBeLessThanOrEqual(1);
    expect(Math.abs((height ?? 0) - 250)).toBeLessThanOrEqual(1);
    expect(Number.parseFloat(root.width ?? '')).toBeCloseTo(340, 0);
    expect(root.width).toMatch(/pt$/);
    // the plot's axes, ticks and line, and a path per glyph of its labels and caption
    expect(counts.get('path') ?? 0).toBeGreaterThan(40);
    expect(counts.get('image') ?? 0).toBe(0);
    // text drawn from the PDF's own glyphs, not set again in a font this machine may lack
    expect(counts.get('text') ?? 0).toBe(0);
    expect(counts.get('use') ?? 0).toBeGreaterThan(40);
    expect(counts.get('script') ?? 0).toBe(0);
  });
});

describe('what is refused or stopped', () => {
  it('bytes that are not a PDF: 415 with a sentence', async () => {
    for (const body of [png(4, 4), Buffer.from('not a pdf at all'), Buffer.alloc(0)]) {
      const answer = await post(app, body);
      expect(answer.statusCode).toBe(415);
      expect(answer.json()).toEqual({ success: false, error: m.notPdf });
    }
  });

  it('a two-page PDF: its first page; a damaged one: 422, unreadable', async () => {
    const two = await post(app, await twoPagePdf());
    expect(two.statusCode).toBe(200);
    expect(two.body).toMatch(/viewBox="0 0 200 200"/);
    expect((two.body.match(/<path\b/g) ?? []).length).toBeGreaterThan(0);
    const damaged = await post(app, Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF'));
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json()).toEqual({ success: false, error: m.unreadable });
  });

  it('a body over EXTRACT_API_FIGURE_SVG_MAX_MB is refused with the limit, and the server goes on', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_BYTES)]);
    const answer = await post(app, big);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ success: false, error: m.tooLarge(1) });
    expect((await app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
  });

  it('no Inkscape: 503 saying so, and no folder left', async () => {
    const { bare, jobs } = await bareApp({ inkscapePath: '/nonexistent/inkscape' });
    const answer = await post(bare, plotPdf());
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ success: false, error: MESSAGES.documents.metafile.converterUnavailable });
    expect(await readdir(jobs)).toEqual([]);
    await bare.close();
  });

  it('past the time limit: Inkscape is stopped, 504, and no folder left', async () => {
    const { bare, jobs } = await bareApp({ timeLimitMs: 50 });
    const answer = await post(bare, plotPdf());
    expect(answer.statusCode).toBe(504);
    expect(answer.json()).toEqual({ success: false, error: MESSAGES.documents.metafile.timedOut(0) });
    expect(await readdir(jobs)).toEqual([]);
    await bare.close();
  });

  it('shares the gate of Inkscape jobs with the metafile previews: one at once, none waiting, the next is 503', {
    timeout: 30_000,
  }, async () => {
    const { dir: data, remove } = await tempDir();
    const busy = await buildTestApp({ dataDir: data, inkscapePath: INKSCAPE, metafileJobs: 1, metafileQueue: 0 });
    try {
      const answers = await Promise.all([post(busy, plotPdf()), post(busy, plotPdf())]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 503]);
      const refused = answers.find((answer) => answer.statusCode === 503);
      expect(refused?.headers['retry-after']).toBe('60');
      expect(refused?.json()).toEqual({ success: false, error: MESSAGES.documents.metafile.busy });
      const jobFolders = (await readdir(data)).filter((name) => name.startsWith(FIGURE_SVG_JOB_DIR_PREFIX));
      expect(jobFolders).toEqual([]);
    } finally {
      await busy.close();
      await remove();
    }
  });
});
