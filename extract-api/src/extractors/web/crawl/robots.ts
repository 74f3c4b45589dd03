import robotsParser from 'robots-parser';
import { readText, type SafeFetch, USER_AGENT } from '../../../services/safeFetch/index.ts';

/** The product token robots.txt rules name us by. */
export const ROBOTS_AGENT = 'ImageExtractor';
/** The crawler image search is known by: the audit's "blocked by robots.txt" reads its rules (and `*`'s). */
const IMAGE_SEARCH_AGENT = 'Googlebot-Image';

export type RobotsRules = {
  isAllowed(url: string): boolean;
  /** Whether image search may fetch it: Googlebot-Image's rules, or everyone's. */
  imageAllowed?(url: string): boolean;
  reason?: string;
  /** Crawl-delay for us, in seconds, when the file asks for one. */
  crawlDelay?: number;
  /** The sitemaps it names. */
  sitemaps?: string[];
};

/**
 * The robots.txt of one origin, read as RFC 9309 says: a missing file (4xx) allows everything; a
 * server error or an unreachable file means "disallow everything" until it can be read.
 */
export async function fetchRobots(origin: string, fetch: SafeFetch, signal?: AbortSignal): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  try {
    const response = await fetch(robotsUrl, { kind: 'robots', signal, throwHttpErrors: false });
    if (response.status >= 400 && response.status < 500) {
      response.body.destroy();
      return { isAllowed: () => true };
    }
    if (response.status >= 500) {
      response.body.destroy();
      return { isAllowed: () => false, reason: `robots.txt answered ${response.status}` };
    }
    const rules = robotsParser(robotsUrl, await readText(response));
    return {
      isAllowed: (url) => rules.isAllowed(url, ROBOTS_AGENT) ?? rules.isAllowed(url, USER_AGENT) ?? true,
      imageAllowed: (url) => rules.isAllowed(url, IMAGE_SEARCH_AGENT) ?? true,
      crawlDelay: rules.getCrawlDelay(ROBOTS_AGENT) ?? rules.getCrawlDelay(USER_AGENT),
      sitemaps: rules.getSitemaps(),
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { isAllowed: () => false, reason: 'robots.txt could not be read' };
  }
}
