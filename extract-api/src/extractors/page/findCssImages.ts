import { isFontUrl, parseBaseUrl, resolveHttpUrl, resolveImageUrl } from './resolveUrl.ts';
import { scanCss } from './scanCss.ts';

/**
 * Images referenced by a linked stylesheet: url() and image-set() of image properties, resolved
 * against the stylesheet's own URL, unique, in source order. `@font-face` and font files are skipped.
 */
export function findCssImages(css: string, cssUrl: string): string[] {
  const base = parseBaseUrl(cssUrl);
  const found = new Set<string>();
  for (const raw of scanCss(css, 'stylesheet').images) {
    const url = resolveImageUrl(raw, base);
    if (url && !isFontUrl(url)) found.add(url);
  }
  return [...found];
}

/** Stylesheets a stylesheet pulls in with `@import`, resolved against its URL: for the caller to fetch in turn. */
export function findCssImports(css: string, cssUrl: string): string[] {
  const base = parseBaseUrl(cssUrl);
  const found = new Set<string>();
  for (const raw of scanCss(css, 'stylesheet').imports) {
    const url = resolveHttpUrl(raw, base);
    if (url) found.add(url);
  }
  return [...found];
}
