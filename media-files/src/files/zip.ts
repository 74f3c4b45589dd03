import { makeZip } from 'client-zip';
import { createNameAllocator } from './fileNames.ts';

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
};

/** What could not be put in the archive, and why; written into the archive as a text file. */
export type ZipFailure = { name: string; reason: string };

export const ZIP_FAILURES_FILE = 'could-not-download.txt';

/**
 * A streamed ZIP of the entries, with unique names. An entry whose input fails is left out and
 * listed, with its reason, in `could-not-download.txt` at the end, instead of breaking the archive.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, onFailure?: (f: ZipFailure) => void) {
  async function* files() {
    const failures: ZipFailure[] = [];
    const allocate = createNameAllocator();
    for await (const entry of entries) {
      try {
        const input = typeof entry.input === 'function' ? await entry.input() : entry.input;
        const name = allocate(entry.name);
        yield { name, input, lastModified: entry.lastModified ?? new Date() };
      } catch (error) {
        const failure = { name: entry.name, reason: error instanceof Error ? error.message : String(error) };
        failures.push(failure);
        onFailure?.(failure);
      }
    }
    if (failures.length > 0) {
      const text = `These images could not be downloaded:\n\n${failures.map((f) => `${f.name}: ${f.reason}`).join('\n')}\n`;
      yield {
        name: allocate(ZIP_FAILURES_FILE),
        input: text,
        lastModified: new Date(),
      };
    }
  }
  return makeZip(files(), { buffersAreUTF8: true });
}
