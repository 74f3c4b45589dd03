import type { ExtractionEvent } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts';
import type { SafeFetch } from '../../../services/safeFetch/index.ts';
import { fullSizeChecks, type OriginalLimits } from '../../originals/index.ts';
import { createLimiter, ExtractionBudget, type ExtractionBudgets } from '../../probe/index.ts';
import { createHostGate, type HostGate } from '../hostGate.ts';
import { loadPageScanner } from '../readWebPage.ts';
import { PROBE_CONCURRENCY } from '../toExtractedImages.ts';
import { crawlPage } from './crawlPage.ts';
import { CRAWL_DEFAULTS } from './defaults.ts';
import type { PageReader } from './readScanPage.ts';
import { createRobotsCache } from './robotsCache.ts';
import { type CrawlInput, linkRule, startOrigins, startUrls } from './rules.ts';
import { type AuditRecord, MemoryScanStore } from './scanStore.ts';

/** What the scan runs with: the safe fetch, and the Chromium that renders pages. */
export type CrawlEnvironment = {
  fetch: SafeFetch;
  chromiumPath?: string;
  /** Requests at once per host (CRAWL_DEFAULTS.pagesPerHost by default). */
  perHost?: number;
  /**
   * The pages' gate per host, when the caller's own requests to those hosts are to share it (the
   * CLI's downloads of the images it saves): one of the scan's own, of `perHost`, when left out.
   */
  gate?: HostGate;
  /** The whole files the scan's probes read (small images), for a caller that saves them (see toExtractedImages). */
  onWholeFile?: (url: string, bytes: Uint8Array) => void;
  /** What one scan may spend: images measured per page and in all, bytes fetched. Unbounded when left out. */
  budgets?: ExtractionBudgets;
  /** The gate of image probes per host shared by every extraction of the process (see toExtractedImages). */
  probeGate?: HostGate;
  /** How far full-size originals are checked (the service's settings); none are looked for when left out. */
  originals?: OriginalLimits;
  /** An auditing scan's records (see ScanStore's addAudit), for the job that keeps them. */
  onAudit?: (record: AuditRecord) => void;
  /** An auditing scan's image elements read per page. */
  auditMaxUsesPerPage?: number;
};

/**
 * The worker loop in this process: the scan's pages are read by crawlPage, as `pnpm worker` reads
 * them on Redis, here from an in-process queue (breadth-first: pages in the order found, at most
 * CRAWL_DEFAULTS.pages at once, per host at most `perHost`), the state in a MemoryScanStore. Up to
 * `depth` link hops from the start pages, at most `maxPages` pages. An extractor (`(input, signal)`,
 * bound to its environment): yields the one event union as it goes, progress counted in pages (and
 * failed pages, with why); each image once, with the first page it was found on. Aborting the
 * signal stops it between requests and cancels those in flight.
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
  // The page scanner loads while robots.txt and the first page are asked for.
  loadPageScanner();
  const gate = environment.gate ?? createHostGate(environment.perHost ?? CRAWL_DEFAULTS.pagesPerHost);
  const limit = createLimiter(CRAWL_DEFAULTS.pages);
  const reader: PageReader = {
    input,
    follows: linkRule(input),
    fetch,
    signal,
    gate,
    robots: createRobotsCache(fetch, gate),
    chromiumPath: environment.chromiumPath,
    ...(environment.probeGate ? { probeGate: environment.probeGate } : {}),
    limiter: createLimiter(PROBE_CONCURRENCY),
    followWhileMeasuring: budget === undefined,
    stylesheets: new Map(),
    ...fullSizeChecks(input, environment.originals),
    ...(environment.onWholeFile ? { onWholeFile: environment.onWholeFile } : {}),
    ...(environment.auditMaxUsesPerPage ? { auditMaxUsesPerPage: environment.auditMaxUsesPerPage } : {}),
  };

  // Events of pages read in parallel, handed to the consumer in the order they happen.
  const events: ExtractionEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  // A fault of the loop itself (not a page's: crawlPage counts those), ending the scan.
  let fault: { error: unknown } | undefined;
  const store: MemoryScanStore = new MemoryScanStore(maxPages, budget, {
    emit(event) {
      events.push(event);
      wake?.();
    },
    take(task) {
      // Aborted, a page's turn ends without counting it: the loop is woken to stop (no listener of
      // its own on the signal, which every request of the scan shares).
      limit(() => crawlPage(task, reader, store)).then(
        () => {
          if (signal?.aborted) wake?.();
        },
        (error) => {
          fault ??= { error };
          wake?.();
        },
      );
    },
    ended() {
      ended = true;
      wake?.();
    },
    ...(environment.onAudit ? { audit: environment.onAudit } : {}),
  });
  yield { type: 'start', runsOn: 'server', unit: 'pages', url: first, depth, maxPages };
  const origins = startOrigins(input);
  for (const url of starts) await store.enqueue({ url, depth: 0, ...(origins ? { origin: origins.get(url) } : {}) });
  // No page to read (a page limit of 0): nothing will end the scan but this.
  if (store.enqueued === 0) ended = true;

  while (!ended || events.length > 0) {
    if (signal?.aborted) throw signal.reason;
    if (fault) throw fault.error;
    const event = events.shift();
    if (event) {
      yield event;
      continue;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = undefined;
  }
  if (signal?.aborted) throw signal.reason;
  if (store.done > 0 && store.failed === store.done)
    throw store.startError ?? new Error(MESSAGES.website.fallbackError);

  yield {
    type: 'done',
    found: store.found,
    done: store.done,
    unit: 'pages',
    stoppedAtLimit: store.stoppedAtLimit || undefined,
    ...(store.notChecked > 0 ? { notChecked: store.notChecked } : {}),
  };
}
