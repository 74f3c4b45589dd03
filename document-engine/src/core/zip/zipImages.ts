/**
 * What the readers of ZIP containers (EPUB, OpenDocument, image archives) share: a picture read
 * from its entry byte for byte, and the href of a picture resolved to the entry it names.
 */
import { storedImage } from '../ooxml/imageFromPart.ts';
import type { DocumentImage, EngineOptions } from '../types.ts';
import type { ZipEntry, ZipReader } from './zipReader.ts';

/** The picture an entry stores, exactly as zipped (inflated natively where the host can). */
export async function entryImage(zip: ZipReader, entry: ZipEntry, options: EngineOptions): Promise<DocumentImage> {
  return storedImage(entry.name, await zip.readAsync(entry, options.inflateRaw));
}

/** An address outside the container (`http:`, `data:`…): a scheme before any slash. */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}

/**
 * The entry path an href names, relative to the file `from` (an entry path): query and fragment
 * dropped, `.` and `..` resolved, percent-escapes decoded (entries are stored unescaped).
 */
export function resolveHref(from: string, href: string): string {
  const path = href
    .trim()
    .replace(/[#?].*$/, '')
    .replace(/\\/g, '/');
  const base = path.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') base.pop();
    else base.push(safeDecode(segment));
  }
  return base.join('/');
}

function safeDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
