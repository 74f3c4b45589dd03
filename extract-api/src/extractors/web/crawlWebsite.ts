import { createNameAllocator } from 'media-files';
import { type ExtractedImage, type ExtractionEvent, MESSAGES } from 'shared-contracts';
import { isSafeFetchError, type SafeFetch } from '../../plugins/app/safeFetch/index.ts';
import { createLimiter, ExtractionBudget, type ExtractionBudgets } from '../probe/index.ts';
import { RetryLaterError } from './errors.ts';
import { createHostGate, type HostGate } from './hostGate.ts';
import { urlFilter } from './patterns.ts';
import { readWebPage, type WebPageRead } from './readWebPage.ts';
import { fetchRobots, type RobotsRules } from './robots.ts';
import { siteKey } from './site.ts';
import { readSitemaps } from './sitemap.ts';
import { imageKey, PROBE_CONCURRENCY, toExtractedImages } from './toExtractedImages.ts';

/** Pages of one host read at once: polite to the site, and enough to keep two cores busy. */
export const PAGES_PER_HOST_CONCURRENCY = 4;
/** Pages read at once in all (a batch spans several hosts). */
export const PAGES_CONCURRENCY = 8;
/** A page answering 429/503 is asked again this many times, after its Retry-After or a doubling back-off. */
export const PAGE_RETRIES = 3;
const FIRST_BACKOFF_MS = 1_000;
/** Failed pages listed with their reason (all are counted). */
export const MAX_LISTED_FAILURES = 50;

/** What to scan. */
export type CrawlInput = {
  /** The start page; `urls` adds more (a batch is one scan). */
  url?: string;
  urls?: readonly string[];
  /**
   * Link hops followed from the start page, as wget `-l` and every crawler count them: 0 reads the
   * start pages only (the URL tool's list); 1 reads the start page and the pages it links to; 2
   * adds the pages those link to; and so on.
   */
  depth: number;
  maxPages: number;
  render?: boolean;
  /** URL patterns a followed link must match (any) and must not match (none); see patterns.ts. */
  include?: readonly string[];
  exclude?: readonly string[];
  /** Also seed the first hop with the pages each start site's sitemaps list. */
  sitemap?: boolean;
};

/** What the scan runs with: the safe fetch, and the Chromium that renders pages. */
export type CrawlEnvironment = {
  fetch: SafeFetch;
  chromiumPath?: string;
  /** Requests at once per host (PAGES_PER_HOST_CONCURRENCY by default). */
  perHost?: number;
  /** What one scan may spend: images measured per page and in all, bytes fetched. Unbounded when left out. */
  budgets?: ExtractionBudgets;
  /** The gate of image probes per host shared by every extraction of the process (see toExtractedImages). */
  probeGate?: HostGate;
};

// Links to these are files, not pages: not worth a request to find out.
export const NOT_A_PAGE =
  /\.(jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|rar|7z|mp[34]|m4[av]|mov|webm|mkv|avi|wav|ogg|flac|css|js|json|xml|rss|atom|woff2?|ttf|otf|eot|exe|dmg|apk|docx?|xlsx?|pptx?)$/i;

export function normalisePageUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    parsed.hash = '';
    return parsed.href;
  } catch {
    return undefined;
  }
}

/** Why a page failed, in a few words (the list on the screen). */
export function failureReason(error: unknown): string {
  if (isSafeFetchError(error) && error.code === 'http-status' && error.status) return `HTTP ${error.status}`;
  if (error instanceof RetryLaterError) return `HTTP ${error.status}, still after ${PAGE_RETRIES} retries`;
  return error instanceof Error && error.message ? error.message : 'could not be read';
}

/** The start addresses of a scan, normalised and unique (at least one: the schema sees to it). */
export function startUrls(input: Pick<CrawlInput, 'url' | 'urls'>): string[] {
  const all = [...(input.url ? [input.url] : []), ...(input.urls ?? [])];
  return [...new Set(all.map((url) => normalisePageUrl(url) ?? url))];
}

/**
 * A batch's start addresses (normalised) and the address each was given as: what its images'
 * `origin` says. Undefined for a scan of one start page (its images name no origin).
 */
export function startOrigins(input: Pick<CrawlInput, 'url' | 'urls'>): Map<string, string> | undefined {
  const given = [...(input.url ? [input.url] : []), ...(input.urls ?? [])];
  const origins = new Map<string, string>();
  for (const url of given) {
    const start = normalisePageUrl(url) ?? url;
    if (!origins.has(start)) origins.set(start, url);
  }
  return origins.size > 1 ? origins : undefined;
}

/** One page, through its host's gate; a 429/503 pauses the host and the page is asked again, PAGE_RETRIES times. */
export async function readPagePolitely(
  gate: HostGate,
  host: string,
  signal: AbortSignal | undefined,
  read: () => Promise<WebPageRead>,
): Promise<WebPageRead> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await gate.run(host, read, signal);
    } catch (error) {
      if (!(error instanceof RetryLaterError) || attempt >= PAGE_RETRIES) throw error;
      await gate.pause(host, error.retryAfterMs ?? FIRST_BACKOFF_MS * 2 ** attempt);
    }
  }
}

/**
 * Breadth-first scan from its start pages, level by level up to `depth` link hops, at most
 * `maxPages` pages, same site as a start page only, honouring robots.txt (rules and Crawl-delay)
 * for every page but the ones the user gave, and the include/exclude patterns for followed links.
 * Per host at most `perHost` requests at once; a 429 or 503 pauses the host for its Retry-After
 * (or a doubling back-off) and the page is asked again. An extractor (`(input, signal)`, bound to
 * its environment): yields the one event union as it goes, progress counted in pages (and failed
 * pages, with why); each image once, with the first page it was found on. Aborting the signal
 * stops it between requests and cancels those in flight.
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
  // The scan's probes at once, whichever of its pages they are for.
  const probeLimiter = createLimiter(PROBE_CONCURRENCY);
  const starts = startUrls(input);
  const first = starts[0];
  if (!first) throw new TypeError('[crawl] no start address');
  const sites = new Set(starts.map((url) => siteKey(new URL(url))));
  const follows = urlFilter(input.include, input.exclude);
  const allocateName = createNameAllocator();
  const limit = createLimiter(PAGES_CONCURRENCY);
  const gate = createHostGate(environment.perHost ?? PAGES_PER_HOST_CONCURRENCY);

  // robots.txt of each origin, read once, before the first page of that origin.
  const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
  const robotsFor = (url: string) => {
    const { origin, host } = new URL(url);
    let rules = robotsByOrigin.get(origin);
    if (!rules) {
      rules = fetchRobots(origin, fetch, signal).then((read) => {
        gate.setCrawlDelay(host, read.crawlDelay);
        return read;
      });
      robotsByOrigin.set(origin, rules);
    }
    return rules;
  };

  // A batch: each page's start address (its images' origin), each image once per start address.
  const origins = startOrigins(input);
  const originOf = new Map<string, string>(origins ? [...origins] : []);
  const seenPages = new Set<string>(starts);
  const seenImages = new Set<string>();
  let level: string[] = [...starts];
  let pagesScanned = 0;
  let imagesFound = 0;
  let failed = 0;
  let notChecked = 0;
  const failures: { url: string; reason: string }[] = [];
  let startError: unknown;
  let stoppedAtLimit = false;

  yield { type: 'start', runsOn: 'server', unit: 'pages', url: first, depth, maxPages };

  // Sitemap seeding: their pages join the first hop (pages the sites themselves point at).
  let seeded: string[] = [];
  if (input.sitemap && depth >= 1) {
    const origins = [...new Set(starts.map((url) => new URL(url).origin))];
    const lists = await Promise.all(
      origins.map(async (origin) => {
        const rules = await robotsFor(origin);
        const named = [new URL('/sitemap.xml', origin).href, ...(rules.sitemaps ?? [])];
        return readSitemaps(named, fetch, maxPages, signal);
      }),
    );
    seeded = lists.flat();
  }

  // Level 0 is the start pages; level `depth` is the last one read (its links are not followed).
  for (let currentDepth = 0; currentDepth <= depth && level.length > 0; currentDepth += 1) {
    const room = maxPages - pagesScanned;
    if (room <= 0 || budget?.spent) {
      stoppedAtLimit = true;
      break;
    }
    if (level.length > room) stoppedAtLimit = true;
    const pages = level.slice(0, room);
    const nextLevel: string[] = [];
    // Events produced by pages read in parallel, handed to the consumer in the order they happen.
    const events: ExtractionEvent[] = [];
    let wake: (() => void) | undefined;
    const push = (event: ExtractionEvent) => {
      events.push(event);
      wake?.();
    };
    let remaining = pages.length;
    let queued = pages.length;
    const progress = (detail?: string, withFailures = false): ExtractionEvent => ({
      type: 'progress',
      unit: 'pages',
      done: pagesScanned,
      queued: queued + nextLevel.length,
      found: imagesFound,
      ...(failed > 0 ? { failed } : {}),
      ...(withFailures ? { failures: [...failures] } : {}),
      ...(detail ? { detail } : {}),
      ...(notChecked > 0 ? { notChecked } : {}),
    });
    const enqueue = async (link: string, fromDepth: number, origin: string | undefined) => {
      const next = normalisePageUrl(link);
      if (!next || seenPages.has(next)) return;
      const parsed = new URL(next);
      if (!sites.has(siteKey(parsed)) || NOT_A_PAGE.test(parsed.pathname) || !follows(next)) return;
      seenPages.add(next);
      if (origin !== undefined) originOf.set(next, origin);
      if (fromDepth < depth && (await robotsFor(next)).isAllowed(next)) nextLevel.push(next);
    };

    const readOne = async (pageUrl: string) => {
      const { host } = new URL(pageUrl);
      const isStart = currentDepth === 0;
      let failedNow = false;
      const origin = originOf.get(pageUrl);
      try {
        if (budget?.spent) {
          // Taken into the scan before its budget ran out: listed as not read, with why.
          stoppedAtLimit = true;
          failed += 1;
          failedNow = true;
          if (failures.length < MAX_LISTED_FAILURES)
            failures.push({ url: pageUrl, reason: MESSAGES.budget.pageNotRead });
          return;
        }
        // Read before the first page of its origin: its Crawl-delay governs that page too.
        await robotsFor(pageUrl);
        const page = await readPolitely(pageUrl, host);
        const fresh = page.candidates.filter((candidate) => {
          const key = imageKey(candidate.url, origin);
          if (seenImages.has(key)) return false;
          seenImages.add(key);
          return true;
        });
        const outcome = await toExtractedImages(
          fresh,
          {
            fetch,
            signal,
            source: 'website',
            allocateName,
            pageUrl: page.finalUrl,
            origin,
            ...(budget ? { limit: budget.takeImages(fresh.length) } : {}),
            ...(environment.probeGate ? { probeGate: environment.probeGate } : {}),
            limiter: probeLimiter,
          },
          (image: ExtractedImage) => {
            imagesFound += 1;
            push({ type: 'image', image });
          },
        );
        notChecked += outcome.notChecked;
        // Frames were read as part of this page: not fetched again as pages of their own.
        for (const frame of page.frames) seenPages.add(normalisePageUrl(frame) ?? frame);
        if (budget?.spent) {
          // Its links are not followed: the scan stops here with pages left to read.
          if (currentDepth < depth && page.links.length > 0) stoppedAtLimit = true;
        } else if (currentDepth < depth) {
          for (const link of page.links) await enqueue(link, currentDepth, origin);
          if (isStart) for (const link of seeded.splice(0)) await enqueue(link, currentDepth, origin);
        }
      } catch (error) {
        if (signal?.aborted) throw error;
        // One broken page does not end a scan; every start page failing does (nothing else to read).
        startError ??= isStart ? error : undefined;
        failed += 1;
        failedNow = true;
        if (failures.length < MAX_LISTED_FAILURES) failures.push({ url: pageUrl, reason: failureReason(error) });
      } finally {
        pagesScanned += 1;
        queued -= 1;
        remaining -= 1;
        push(progress(undefined, failedNow));
      }
    };

    const readPolitely = (pageUrl: string, host: string) =>
      readPagePolitely(gate, host, signal, () => {
        push(progress(pageUrl));
        return readWebPage(pageUrl, {
          fetch,
          signal,
          render: input.render,
          chromiumPath: environment.chromiumPath,
          renderWaitsForTurn: true,
        });
      });

    const work = Promise.all(pages.map((pageUrl) => limit(() => readOne(pageUrl)))).finally(() => wake?.());
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
    level = nextLevel;
  }

  yield {
    type: 'done',
    found: imagesFound,
    done: pagesScanned,
    unit: 'pages',
    stoppedAtLimit: stoppedAtLimit || undefined,
    ...(notChecked > 0 ? { notChecked } : {}),
  };
}
