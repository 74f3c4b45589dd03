/**
 * An extraction's budgets, on pages served from loopback: candidate images per page and per scan,
 * bytes fetched per extraction, and the gate of image probes per host that every extraction of the
 * process shares. What is over budget is counted, never fetched: the image host's own log says so.
 */
import { createNameAllocator } from 'media-files';
import type { ExtractionEvent } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractionBudgets, loadConfig } from '../../../src/config.ts';
import { ExtractionBudget } from '../../../src/extractors/probe/index.ts';
import {
  createHostGate,
  extractWebsite,
  notCheckedMessage,
  readWebPage,
  toExtractedImages,
} from '../../../src/extractors/web/index.ts';
import { ByteBudget, createSafeFetcher, isByteBudgetError } from '../../../src/services/safeFetch/index.ts';
import { type FileServer, type Served, startFileServer } from '../../fixtures/fileServer.ts';
import { png } from '../../fixtures/images.ts';

const html = (body: string): Served => ({
  body: Buffer.from(`<!doctype html><html><body>${body}</body></html>`),
  type: 'text/html; charset=utf-8',
});
const imgs = (origin: string, paths: readonly string[]) => paths.map((p) => `<img src="${origin}${p}">`).join('');
const range = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
const imageHits = (server: FileServer) => server.hits.filter((hit) => hit.path.startsWith('/img/'));

describe('an extraction’s budgets', () => {
  const fetcher = createSafeFetcher({ allowLoopback: true });
  let images: FileServer;
  let pages: FileServer;
  const picture = png(40, 30);

  beforeAll(async () => {
    images = await startFileServer();
    pages = await startFileServer();
  });
  afterAll(async () => {
    await Promise.all([images.close(), pages.close(), fetcher.close()]);
  });

  /** Serves `n` distinct images on the image host, named `/img/<prefix>-<i>.png`. */
  const serveImages = (prefix: string, n: number, served: Partial<Served> = {}) => {
    const paths = range(n, (i) => `/img/${prefix}-${i}.png`);
    for (const path of paths) images.set(path, { body: picture, type: 'image/png', ...served });
    return paths;
  };

  /** The URL tool's page extraction, within one budget, as the route runs it. */
  async function extractPage(url: string, budget: ExtractionBudget) {
    const fetch = budget.metered(fetcher.fetch);
    const page = await readWebPage(url, { fetch });
    return toExtractedImages(page.candidates, {
      fetch,
      source: 'page',
      allocateName: createNameAllocator(),
      limit: budget.takeImages(page.candidates.length),
    });
  }

  it('should probe at most the images-per-page budget of a page of 3,000 <img>, and say how many it did not check', async () => {
    const paths = serveImages('many', 3_000);
    pages.set('/many.html', html(imgs(images.origin, paths)));
    images.hits.length = 0;
    const budgets = extractionBudgets(loadConfig({}));
    const outcome = await extractPage(pages.url('/many.html'), new ExtractionBudget(budgets));

    expect(budgets.imagesPerPage).toBe(2_000);
    // The first 2,000 in page order were measured; the other 1,000 were never asked for.
    expect(outcome.images).toHaveLength(2_000);
    expect(imageHits(images)).toHaveLength(2_000);
    expect(new Set(imageHits(images).map((hit) => hit.path))).toEqual(new Set(paths.slice(0, 2_000)));
    expect(outcome.notChecked).toBe(1_000);
    expect(outcome.uncheckedUrls).toEqual(paths.slice(2_000).map((p) => images.url(p)));
    expect(notCheckedMessage(outcome.notChecked)).toMatch(/^1,000 more image addresses were found but not checked/);
    expect(notCheckedMessage(0)).toBeUndefined();
  }, 60_000);

  it('should stop fetching once the extraction’s bytes are spent, and count the images it never asked for', async () => {
    // 20 images of 200 KB each that ignore Range: each probe reads its first 64 KiB and leaves.
    const paths = serveImages('heavy', 20, { body: png(400, 300, 200_000), ignoreRange: true });
    pages.set('/heavy.html', html(imgs(images.origin, paths)));
    images.hits.length = 0;
    const budget = new ExtractionBudget({ imagesPerPage: 100, imagesPerScan: 100, bytesPerExtraction: 256 * 1024 });
    const outcome = await extractPage(pages.url('/heavy.html'), budget);

    const asked = imageHits(images).length;
    expect(budget.bytes.exhausted).toBe(true);
    // Every image is accounted for: measured, or not checked (one cut off mid-way is not checked either).
    expect(outcome.images.length + outcome.notChecked).toBe(20);
    expect(outcome.images.length).toBeGreaterThan(0);
    expect(outcome.notChecked).toBeGreaterThan(0);
    // The refused ones never reached the host: at most the 8 in flight when it ran out were cut off.
    expect(asked).toBeLessThan(20);
    expect(asked).toBeLessThanOrEqual(outcome.images.length + 8);
    expect(budget.bytes.spent).toBeLessThan(256 * 1024 + 8 * 64 * 1024);
  });

  it('should hold a scan to its images in all: probes stop at the budget, the rest is counted, later pages are not read', async () => {
    // 12 pages linked from the start page, each with 10 images of its own and a link one level on.
    const children = range(12, (p) => `/scan/${p}.html`);
    for (const [p, child] of children.entries()) {
      const own = serveImages(`scan${p}`, 10, { delayMs: 150 });
      pages.set(child, html(`${imgs(images.origin, own)}<a href="/scan/deeper-${p}.html">on</a>`));
      pages.set(`/scan/deeper-${p}.html`, html(imgs(images.origin, serveImages(`deeper${p}`, 1))));
    }
    pages.set('/scan/', html(children.map((child) => `<a href="${child}">page</a>`).join('')));
    images.hits.length = 0;
    pages.hits.length = 0;
    const events: ExtractionEvent[] = [];
    const budgets = { imagesPerPage: 8, imagesPerScan: 25, bytesPerExtraction: 64 * 1024 * 1024 };
    for await (const event of extractWebsite({ url: pages.url('/scan/'), depth: 2, maxPages: 100 }, undefined, {
      fetch: fetcher.fetch,
      perHost: 1,
      budgets,
    })) {
      events.push(event);
    }
    const done = events.find((event) => event.type === 'done');
    const lastProgress = events.filter((event) => event.type === 'progress').at(-1);
    const read = pages.hits.map((hit) => hit.path).filter((path) => path.endsWith('.html'));

    // 8 of the first page's 10, 8 of the second's, 8 of the third's, 1 of the fourth's: 25 probes.
    expect(imageHits(images)).toHaveLength(25);
    expect(events.filter((event) => event.type === 'image')).toHaveLength(25);
    // The 8 pages read at once when it ran out (2 + 2 + 2 + 9 + 4 × 10 seen, not checked); the
    // 4 pages after them are listed as not read, and no page one level further is asked for.
    expect(read).toHaveLength(8);
    expect(done).toMatchObject({ type: 'done', found: 25, stoppedAtLimit: true, notChecked: 55 });
    expect(lastProgress).toMatchObject({ notChecked: 55, failed: 4 });
    // A reader keeps the last list of failed pages it was sent.
    const failures = events.flatMap((event) => (event.type === 'progress' ? [event.failures] : [])).findLast(Boolean);
    expect(failures?.map((failure) => failure.url)).toEqual(children.slice(8).map((child) => pages.url(child)));
    for (const failure of failures ?? []) expect(failure.reason).toMatch(/^Not read: the scan had reached/);
  });

  it('should refuse a fetch once the budget is spent, before anything is sent', async () => {
    const [path] = serveImages('refused', 1);
    images.hits.length = 0;
    const budget = new ByteBudget(10);
    budget.spend(10);
    const error = await fetcher.fetch(images.url(path ?? ''), { kind: 'image', budget }).catch((caught) => caught);
    expect(isByteBudgetError(error)).toBe(true);
    expect(error.message).toMatch(/reached the server's limit of 10 B fetched/);
    expect(imageHits(images)).toHaveLength(0);
  });
});

describe('the image probes’ gate per host, across extractions', () => {
  const fetcher = createSafeFetcher({ allowLoopback: true });
  let images: FileServer;
  beforeAll(async () => {
    images = await startFileServer();
  });
  afterAll(async () => {
    await Promise.all([images.close(), fetcher.close()]);
  });

  /** `n` candidates on the image host, each answered after a pause, so that probes pile up. */
  const candidates = (prefix: string, n: number) =>
    range(n, (i) => {
      const path = `/img/${prefix}-${i}.png`;
      images.set(path, { body: png(10, 10), type: 'image/png', delayMs: 30 });
      return { url: images.url(path), foundIn: ['img'], variants: [] };
    });

  const extract = (prefix: string, gate?: ReturnType<typeof createHostGate>) =>
    toExtractedImages(candidates(prefix, 60), {
      fetch: fetcher.fetch,
      source: 'page',
      allocateName: (name) => name,
      ...(gate ? { probeGate: gate } : {}),
    });

  it('should keep two concurrent extractions of one host to 8 probes in flight together', async () => {
    const gate = createHostGate(8);
    images.inFlight.max = 0;
    const [a, b] = await Promise.all([extract('a', gate), extract('b', gate)]);
    expect(a.images).toHaveLength(60);
    expect(b.images).toHaveLength(60);
    expect(images.inFlight.max).toBe(8);
  });

  it('should let the same two extractions send it 16 at once without the gate (what the gate is for)', async () => {
    images.inFlight.max = 0;
    await Promise.all([extract('c'), extract('d')]);
    expect(images.inFlight.max).toBe(16);
  });
});
