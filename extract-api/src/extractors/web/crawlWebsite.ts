import { createNameAllocator } from 'media-files';
import type { ExtractedImage, ExtractionEvent } from 'shared-contracts';
import type { SafeFetch } from '../../plugins/app/safeFetch/index.ts';
import { createLimiter } from '../probe/index.ts';
import { readWebPage } from './readWebPage.ts';
import { fetchRobots } from './robots.ts';
import { siteKey } from './site.ts';
import { toExtractedImages } from './toExtractedImages.ts';

/** Pages of one site read at once: polite to the site, and enough to keep two cores busy. */
export const PAGES_PER_HOST_CONCURRENCY = 4;

/** What to scan. */
export type CrawlInput = {
  url: string;
  /**
   * Link hops followed from the start page, as wget `-l` and every crawler count them: 1 reads the
   * start page and the pages it links to; 2 adds the pages those link to; and so on.
   */
  depth: number;
  maxPages: number;
  render?: boolean;
};

/** What the scan runs with: the safe fetch, and the Chromium that renders pages. */
export type CrawlEnvironment = {
  fetch: SafeFetch;
  chromiumPath?: string;
};

// Links to these are files, not pages: not worth a request to find out.
const NOT_A_PAGE =
  /\.(jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|rar|7z|mp[34]|m4[av]|mov|webm|mkv|avi|wav|ogg|flac|css|js|json|xml|rss|atom|woff2?|ttf|otf|eot|exe|dmg|apk|docx?|xlsx?|pptx?)$/i;

function normalise(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    parsed.hash = '';
    return parsed.href;
  } catch {
    return undefined;
  }
}

/**
 * Breadth-first scan of one site from its start page, level by level up to `depth` link hops, at most
 * `maxPages` pages, honouring robots.txt for every page but the one the user asked for. An
 * extractor (`(input, signal)`, bound to its environment): yields the one event union as it goes,
 * progress counted in pages; each image once, with the first page it was found on. Aborting the
 * signal stops it between requests and cancels those in flight.
 */
export async function* extractWebsite(
  input: CrawlInput,
  signal: AbortSignal | undefined,
  environment: CrawlEnvironment,
): AsyncGenerator<ExtractionEvent> {
  const { depth, maxPages } = input;
  const { fetch } = environment;
  const options = { render: input.render, chromiumPath: environment.chromiumPath };
  const start = new URL(input.url);
  const site = siteKey(start);
  const robots = await fetchRobots(start.origin, fetch, signal);
  const allocateName = createNameAllocator();
  const limit = createLimiter(PAGES_PER_HOST_CONCURRENCY);

  const seenPages = new Set<string>([normalise(start.href) ?? start.href]);
  const seenImages = new Set<string>();
  let level: string[] = [start.href];
  let pagesScanned = 0;
  let imagesFound = 0;
  let firstError: unknown;
  let stoppedAtPageLimit = false;

  yield { type: 'start', runsOn: 'server', unit: 'pages', url: start.href, depth, maxPages };

  // Level 0 is the start page; level `depth` is the last one read (its links are not followed).
  for (let currentDepth = 0; currentDepth <= depth && level.length > 0; currentDepth += 1) {
    const room = maxPages - pagesScanned;
    if (room <= 0) {
      stoppedAtPageLimit = true;
      break;
    }
    if (level.length > room) stoppedAtPageLimit = true;
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

    const readOne = async (pageUrl: string) => {
      push({
        type: 'progress',
        unit: 'pages',
        done: pagesScanned,
        queued,
        found: imagesFound,
        detail: pageUrl,
      });
      try {
        const page = await readWebPage(pageUrl, {
          fetch,
          signal,
          render: options.render,
          chromiumPath: options.chromiumPath,
        });
        const fresh = page.candidates.filter((candidate) => {
          if (seenImages.has(candidate.url)) return false;
          seenImages.add(candidate.url);
          return true;
        });
        await toExtractedImages(
          fresh,
          { fetch, signal, source: 'website', allocateName, pageUrl: page.finalUrl },
          (image: ExtractedImage) => {
            imagesFound += 1;
            push({ type: 'image', image });
          },
        );
        // The last level's links lead past the depth: not queued, so the counts stay true.
        // Frames were read as part of this page: not fetched again as pages of their own.
        for (const frame of page.frames) seenPages.add(normalise(frame) ?? frame);
        for (const link of currentDepth < depth ? page.links : []) {
          const next = normalise(link);
          if (!next || seenPages.has(next)) continue;
          const parsed = new URL(next);
          if (siteKey(parsed) !== site || NOT_A_PAGE.test(parsed.pathname)) continue;
          seenPages.add(next);
          if (robots.isAllowed(next)) nextLevel.push(next);
        }
      } catch (error) {
        if (signal?.aborted) throw error;
        // One broken page does not end a scan; the start page failing does (nothing else to read).
        firstError ??= error;
      } finally {
        pagesScanned += 1;
        queued -= 1;
        remaining -= 1;
        push({
          type: 'progress',
          unit: 'pages',
          done: pagesScanned,
          queued: queued + nextLevel.length,
          found: imagesFound,
        });
      }
    };

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
    if (currentDepth === 0 && pagesScanned === 1 && firstError) throw firstError;
    level = nextLevel;
  }

  yield {
    type: 'done',
    found: imagesFound,
    done: pagesScanned,
    unit: 'pages',
    stoppedAtLimit: stoppedAtPageLimit || undefined,
  };
}
