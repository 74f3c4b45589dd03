import { getEventListeners } from 'node:events';
import { MESSAGES, type SequencedEvent } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractWebsite } from '../../src/extractors/web/index.ts';
import {
  SCAN_TIME_LIMIT_CODE,
  type ScanJobs,
  type ScanJobsOptions,
  type WebsiteJobInput,
} from '../../src/jobs/index.ts';
import { createSafeFetcher } from '../../src/services/safeFetch/index.ts';
import { type FileServer, startFileServer } from '../fixtures/fileServer.ts';
import { png } from '../fixtures/images.ts';
import { fixtureSite } from '../fixtures/site.ts';

/** Makes the implementation under test with these options (a fresh, empty store each time). */
export type MakeScanJobs = (options: ScanJobsOptions) => Promise<ScanJobs>;

const drain = async (events: AsyncIterable<SequencedEvent> | undefined) => {
  const seen: SequencedEvent[] = [];
  if (!events) throw new Error('no such job');
  for await (const event of events) seen.push(event);
  return seen;
};
const paths = (events: SequencedEvent[]) =>
  events.flatMap((e) => (e.type === 'image' ? [new URL(e.image.url).pathname] : [])).sort();

/**
 * One suite for every implementation of the job interface (embedded and Redis): the same scan,
 * re-attached from any cursor, cancelled, expired.
 */
export function scanJobsSuite(name: string, make: MakeScanJobs, more: { expiryWaitMs?: number } = {}) {
  describe(`website scan jobs (${name})`, () => {
    let server: FileServer;
    const fetcher = createSafeFetcher({ allowLoopback: true });
    const runScan = (input: WebsiteJobInput, signal: AbortSignal) =>
      extractWebsite({ ...input, maxPages: 100 }, signal, fetcher);
    const options = (more: Partial<ScanJobsOptions> = {}): ScanJobsOptions => ({
      runScan,
      concurrency: 2,
      maxQueued: 10,
      timeLimitMs: 60_000,
      ttlMs: 60_000,
      describeFailure: (error) => (error instanceof Error ? error.message : 'failed'),
      ...more,
    });
    const input = (more: Partial<WebsiteJobInput> = {}): WebsiteJobInput => ({
      url: server.url('/'),
      depth: 10,
      render: false,
      ...more,
    });

    beforeAll(async () => {
      server = await startFileServer({
        ...fixtureSite(),
        '/slow.html': { body: Buffer.from('<a href="/">home</a>'), type: 'text/html', delayMs: 3_000 },
        '/slow-start.html': { body: Buffer.from('<a href="/slow.html">slow</a>'), type: 'text/html' },
        '/slow-after-image.html': {
          body: Buffer.from('<img src="/img/a.png"><a href="/slow.html">slow</a>'),
          type: 'text/html',
        },
      });
    });
    afterAll(async () => {
      await server.close();
      await fetcher.close();
    });

    it('should run a scan as a job: every image once, in numbered events ending with done', async () => {
      const jobs = await make(options());
      try {
        const { id, status } = await jobs.create(input());
        expect(['queued', 'running']).toContain(status);
        const events = await drain(await jobs.events(id, 0));
        expect(events[0]?.type).toBe('start');
        expect(events.at(-1)).toMatchObject({ type: 'done', done: 5, found: 6 });
        const seqs = events.map((e) => e.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect(new Set(seqs).size).toBe(seqs.length);
        expect(paths(events)).toEqual([
          '/img/a.png',
          '/img/b.png',
          '/img/bg.gif',
          '/img/c.png',
          '/img/d.png',
          '/img/hero.png',
        ]);
        const snapshot = await jobs.snapshot(id, 0);
        expect(snapshot).toMatchObject({ id, status: 'done', cursor: events.at(-1)?.seq });
        expect(snapshot?.images).toHaveLength(6);
        expect(snapshot?.expiresAt).toBeGreaterThan(Date.now());
        expect(snapshot?.progress).toMatchObject({ done: 5, found: 6 });
      } finally {
        await jobs.close();
      }
    });

    it('should scan a list of start pages at depth 0, each image naming the address it came from', async () => {
      const jobs = await make(options());
      try {
        const starts = [server.url('/a.html'), server.url('/b.html'), server.url('/c.html')];
        const { id } = await jobs.create(input({ url: undefined, urls: starts, depth: 0 }));
        const events = await drain(await jobs.events(id, 0));
        expect(events[0]).toMatchObject({ type: 'start', depth: 0 });
        expect(events.at(-1)).toMatchObject({ type: 'done', done: 3, found: 4 });
        const images = events.flatMap((e) => (e.type === 'image' ? [e.image] : []));
        const of = (origin: string | undefined) =>
          images
            .filter((image) => image.origin === origin)
            .map((image) => new URL(image.url).pathname)
            .sort();
        // hero.png is on a.html only among these: /, where it also is, is not read at depth 0.
        expect(of(starts[0])).toEqual(['/img/a.png', '/img/hero.png']);
        expect(of(starts[1])).toEqual(['/img/b.png']);
        expect(of(starts[2])).toEqual(['/img/c.png']);
        expect(of(undefined)).toEqual([]);
      } finally {
        await jobs.close();
      }
    });

    /** A site for the crawl rules: robots.txt (a Disallow, a Crawl-delay, a sitemap), patterns' paths, a file link. */
    const rulesSite = async () => {
      const page = (body: string) => ({ body: Buffer.from(`<!doctype html><body>${body}</body>`), type: 'text/html' });
      const image = (width: number) => ({ body: png(width, 20), type: 'image/png' });
      const site = await startFileServer({
        '/': page(
          '<img src="/img/one.png"><a href="/blog/a.html">a</a><a href="/blog/drafts/b.html">draft</a>' +
            '<a href="/blog/private/p.html">private</a><a href="/blog/doc.pdf">pdf</a><a href="/img/one.png">full</a>',
        ),
        '/blog/a.html': page('<img src="/img/one.png"><img src="/img/two.png"><a href="/shop/c.html">shop</a>'),
        '/blog/drafts/b.html': page('<img src="/img/draft.png">'),
        '/blog/private/p.html': page('<img src="/img/private.png">'),
        '/blog/doc.pdf': { body: Buffer.from('%PDF-1.4'), type: 'application/pdf' },
        '/blog/from-map.html': page('<img src="/img/three.png">'),
        '/shop/c.html': page('<img src="/img/shop.png">'),
        '/img/one.png': image(11),
        '/img/two.png': image(12),
        '/img/three.png': image(13),
      });
      site.set('/robots.txt', {
        body: Buffer.from(
          `User-agent: *\nDisallow: /blog/private/\nCrawl-delay: 0.4\nSitemap: ${site.url('/map.xml')}\n`,
        ),
        type: 'text/plain',
      });
      site.set('/map.xml', {
        body: Buffer.from(`<urlset><url><loc>${site.url('/blog/from-map.html')}</loc></url></urlset>`),
        type: 'application/xml',
      });
      return site;
    };

    it('should apply the crawl rules alike on every store: robots.txt and its Crawl-delay, patterns, sitemap, files, each image once', async () => {
      const site = await rulesSite();
      const jobs = await make(options());
      try {
        const started = Date.now();
        const { id } = await jobs.create(
          input({ url: site.url('/'), depth: 1, include: ['/blog/'], exclude: ['*/drafts/*'], sitemap: true }),
        );
        const events = await drain(await jobs.events(id, 0));
        const elapsed = Date.now() - started;
        expect(events.at(-1)).toMatchObject({ type: 'done', done: 3, found: 3 });
        expect(paths(events)).toEqual(['/img/one.png', '/img/three.png', '/img/two.png']);
        const asked = site.hits.map((hit) => hit.path);
        expect(asked.filter((path) => !path.startsWith('/img/')).sort()).toEqual([
          '/',
          '/blog/a.html',
          '/blog/from-map.html',
          '/map.xml',
          '/robots.txt',
          '/sitemap.xml',
        ]);
        // Found on two pages, measured once.
        expect(asked.filter((path) => path === '/img/one.png')).toHaveLength(1);
        // Three pages one at a time, 0.4 s apart at least (the host's Crawl-delay).
        expect(elapsed).toBeGreaterThanOrEqual(800);
      } finally {
        await jobs.close();
        await site.close();
      }
    });

    it("should read a site's sitemaps once for a batch of start pages on it", async () => {
      const site = await rulesSite();
      const jobs = await make(options());
      try {
        const { id } = await jobs.create(
          input({ url: undefined, urls: [site.url('/'), site.url('/blog/a.html')], depth: 1, sitemap: true }),
        );
        const events = await drain(await jobs.events(id, 0));
        expect(events.at(-1)).toMatchObject({ type: 'done' });
        expect(paths(events)).toContain('/img/three.png');
        const asked = site.hits.map((hit) => hit.path);
        expect(asked.filter((path) => path === '/sitemap.xml' || path === '/map.xml')).toEqual([
          '/sitemap.xml',
          '/map.xml',
        ]);
      } finally {
        await jobs.close();
        await site.close();
      }
    });

    it('should re-attach from any cursor with what came after it, nothing twice', async () => {
      const jobs = await make(options());
      try {
        const { id } = await jobs.create(input());
        // A reader that leaves part way, as a reload does.
        const controller = new AbortController();
        const first: SequencedEvent[] = [];
        for await (const event of (await jobs.events(id, 0, controller.signal)) ?? []) {
          first.push(event);
          if (event.type === 'image') break;
        }
        const cursor = first.at(-1)?.seq ?? 0;
        const rest = await drain(await jobs.events(id, cursor));
        expect(rest.every((e) => e.seq > cursor)).toBe(true);
        const together = [...paths(first), ...paths(rest)].sort();
        expect(together).toEqual(paths(await drain(await jobs.events(id, 0))));
        expect(new Set(together).size).toBe(together.length);
        expect((await jobs.snapshot(id, cursor))?.images.map((i) => new URL(i.url).pathname).sort()).toEqual(
          paths(rest),
        );
        expect(await jobs.images(id)).toHaveLength(6);
      } finally {
        await jobs.close();
      }
    });

    it('should cancel a running job: it ends at once, keeps what it found, and its requests stop', async () => {
      const jobs = await make(options());
      try {
        server.hits.length = 0;
        const { id } = await jobs.create(input({ url: server.url('/slow-start.html') }));
        const waitFor = async (test: () => boolean) => {
          for (let i = 0; i < 200 && !test(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
        };
        await waitFor(() => server.hits.some((h) => h.path === '/slow.html'));
        const cancelled = await jobs.cancel(id);
        expect(cancelled?.status).toBe('cancelled');
        const events = await drain(await jobs.events(id, 0));
        expect(events.at(-1)).toMatchObject({ type: 'error', code: 'cancelled' });
        await waitFor(() => server.hits.find((h) => h.path === '/slow.html')?.closedEarly === true);
        expect(server.hits.find((h) => h.path === '/slow.html')?.closedEarly).toBe(true);
        expect((await jobs.snapshot(id, 0))?.status).toBe('cancelled');
      } finally {
        await jobs.close();
      }
    });

    it("should leave no listener behind on a reader's signal while it waits for a slow page", async () => {
      const jobs = await make(options());
      try {
        const { id } = await jobs.create(input({ url: server.url('/slow-start.html') }));
        const controller = new AbortController();
        const reader = (async () => {
          for await (const _ of (await jobs.events(id, 0, controller.signal)) ?? []);
        })();
        // The slow page takes 3 s: the reader waits through many polls (Redis) or one wake-up (embedded).
        let most = 0;
        for (let i = 0; i < 10; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          most = Math.max(most, getEventListeners(controller.signal, 'abort').length);
        }
        expect(most).toBeLessThanOrEqual(1);
        controller.abort();
        await reader;
        await jobs.cancel(id);
      } finally {
        await jobs.close();
      }
    });

    it('should stop a scan at its time limit with a sentence, keeping what it found, its requests stopped', async () => {
      const jobs = await make(options({ timeLimitMs: 1_000 }));
      try {
        server.hits.length = 0;
        const started = Date.now();
        const { id } = await jobs.create(input({ url: server.url('/slow-after-image.html') }));
        const events = await drain(await jobs.events(id, 0));
        // /slow.html answers after 3 s: the scan ends at its limit instead (a worker looks 4 times a second).
        expect(Date.now() - started).toBeLessThan(2_500);
        expect(events.at(-1)).toMatchObject({
          type: 'error',
          code: SCAN_TIME_LIMIT_CODE,
          error: MESSAGES.website.timeLimit(1),
        });
        expect(paths(events)).toEqual(['/img/a.png']);
        const snapshot = await jobs.snapshot(id, 0);
        expect(snapshot).toMatchObject({ status: 'failed', error: MESSAGES.website.timeLimit(1) });
        expect(snapshot?.images.map((image) => new URL(image.url).pathname)).toEqual(['/img/a.png']);
        const slow = () => server.hits.find((h) => h.path === '/slow.html');
        for (let i = 0; i < 100 && !slow()?.closedEarly; i += 1) await new Promise((r) => setTimeout(r, 20));
        expect(slow()?.closedEarly).toBe(true);
      } finally {
        await jobs.close();
      }
    });

    it('should fail a job whose start page cannot be read, with the reason', async () => {
      const jobs = await make(options());
      try {
        const { id } = await jobs.create(input({ url: server.url('/nothing-here.html') }));
        const events = await drain(await jobs.events(id, 0));
        expect(events.at(-1)).toMatchObject({ type: 'error' });
        expect((await jobs.snapshot(id, 0))?.status).toBe('failed');
      } finally {
        await jobs.close();
      }
    });

    it('should forget the oldest finished jobs before their time is up once there are more, or more bytes, than its bound', async () => {
      const finishOne = async (jobs: ScanJobs) => {
        const { id } = await jobs.create(input({ depth: 0 }));
        await drain(await jobs.events(id, 0));
        return id;
      };
      const kept = async (jobs: ScanJobs, ids: string[]) =>
        Promise.all(ids.map(async (id) => (await jobs.snapshot(id, 0))?.status));
      const byCount = await make(options({ finished: { maxCount: 2, maxBytes: 1024 ** 3 } }));
      try {
        const ids = [await finishOne(byCount), await finishOne(byCount)];
        expect(await kept(byCount, ids)).toEqual(['done', 'done']);
        ids.push(await finishOne(byCount));
        // a third one ends: the first goes, an hour and more before its time to live
        expect(await kept(byCount, ids)).toEqual([undefined, 'done', 'done']);
        expect(await byCount.images(ids[0] as string)).toBeUndefined();
        expect(await byCount.events(ids[0] as string, 0)).toBeUndefined();
        expect(await byCount.images(ids[2] as string)).toHaveLength(2);
      } finally {
        await byCount.close();
      }
      // Each scan's events take a few hundred bytes: one byte lets only the newest stay.
      const byBytes = await make(options({ finished: { maxCount: 1_000, maxBytes: 1 } }));
      try {
        const first = await finishOne(byBytes);
        expect(await kept(byBytes, [first])).toEqual(['done']);
        const second = await finishOne(byBytes);
        expect(await kept(byBytes, [first, second])).toEqual([undefined, 'done']);
      } finally {
        await byBytes.close();
      }
    });

    it('should forget an unknown id, and a finished job once its time is up', async () => {
      let clock = Date.now();
      const jobs = await make(options({ ttlMs: 1_000, now: () => clock }));
      try {
        expect(await jobs.snapshot('A'.repeat(22), 0)).toBeUndefined();
        expect(await jobs.events('A'.repeat(22), 0)).toBeUndefined();
        expect(await jobs.cancel('A'.repeat(22))).toBeUndefined();
        const { id } = await jobs.create(input({ depth: 1 }));
        await drain(await jobs.events(id, 0));
        expect((await jobs.snapshot(id, 0))?.status).toBe('done');
        clock += 1_001;
        // Redis expires keys by its own clock, in whole seconds.
        if (more.expiryWaitMs) await new Promise((resolve) => setTimeout(resolve, more.expiryWaitMs));
        expect(await jobs.snapshot(id, 0)).toBeUndefined();
        expect(await jobs.images(id)).toBeUndefined();
      } finally {
        await jobs.close();
      }
    });
  });
}
