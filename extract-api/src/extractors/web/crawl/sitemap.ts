import { readText, type SafeFetch } from '../../../services/safeFetch/index.ts';

/** Sitemaps read for one scan (a sitemap index's children included): a scan seeds, it does not mirror. */
export const MAX_SITEMAPS = 10;

const LOC = /<loc>\s*([^<\s][^<]*?)\s*<\/loc>/gi;
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The page addresses a site's sitemaps list (`/sitemap.xml`, and those robots.txt names), a sitemap
 * index followed one level, at most `max` addresses and MAX_SITEMAPS files. A missing or broken
 * sitemap gives nothing: seeding is a help, never a reason to fail.
 */
export async function readSitemaps(
  sitemaps: readonly string[],
  fetch: SafeFetch,
  max: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const queue = [...new Set(sitemaps)];
  const seen = new Set<string>();
  const pages: string[] = [];
  while (queue.length > 0 && seen.size < MAX_SITEMAPS && pages.length < max) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    let xml: string;
    try {
      const response = await fetch(url, {
        kind: 'html',
        signal,
        headers: { accept: 'application/xml,text/xml;q=0.9' },
      });
      xml = await readText(response);
    } catch (error) {
      if (signal?.aborted) throw error;
      continue;
    }
    const isIndex = /<sitemapindex[\s>]/i.test(xml);
    for (const match of xml.matchAll(LOC)) {
      const loc = decode(match[1] ?? '');
      try {
        const absolute = new URL(loc, url).href;
        if (isIndex) queue.push(absolute);
        else if (pages.length < max) pages.push(absolute);
      } catch {
        // Not an address: skipped.
      }
    }
  }
  return pages;
}
