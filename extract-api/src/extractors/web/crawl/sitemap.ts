import { readText, type SafeFetch } from '../../../services/safeFetch/index.ts';

/** Sitemaps read for one scan (a sitemap index's children included): a scan seeds, it does not mirror. */
export const MAX_SITEMAPS = 10;

const LOC = /<loc>\s*([^<\s][^<]*?)\s*<\/loc>/gi;
/** One `<url>` entry of a urlset: its page, and the images Google's image extension lists for it. */
const URL_ENTRY = /<url>([\s\S]*?)<\/url>/gi;
const IMAGE_LOC = /<image:loc>\s*([^<\s][^<]*?)\s*<\/image:loc>/gi;

/** An image a sitemap names (`<image:loc>`), with the page it is on. */
export type SitemapImage = { url: string; page: string };
/** What a site's sitemaps say: its pages, and the images they list for them. */
export type SitemapEntries = { pages: string[]; images: SitemapImage[] };
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The page addresses a site's sitemaps list (`/sitemap.xml`, and those robots.txt names), a sitemap
 * index followed one level, at most `max` addresses and MAX_SITEMAPS files; and the images an image
 * sitemap lists for those pages (`<image:image><image:loc>`, where sites put their full-size
 * pictures), at most `maxImages`. A missing or broken sitemap gives nothing: seeding is a help,
 * never a reason to fail.
 */
export async function readSitemaps(
  sitemaps: readonly string[],
  fetch: SafeFetch,
  max: number,
  signal?: AbortSignal,
  maxImages = 0,
): Promise<SitemapEntries> {
  const queue = [...new Set(sitemaps)];
  const seen = new Set<string>();
  const pages: string[] = [];
  const images: SitemapImage[] = [];
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
      const absolute = resolve(match[1], url);
      if (!absolute) continue;
      if (isIndex) queue.push(absolute);
      else if (pages.length < max) pages.push(absolute);
    }
    if (isIndex || images.length >= maxImages) continue;
    for (const entry of xml.matchAll(URL_ENTRY)) {
      const body = entry[1] ?? '';
      const page = resolve(body.match(/<loc>\s*([^<\s][^<]*?)\s*<\/loc>/i)?.[1], url);
      if (!page) continue;
      for (const image of body.matchAll(IMAGE_LOC)) {
        const absolute = resolve(image[1], url);
        if (absolute && /^https?:/i.test(absolute) && images.length < maxImages) images.push({ url: absolute, page });
      }
    }
  }
  return { pages, images };
}

/** A `<loc>`'s text as an absolute address; undefined when it is none. */
function resolve(loc: string | undefined, base: string): string | undefined {
  if (!loc) return undefined;
  try {
    return new URL(decode(loc), base).href;
  } catch {
    return undefined;
  }
}
