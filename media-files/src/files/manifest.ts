import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { MANIFEST_COLUMNS, type ManifestRow } from 'shared-contracts';

/**
 * manifest.csv and manifest.json of a download, and the SHA-256 of bytes as they stream past. In
 * media-files because the browser's ZIP, the server's /api/zip and "Download manifest" write the
 * same files.
 */

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a field a spreadsheet would run
 * as a formula (=, +, -, @, tab, CR first: alt text is the page author's) is prefixed with '.
 */
export function csvField(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row, CRLF line ends, as spreadsheets read it. */
export function manifestCsv(rows: readonly ManifestRow[]): string {
  const lines = [MANIFEST_COLUMNS.join(',')];
  for (const row of rows) lines.push(MANIFEST_COLUMNS.map((column) => csvField(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The same rows as JSON, the columns in the CSV's order, absent values left out. */
export function manifestJson(rows: readonly ManifestRow[]): string {
  const ordered = rows.map((row) =>
    Object.fromEntries(
      MANIFEST_COLUMNS.flatMap((column) => (row[column] === undefined ? [] : [[column, row[column]]])),
    ),
  );
  return `${JSON.stringify({ images: ordered }, null, 2)}\n`;
}

export const sha256Hex = (bytes: Uint8Array): string => bytesToHex(sha256(bytes));

/** What a stream's bytes came to once it has been read to its end. */
export type Measured = { bytes: number; sha256: string };

/**
 * The bytes as they are, measured and hashed on their way through (nothing held back): `done`
 * is called once the last byte has passed.
 */
export function measuring(
  input: Blob | Uint8Array | ReadableStream<Uint8Array>,
  done: (measured: Measured) => void,
): Uint8Array | ReadableStream<Uint8Array> {
  if (input instanceof Uint8Array) {
    done({ bytes: input.length, sha256: sha256Hex(input) });
    return input;
  }
  const stream = input instanceof Blob ? (input.stream() as ReadableStream<Uint8Array>) : input;
  const hash = sha256.create();
  let bytes = 0;
  const reader = stream.getReader();
  // A plain ReadableStream of this realm (not a TransformStream's end): the ZIP writer recognises
  // its input by the page's own ReadableStream.
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) {
        done({ bytes, sha256: bytesToHex(hash.digest()) });
        controller.close();
        return;
      }
      hash.update(next.value);
      bytes += next.value.length;
      controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
