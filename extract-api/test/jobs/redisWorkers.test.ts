import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SequencedEvent } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisScanJobs, type ScanJobs } from '../../src/jobs/index.ts';
import { type FileServer, type Served, startFileServer } from '../fixtures/fileServer.ts';
import { png } from '../fixtures/images.ts';
import { type RedisServer, startRedisServer } from '../fixtures/redisServer.ts';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGES = 60;

/** A site of PAGES pages, 20 per level, each with its own image and links to the next level; each page answers in 150 ms. */
function bigSite(): Record<string, Served> {
  const site: Record<string, Served> = {};
  const html = (body: string): Served => ({
    body: Buffer.from(`<!doctype html><body>${body}</body>`),
    type: 'text/html',
    delayMs: 150,
  });
  const link = (n: number) => `<a href="/p${n}.html">${n}</a>`;
  site['/'] = html(Array.from({ length: 20 }, (_, i) => link(i)).join(''));
  for (let n = 0; n < PAGES; n += 1) {
    const next = n + 20 < PAGES ? link(n + 20) : '';
    site[`/p${n}.html`] = html(`<img src="/img/${n}.png">${next}`);
    site[`/img/${n}.png`] = { body: png(10 + n, 10), type: 'image/png' };
  }
  return site;
}

/** A `pnpm worker` process, run from the sources. */
function startWorker(redisUrl: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: packageDir,
    env: {
      ...process.env,
      REDIS_URL: redisUrl,
      EXTRACT_API_ALLOW_LOOPBACK: '1',
      EXTRACT_API_WORKER_PAGES: '3',
      EXTRACT_API_WORKER_LOCK_MS: '2000',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A site of a start page linking 12 pages, each answering in 150 ms; counts the pages it is reading at once. */
async function countingSite() {
  let now = 0;
  let most = 0;
  let pages = 0;
  const links = Array.from({ length: 12 }, (_, n) => `<a href="/q${n}.html">${n}</a>`).join('');
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== '/' && !path.endsWith('.html')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
      return;
    }
    now += 1;
    pages += 1;
    most = Math.max(most, now);
    await new Promise((resolve) => setTimeout(resolve, 150));
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body>${path === '/' ? links : ''}</body>`);
    now -= 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    get most() {
      return most;
    },
    get pages() {
      return pages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ready = (child: ChildProcess) =>
  new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('[worker] reading')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });

async function drain(jobs: ScanJobs, id: string, after = 0, onEvent?: (event: SequencedEvent) => void) {
  const events: SequencedEvent[] = [];
  for await (const event of (await jobs.events(id, after)) ?? []) {
    events.push(event);
    onEvent?.(event);
  }
  return events;
}

const imageUrls = (events: SequencedEvent[]) => events.flatMap((e) => (e.type === 'image' ? [e.image.url] : []));

describe('pnpm worker processes on Redis', () => {
  let redis: RedisServer;
  let server: FileServer;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    [redis, server] = await Promise.all([startRedisServer(), startFileServer(bigSite())]);
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await server?.close();
    await redis?.stop();
  });

  it('should share one scan, each page read once, and lose nothing when one is killed half way', async () => {
    const [a, b] = [startWorker(redis.url), startWorker(redis.url)];
    workers.push(a, b);
    await Promise.all([ready(a), ready(b)]);
    const jobs = await createRedisScanJobs({
      redisUrl: redis.url,
      maxPages: 1_000,
      ttlMs: 60_000,
      maxWaitingPages: 10_000,
    });
    try {
      // Undisturbed first, for what the scan finds.
      server.hits.length = 0;
      const calm = await drain(jobs, (await jobs.create({ url: server.url('/'), depth: 10, render: false })).id);
      expect(calm.at(-1)).toMatchObject({ type: 'done', done: PAGES + 1, found: PAGES });
      const pageReads = server.hits.filter((h) => h.path.endsWith('.html')).map((h) => h.path);
      expect(pageReads).toHaveLength(PAGES);
      expect(new Set(pageReads).size).toBe(PAGES);

      // Then again, worker a killed (SIGKILL: no goodbye) once a third of the pages are done.
      const { id } = await jobs.create({ url: server.url('/'), depth: 10, render: false });
      let killed = false;
      const events = await drain(jobs, id, 0, (event) => {
        if (!killed && event.type === 'progress' && event.done >= PAGES / 3) {
          killed = true;
          a.kill('SIGKILL');
        }
      });
      expect(killed).toBe(true);
      expect(events.at(-1)).toMatchObject({ type: 'done', done: PAGES + 1, found: PAGES });
      const found = imageUrls(events);
      expect(new Set(found).size).toBe(found.length);
      expect([...found].sort()).toEqual([...imageUrls(calm)].sort());
      expect(await jobs.images(id)).toHaveLength(PAGES);
    } finally {
      await jobs.close();
    }
  }, 120_000);

  it('should keep a scan across an API restart: a new API re-attaches by id from its cursor', async () => {
    const worker = startWorker(redis.url);
    workers.push(worker);
    await ready(worker);
    const first = await createRedisScanJobs({
      redisUrl: redis.url,
      maxPages: 1_000,
      ttlMs: 60_000,
      maxWaitingPages: 10_000,
    });
    const { id } = await first.create({ url: server.url('/'), depth: 1, render: false });
    const seen: SequencedEvent[] = [];
    for await (const event of (await first.events(id, 0)) ?? []) {
      seen.push(event);
      if (event.type === 'image') break;
    }
    await first.close();
    const second = await createRedisScanJobs({
      redisUrl: redis.url,
      maxPages: 1_000,
      ttlMs: 60_000,
      maxWaitingPages: 10_000,
    });
    try {
      const rest = await drain(second, id, seen.at(-1)?.seq ?? 0);
      expect(rest.at(-1)).toMatchObject({ type: 'done', done: 21, found: 20 });
      const all = [...imageUrls(seen), ...imageUrls(rest)];
      expect(new Set(all).size).toBe(20);
      expect(all).toHaveLength(20);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('should hold a host to its per-host bound across all workers, not per worker', async () => {
    // Only the two workers of this test: each may read 3 pages at once, the host 2 in all.
    await Promise.all(
      workers.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    const site = await countingSite();
    const env = { EXTRACT_API_PAGES_PER_HOST: '2', EXTRACT_API_WORKER_PAGES: '3' };
    const [a, b] = [startWorker(redis.url, env), startWorker(redis.url, env)];
    workers.push(a, b);
    await Promise.all([ready(a), ready(b)]);
    const jobs = await createRedisScanJobs({
      redisUrl: redis.url,
      maxPages: 1_000,
      ttlMs: 60_000,
      maxWaitingPages: 10_000,
    });
    try {
      const events = await drain(jobs, (await jobs.create({ url: site.url, depth: 1, render: false })).id);
      expect(events.at(-1)).toMatchObject({ type: 'done', done: 13 });
      expect(site.pages).toBe(13);
      expect(site.most).toBe(2);
    } finally {
      await jobs.close();
      await site.close();
    }
  }, 60_000);
});
