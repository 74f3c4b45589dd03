import { isSafeFetchError } from '../../../services/safeFetch/index.ts';
import { RetryLaterError } from '../errors.ts';
import type { HostGate } from '../hostGate.ts';
import { urlFilter } from '../patterns.ts';
import type { RequestTurn, WebPageRead } from '../readWebPage.ts';
import { siteKey } from '../site.ts';

/**
 * The crawl's own defaults, kept when it is used without a configuration (the CLI, tests);
 * config.ts states its settings' defaults from these.
 */

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
  /** Full-size originals behind resized copies (on unless false). */
  original?: boolean;
  /** With `render`: CSS sprite sheets cut into the pieces the page shows. */
  sprites?: boolean;
  /** Ask for JPEG/PNG where a server would send WebP/AVIF. */
  originalFormats?: boolean;
  /** Also read what the image audit needs: each image element's markup, each image's fetch. */
  audit?: boolean;
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

/**
 * Which links a scan follows: the page address of a link (normalised) when it is on the same site
 * as a start page, not a file by its name, and allowed by the include/exclude patterns; undefined
 * otherwise. robots.txt is asked after this (it costs a request per new origin).
 */
export function linkRule(input: Pick<CrawlInput, 'url' | 'urls' | 'include' | 'exclude'>) {
  const sites = new Set(startUrls(input).map((url) => siteKey(new URL(url))));
  const follows = urlFilter(input.include, input.exclude);
  return (link: string): string | undefined => {
    const next = normalisePageUrl(link);
    if (!next) return undefined;
    const parsed = new URL(next);
    if (!sites.has(siteKey(parsed)) || NOT_A_PAGE.test(parsed.pathname) || !follows(next)) return undefined;
    return next;
  };
}

/**
 * One page, each of its requests through its host's gate (`read` is given the turn they take); a
 * 429/503 pauses the host and the page is asked again, PAGE_RETRIES times.
 */
export async function readPagePolitely(
  gate: HostGate,
  host: string,
  signal: AbortSignal | undefined,
  read: (turn: RequestTurn) => Promise<WebPageRead>,
): Promise<WebPageRead> {
  const turn: RequestTurn = (url, request) => gate.run(new URL(url).host, request, signal);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read(turn);
    } catch (error) {
      if (!(error instanceof RetryLaterError) || attempt >= PAGE_RETRIES) throw error;
      await gate.pause(host, error.retryAfterMs ?? FIRST_BACKOFF_MS * 2 ** attempt);
    }
  }
}
