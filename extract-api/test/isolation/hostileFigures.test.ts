/**
 * The built server (`node dist/server.js`) asked for figures (`find=both`, 600 dpi: the search, the
 * crops and pdf.js on @napi-rs/canvas, all in the document workers): every class of hostile PDF
 * answers cleanly within the job's wall-clock limit, a poster-sized figure is drawn within the
 * pixel bound, and /api/health answers within 100 ms all the while (one probe in a run may come
 * back a few ms late on 2 cores, as hostileUploads.test.ts says; none stalls past half a second).
 * Run alone (vitest.isolation.config.ts), after the package's build.
 */
import { FigurePage } from 'document-engine/figure-pages';
import { PDF_HOSTILE_DOCUMENTS } from 'document-engine/hostile';
import type { ExtractImagesResponse } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plotAndTablePdf, pngSize } from '../fixtures/figurePdfs.ts';
import { type BuiltServer, probeHealth, startBuiltServer } from './builtServer.ts';

const TIME_LIMIT_S = 10;
const HEALTH_P99_MS = 100;
const HEALTH_STALL_MS = 500;
const MAX_PIXELS = 4_000_000;

async function upload(base: string, fileName: string, bytes: Uint8Array, query = '?find=both&dpi=600') {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  const started = performance.now();
  const response = await fetch(`${base}/v1/extract-images${query}`, { method: 'POST', body: form });
  const body = (await response.json()) as Partial<ExtractImagesResponse> & { message?: string };
  return { status: response.status, body, ms: performance.now() - started };
}

/** A figure the size of a poster (2 x 1.4 m): at 600 dpi, 2.3 billion pixels were it drawn as asked. */
function posterPdf(): Uint8Array {
  const page = new FigurePage(5800, 4200);
  page.plot(100, 300, 5600, 3800);
  page.text(100, 200, 40, 'Figure 1: The whole poster is one plot.');
  return page.pdf();
}

describe('the built server asked for figures of hostile documents', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({
      EXTRACT_API_DOCUMENT_TIME_LIMIT_S: String(TIME_LIMIT_S),
      EXTRACT_API_FIGURE_MAX_PIXELS: String(MAX_PIXELS),
    });
    // A figure job for each of the 2 workers (EXTRACT_API_DOCUMENT_WORKERS' default) at once, so
    // both have loaded pdf.js (its first compile is the process's, not a niced thread's alone)
    // before anything is timed.
    const warm = await Promise.all([1, 2].map(() => upload(server.base, 'warm.pdf', plotAndTablePdf().pdf)));
    expect(warm.map((answer) => answer.status)).toEqual([200, 200]);
  });
  afterAll(() => server?.stop());

  it.each(PDF_HOSTILE_DOCUMENTS.map((doc) => [doc.name, doc] as const))(
    '%s: a clean answer within the time limit, health within 100 ms, the server up',
    async (_, doc) => {
      const stop = probeHealth(server.base);
      const { status, body, ms } = await upload(server.base, doc.fileName, doc.build());
      const health = await stop();
      expect(status === 200 || (status >= 400 && status < 500), `${status} ${body.message}`).toBe(true);
      if (status !== 200) expect(body.message).toMatch(/\w+/);
      expect(ms).toBeLessThan(TIME_LIMIT_S * 1000 + 3_000);
      const late = health.latencies.filter((latency) => latency >= HEALTH_P99_MS);
      expect(late.length, `health probes of ${HEALTH_P99_MS} ms or more: ${late.join(', ')}`).toBeLessThanOrEqual(1);
      expect(health.worst, `worst of ${health.probes} health probes`).toBeLessThan(HEALTH_STALL_MS);
      expect(server.child.exitCode).toBeNull();
    },
  );

  it('a poster-sized figure at 600 dpi: drawn at the dpi that fits EXTRACT_API_FIGURE_MAX_PIXELS, health within 100 ms', async () => {
    const stop = probeHealth(server.base);
    const { status, body } = await upload(server.base, 'poster.pdf', posterPdf(), '?find=figures&dpi=600');
    const health = await stop();
    expect(status, body.message).toBe(200);
    const [figure] = body.images ?? [];
    expect(figure?.figure).toMatchObject({ kind: 'figure', number: '1', vector: true });
    expect(figure?.figure?.dpi).toBeLessThan(600);
    const png = pngSize(new Uint8Array(Buffer.from(figure?.url.split(',')[1] ?? '', 'base64')));
    expect(png.width * png.height).toBeLessThanOrEqual(MAX_PIXELS);
    expect(png.width * png.height).toBeGreaterThan(MAX_PIXELS / 2);
    const late = health.latencies.filter((latency) => latency >= HEALTH_P99_MS);
    expect(late.length, `health probes of ${HEALTH_P99_MS} ms or more: ${late.join(', ')}`).toBeLessThanOrEqual(1);
    expect(health.worst).toBeLessThan(HEALTH_STALL_MS);
  });

  it('8 figure jobs at once at 600 dpi all answer alike while health stays within 100 ms (p99)', async () => {
    const bytes = plotAndTablePdf().pdf;
    const stop = probeHealth(server.base);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(server.base, 'paper.pdf', bytes.slice())));
    const health = await stop();
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(answers.map((answer) => answer.body.images?.map((image) => image.figure?.caption))).toEqual(
      Array(8).fill([
        'Figure 1: Accuracy of the model over training epochs.',
        'Table 1: Results on the benchmark datasets.',
      ]),
    );
    expect(health.p99, `p99 of ${health.probes} health probes`).toBeLessThan(HEALTH_P99_MS);
    expect(health.worst, `worst of ${health.probes} health probes`).toBeLessThan(1_000);
    expect(server.child.exitCode).toBeNull();
  });
});
