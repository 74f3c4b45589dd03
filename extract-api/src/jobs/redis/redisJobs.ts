import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { MESSAGES, type SequencedEvent } from 'shared-contracts';
import { startOrigins, startUrls } from '../../extractors/web/index.ts';
import { DEFAULT_AUDIT_MAX_USES, parseAuditLines } from '../auditRecords.ts';
import { newJobId } from '../shared.ts';
import { type FinishedJobsBound, JobsBusyError, type ScanJobs, type WebsiteJobInput } from '../types.ts';
import { addPageTask } from './pageQueue.ts';
import { connect, PAGE_QUEUE, type PageTask, RedisScanStore } from './store.ts';

/** How often a reader following a scan looks for what is new (Redis is asked, nothing blocks). */
export const FOLLOW_POLL_MS = 200;

export type RedisScanJobsOptions = {
  redisUrl: string;
  maxPages: number;
  ttlMs: number;
  /** Finished scans kept at most (the oldest deleted first); unbounded when left out. */
  finished?: FinishedJobsBound;
  /** Page tasks that may wait in the queue; more scans are refused (503). */
  maxWaitingPages: number;
  /** An auditing scan's element uses read back at most (the rest are counted). */
  auditMaxUses?: number;
};

/**
 * The job interface on Redis (REDIS_URL): the API creates a scan (its state in Redis, its start
 * pages as BullMQ page tasks) and reads it back; `pnpm worker` processes do the pages. Any API
 * instance answers for any scan: nothing of it lives in this process.
 */
export async function createRedisScanJobs(options: RedisScanJobsOptions): Promise<ScanJobs> {
  const redis = connect(options.redisUrl);
  const store = new RedisScanStore(redis, options.ttlMs, options.finished);
  const queue = new Queue<PageTask>(PAGE_QUEUE, { connection: redis });
  const keepSeconds = Math.ceil(options.ttlMs / 1000);

  // Node's timer removes its abort listener when it fires: a reader polls five times a second
  // for as long as a scan runs, and a listener left on its request's signal each time was a leak.
  const wait = (ms: number, signal?: AbortSignal) =>
    sleep(ms, undefined, signal ? { signal } : {}).catch(() => undefined);

  async function* follow(id: string, after: number, signal?: AbortSignal): AsyncGenerator<SequencedEvent> {
    let cursor = after;
    while (!signal?.aborted) {
      const events = await store.eventsAfter(id, cursor);
      for (const event of events) {
        yield event;
        cursor = event.seq;
        if (event.type === 'done' || event.type === 'error') return;
      }
      if (events.length === 0) {
        const meta = await store.meta(id);
        if (!meta) return;
        await wait(FOLLOW_POLL_MS, signal);
      }
    }
  }

  return {
    kind: 'redis',
    async create(input: WebsiteJobInput) {
      const waiting = await queue.getWaitingCount();
      if (waiting >= options.maxWaitingPages) throw new JobsBusyError(MESSAGES.website.busy);
      const id = newJobId();
      const starts = startUrls(input);
      const origins = startOrigins(input);
      await store.createScan(id, { input, maxPages: options.maxPages, createdAt: Date.now() });
      await store.append(id, {
        type: 'start',
        runsOn: 'server',
        unit: 'pages',
        url: starts[0],
        depth: input.depth,
        maxPages: options.maxPages,
      });
      for (const url of starts) {
        if ((await store.enqueue(id, url, options.maxPages)) === 1) {
          await addPageTask(queue, { scanId: id, url, depth: 0, origin: origins?.get(url) }, keepSeconds);
        }
      }
      await store.appendProgress(id);
      return { id, status: 'queued' as const };
    },
    snapshot: (id, after) => store.snapshot(id, after),
    async events(id, after, signal) {
      if (!(await store.meta(id))) return undefined;
      return follow(id, after, signal);
    },
    async cancel(id) {
      const meta = await store.meta(id);
      if (!meta) return undefined;
      // Ended at once; workers see it and drop the scan's pages (those in flight are aborted).
      if (!meta.ended) await store.append(id, { type: 'error', error: MESSAGES.website.cancelled, code: 'cancelled' });
      const snapshot = await store.snapshot(id, Number.MAX_SAFE_INTEGER);
      return snapshot;
    },
    images: (id) => store.images(id),
    async audit(id) {
      const meta = await store.meta(id);
      if (!meta) return undefined;
      const [lines, counters] = await Promise.all([store.auditLines(id), store.counters(id)]);
      const data = parseAuditLines(lines, options.auditMaxUses ?? DEFAULT_AUDIT_MAX_USES);
      return { ...data, input: meta.input, status: meta.status, pages: counters.done };
    },
    async close() {
      await queue.close();
      redis.disconnect();
    },
  };
}
