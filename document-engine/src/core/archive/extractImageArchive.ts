/**
 * A ZIP of pictures (a comic book's CBZ, or any ZIP of photos or scans): its pictures are its
 * pages, in the natural order of their paths, each the entry's bytes as stored. Entries that are
 * not pictures are not pages and are passed over; an archive inside it is not opened, and a page
 * that cannot be read (damaged, encrypted) is passed over, both told through `onSkipped`. The ZIP reader bounds entries and inflated bytes (MAX_ZIP_ENTRIES, 1 GiB).
 */
import { DocumentError, throwIfAborted } from '../../errors.ts';
import { readAhead } from '../ooxml/readAhead.ts';
import type { DocumentExtractor } from '../types.ts';
import { entryImage } from '../zip/zipImages.ts';
import { openZip, type ZipEntry } from '../zip/zipReader.ts';
import { isImageArchiveEntry, isNestedArchive, naturalPathOrder } from './imageEntries.ts';

export const extractImageArchive: DocumentExtractor = async function* extractImageArchive(bytes, options = {}) {
  const { signal, onProgress, onSkipped } = options;
  throwIfAborted(signal);
  const zip = openZip(bytes);
  const pages = zip.entries
    .filter((entry) => isImageArchiveEntry(entry.name))
    .sort((a, b) => naturalPathOrder(a.name, b.name));
  // the same path twice (a ZIP may repeat a name): the later copy is what unzip keeps on disk
  const unique = [...new Map(pages.map((entry) => [entry.name, entry])).values()];
  if (unique.length === 0) {
    throw new DocumentError(
      'unsupported',
      'This ZIP archive holds no pictures (PNG, JPEG, GIF, WebP…), so there is nothing to extract from it.',
    );
  }
  for (const entry of zip.entries) {
    if (isNestedArchive(entry.name)) {
      onSkipped?.({
        reason: `The archive ${entry.name} inside this one was not opened: only pictures at its own level are read.`,
      });
    }
  }
  let done = 0;
  // a damaged page is told and passed over (the others are whole files of their own); a bound
  // reached still ends the extraction
  const read = (entry: ZipEntry) =>
    entryImage(zip, entry, options).catch((error: unknown) => {
      if (!(error instanceof DocumentError) || error.code === 'too-large' || error.code === 'aborted') throw error;
      return error;
    });
  for await (const [entry, image] of readAhead(unique, read)) {
    throwIfAborted(signal);
    done += 1;
    if (image instanceof DocumentError) {
      onSkipped?.({ pageNumbers: [done], reason: `The page ${entry.name} could not be read: ${image.message}` });
    } else {
      yield { ...image, pageNumbers: [done] };
    }
    onProgress?.({ done, total: unique.length, unit: 'pictures' });
  }
};
