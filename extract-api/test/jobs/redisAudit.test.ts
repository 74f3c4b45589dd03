/**
 * The image audit of a scan read by page workers on Redis: two workers read the seeded audit site
 * (e2e/sites/audit), the API side reads the records back (`audit(id)`, `images(id)`) and the audit
 * service builds the report with a real image pass. Every seeded problem is found, nothing on the
 * clean pages, and a page task run twice (BullMQ gives a finished task back with `retry`, as it
 * gives back the task of a worker that died) is counted once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Job, Queue } from 'bullmq';
import type { AuditReport, ImageUse } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditService } from '../../src/audit/auditService.ts';
import { createImagePass, IMAGE_PASS_DEFAULTS, type ImagePass } from '../../src/audit/imagePass/index.ts';
import { createPageWorker, createRedisScanJobs, type ScanJobs } from '../../src/jobs/index.ts';
import { pageJobId } from '../../src/jobs/redis/pageQueue.ts';
import { connect, PAGE_QUEUE, type PageTask } from '../../src/jobs/redis/store.ts';
import { createSafeFetcher } from '../../src/services/safeFetch/index.ts';
import { AUDIT_SITE_DIR, itReportsTheSeededSite } from '../audit/seededSite.ts';
import { type RedisServer, startRedisServer } from '../fixtures/redisServer.ts';

/** The page read twice, and the page held back until then (so that the scan is still running). */
const RETRIED = 'problems-alt.html';
const HELD = 'clean-gallery.html';

let assets: string;
let redis: RedisServer;
let site: { origin: string; hits: Map<string, number>; release: () => void; close: () => Promise<void> };
let jobs: ScanJobs;
let pass: ImagePass;
let jobId: string;
let uses: ImageUse[];
let report: AuditReport;
const fetcher = createSafeFetcher({ allowLoopback: true });
const workers: ReturnType<typeof createPageWorker>[] = [];

/** The seeded site, counting the requests for each page; HELD answers only once `release` is called. */
async function startSite(dir: string) {
  const serve = await import(pathToFileURL(path.join(AUDIT_SITE_DIR, 'serve.mjs')).href);
  const handle = serve.auditSiteHandler(dir) as (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  const hits = new Map<string, number>();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = http.createServer(async (req, res) => {
    const page = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    hits.set(page, (hits.get(page) ?? 0) + 1);
    if (page === HELD) await released;
    handle(req, res).catch(() => (res.headersSent ? res.destroy() : res.writeHead(500).end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  assets = mkdtempSync(path.join(os.tmpdir(), 'audit-site-'));
  const build = await import(pathToFileURL(path.join(AUDIT_SITE_DIR, 'build.mjs')).href);
  await build.buildAuditSite(assets);
  [site, redis] = await Promise.all([startSite(assets), startRedisServer()]);
  for (let n = 0; n < 2; n += 1) {
    workers.push(
      createPageWorker({
        redisUrl: redis.url,
        fetch: fetcher.fetch,
        perHost: 4,
        concurrency: 2,
        ttlMs: 120_000,
        describeFailure: (error) => String(error),
      }),
    );
  }
  jobs = await createRedisScanJobs({ redisUrl: redis.url, maxPages: 100, ttlMs: 120_000, maxWaitingPages: 1_000 });
  jobId = (await jobs.create({ url: `${site.origin}/index.html`, depth: 1, render: false, audit: true })).id;

  // RETRIED's task, once finished, is handed back to the workers while HELD keeps the scan running.
  const queue = new Queue<PageTask>(PAGE_QUEUE, { connection: connect(redis.url) });
  try {
    const taskId = pageJobId(jobId, `${site.origin}/${RETRIED}`);
    const task = await until('the first read', async () => {
      const job = (await queue.getJob(taskId)) as Job<PageTask> | undefined;
      return job && (await job.isCompleted()) ? job : undefined;
    });
    await task.retry('completed');
    await until('the second read', async () => {
      const job = await queue.getJob(taskId);
      return job && (await job.isCompleted()) && (site.hits.get(RETRIED) ?? 0) >= 2 ? true : undefined;
    });
  } finally {
    site.release();
    await queue.close();
  }
  for await (const event of (await jobs.events(jobId, 0)) ?? []) {
    if (event.type === 'done' || event.type === 'error') expect(event.type).toBe('done');
  }

  uses = (await jobs.audit(jobId))?.uses ?? [];
  pass = createImagePass({
    concurrency: 2,
    maxQueue: 8,
    maxImagesPerJob: 100,
    timeoutMs: 60_000,
    maxImageBytes: 16 * 1024 * 1024,
    maxPixels: 16_000_000,
    ssimTarget: IMAGE_PASS_DEFAULTS.ssim,
    filesBytes: 64 * 1024 * 1024,
    filesTtlMs: 120_000,
    jobTtlMs: 120_000,
    fetch: fetcher.fetch,
    tools: { ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg', ffprobePath: process.env.FFPROBE_PATH ?? 'ffprobe' },
  });
  const audits = createAuditService(jobs, pass);
  report = await until(
    'the report',
    async () => {
      const answer = await audits.report(jobId);
      if (answer.kind !== 'report') throw new Error(`no report: ${answer.kind}`);
      return answer.report.status === 'done' ? answer.report : undefined;
    },
    180_000,
  );
}, 300_000);

afterAll(async () => {
  site?.release();
  pass?.close();
  await Promise.all(workers.map((worker) => worker.close()));
  await jobs?.close();
  await fetcher.close();
  await site?.close();
  await redis?.stop();
  if (assets) rmSync(assets, { recursive: true, force: true });
});

describe('the image audit of a scan on Redis workers', () => {
  it('reads every page, one of them twice, and ends with every image encoded', () => {
    expect(site.hits.get(RETRIED)).toBe(2);
    expect(report.pages).toBe(8);
    expect(report.encoding.total).toBeGreaterThan(10);
    expect(report.encoding.done).toBe(report.encoding.total);
  });

  itReportsTheSeededSite(() => ({ report, origin: site.origin }));

  it('counts the elements of the page read twice once', () => {
    const retried = uses.filter((use) => use.pageUrl === `${site.origin}/${RETRIED}`);
    expect(retried.length).toBeGreaterThan(5);
    const elements = uses.map((use) => `${use.pageUrl} ${use.selector} ${use.imageUrl}`);
    expect(new Set(elements).size).toBe(elements.length);
    expect(report.uses).toBe(uses.length);
    const missing = report.findings.find(
      (f) => f.rule === 'alt-missing' && f.imageUrl.endsWith('/img/alt/no-alt.webp'),
    );
    expect(missing?.elements).toBe(1);
    const alt = report.summary.byRule.filter((row) => row.rule.startsWith('alt-'));
    expect(alt.reduce((sum, row) => sum + row.elements, 0)).toBe(
      report.findings.filter((f) => f.rule.startsWith('alt-')).reduce((sum, f) => sum + f.elements, 0),
    );
  });
});
