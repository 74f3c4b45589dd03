/**
 * The include / exclude URL patterns of a scan: `*` matches any run of characters and the pattern
 * must match the whole URL; a pattern without `*` need only occur in it (`/blog/`).
 */
export type UrlFilter = (url: string) => boolean;

function compile(pattern: string): (url: string) => boolean {
  if (!pattern.includes('*')) return (url) => url.includes(pattern);
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`);
  return (url) => regex.test(url);
}

/** A URL passes when it matches an include pattern (or there are none) and no exclude pattern. */
export function urlFilter(include: readonly string[] = [], exclude: readonly string[] = []): UrlFilter {
  const wanted = include.map(compile);
  const unwanted = exclude.map(compile);
  return (url) => (wanted.length === 0 || wanted.some((test) => test(url))) && !unwanted.some((test) => test(url));
}
