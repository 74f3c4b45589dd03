import type { ImageFetchFacts } from 'shared-contracts';
import type { SafeFetch } from '../../../services/safeFetch/index.ts';
import type { FullSizeChecks } from '../../originals/index.ts';
import type { ImageCandidate } from '../../page/index.ts';
import type { Limiter } from '../../probe/index.ts';
import type { HostGate } from '../hostGate.ts';
import { readWebPage, type StylesheetCache, type WebPageRead } from '../readWebPage.ts';
import { imageKey, toExtractedImages } from '../toExtractedImages.ts';
import type { RobotsRules } from './robots.ts';
import type { RobotsCache } from './robotsCache.ts';
import { type CrawlInput, normalisePageUrl, readPagePolitely } from './rules.ts';
import type { PageTask, ScanStore } from './scanStore.ts';
import { readSitemaps } from './sitemap.ts';

/** What a scan's pages are read with, wherever the scan runs. */
export type PageReader = {
  input: Pick<CrawlInput, 'depth' | 'maxPages' | 'render' | 'sitemap' | 'sprites' | 'originalFormats' | 'audit'>;
  /** The links the scan follows (linkRule of its input). */
  follows: (link: string) => string | undefined;
  fetch: SafeFetch;
  signal: AbortSignal | undefined;
  /** The pages' gate per host (Crawl-delay, 429/503 pauses). */
  gate: HostGate;
  robots: RobotsCache;
  chromiumPath?: string;
  /** The image probes' gate per host, shared by every extraction. */
  probeGate?: HostGate;
  /** The scan's probes at once, whichever of its pages they are for; per page when left out. */
  limiter?: Limiter;
  /** Full-size originals wanted: the scan's checks (its cache and bounds). */
  fullSize?: FullSizeChecks;
  /**
   * A scan with no budget to spend: a page's links are taken while its images are measured. With
   * budgets they wait for the measuring, so a page that spends them leaves its links unfollowed.
   */
  followWhileMeasuring?: boolean;
  /** The whole files probes read (small images), for a caller that saves them (see toExtractedImages). */
  onWholeFile?: (url: string, bytes: Uint8Array) => void;
  /** The scan's stylesheets, each read once (the pages of a site share theirs); per page when left out. */
  stylesheets?: StylesheetCache;
  /** An auditing scan's image elements read per page (EXTRACT_API_AUDIT_MAX_USES_PER_PAGE). */
  auditMaxUsesPerPage?: number;
};

/**
 * The one step of every scan, embedded or on Redis: reads one page (robots.txt first, its
 * Crawl-delay governing that page too; through the host's gate, asked again after a 429/503),
 * measures its images no page of the scan claimed yet (within the budgets, the rest counted as not
 * checked), and takes the links the crawl rules allow into the frontier (with the start site's
 * sitemap pages on the first hop). 'not-read' when the budgets were spent before the page was
 * read. Throws when the page cannot be read; the caller counts it failed, with why.
 */
export async function readScanPage(task: PageTask, reader: PageReader, store: ScanStore): Promise<'read' | 'not-read'> {
  const { url } = task;
  const { input, fetch, signal } = reader;
  if (await store.budgetSpent()) {
    // Taken into the scan before its budget ran out: listed as not read, with why.
    await store.markStoppedAtLimit();
    return 'not-read';
  }
  const rules = await reader.robots(url, signal);
  const page = await readPagePolitely(reader.gate, new URL(url).host, signal, (turn) => {
    const options = {
      fetch,
      signal,
      render: input.render,
      cutSprites: input.sprites,
      chromiumPath: reader.chromiumPath,
      renderWaitsForTurn: true,
      ...(reader.stylesheets ? { stylesheets: reader.stylesheets } : {}),
      ...(input.audit ? { audit: true, auditMaxUsesPerPage: reader.auditMaxUsesPerPage } : {}),
    };
    // A browser asks the host for all the page shows: a rendered page is read in one turn.
    if (input.render) {
      return turn(url, () => {
        store.reading(url);
        return readWebPage(url, options);
      });
    }
    store.reading(url);
    return readWebPage(url, { ...options, turn });
  });

  await store.markFrames(page.frames.map((frame) => normalisePageUrl(frame) ?? frame));
  if (page.uses) await store.addAudit({ uses: page.uses });
  // Its images are claimed before any page it links to is read: each image is given with the first page it is on.
  const measured = measureCandidates(page.candidates, page.finalUrl, task, reader, store);
  if (reader.followWhileMeasuring) {
    await Promise.all([measured, followLinks(task, page, rules, reader, store)]);
  } else {
    await measured;
    await followLinks(task, page, rules, reader, store);
  }
  return 'read';
}

/** Takes the links of a page read (and, from a start page, its site's sitemap pages) into the frontier. */
async function followLinks(
  task: PageTask,
  page: WebPageRead,
  rules: RobotsRules,
  reader: PageReader,
  store: ScanStore,
): Promise<void> {
  const { url, depth, origin } = task;
  const { input, fetch, signal } = reader;
  // Level `depth` is the last one read: its links are not followed.
  if (depth >= input.depth) return;
  if (await store.budgetSpent()) {
    // The scan stops here with pages left to read.
    if (page.links.length > 0) await store.markStoppedAtLimit();
    return;
  }
  // Sitemap seeding: the pages the site itself points at join the first hop (once per site of a
  // batch), and the images an image sitemap lists for them are measured here, each with its page.
  const seeds =
    depth === 0 && input.sitemap && (await store.claimSitemaps(new URL(url).origin))
      ? await sitemapEntries(url, rules, input.maxPages, fetch, signal)
      : { pages: [], images: [] };
  const listed = seeds.images.filter((image) => reader.follows(image.page) !== undefined);
  const byPage = new Map<string, string[]>();
  for (const image of listed) {
    const images = byPage.get(image.page);
    if (images) images.push(image.url);
    else byPage.set(image.page, [image.url]);
  }
  for (const [listedOn, images] of byPage) {
    const candidates = images.map((image) => ({ url: image, foundIn: ['sitemap'], variants: [] }));
    await measureCandidates(candidates, listedOn, task, reader, store);
  }
  for (const link of [...page.links, ...seeds.pages]) {
    const next = reader.follows(link);
    if (!next || !(await reader.robots(next, signal)).isAllowed(next)) continue;
    await store.enqueue({ url: next, depth: depth + 1, ...(origin === undefined ? {} : { origin }) });
  }
}

/** Images an image sitemap may add to a scan: as many as one page may hold. */
const MAX_SITEMAP_IMAGES = 2_000;

function sitemapEntries(pageUrl: string, rules: RobotsRules, max: number, fetch: SafeFetch, signal?: AbortSignal) {
  const { origin } = new URL(pageUrl);
  const sitemaps = [new URL('/sitemap.xml', origin).href, ...(rules.sitemaps ?? [])];
  return readSitemaps(sitemaps, fetch, max, signal, MAX_SITEMAP_IMAGES);
}

/**
 * Measures a page's candidates no page of the scan claimed yet (within the images budget, the rest
 * counted as not checked) and gives each image to the store, in the order measured.
 */
async function measureCandidates(
  candidates: readonly ImageCandidate[],
  pageUrl: string,
  task: PageTask,
  reader: PageReader,
  store: ScanStore,
): Promise<void> {
  const { origin } = task;
  const claimed = await store.freshImages(candidates.map((candidate) => imageKey(candidate.url, origin)));
  const fresh = candidates.filter((_, index) => claimed[index]);
  const limit = await store.takeImages(fresh.length);
  // Given out in the order measured, one at a time (the store names each apart from the others).
  let recorded = Promise.resolve();
  const fetches: ImageFetchFacts[] = [];
  const outcome = await toExtractedImages(
    fresh,
    {
      fetch: reader.fetch,
      signal: reader.signal,
      source: 'website',
      allocateName: (name) => name,
      pageUrl,
      origin,
      ...(limit === undefined ? {} : { limit }),
      ...(reader.probeGate ? { probeGate: reader.probeGate } : {}),
      ...(reader.limiter ? { limiter: reader.limiter } : {}),
      ...(reader.fullSize ? { fullSize: reader.fullSize } : {}),
      ...(reader.input.originalFormats ? { originalFormat: true } : {}),
      ...(reader.onWholeFile ? { onWholeFile: reader.onWholeFile } : {}),
      ...(reader.input.audit ? { onFetch: (facts: ImageFetchFacts) => fetches.push(facts) } : {}),
    },
    (image) => {
      recorded = recorded.then(() => store.addImage(image));
    },
  );
  await recorded;
  await store.markNotChecked(outcome.uncheckedUrls.map((unchecked) => imageKey(unchecked, origin)));
  if (reader.input.audit && fetches.length > 0) {
    await store.addAudit({ fetches: await withRobots(fetches, reader) });
  }
}

/**
 * The facts worth keeping for the audit (a failure, a redirect, not an image, blocked for image
 * search), each image's host's robots.txt asked through the scan's cache (read once per origin).
 */
async function withRobots(fetches: readonly ImageFetchFacts[], reader: PageReader): Promise<ImageFetchFacts[]> {
  const kept: ImageFetchFacts[] = [];
  for (const facts of fetches) {
    let robotsBlocked = false;
    try {
      const rules = await reader.robots(facts.url, reader.signal);
      robotsBlocked = rules.imageAllowed ? !rules.imageAllowed(facts.url) : false;
    } catch (error) {
      if (reader.signal?.aborted) throw error;
    }
    const worthKeeping = robotsBlocked || facts.error || facts.notAnImage || (facts.redirects?.length ?? 0) > 0;
    if (worthKeeping) kept.push(robotsBlocked ? { ...facts, robotsBlocked } : facts);
  }
  return kept;
}
