/**
 * Budgets and the image probes' gate with Redis: the gate one host's probes wait at is shared by
 * every process (two gates on connections of their own stand for two of them), and a scan's
 * budget of images is the scan's, whichever worker reads its pages.
 */
import type { Redis } from 'ioredis';
import type { SequencedEvent } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toExtractedImages } from '../../src/extractors/web/index.ts';
import { createPageWorker, createRedisHostGate, createRedisScanJobs } from '../../src/jobs/index.ts';
import { PROBE_KEY_PREFIX } from '../../src/jobs/redis/redisHostGate.ts';
import { connect } from '../../src/jobs/redis/store.ts';
import { createSafeFetcher } from '../../src/services/safeFetch/index.ts';
import { type FileServer, type Served, startFileServer } from '../fixtures/fileServer.ts';
import { png } from '../fixtures/images.ts';
import { type RedisServer, startRedisServer } from '../fixtures/redisServer.ts';

const html = (body: string): Served => ({
  body: Buffer.from(`<!doctype html><html><body>${body}</body></html>`),
  type: 'text/html; charset=utf-8',
});
const range = (n: number, name: (i: number) => string) => Array.from({ length: n }, (_, i) => name(i));

let redis: RedisServer;
let images: FileServer;
let pages: FileServer;
const fetcher = createSafeFetcher({ allowLoopback: true });
const connections: Redis[] = [];
beforeAll(async () => {
  [redis, images, pages] = await Promise.all([startRedisServer(), startFileServer(), startFileServer()]);
});
afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await Promise.all([images?.close(), pages?.close(), fetcher.close()]);
  await redis?.stop();
});

/** `n` images on the image host, each answered after a pause so that probes pile up. */
const serveImages = (prefix: string, n: number, delayMs = 0) =>
  range(n, (i) => {
    const path = `/img/${prefix}-${i}.png`;
    images.set(path, { body: png(12, 8), type: 'image/png', delayMs });
    return path;
  });

describe('the image probes’ gate in Redis', () => {
  /** A process's probe gate, on a connection of its own. */
  const processGate = (perHost: number) => {
    const connection = connect(redis.url);
    connections.push(connection);
    return { gate: createRedisHostGate(connection, { perHost, keyPrefix: PROBE_KEY_PREFIX }), connection };
  };

  it('should keep two processes’ extractions of one host to 8 probes in flight together, and give every lease back', async () => {
    const [a, b] = [processGate(8), processGate(8)];
    const extract = (prefix: string, gate: typeof a.gate) =>
      toExtractedImages(
        serveImages(prefix, 50, 40).map((path) => ({ url: images.url(path), foundIn: ['img'], variants: [] })),
        { fetch: fetcher.fetch, source: 'page', allocateName: (name) => name, probeGate: gate },
      );
    images.inFlight.max = 0;
    const [first, second] = await Promise.all([extract('a', a.gate), extract('b', b.gate)]);
    expect(first.images).toHaveLength(50);
    expect(second.images).toHaveLength(50);
    expect(images.inFlight.max).toBe(8);
    const host = new URL(images.origin).host;
    expect(await a.connection.zcard(`${PROBE_KEY_PREFIX}{${host}}:leases`)).toBe(0);
  });

  it('should not make probes wait behind the pages’ gate of the same host (keys of their own)', async () => {
    const host = 'shared.example';
    const pagesGate = createRedisHostGate(processGate(1).connection, { perHost: 1 });
    const probes = processGate(1).gate;
    let releasePage: () => void = () => undefined;
    let pageStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (pageStarted = resolve));
    const pageRunning = pagesGate.run(host, () => {
      pageStarted();
      return new Promise<void>((resolve) => (releasePage = resolve));
    });
    await started;
    // The page holds its host's only page slot; a probe of that host still runs at once.
    const probed = await Promise.race([
      probes.run(host, async () => 'probed'),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 1_000)),
    ]);
    releasePage();
    await pageRunning;
    expect(probed).toBe('probed');
  });
});

describe('a scan’s budget of images on Redis', () => {
  it('should measure at most the scan’s images across its pages, count the rest, and list the pages left unread', async () => {
    // The start page links to 4 pages of 10 images each; 8 a page and 20 in all may be measured.
    const children = range(4, (p) => `/budget/${p}.html`);
    for (const [p, child] of children.entries()) {
      pages.set(
        child,
        html(
          serveImages(`budget${p}`, 10)
            .map((path) => `<img src="${images.url(path)}">`)
            .join(''),
        ),
      );
    }
    pages.set('/budget/', html(children.map((child) => `<a href="${child}">page</a>`).join('')));
    images.hits.length = 0;

    const jobs = await createRedisScanJobs({ redisUrl: redis.url, maxPages: 100, ttlMs: 60_000, maxWaitingPages: 100 });
    // One page at a time, so which page meets the end of the budget is known.
    const worker = createPageWorker({
      redisUrl: redis.url,
      fetch: fetcher.fetch,
      perHost: 4,
      concurrency: 1,
      ttlMs: 60_000,
      describeFailure: (error) => String(error),
      budgets: { imagesPerPage: 8, imagesPerScan: 20, bytesPerExtraction: 64 * 1024 * 1024 },
      probesPerHost: 8,
    });
    try {
      const { id } = await jobs.create({ url: pages.url('/budget/'), depth: 1, render: false });
      const events: SequencedEvent[] = [];
      for await (const event of (await jobs.events(id, 0)) ?? []) events.push(event);
      const done = events.at(-1);
      const probed = images.hits.filter((hit) => hit.path.startsWith('/img/budget')).length;
      const snapshot = await jobs.snapshot(id, 0);

      expect(probed).toBe(20);
      expect(events.filter((event) => event.type === 'image')).toHaveLength(20);
      // 2 + 2 + 6 of the three pages read were seen and not checked; the fourth page was not read.
      expect(done).toMatchObject({ type: 'done', found: 20, done: 5, stoppedAtLimit: true, notChecked: 10 });
      expect(snapshot?.progress).toMatchObject({ notChecked: 10, failed: 1 });
      expect(snapshot?.progress?.failures).toEqual([
        { url: expect.stringMatching(/\/budget\/\d\.html$/), reason: expect.stringMatching(/^Not read: the scan/) },
      ]);
    } finally {
      await worker.close();
      await jobs.close();
    }
  });
});
