/**
 * The built server's budgets, black-box: many visitors' extractions of pages naming one host send
 * it at most 8 image probes at once (the process-wide gate, EXTRACT_API_PROBES_PER_HOST), and a
 * page or scan with more images than its budget measures the budget's worth and says how many it
 * did not check. The image host counts what it is asked, and how much at once.
 */
import { API_PATHS, type ExtractedImage, type ExtractionEvent } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from '../fixtures/fileServer.ts';
import { png } from '../fixtures/images.ts';
import { type BuiltServer, startBuiltServer } from './builtServer.ts';

const IMAGES = 200;
const PER_PAGE = 150;
const EXTRACTIONS = 6;

type ExtractAnswer = { success: boolean; images: ExtractedImage[]; message?: string; error?: string };

describe('budgets of the built server', () => {
  let server: BuiltServer;
  let site: FileServer;
  let imageHost: FileServer;

  beforeAll(async () => {
    // The images on a host of their own, each answered after a pause so that probes pile up there.
    imageHost = await startFileServer();
    const body = png(64, 48);
    const paths = Array.from({ length: IMAGES }, (_, i) => `/img/${i}.png`);
    for (const path of paths) imageHost.set(path, { body, type: 'image/png', delayMs: 40 });
    const page = `<!doctype html><body>${paths.map((path) => `<img src="${imageHost.url(path)}">`).join('')}</body>`;
    site = await startFileServer({
      '/page.html': { body: Buffer.from(page), type: 'text/html' },
      '/': { body: Buffer.from('<!doctype html><a href="/page.html">the page</a>'), type: 'text/html' },
    });
    server = await startBuiltServer({
      EXTRACT_API_ALLOW_LOOPBACK: '1',
      EXTRACT_API_MAX_IMAGES_PER_PAGE: String(PER_PAGE),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([site?.close(), imageHost?.close()]);
  });

  it(`should send one host at most 8 probes at once for ${EXTRACTIONS} concurrent extractions of a page of ${IMAGES} images`, async () => {
    imageHost.inFlight.max = 0;
    imageHost.hits.length = 0;
    const answers = await Promise.all(
      Array.from({ length: EXTRACTIONS }, async (_, n) => {
        const response = await fetch(`${server.base}${API_PATHS.extract}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: site.url(`/page.html?visitor=${n}`) }),
        });
        return { status: response.status, body: (await response.json()) as ExtractAnswer };
      }),
    );
    for (const { status, body } of answers) {
      expect(status, body.error).toBe(200);
      // The page's budget: its first 150 images measured, the other 50 named in the answer.
      expect(body.images).toHaveLength(PER_PAGE);
      expect(body.message).toMatch(/^50 more image addresses were found but not checked/);
    }
    // Each extraction alone would send 8 at once: 48 together without the process-wide gate.
    expect(imageHost.inFlight.max).toBeLessThanOrEqual(8);
    expect(imageHost.inFlight.max).toBeGreaterThanOrEqual(6);
    expect(imageHost.hits).toHaveLength(EXTRACTIONS * PER_PAGE);
  });

  it('should end a scan whose page has more images than its budget with how many it did not check', async () => {
    imageHost.hits.length = 0;
    const created = await fetch(`${server.base}/api/website-jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url('/'), depth: 1 }),
    });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    const lines = await (await fetch(`${server.base}/api/website-jobs/${id}/events?after=0`)).text();
    const events = lines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ExtractionEvent);
    expect(events.at(-1)).toMatchObject({ type: 'done', found: PER_PAGE, done: 2, notChecked: IMAGES - PER_PAGE });
    expect(imageHost.hits).toHaveLength(PER_PAGE);
  });
});
