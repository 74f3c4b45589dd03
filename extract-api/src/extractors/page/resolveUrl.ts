/**
 * URL helpers of the page extractor. Invalid input is skipped (undefined), never thrown.
 */

const FONT_EXTENSIONS = ['.woff', '.woff2', '.ttf', '.otf', '.eot'];
const IMAGE_EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.jfif',
  '.pjpeg',
  '.png',
  '.apng',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.bmp',
  '.ico',
  '.cur',
  '.tif',
  '.tiff',
  '.jxl',
  '.heic',
  '.heif',
];

/** Parses `value` as an absolute URL, or undefined. */
export function parseBaseUrl(value: string | undefined, base?: URL): URL | undefined {
  if (value === undefined) return undefined;
  try {
    return new URL(value.trim(), base);
  } catch {
    return undefined;
  }
}

function isDataUrl(value: string): boolean {
  return value.slice(0, 5).toLowerCase() === 'data:';
}

/**
 * Whether an attribute value can be an image URL at all: not empty, not `#…`, not a script or a
 * blob, and shaped like a path or an address (so `data-src="DROP_PERMALINK_HERE"` or `data-lazy="true"` is not).
 */
export function isPlausibleImageUrl(raw: string): boolean {
  const value = raw.trim();
  if (value === '' || value.startsWith('#')) return false;
  const lower = value.slice(0, 11).toLowerCase();
  if (lower.startsWith('javascript:') || lower.startsWith('about:') || lower.startsWith('blob:')) return false;
  if (isDataUrl(value)) return value.slice(5, 11).toLowerCase() === 'image/';
  return value.includes('/') || value.includes('.');
}

/**
 * Resolves an image reference against `base` into the URL the result reports, which is also its
 * key for merging: http(s) without the fragment, or a `data:image/…` URL kept as written.
 * Anything else (javascript:, about:, blob:, mailto:, empty, `#…`, non-image data:) gives undefined.
 */
export function resolveImageUrl(raw: string, base: URL | undefined): string | undefined {
  const value = raw.trim();
  if (value === '' || value.startsWith('#')) return undefined;
  if (isDataUrl(value)) return value.slice(5, 11).toLowerCase() === 'image/' ? value : undefined;
  return resolveHttpUrl(value, base);
}

/** Resolves a link (`a[href]`, a stylesheet) to an absolute http(s) URL without its fragment. */
export function resolveHttpUrl(raw: string, base: URL | undefined): string | undefined {
  const value = raw.trim();
  if (value === '' || value.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href;
}

/** Whether a resolved URL names a font file (`.woff2`, `.ttf`…), which is never an image. */
export function isFontUrl(url: string): boolean {
  if (isDataUrl(url)) return false;
  let path: string;
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    return false;
  }
  return FONT_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/** Whether a reference names an image file by its extension (`/a/b.JPG?w=3`), or is a `data:image/` URL. */
export function looksLikeImageFile(raw: string): boolean {
  const value = raw.trim();
  if (isDataUrl(value)) return value.slice(5, 11).toLowerCase() === 'image/';
  let path: string;
  try {
    path = new URL(value, 'https://base.invalid/').pathname.toLowerCase();
  } catch {
    return false;
  }
  return IMAGE_EXTENSIONS.some((ext) => path.endsWith(ext));
}
