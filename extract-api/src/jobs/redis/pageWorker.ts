import { type Job, Queue, Worker } from 'bullmq';
import { fullSizeChecks, type OriginalLimits } from '../../extractors/originals/index.ts';
import type { ExtractionBudgets } from '../../extractors/probe/index.ts';
import { crawlPage, createRobotsCache, linkRule } from '../../extractors/web/index.ts';
import { ByteBudget, type SafeFetch, withByteBudget } from '../../services/safeFetch/index.ts';
import { scanTimeLimitEvent } from '../shared.ts';
import type { FinishedJobsBound } from '../types.ts';
import { createRedisHostGate, PROBE_KEY_PREFIX } from './redisHostGate.ts';
import { redisPageStore } from './redisPageStore.ts';
import { connect, PAGE_QUEUE, type PageTask, RedisScanStore } from './store.ts';

export type PageWorkerOptions = {
  redisUrl: string;
  fetch: SafeFetch;
  chromiumPath?: string;
  /** Requests one host is sent at once, by all workers together (the gate is in Redis). */
  perHost: number;
  /** A request's place at its host, renewed while it runs, lapses this long after its worker died (HOST_LEASE_MS). */
  hostLeaseMs?: number;
  /** Pages this worker reads at once. */
  concurrency: number;
  /** A scan is stopped this long after it was created (EXTRACT_API_SCAN_TIME_LIMIT_MIN), what it found kept. */
  scanTimeLimitMs?: number;
  /** What one scan may spend, all workers together (its counts are in Redis); unbounded when left out. */
  budgets?: ExtractionBudgets;
  /** How far full-size originals are checked; none are looked for when left out. */
  originals?: OriginalLimits;
  /** An auditing scan's image elements read per page. */
  auditMaxUsesPerPage?: number;
  /** Image probes one host is sent at once by all workers and API instances together; per page task only when left out. */
  probesPerHost?: number;
  ttlMs: number;
  /** Finished scans kept at most, as the API's (a worker ends most scans); unbounded when left out. */
  finished?: FinishedJobsBound;
  /**
   * BullMQ's lock on a page task (EXTRACT_API_WORKER_LOCK_MS; BullMQ's own when left out): a worker
   * that stops renewing it (killed) loses the task to another after this, found by a stalled-task
   * check every half of it.
   */
  lockDurationMs?: number;
  /** The user's words for why a scan failed (all its pages did). */
  describeFailure: (error: unknown) => string;
  log?: { error: (object: object, message: string) => void };
};

/** How often a worker checks whether the scans it reads were cancelled. */
const CANCEL_POLL_MS = 250;
/** robots.txt files a worker keeps (per origin), the oldest dropped first. */
const ROBOTS_CACHE = 1_000;

/**
 * A `pnpm worker` process's engine: a BullMQ worker reading page tasks of any scan. A page is
 * read, its new images measured and recorded once (the scan's image set in Redis), its links taken
 * into the scan's frontier once (a Redis set) and queued as tasks, then counted done once; the
 * worker that counts the last page writes the scan's last event. Every step is idempotent, so a
 * task retried after its worker died (BullMQ's stalled-job check) loses nothing and repeats nothing.
 */
export function createPageWorker(options: PageWorkerOptions) {
  const redis = connect(options.redisUrl);
  const store = new RedisScanStore(redis, options.ttlMs, options.finished);
  const queue = new Queue<PageTask>(PAGE_QUEUE, { connection: connect(options.redisUrl) });
  const keepSeconds = Math.ceil(options.ttlMs / 1000);
  // One gate per host for every worker: the host sees at most perHost requests at once, its
  // Crawl-delay and a 429/503's pause, however many workers read it.
  const gate = createRedisHostGate(redis, { perHost: options.perHost, leaseMs: options.hostLeaseMs });
  // Image probes: the gate the API's own extractions pass too (createProbeGate), by host.
  const probeGate =
    options.probesPerHost === undefined
      ? undefined
      : createRedisHostGate(redis, { perHost: options.probesPerHost, keyPrefix: PROBE_KEY_PREFIX });
  // Kept across the scans this worker reads: a site's robots.txt is read once per worker.
  const robots = createRobotsCache(options.fetch, gate, ROBOTS_CACHE);
  /** Scans this worker is reading pages of: one controller each, aborted when the scan ends. */
  const active = new Map<string, { controller: AbortController; users: number }>();

  // The scan's clock runs from its creation: its pages are read by any worker, none of which saw it start.
  const overTime = (meta: { createdAt: number }) =>
    options.scanTimeLimitMs !== undefined && Date.now() - meta.createdAt >= options.scanTimeLimitMs;
  // Whichever worker sees it first ends the scan; the store takes no event after the last.
  const endAtTimeLimit = async (scanId: string) => {
    await store.append(scanId, scanTimeLimitEvent(options.scanTimeLimitMs ?? 0)).catch(() => undefined);
  };

  const watch = setInterval(async () => {
    for (const [scanId, entry] of active) {
      const meta = await store.meta(scanId).catch(() => undefined);
      if (meta && !meta.ended && overTime(meta)) await endAtTimeLimit(scanId);
      if (!meta || meta.ended || overTime(meta))
        entry.controller.abort(new DOMException('The scan ended', 'AbortError'));
    }
  }, CANCEL_POLL_MS);
  watch.unref();

  const enter = (scanId: string) => {
    let entry = active.get(scanId);
    if (!entry) {
      entry = { controller: new AbortController(), users: 0 };
      active.set(scanId, entry);
    }
    entry.users += 1;
    return entry;
  };
  const leave = (scanId: string) => {
    const entry = active.get(scanId);
    if (entry && --entry.users === 0) active.delete(scanId);
  };

  async function processPage(job: Job<PageTask>) {
    const { scanId } = job.data;
    const meta = await store.meta(scanId);
    if (!meta || meta.ended) return;
    if (overTime(meta)) return endAtTimeLimit(scanId);
    await store.markRunning(scanId);
    const { input, maxPages } = meta;
    const { budgets } = options;
    // The scan's spending so far, by every worker. This page may fetch what is left: pages of one
    // scan read at once on several workers may together pass the budget by what each reads.
    const spent = budgets ? await store.spending(scanId) : undefined;
    const bytes = budgets && spent ? new ByteBudget(Math.max(0, budgets.bytesPerExtraction - spent.bytes)) : undefined;
    const fetch = bytes ? withByteBudget(options.fetch, bytes) : options.fetch;
    const entry = enter(scanId);
    const { signal } = entry.controller;
    const pageStore = redisPageStore({
      store,
      queue,
      task: job.data,
      maxPages,
      keepSeconds,
      ...(budgets ? { budgets } : {}),
      ...(bytes ? { bytes } : {}),
      retried: job.attemptsStarted > 1 || job.attemptsMade > 0,
      describeFailure: options.describeFailure,
    });
    const reader = {
      input: { ...input, maxPages },
      follows: linkRule(input),
      fetch,
      signal,
      gate,
      robots,
      chromiumPath: options.chromiumPath,
      ...(probeGate ? { probeGate } : {}),
      ...fullSizeChecks(input, options.originals),
      ...(options.auditMaxUsesPerPage ? { auditMaxUsesPerPage: options.auditMaxUsesPerPage } : {}),
    };
    try {
      await crawlPage(job.data, reader, pageStore);
    } finally {
      leave(scanId);
      await store.spendBytes(scanId, bytes?.spent ?? 0).catch(() => undefined);
    }
  }

  const worker = new Worker<PageTask>(
    PAGE_QUEUE,
    async (job) => {
      try {
        await processPage(job);
      } catch (error) {
        options.log?.error({ err: error, scan: job.data.scanId, url: job.data.url }, 'page task failed');
        throw error;
      }
    },
    {
      connection: connect(options.redisUrl),
      concurrency: options.concurrency,
      ...(options.lockDurationMs === undefined
        ? {}
        : {
            lockDuration: options.lockDurationMs,
            stalledInterval: Math.max(500, Math.round(options.lockDurationMs / 2)),
          }),
      // A task whose worker died is given to another up to this many times.
      maxStalledCount: 5,
    },
  );

  return {
    worker,
    async close() {
      clearInterval(watch);
      for (const entry of active.values()) entry.controller.abort(new DOMException('Worker closing', 'AbortError'));
      await worker.close();
      await queue.close();
      redis.disconnect();
    },
  };
}
