import type { Queue } from 'bullmq';
import { MESSAGES } from 'shared-contracts';
import type { ExtractionBudgets } from '../../extractors/probe/index.ts';
import { imageKey, type PageTask, type ScanStore } from '../../extractors/web/index.ts';
import type { ByteBudget } from '../../services/safeFetch/index.ts';
import { DEFAULT_AUDIT_MAX_USES } from '../auditRecords.ts';
import { addPageTask } from './pageQueue.ts';
import type { PageTask as QueuedPage, RedisScanStore } from './store.ts';

export type RedisPageStoreOptions = {
  store: RedisScanStore;
  queue: Queue<QueuedPage>;
  /** The page task being read. */
  task: QueuedPage;
  maxPages: number;
  keepSeconds: number;
  /** What the scan may spend, all workers together; unbounded when left out. */
  budgets?: ExtractionBudgets;
  /** The bytes this page may still fetch: what the scan has left when the page starts. */
  bytes?: ByteBudget;
  /** The task ran before (its worker died): its links are queued again, BullMQ keeping one task per page. */
  retried: boolean;
  /** The user's words for why a start page could not be read (the scan's error if none could). */
  describeFailure: (error: unknown) => string;
};

/**
 * The ScanStore of one page task on Redis: the scan's state is RedisScanStore's, shared by every
 * worker, so each step is one atomic script and a task retried after its worker died loses nothing
 * and repeats nothing. Images are recorded once each when given out (not when seen): a page whose
 * worker died before measuring them leaves them to the page read next.
 */
export function redisPageStore(options: RedisPageStoreOptions): ScanStore {
  const { store, task, budgets } = options;
  const { scanId, origin } = task;
  const imagesSpent = async () => !!budgets && (await store.spending(scanId)).images >= budgets.imagesPerScan;
  return {
    async budgetSpent() {
      return !!options.bytes?.exhausted || (await imagesSpent());
    },
    reading(url) {
      store.appendProgress(scanId, url).catch(() => undefined);
    },
    async freshImages(keys) {
      const [known, unchecked] = await Promise.all([
        store.knownImages(scanId, keys),
        budgets ? store.notCheckedImages(scanId, keys) : [],
      ]);
      return keys.map((_, index) => !known[index] && !unchecked[index]);
    },
    async takeImages(wanted) {
      if (!budgets) return undefined;
      return store.takeImages(scanId, Math.min(wanted, budgets.imagesPerPage), budgets.imagesPerScan);
    },
    markNotChecked: (keys) => store.markNotChecked(scanId, keys),
    async addImage(image) {
      if ((await store.knownImages(scanId, [imageKey(image.url, origin)]))[0]) return;
      await store.appendImage(scanId, { ...image, name: await store.allocateName(scanId, image.name) });
    },
    // Kept by page and by image: a retried task replaces its records. An image is fetched once a
    // scan, so the images a scan may measure bound its fetches (its elements' bound when unbudgeted).
    addAudit: (record) =>
      store.appendAudit(scanId, task.url, record, {
        pages: options.maxPages,
        fetches: budgets?.imagesPerScan ?? DEFAULT_AUDIT_MAX_USES,
      }),
    markFrames: (urls) => store.markFrames(scanId, urls),
    // A retried start page reads them again: its worker may have died before it queued their pages.
    claimSitemaps: async (siteOrigin) => (await store.claimSitemaps(scanId, siteOrigin)) || options.retried,
    async enqueue(next: PageTask) {
      const taken = await store.enqueue(scanId, next.url, options.maxPages);
      // A retried page adds its links again: BullMQ keeps one task per page of a scan.
      if (taken === 1 || (taken === 2 && options.retried)) {
        await addPageTask(options.queue, { ...next, scanId }, options.keepSeconds);
      }
    },
    markStoppedAtLimit: () => store.markStoppedAtLimit(scanId),
    startFailed: (error) => store.setStartError(scanId, options.describeFailure(error)),
    async pageDone(url, failure) {
      const finished = await store.finishPage(scanId, url, failure);
      await store.appendProgress(scanId);
      // Counted once however often the task ran; whichever worker counts the last page ends the scan.
      return finished.counted && finished.done >= finished.enqueued && (await store.claimFinish(scanId));
    },
    async end() {
      const counters = await store.counters(scanId);
      const latest = await store.meta(scanId);
      if (counters.failed === counters.done) {
        await store.append(scanId, { type: 'error', error: latest?.startError ?? MESSAGES.website.fallbackError });
        return;
      }
      await store.append(scanId, {
        type: 'done',
        found: counters.found,
        done: counters.done,
        unit: 'pages',
        ...(latest?.stoppedAtLimit ? { stoppedAtLimit: true } : {}),
        ...(counters.notChecked > 0 ? { notChecked: counters.notChecked } : {}),
      });
    },
  };
}
