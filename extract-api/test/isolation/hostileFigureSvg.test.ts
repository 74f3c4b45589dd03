/**
 * The built server (`node dist/server.js`) asked for figure SVGs (POST /api/figure-svg) with hostile
 * bodies: every hostile PDF of the engine's collection (bombs, recovery scans, endless functions),
 * garbage, a two-page PDF (its first page is drawn), a body over the limit. Each gets a clean answer (an SVG, or a 4xx or
 * 504 with a sentence) within Inkscape's time limit, /api/health keeps answering all the while,
 * and the server stays up. Run alone (vitest.isolation.config.ts), after the package's build.
 * Needs Debian's inkscape; without it this fails, saying so.
 */
import { FigurePage } from 'document-engine/figure-pages';
import { PDF_HOSTILE_DOCUMENTS } from 'document-engine/hostile';
import { PDFDocument } from 'pdf-lib';
import { MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireInkscape } from '../inkscape.ts';
import { type BuiltServer, probeHealth, startBuiltServer } from './builtServer.ts';

const TIME_LIMIT_S = 5;
const MAX_MB = 2;
const HEALTH_P99_MS = 100;
const HEALTH_STALL_MS = 500;
const m = MESSAGES.figures.svgRoute;

async function post(base: string, bytes: Uint8Array) {
  const started = performance.now();
  const response = await fetch(`${base}/api/figure-svg`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), text, ms: performance.now() - started };
}

const errorOf = (text: string) => (JSON.parse(text) as { error?: string }).error;

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText('one', { x: 20, y: 100 });
  doc.addPage([200, 200]).drawText('two', { x: 20, y: 100 });
  return doc.save();
}

describe('the built server asked for SVGs of hostile PDFs', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    requireInkscape();
    server = await startBuiltServer({
      EXTRACT_API_METAFILE_TIME_LIMIT_S: String(TIME_LIMIT_S),
      EXTRACT_API_FIGURE_SVG_MAX_MB: String(MAX_MB),
    });
    // Inkscape's first start reads its fonts and caches: not what is timed below
    const page = new FigurePage(300, 200);
    page.plot(20, 40, 260, 140);
    const warm = await post(server.base, page.pdf());
    expect(warm.status, warm.text.slice(0, 200)).toBe(200);
    expect(warm.type).toBe('image/svg+xml');
  });
  afterAll(() => server?.stop());

  it.each(PDF_HOSTILE_DOCUMENTS.map((doc) => [doc.name, doc] as const))(
    '%s: a clean answer within the time limit, health answering, the server up',
    async (_, doc) => {
      const stop = probeHealth(server.base);
      const answer = await post(server.base, doc.build());
      const health = await stop();
      if (answer.status === 200) {
        expect(answer.type).toBe('image/svg+xml');
        expect(answer.text).toMatch(/<\/svg>\s*$/);
        expect(answer.text).not.toMatch(/<script|<foreignObject/i);
      } else {
        expect([413, 415, 422, 504], answer.text.slice(0, 200)).toContain(answer.status);
        expect(errorOf(answer.text)).toMatch(/\w+ \w+/);
      }
      expect(answer.ms).toBeLessThan(TIME_LIMIT_S * 1000 + 3_000);
      const late = health.latencies.filter((latency) => latency >= HEALTH_P99_MS);
      expect(late.length, `health probes of ${HEALTH_P99_MS} ms or more: ${late.join(', ')}`).toBeLessThanOrEqual(1);
      expect(health.worst, `worst of ${health.probes} health probes`).toBeLessThan(HEALTH_STALL_MS);
      expect(server.child.exitCode).toBeNull();
    },
  );

  it('garbage, a PDF of two pages, and a body over the limit: 415, its first page, and 413 with a sentence', async () => {
    const stop = probeHealth(server.base);
    const garbage = await post(
      server.base,
      new Uint8Array(200_000).map((_, i) => (i * 7919) % 251),
    );
    const two = await post(server.base, await twoPagePdf());
    const big = new Uint8Array(MAX_MB * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const tooLarge = await post(server.base, big);
    const health = await stop();
    expect([garbage.status, errorOf(garbage.text)]).toEqual([415, m.notPdf]);
    expect([two.status, two.type]).toEqual([200, 'image/svg+xml']);
    expect([tooLarge.status, errorOf(tooLarge.text)]).toEqual([413, m.tooLarge(MAX_MB)]);
    expect(health.p99, `p99 of ${health.probes} health probes`).toBeLessThan(HEALTH_P99_MS);
    expect(server.child.exitCode).toBeNull();
  });
});
