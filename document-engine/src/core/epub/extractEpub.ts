/**
 * EPUB 2 and 3: the pictures of a book in reading order. The cover first (EPUB 3's manifest item
 * `properties="cover-image"`, EPUB 2's `<meta name="cover">`), then each spine page's pictures in
 * document order with its chapter (spine position, 1-based) and title (from the table of
 * contents), then the manifest's pictures no page shows (they are the book's too: a style sheet's
 * background, a picture only the table of contents uses), then the pictures the book stores but
 * its manifest does not list (writers forget them), in the natural order of their paths. Each
 * picture once, where first seen; its bytes are the entry's, as stored. A picture named by a path
 * the book does not hold is looked for by its file name among the book's pictures (DocBook's EPUB
 * writer names pictures by their path in its source tree, yet stores them beside the pages), and
 * read there when exactly one has that name. A remote picture (EPUB 3 allows them) is reported by
 * its address and not fetched; a picture the book points at but does not hold, or holds
 * encrypted (DRM), is told through `onSkipped`.
 */
import { DocumentError, throwIfAborted } from '../../errors.ts';
import { isImageArchiveEntry, naturalPathOrder } from '../archive/imageEntries.ts';
import { linkedImage } from '../ooxml/imageFromPart.ts';
import { attributeValue, walkXml } from '../ooxml/xmlReader.ts';
import type { DocumentExtractor, DocumentImage } from '../types.ts';
import { entryImage, isExternalHref, resolveHref } from '../zip/zipImages.ts';
import { openZip, type ZipEntry, type ZipReader } from '../zip/zipReader.ts';
import { chapterTitles, type ManifestItem, readPackage, readText } from './package.ts';
import { pageImageHrefs } from './pageImages.ts';

/** Pictures given at most (each a distinct entry or address); the rest are told as skipped. */
export const MAX_EPUB_PICTURES = 20_000;

const PAGE_MEDIA_TYPES: ReadonlySet<string> = new Set(['application/xhtml+xml', 'text/html', 'image/svg+xml']);
const UNSHOWN_NOTE = 'Not shown on the pages of the book: only listed in its manifest.';
const UNLISTED_NOTE = 'Not shown on the pages of the book, nor listed in its manifest: only stored in it.';

type Placement = Pick<DocumentImage, 'role' | 'chapter' | 'chapterTitle' | 'note'>;
/** A remote picture, or an entry path and the entry it names (none when the book lacks it). */
type Claim = { href: string } | { path: string; entry: ZipEntry | undefined };

export const extractEpub: DocumentExtractor = async function* extractEpub(bytes, options = {}) {
  const { signal, onProgress, onSkipped } = options;
  throwIfAborted(signal);
  const zip = openZip(bytes);
  const book = readPackage(zip);
  const titles = chapterTitles(zip, book.tocs);
  const encrypted = encryptedPaths(zip);
  const pictures = zip.entries
    .filter((entry) => isImageArchiveEntry(entry.name))
    .sort((a, b) => naturalPathOrder(a.name, b.name));
  const seen = new Set<string>();
  let given = 0;
  let byFileName: Map<string, ZipEntry[]> | undefined;

  /** The one stored picture with the file name of `path`, which the book does not hold. */
  function sameFileName(path: string): ZipEntry | undefined {
    if (!byFileName) {
      byFileName = new Map();
      for (const entry of pictures) {
        const name = fileName(entry.name);
        const same = byFileName.get(name);
        if (same) same.push(entry);
        else byFileName.set(name, [entry]);
      }
    }
    const found = byFileName.get(fileName(path));
    return found?.length === 1 ? found[0] : undefined;
  }

  /** What `href` names, unless given already: dedup is synchronous, as a page may name one picture thousands of times. */
  function claim(href: string, from: string): Claim | undefined {
    const external = isExternalHref(href);
    if (external && !/^https?:/i.test(href)) return undefined; // data: and other inline schemes are not files of the book
    const path = external ? href : resolveHref(from, href);
    const entry = external ? undefined : (zip.find(path) ?? sameFileName(path));
    const key = external ? `url:${href}` : `entry:${(entry?.name ?? path).toLowerCase()}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    return external ? { href } : { path, entry };
  }

  async function* give(claimed: Claim | undefined, placement: Placement): AsyncGenerator<DocumentImage> {
    if (!claimed) return;
    if (given >= MAX_EPUB_PICTURES) {
      if (given++ === MAX_EPUB_PICTURES) {
        onSkipped?.({
          reason: `This book shows more than ${MAX_EPUB_PICTURES} pictures; the rest were not extracted.`,
        });
      }
      return;
    }
    if ('href' in claimed) {
      given += 1;
      yield { ...linkedImage(claimed.href), ...placement };
      return;
    }
    const { path, entry } = claimed;
    const where = placement.chapter ? `Chapter ${placement.chapter}` : 'The book';
    if (!entry) {
      onSkipped?.({ reason: `${where} shows the picture ${path}, which the book does not hold.` });
    } else if (encrypted.has(entry.name.toLowerCase())) {
      onSkipped?.({ reason: `The picture ${entry.name} is encrypted (DRM), so it cannot be extracted.` });
    } else {
      const image = await entryImage(zip, entry, options).catch((error: unknown) => damaged(error, entry.name));
      if (!image) return;
      given += 1;
      yield { ...image, ...placement };
    }
  }

  /** One damaged picture is told and passed over; a bound reached still ends the extraction. */
  function damaged(error: unknown, name: string): undefined {
    if (!(error instanceof DocumentError) || error.code === 'too-large' || error.code === 'aborted') throw error;
    onSkipped?.({ reason: `The picture ${name} could not be read: ${error.message}` });
    return undefined;
  }

  if (book.cover) yield* give(claim(book.cover.href, book.opfPath), { role: 'cover' });
  const total = book.spine.length;
  for (const [index, item] of book.spine.entries()) {
    throwIfAborted(signal);
    const placement: Placement = { role: 'body', chapter: index + 1 };
    const title = titles.get(item.path);
    if (title) placement.chapterTitle = title;
    if (item.mediaType.startsWith('image/') && item.mediaType !== 'image/svg+xml') {
      yield* give(claim(item.href, book.opfPath), placement);
    } else if (PAGE_MEDIA_TYPES.has(item.mediaType) && !encrypted.has(item.path.toLowerCase())) {
      const page = readText(zip, item.path);
      for (const href of new Set(page === undefined ? [] : pageImageHrefs(page))) {
        const claimed = claim(href, item.path);
        if (!claimed) continue;
        throwIfAborted(signal);
        yield* give(claimed, placement);
      }
    }
    onProgress?.({ done: index + 1, total, unit: 'parts' });
  }
  for (const item of book.manifest) {
    throwIfAborted(signal);
    if (item.mediaType.startsWith('image/') && !isPage(item, book.spine)) {
      yield* give(claim(item.href, book.opfPath), { note: UNSHOWN_NOTE });
    }
  }
  // an SVG page of the spine is a page, not a picture, wherever else it would be counted
  for (const item of book.spine) seen.add(`entry:${item.path.toLowerCase()}`);
  for (const entry of pictures) {
    throwIfAborted(signal);
    const key = `entry:${entry.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    yield* give({ path: entry.name, entry }, { note: UNLISTED_NOTE });
  }
};

/** The last segment of a path, lower-cased. */
function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

function isPage(item: ManifestItem, spine: readonly ManifestItem[]): boolean {
  return item.mediaType === 'image/svg+xml' && spine.includes(item);
}

/** Entries META-INF/encryption.xml lists (DRM, font obfuscation), lower-cased; their bytes are not the file. */
function encryptedPaths(zip: ZipReader): Set<string> {
  const paths = new Set<string>();
  const xml = readText(zip, 'META-INF/encryption.xml');
  if (xml === undefined) return paths;
  try {
    walkXml(
      xml,
      {
        open(element) {
          if (element.local !== 'CipherReference') return;
          const uri = attributeValue(element, 'URI');
          if (uri) paths.add(resolveHref('', uri).toLowerCase());
        },
      },
      'encryption.xml',
    );
  } catch {
    // unreadable: pictures are then read as stored, and a damaged one fails on its own
  }
  return paths;
}
