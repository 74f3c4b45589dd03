/**
 * Which ZIP container (or flat OpenDocument XML) a file is, from its bytes: the `mimetype` entry
 * EPUB and OpenDocument store first, the parts a workbook or a book must have, else whether it
 * holds pictures at all. A DOCX or PPTX never gets here (`sniffDocumentKind` is asked first).
 */
import { isImageArchiveEntry } from './core/archive/imageEntries.ts';
import { openZip, type ZipReader } from './core/zip/zipReader.ts';

export type ZipContainerKind = 'epub' | 'odt' | 'odp' | 'ods' | 'odg' | 'xlsx' | 'image-archive';

/** A `mimetype` entry is a short line; anything longer is not one. */
const MAX_MIMETYPE_BYTES = 256;
/** Flat OpenDocument declares its type on its root element, within the first few KB. */
const FLAT_ODF_HEAD_BYTES = 16 * 1024;

const ODF_KINDS: Record<string, ZipContainerKind> = {
  text: 'odt',
  'text-master': 'odt',
  presentation: 'odp',
  spreadsheet: 'ods',
  graphics: 'odg',
};

/** The OpenDocument kind a media type names (`application/vnd.oasis.opendocument.text-template` → odt). */
export function odfKindOf(mediaType: string): ZipContainerKind | undefined {
  const match = /^application\/vnd\.oasis\.opendocument\.([a-z-]+?)(?:-template)?$/.exec(mediaType.trim());
  return match ? ODF_KINDS[match[1] as string] : undefined;
}

export function sniffZipContainer(bytes: Uint8Array): ZipContainerKind | undefined {
  let zip: ZipReader;
  try {
    zip = openZip(bytes, { namesOnly: true });
  } catch {
    return undefined;
  }
  // a Word or PowerPoint file sniffDocumentKind could not open (a zip bomb): still not a container
  if (zip.find('word/document.xml') || zip.find('ppt/presentation.xml')) return undefined;
  const mimetype = zip.find('mimetype');
  if (mimetype && mimetype.size <= MAX_MIMETYPE_BYTES) {
    try {
      const type = new TextDecoder().decode(zip.read(mimetype)).trim();
      if (type === 'application/epub+zip') return 'epub';
      const odf = odfKindOf(type);
      if (odf) return odf;
    } catch {
      // a damaged mimetype entry: the other signs below still tell
    }
  }
  if (zip.find('META-INF/container.xml') && zip.entries.some((entry) => /\.opf$/i.test(entry.name))) return 'epub';
  if (zip.find('xl/workbook.xml')) return 'xlsx';
  if (zip.entries.some((entry) => isImageArchiveEntry(entry.name))) return 'image-archive';
  return undefined;
}

/** A flat OpenDocument file (FODT, FODP, FODS, FODG): XML whose root `office:document` names its type. */
export function sniffFlatOdf(bytes: Uint8Array): ZipContainerKind | undefined {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, FLAT_ODF_HEAD_BYTES));
  const root = /<(?:[\w.-]+:)?document\b[^<>]*?\bmimetype\s*=\s*["']([^"']*)["']/.exec(head);
  if (!root || !/^\s*(?:\uFEFF)?\s*<(?:\?xml|!--|(?:[\w.-]+:)?document\b)/.test(head)) return undefined;
  return odfKindOf(root[1] as string);
}
