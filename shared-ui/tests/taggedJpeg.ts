import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { corpusPath } from '../../tooling/corpus.mjs';
import { ORIENTATION_TAG, PHOTO_TAGS, writeTags } from '../../tooling/exiftool.mjs';

/** A real JPEG of the corpus (the e2e gallery's photo.jpg), as it is. */
export function corpusJpeg(): Uint8Array<ArrayBuffer> {
  const entry = 'word/media/image5.jpeg';
  const bytes = unzipSync(readFileSync(corpusPath('docx/VariousPictures.docx')), {
    filter: ({ name }) => name === entry,
  })[entry];
  if (!bytes) throw new Error(`docx/VariousPictures.docx has no ${entry}`);
  return Uint8Array.from(bytes);
}

/** `bytes` saved as `name` and given a camera, a date, an orientation, GPS, XMP creator and rights by Debian's exiftool. */
function tagged(name: string, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'tagged-'));
  try {
    const file = path.join(folder, name);
    writeFileSync(file, bytes);
    writeTags(file, [...PHOTO_TAGS, ORIENTATION_TAG]);
    return Uint8Array.from(readFileSync(file));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** That JPEG, tagged. */
export const taggedJpeg = () => tagged('photo.jpg', corpusJpeg());

/** A 1x1 lossy WebP (a VP8 key frame, the smallest real one), tagged: exiftool puts EXIF and XMP in chunks of their own. */
export const taggedWebp = () =>
  tagged('pixel.webp', Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'));

/** A JPEG from its first scan on: the picture's data. */
export function scanOf(bytes: Uint8Array): Uint8Array {
  let at = 2;
  while (at + 3 < bytes.length && bytes[at + 1] !== 0xda) at += 2 + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
  return bytes.subarray(at);
}
