import { makeZip } from 'client-zip';
import { MANIFEST_CSV, MANIFEST_JSON, type ManifestFacts, type ManifestRow } from 'shared-contracts';
import { createNameAllocator, safeEntryPath } from './fileNames.ts';
import { manifestCsv, manifestJson, measuring } from './manifest.ts';

/**
 * The one ZIP writer of the project, for the browser (document images, video frames) and for
 * extract-api (page images). It streams: each entry is read when the archive reaches it, so an
 * archive is never held whole in memory. Entries are stored, not deflated: images are compressed
 * already, and storing keeps the writer as fast as the input.
 */
export type ZipEntry = {
  name: string;
  /** The bytes, or a function that fetches them when the archive reaches this entry. */
  input:
    | Blob
    | Uint8Array
    | ReadableStream<Uint8Array>
    | (() => Promise<Blob | Uint8Array | ReadableStream<Uint8Array>>);
  lastModified?: Date;
  /**
   * What is known of the image, for the archive's manifest: with it on any entry, the archive ends
   * with manifest.csv and manifest.json, one row per file written (its name in the archive, its
   * size and SHA-256 measured as its bytes go in).
   */
  facts?: ManifestFacts;
};

/**
 * Text as UTF-8 bytes in this realm's Uint8Array. The writer tells bytes from streams with
 * instanceof, and a TextEncoder from another realm (jsdom's, in tests) gives another Uint8Array.
 */
const utf8 = (text: string) => Uint8Array.from(new TextEncoder().encode(text));

/** What could not be put in the archive, and why; written into the archive as a text file. */
export type ZipFailure = { name: string; reason: string };

export const ZIP_FAILURES_FILE = 'could-not-download.txt';

/**
 * A streamed ZIP of the entries, with unique names that are safe relative paths (`safeEntryPath`:
 * no `..`, no absolute path). An entry whose input fails is left out and
 * listed, with its reason, in `could-not-download.txt` at the end, instead of breaking the archive.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, onFailure?: (f: ZipFailure) => void) {
  async function* files() {
    const failures: ZipFailure[] = [];
    const allocate = createNameAllocator();
    const manifest: ManifestRow[] = [];
    for await (const entry of entries) {
      try {
        const bytes = typeof entry.input === 'function' ? await entry.input() : entry.input;
        // A name is a path (a folder per source of a batch): never absolute, never out of the archive's folder.
        const name = allocate(safeEntryPath(entry.name));
        let input = bytes;
        if (entry.facts) {
          const row: ManifestRow = { ...entry.facts, file: name };
          manifest.push(row);
          // The writer reads each entry to its end before it asks for the next: the row is complete
          // by the time the manifest is written.
          input = measuring(bytes, (measured) => Object.assign(row, measured));
        }
        yield { name, input, lastModified: entry.lastModified ?? new Date() };
      } catch (error) {
        const failure = { name: entry.name, reason: error instanceof Error ? error.message : String(error) };
        failures.push(failure);
        onFailure?.(failure);
      }
    }
    if (manifest.length > 0) {
      yield { name: allocate(MANIFEST_CSV), input: utf8(manifestCsv(manifest)), lastModified: new Date() };
      yield { name: allocate(MANIFEST_JSON), input: utf8(manifestJson(manifest)), lastModified: new Date() };
    }
    if (failures.length > 0) {
      const text = `These images could not be downloaded:\n\n${failures.map((f) => `${f.name}: ${f.reason}`).join('\n')}\n`;
      yield {
        name: allocate(ZIP_FAILURES_FILE),
        input: utf8(text),
        lastModified: new Date(),
      };
    }
  }
  return makeZip(files(), { buffersAreUTF8: true });
}
