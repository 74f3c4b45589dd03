/**
 * One image CDN's or CMS's way of naming a resized copy, read backwards: which addresses it
 * answers, and the addresses of the original it was resized from, most likely first. A rule only
 * guesses; verifyOriginal fetches and compares before anything is offered.
 */
export type OriginalRule = {
  /** Shown in logs and the manifest: which CDN or CMS the guess came from. */
  name: string;
  /** Whether this rule reads `url` at all. */
  matches: (url: URL) => boolean;
  /** The original's likely addresses; none when the URL names no resized copy. */
  originals: (url: URL) => string[];
};

/** A copy of `url` with `change` applied to it (URL is mutable, and callers' URLs must not move). */
export function edit(url: URL, change: (copy: URL) => void): string {
  const copy = new URL(url.href);
  change(copy);
  return copy.href;
}

/** `url` at another path; its query kept, or the one given (`''` for none). */
export function withPath(url: URL, pathname: string, search: string = url.search): string {
  return edit(url, (copy) => {
    copy.pathname = pathname;
    copy.search = search;
  });
}

/** `url` without the named query parameters (case-insensitive); the others keep their order. */
export function withoutParams(url: URL, names: readonly string[]): string {
  const drop = new Set(names.map((name) => name.toLowerCase()));
  return edit(url, (copy) => {
    const kept = [...copy.searchParams].filter(([name]) => !drop.has(name.toLowerCase()));
    copy.search = new URLSearchParams(kept).toString();
  });
}

/** `url` with no query at all. */
export function withoutQuery(url: URL): string {
  return edit(url, (copy) => {
    copy.search = '';
  });
}

/** Whether any of the named query parameters is there (case-insensitive). */
export function hasParam(url: URL, names: readonly string[]): boolean {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  return [...url.searchParams.keys()].some((name) => wanted.has(name.toLowerCase()));
}

/** `host` is `domain` or one of its subdomains. */
export function onDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase();
  return h === domain || h.endsWith(`.${domain}`);
}

/** The path with its last segment replaced. */
export function withLastSegment(url: URL, segment: string): string {
  return edit(url, (copy) => {
    copy.pathname = copy.pathname.replace(/[^/]*$/, segment);
  });
}

/** The last path segment, as written in the URL (still percent-encoded). */
export function lastSegment(url: URL): string {
  return /[^/]*$/.exec(url.pathname)?.[0] ?? '';
}

/** The path ends in a file name of a raster or vector image. */
export const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp|avif|bmp|tiff?|svg|heic|jxl)$/i;
