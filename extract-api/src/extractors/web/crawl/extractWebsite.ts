import type { ExtractionEvent } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts';
import type { SafeFetch } from '../../../services/safeFetch/index.ts';
import { createLimiter, ExtractionBudget, type ExtractionBudgets } from '../../probe/index.ts';
import { createHostGate, type HostGate } from '../hostGate.ts';
import { PROBE_CONCURRENCY } from '../toExtractedImages.ts';
import { readScanPage } from './readScanPage.ts';
import { createRobotsCache } from './robotsCache.ts';
import {
  CRAWL_DEFAULTS,
  type CrawlInput,
  failureReason,
  linkRule,
  MAX_LISTED_FAILURES,
  startOrigins,
  startUrls,
} from './rules.ts';
import { MemoryScanStore, type PageTask } from './scanStore.ts';

/** What the scan runs with: the safe fetch, and the Chromium that renders pages. */
export type CrawlEnvironment = {
  fetch: SafeFetch;
  chromiumPath?: string;
  /** Requests at once per host (CRAWL_DEFAULTS.pagesPerHost by default). */
  perHost?: number;
  /** What one scan may spend: images measured per page and in all, bytes fetched. Unbounded when left out. */
  budgets?: ExtractionBudgets;
  /** The gate of image probes per host shared by every extraction of the process (see toExtractedImages). */
  probeGate?: HostGate;
};

/**
 * Breadth-first scan from its start pages, level by level up to `depth` link hops, at most
 * `maxPages` pages, each page through readScanPage (the crawl rules: same site, robots.txt and
 * Crawl-delay for every page but the ones the user gave, include/exclude patterns, sitemap seeding,
 * each image once), its state in a MemoryScanStore. Per host at most `perHost` requests at once. An
 * extractor (`(input, signal)`, bound to its environment): yields the one event union as it goes,
 * progress counted in pages (and failed pages, with why); each image once, with the first page it
 * was found on. Aborting the signal stops it between requests and cancels those in flight.
 *
 * With `budgets`, every fetch of the scan counts against one byte budget, and its pages' new
 * candidates against the images per page and per scan; those over budget are counted (progress's
 * and done's `notChecked`), never fetched. Once a budget is spent no link is followed, the pages
 * already taken are listed as not read, and done says `stoppedAtLimit`.
 */
export async function* extractWebsite(
  input: CrawlInput,
  signal: AbortSignal | undefined,
  environment: CrawlEnvironment,
): AsyncGenerator<ExtractionEvent> {
  const { depth, maxPages } = input;
  const budget = environment.budgets ? new ExtractionBudget(environment.budgets) : undefined;
  const fetch = budget ? budget.metered(environment.fetch) : environment.fetch;
  const starts = startUrls(input);
  const first = starts[0];
  if (!first) throw new TypeError('[crawl] no start address');
  const gate = createHostGate(environment.perHost ?? CRAWL_DEFAULTS.pagesPerHost);
  const limit = createLimiter(CRAWL_DEFAULTS.pages);
  const reader = {
    input,
    follows: linkRule(input),
    fetch,
    signal,
    gate,
    robots: createRobotsCache(fetch, gate),
    chromiumPath: environment.chromiumPath,
    ...(environment.probeGate ? { probeGate: environment.probeGate } : {}),
    limiter: createLimiter(PROBE_CONCURRENCY),
  };

  // Events produced by pages read in parallel, handed to the consumer in the order they happen.
  const events: ExtractionEvent[] = [];
  let wake: (() => void) | undefined;
  const push = (event: ExtractionEvent) => {
    events.push(event);
    wake?.();
  };
  let pagesScanned = 0;
  let failed = 0;
  let queued = 0;
  const failures: { url: string; reason: string }[] = [];
  const progress = (detail?: string, withFailures = false): ExtractionEvent => ({
    type: 'progress',
    unit: 'pages',
    done: pagesScanned,
    queued: queued + store.frontier.length,
    found: store.found,
    ...(failed > 0 ? { failed } : {}),
    ...(withFailures ? { failures: [...failures] } : {}),
    ...(detail ? { detail } : {}),
    ...(store.notChecked > 0 ? { notChecked: store.notChecked } : {}),
  });
  const store = new MemoryScanStore(starts, budget, {
    image: (image) => push({ type: 'image', image }),
    reading: (url) => push(progress(url)),
  });
  const fail = (url: string, reason: string) => {
    failed += 1;
    if (failures.length < MAX_LISTED_FAILURES) failures.push({ url, reason });
  };

  const origins = startOrigins(input);
  let level: PageTask[] = starts.map((url) => ({ url, depth: 0, ...(origins ? { origin: origins.get(url) } : {}) }));
  let startError: unknown;

  yield { type: 'start', runsOn: 'server', unit: 'pages', url: first, depth, maxPages };

  // Level 0 is the start pages; level `depth` is the last one read (its links are not followed).
  for (let currentDepth = 0; currentDepth <= depth && level.length > 0; currentDepth += 1) {
    const room = maxPages - pagesScanned;
    if (room <= 0 || budget?.spent) {
      store.stoppedAtLimit = true;
      break;
    }
    if (level.length > room) store.stoppedAtLimit = true;
    const pages = level.slice(0, room);
    store.frontier = [];
    let remaining = pages.length;
    queued = pages.length;

    const readOne = async (task: PageTask) => {
      let failedNow = false;
      try {
        if ((await readScanPage(task, reader, store)) === 'not-read') {
          failedNow = true;
          fail(task.url, MESSAGES.budget.pageNotRead);
        }
      } catch (error) {
        if (signal?.aborted) throw error;
        // One broken page does not end a scan; every start page failing does (nothing else to read).
        startError ??= currentDepth === 0 ? error : undefined;
        failedNow = true;
        fail(task.url, failureReason(error));
      } finally {
        pagesScanned += 1;
        queued -= 1;
        remaining -= 1;
        push(progress(undefined, failedNow));
      }
    };

    const work = Promise.all(pages.map((task) => limit(() => readOne(task)))).finally(() => wake?.());
    work.catch(() => undefined);
    while (remaining > 0 || events.length > 0) {
      if (events.length === 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      yield events.shift() as ExtractionEvent;
    }
    await work;
    if (currentDepth === 0 && startError && failed === pages.length) throw startError;
    level = store.frontier;
  }

  yield {
    type: 'done',
    found: store.found,
    done: pagesScanned,
    unit: 'pages',
    stoppedAtLimit: store.stoppedAtLimit || undefined,
    ...(store.notChecked > 0 ? { notChecked: store.notChecked } : {}),
  };
}
