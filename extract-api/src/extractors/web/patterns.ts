import { SCAN_PATTERN_URL_MAX_CHARS } from 'shared-contracts';

/**
 * The include / exclude URL patterns of a scan: `*` matches any run of characters and the pattern
 * must match the whole URL; a pattern without `*` need only occur in it (`/blog/`).
 */
export type UrlFilter = (url: string) => boolean;

/**
 * A glob of `*` alone, matched without a regex: a regex of `.*` parts backtracks, and
 * `*a*a*a*a*a*a*a*a*a*a*b` against a link of 34 a's held the event loop for seconds. Here the
 * pattern is cut at its `*` runs (a run is one star); the first part must start the URL, the last
 * must end it, and each part between is found with indexOf from where the one before ended. Taking
 * the leftmost place of each part never loses a match (whatever follows has the most room), so
 * nothing is ever tried twice: each part costs one forward search of the URL.
 */
export function globMatcher(pattern: string): (url: string) => boolean {
  if (!pattern.includes('*')) return (url) => url.includes(pattern);
  const parts = pattern.split(/\*+/);
  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  const middle = parts.slice(1, -1);
  return (url) => {
    if (url.length < first.length + last.length || !url.startsWith(first) || !url.endsWith(last)) return false;
    const end = url.length - last.length;
    let at = first.length;
    for (const part of middle) {
      const found = url.indexOf(part, at);
      if (found < 0 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}

/**
 * A URL passes when it matches an include pattern (or there are none) and no exclude pattern. With
 * patterns, a URL longer than SCAN_PATTERN_URL_MAX_CHARS is not followed: it matches no include
 * pattern and counts as excluded, so no pattern is ever run over an unbounded string.
 */
export function urlFilter(include: readonly string[] = [], exclude: readonly string[] = []): UrlFilter {
  const wanted = include.map(globMatcher);
  const unwanted = exclude.map(globMatcher);
  if (wanted.length === 0 && unwanted.length === 0) return () => true;
  return (url) =>
    url.length <= SCAN_PATTERN_URL_MAX_CHARS &&
    (wanted.length === 0 || wanted.some((test) => test(url))) &&
    !unwanted.some((test) => test(url));
}
