import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { corpusPath } from '../../tooling/corpus.mjs';

/** A real JPEG of the corpus (the e2e gallery's photo.jpg), as it is. */
export function corpusJpeg(): Uint8Array<ArrayBuffer> {
  const entry = 'word/media/image5.jpeg';
  const bytes = unzipSync(readFileSync(corpusPath('docx/VariousPictures.docx')), {
    filter: ({ name }) => name === entry,
  })[entry];
  if (!bytes) throw new Error(`docx/VariousPictures.docx has no ${entry}`);
  return Uint8Array.from(bytes);
}

/** That JPEG with a camera, a date, GPS, XMP creator and rights written by Debian's exiftool. */
export function taggedJpeg(): Uint8Array<ArrayBuffer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'tagged-'));
  try {
    const file = path.join(folder, 'photo.jpg');
    writeFileSync(file, corpusJpeg());
    execFileSync('exiftool', [
      '-q',
      '-overwrite_original',
      '-EXIF:Make=Test Camera Co',
      '-EXIF:Model=Model 7',
      '-EXIF:DateTimeOriginal=2024:05:06 07:08:09',
      '-EXIF:Orientation#=6',
      '-GPSLatitude=48.8584',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=2.2945',
      '-GPSLongitudeRef=E',
      '-XMP-dc:Creator=Ada Lovelace',
      '-XMP-dc:Rights=(c) Ada',
      file,
    ]);
    return Uint8Array.from(readFileSync(file));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A JPEG from its first scan on: the picture's data. */
export function scanOf(bytes: Uint8Array): Uint8Array {
  let at = 2;
  while (at + 3 < bytes.length && bytes[at + 1] !== 0xda) at += 2 + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
  return bytes.subarray(at);
}
