import { type Job, Queue, Worker } from 'bullmq';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import {
  failureReason,
  fetchRobots,
  imageKey,
  NOT_A_PAGE,
  normalisePageUrl,
  type RobotsRules,
  readPagePolitely,
  readSitemaps,
  readWebPage,
  siteKey,
  startUrls,
  toExtractedImages,
  urlFilter,
} from '../../extractors/web/index.ts';
import type { SafeFetch } from '../../plugins/app/safeFetch/index.ts';
import { createRedisHostGate } from './redisHostGate.ts';
import { addPageTask } from './redisJobs.ts';
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
  ttlMs: number;
  /** BullMQ's lock on a page task: a worker that stops renewing it (killed) loses the task to another after this. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
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
  const store = new RedisScanStore(redis, options.ttlMs);
  const queue = new Queue<PageTask>(PAGE_QUEUE, { connection: connect(options.redisUrl) });
  const keepSeconds = Math.ceil(options.ttlMs / 1000);
  // One gate per host for every worker: the host sees at most perHost requests at once, its
  // Crawl-delay and a 429/503's pause, however many workers read it.
  const gate = createRedisHostGate(redis, { perHost: options.perHost, leaseMs: options.hostLeaseMs });
  const robotsCache = new Map<string, Promise<RobotsRules>>();
  /** Scans this worker is reading pages of: one controller each, aborted when the scan ends. */
  const active = new Map<string, { controller: AbortController; users: number }>();

  const robotsFor = (url: string, signal: AbortSignal) => {
    const { origin, host } = new URL(url);
    let rules = robotsCache.get(origin);
    if (!rules) {
      rules = fetchRobots(origin, options.fetch, signal).then(async (read) => {
        // Stored before the origin's first page is read: its Crawl-delay governs that page too.
        await gate.setCrawlDelay(host, read.crawlDelay);
        return read;
      });
      // A failed read is not kept: the next page asks again.
      rules.catch(() => robotsCache.delete(origin));
      robotsCache.set(origin, rules);
      if (robotsCache.size > ROBOTS_CACHE) robotsCache.delete(robotsCache.keys().next().value as string);
    }
    return rules;
  };

  const watch = setInterval(async () => {
    for (const [scanId, entry] of active) {
      const meta = await store.meta(scanId).catch(() => undefined);
      if (!meta || meta.ended) entry.controller.abort(new DOMException('The scan ended', 'AbortError'));
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
    const { scanId, url, depth, origin } = job.data;
    const meta = await store.meta(scanId);
    if (!meta || meta.ended) return;
    await store.markRunning(scanId);
    const { input, maxPages } = meta;
    const entry = enter(scanId);
    const { signal } = entry.controller;
    const retried = job.attemptsStarted > 1 || job.attemptsMade > 0;
    let failure: { url: string; reason: string } | undefined;
    try {
      const rules = await robotsFor(url, signal);
      const page = await readPagePolitely(gate, new URL(url).host, signal, () => {
        store.appendProgress(scanId, url).catch(() => undefined);
        return readWebPage(url, {
          fetch: options.fetch,
          signal,
          render: input.render,
          chromiumPath: options.chromiumPath,
        });
      });
      // Images: those not given out yet by this scan, measured, then recorded once each.
      const known = await store.knownImages(
        scanId,
        page.candidates.map((candidate) => imageKey(candidate.url, origin)),
      );
      const fresh = page.candidates.filter((_, index) => !known[index]);
      const measured: ExtractedImage[] = [];
      await toExtractedImages(
        fresh,
        {
          fetch: options.fetch,
          signal,
          source: 'website',
          allocateName: (name) => name,
          pageUrl: page.finalUrl,
          origin,
        },
        (image) => measured.push(image),
      );
      for (const image of measured) {
        if ((await store.knownImages(scanId, [imageKey(image.url, origin)]))[0]) continue;
        await store.appendImage(scanId, { ...image, name: await store.allocateName(scanId, image.name) });
      }
      await store.markFrames(
        scanId,
        page.frames.map((frame) => normalisePageUrl(frame) ?? frame),
      );
      if (depth < input.depth) {
        const sites = new Set(startUrls(input).map((start) => siteKey(new URL(start))));
        const follows = urlFilter(input.include, input.exclude);
        const seeds = depth === 0 && input.sitemap ? await sitemapPages(url, rules, maxPages, signal) : [];
        for (const link of [...page.links, ...seeds]) {
          const next = normalisePageUrl(link);
          if (!next) continue;
          const parsed = new URL(next);
          if (!sites.has(siteKey(parsed)) || NOT_A_PAGE.test(parsed.pathname) || !follows(next)) continue;
          if (!(await robotsFor(next, signal)).isAllowed(next)) continue;
          const taken = await store.enqueue(scanId, next, maxPages);
          // A retried page adds its links again: BullMQ keeps one task per page of a scan.
          if (taken === 1 || (taken === 2 && retried)) {
            await addPageTask(queue, { scanId, url: next, depth: depth + 1, origin }, keepSeconds);
          }
        }
      }
    } catch (error) {
      // Cancelled, or the scan ended: nothing to record.
      if (signal.aborted) return;
      failure = { url, reason: failureReason(error) };
      // Why the scan fails if no start page can be read, worded for the user.
      if (depth === 0) await store.setStartError(scanId, options.describeFailure(error));
    } finally {
      leave(scanId);
    }
    const finished = await store.finishPage(scanId, url, failure);
    await store.appendProgress(scanId);
    if (finished.counted && finished.done >= finished.enqueued && (await store.claimFinish(scanId))) {
      const counters = await store.counters(scanId);
      const latest = await store.meta(scanId);
      if (counters.failed === counters.done) {
        await store.append(scanId, { type: 'error', error: latest?.startError ?? MESSAGES.website.fallbackError });
      } else {
        await store.append(scanId, {
          type: 'done',
          found: counters.found,
          done: counters.done,
          unit: 'pages',
          ...(latest?.stoppedAtLimit ? { stoppedAtLimit: true } : {}),
        });
      }
    }
  }

  async function sitemapPages(pageUrl: string, rules: RobotsRules, max: number, signal: AbortSignal) {
    const { origin } = new URL(pageUrl);
    return readSitemaps([new URL('/sitemap.xml', origin).href, ...(rules.sitemaps ?? [])], options.fetch, max, signal);
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
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 15_000,
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
