import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import exifr, { sidecar } from 'exifr';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../tooling/corpus.mjs';
import { ORIENTATION_TAG, PHOTO_TAGS, writeTags } from '../../tooling/exiftool.mjs';
import { stripMetadata } from '../src/files/stripMetadata.ts';
import { webpMetadata } from '../src/files/webpChunks.ts';

// Real files with real metadata: a JPEG from the corpus, a PNG and a WebP built here, each given
// EXIF (camera, GPS), XMP, IPTC and comments by Debian's exiftool (libimage-exiftool-perl,
// installed by `node scripts/setup.mjs --browser`). Read back by exifr and exiftool.

const work = mkdtempSync(path.join(tmpdir(), 'strip-metadata-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `file` given metadata by exiftool: its bytes. */
function withMetadata(name: string, bytes: Uint8Array, tags: readonly string[]): Uint8Array {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  writeTags(file, tags);
  return new Uint8Array(readFileSync(file));
}

/** What exiftool reads of some bytes, as its JSON (groups in the keys: `EXIF:Make`). */
function exiftoolTags(name: string, bytes: Uint8Array): Record<string, unknown> {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  const [tags] = JSON.parse(execFileSync('exiftool', ['-j', '-G', file], { encoding: 'utf8' })) as [
    Record<string, unknown>,
  ];
  return tags;
}

const CAMERA_TAGS = [...PHOTO_TAGS, ORIENTATION_TAG];

/** Groups that must be gone once stripped. */
const METADATA_GROUPS = /^(EXIF|XMP|IPTC|Photoshop|MakerNotes|Composite:GPS)/;
const metadataKeys = (tags: Record<string, unknown>) =>
  Object.keys(tags).filter(
    (key) => !key.startsWith('File:') && (METADATA_GROUPS.test(key) || /Comment|Text|ModifyDate/.test(key)),
  );

const asciiBytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** A JPEG's segments before its scan (marker, start, end), and where the scan starts. */
function jpegSegments(bytes: Uint8Array) {
  const segments: { marker: number; start: number; end: number }[] = [];
  let at = 2;
  while (bytes[at + 1] !== 0xda) {
    const end = at + 2 + ((bytes[at + 2] ?? 0) << 8) + (bytes[at + 3] ?? 0);
    segments.push({ marker: bytes[at + 1] ?? 0, start: at, end });
    at = end;
  }
  return { segments, scan: at };
}

describe('stripMetadata: JPEG', () => {
  const original = unzipSync(readFileSync(corpusPath('docx/VariousPictures.docx')), {
    filter: ({ name }) => name === 'word/media/image5.jpeg',
  })['word/media/image5.jpeg'] as Uint8Array;
  const tagged = withMetadata('photo.jpg', original, [
    ...CAMERA_TAGS,
    '-IPTC:By-line=Ada Lovelace',
    '-IPTC:CopyrightNotice=(c) Ada',
    '-File:Comment=Taken on the tower',
  ]);

  it('has the metadata exiftool wrote, as exifr reads it (the test means something)', async () => {
    const read = await exifr.parse(tagged, { tiff: true, xmp: true, iptc: true, gps: true });
    expect(read).toMatchObject({ Make: 'Test Camera Co', Model: 'Model 7', creator: 'Ada Lovelace' });
    expect(read.latitude).toBeCloseTo(48.8584, 3);
    expect(read.Byline).toBe('Ada Lovelace');
  });

  it('drops APP1 (Exif, XMP), APP13 (IPTC) and COM, keeps APP0, APP12, APP14, tables and the scan byte for byte', async () => {
    const stripped = stripMetadata(tagged);
    expect(stripped.length).toBeLessThan(tagged.length);
    expect(await exifr.parse(stripped, { tiff: true, xmp: true, iptc: true, gps: true })).toBeUndefined();
    expect(metadataKeys(exiftoolTags('stripped.jpg', stripped))).toEqual([]);

    const before = jpegSegments(tagged);
    const after = jpegSegments(stripped);
    const keptMarkers = before.segments.filter((s) => ![0xe1, 0xed, 0xfe].includes(s.marker));
    expect(after.segments.map((s) => s.marker)).toEqual(keptMarkers.map((s) => s.marker));
    expect(after.segments.map((s) => s.marker)).toEqual([0xe0, 0xec, 0xee, 0xdb, 0xc0, 0xc4]);
    keptMarkers.forEach((segment, i) => {
      const kept = after.segments[i] as { start: number; end: number };
      expect(Buffer.from(stripped.subarray(kept.start, kept.end))).toEqual(
        Buffer.from(tagged.subarray(segment.start, segment.end)),
      );
    });
    // Everything from the scan on: the picture as it was, and as it was before exiftool touched it.
    const scan = Buffer.from(stripped.subarray(after.scan));
    expect(scan.equals(Buffer.from(tagged.subarray(before.scan)))).toBe(true);
    expect(scan.equals(Buffer.from(original.subarray(jpegSegments(original).scan)))).toBe(true);
  });

  it('gives a file without metadata back as it is (the same array)', () => {
    const stripped = stripMetadata(tagged);
    expect(stripMetadata(stripped)).toBe(stripped);
  });
});

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(asciiBytes(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** A 4x3 RGB gradient with gAMA and sRGB, as a PNG. */
function gradientPng(): Uint8Array {
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, 4);
  new DataView(ihdr.buffer).setUint32(4, 3);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = [0, 1, 2].flatMap((y) => [0, ...[0, 1, 2, 3].flatMap((x) => [x * 60, y * 80, 128])]);
  const gama = new Uint8Array(4);
  new DataView(gama.buffer).setUint32(0, 45455);
  return concat(
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('gAMA', gama),
    chunk('sRGB', Uint8Array.of(0)),
    chunk('IDAT', deflateSync(Uint8Array.from(rows))),
    chunk('IEND', new Uint8Array()),
  );
}

/** The PNG's chunks by type, in order, with their bytes. */
function pngChunks(bytes: Uint8Array) {
  const chunks: { type: string; bytes: Buffer }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);
    chunks.push({
      type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)),
      bytes: Buffer.from(bytes.subarray(at, at + 12 + length)),
    });
    at += 12 + length;
  }
  return chunks;
}

describe('stripMetadata: PNG', () => {
  const original = gradientPng();
  const tagged = withMetadata('gradient.png', original, [
    ...CAMERA_TAGS,
    '-PNG:Comment=Taken on the tower',
    '-PNG:Author=Ada',
    '-PNG:ModifyDate=2024:05:06 07:08:09',
  ]);

  it('drops tEXt, zTXt, iTXt, eXIf and tIME, keeps IHDR, gAMA, sRGB, IDAT and IEND byte for byte', async () => {
    const types = pngChunks(tagged).map((c) => c.type);
    expect(types).toEqual(expect.arrayContaining(['eXIf', 'iTXt', 'tEXt', 'tIME']));
    const read = await exifr.parse(tagged, { tiff: true, xmp: true, gps: true });
    expect(read).toMatchObject({ Make: 'Test Camera Co', creator: 'Ada Lovelace' });

    const stripped = stripMetadata(tagged);
    expect(await exifr.parse(stripped, { tiff: true, xmp: true, gps: true, ihdr: false })).toBeUndefined();
    expect(metadataKeys(exiftoolTags('stripped.png', stripped))).toEqual([]);
    expect(pngChunks(stripped)).toEqual(pngChunks(original));
    expect(Buffer.from(stripped).equals(Buffer.from(original))).toBe(true);
  });
});

// A 1x1 lossy WebP (a VP8 key frame), the smallest real one.
const WEBP_1X1 = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

/** The WebP's chunks (fourcc, bytes with header and padding). */
function webpChunks(bytes: Uint8Array) {
  const chunks: { fourcc: string; bytes: Buffer }[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    chunks.push({
      fourcc: String.fromCharCode(...bytes.subarray(at, at + 4)),
      bytes: Buffer.from(bytes.subarray(at, end)),
    });
    at = end;
  }
  return chunks;
}

describe('stripMetadata: WebP', () => {
  const tagged = withMetadata('pixel.webp', new Uint8Array(WEBP_1X1), CAMERA_TAGS);

  it('drops EXIF and XMP, clears their VP8X flags, fixes the RIFF size, keeps the VP8 data byte for byte', () => {
    const before = webpChunks(tagged);
    expect(before.map((c) => c.fourcc)).toEqual(expect.arrayContaining(['VP8X', 'EXIF', 'XMP ', 'VP8 ']));
    expect(exiftoolTags('tagged.webp', tagged)).toMatchObject({ 'EXIF:Make': 'Test Camera Co' });
    expect((before[0]?.bytes[8] ?? 0) & 0x0c).toBe(0x0c);

    const stripped = stripMetadata(tagged);
    const after = webpChunks(stripped);
    expect(after.map((c) => c.fourcc)).toEqual(['VP8X', 'VP8 ']);
    expect((after[0]?.bytes[8] ?? 0) & 0x0c).toBe(0);
    expect(after[1]?.bytes.equals(webpChunks(WEBP_1X1)[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(new DataView(stripped.buffer, stripped.byteOffset).getUint32(4, true)).toBe(stripped.length - 8);
    const read = exiftoolTags('stripped.webp', stripped);
    expect(metadataKeys(read)).toEqual([]);
    expect(read).toMatchObject({ 'RIFF:ImageWidth': 1, 'RIFF:ImageHeight': 1 });
    expect(read['ExifTool:Warning']).toBeUndefined();
  });
});

describe('webpMetadata', () => {
  const tagged = withMetadata('read.webp', new Uint8Array(WEBP_1X1), CAMERA_TAGS);

  it('gives the EXIF chunk as a TIFF and the XMP packet, read back by exifr; nothing for a WebP without them', async () => {
    const blocks = webpMetadata(tagged);
    const exif = blocks?.exif ?? new Uint8Array();
    expect(String.fromCharCode(...exif.subarray(0, 2))).toMatch(/^(II|MM)$/);
    expect(await sidecar(exif, { tiff: true }, 'tiff')).toMatchObject({ Make: 'Test Camera Co' });
    expect(new TextDecoder().decode(blocks?.xmp)).toContain('Ada Lovelace');
    expect(webpMetadata(new Uint8Array(WEBP_1X1))).toEqual({});
    expect(webpMetadata(Uint8Array.of(1, 2, 3))).toBeUndefined();
  });

  it('takes away an "Exif\\0\\0" header some writers put before the TIFF', () => {
    const exif = webpMetadata(tagged)?.exif ?? new Uint8Array();
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(exif)]);
    const size = Buffer.alloc(4);
    size.writeUInt32LE(body.length);
    const chunk = Buffer.concat([Buffer.from('EXIF'), size, body, Buffer.alloc(body.length % 2)]);
    const riff = Buffer.concat([Buffer.from(WEBP_1X1.subarray(0, 12)), Buffer.from(WEBP_1X1.subarray(12)), chunk]);
    riff.writeUInt32LE(riff.length - 8, 4);
    expect(Buffer.from(webpMetadata(riff)?.exif ?? []).equals(Buffer.from(exif))).toBe(true);
  });

  it('never throws on a cut or garbled file', () => {
    for (let length = 0; length <= tagged.length; length += 1) webpMetadata(tagged.slice(0, length));
    for (let at = 4; at < Math.min(tagged.length, 64); at += 1) {
      const copy = tagged.slice();
      copy[at] = 0xff;
      webpMetadata(copy);
    }
  });
});

describe('stripMetadata on hostile input', () => {
  const jpeg = unzipSync(readFileSync(corpusPath('docx/VariousPictures.docx')), {
    filter: ({ name }) => name === 'word/media/image5.jpeg',
  })['word/media/image5.jpeg'] as Uint8Array;
  const files = {
    jpeg: withMetadata('h.jpg', jpeg, CAMERA_TAGS),
    png: withMetadata('h.png', gradientPng(), CAMERA_TAGS),
    webp: withMetadata('h.webp', new Uint8Array(WEBP_1X1), CAMERA_TAGS),
  };

  it.each(Object.entries(files))(
    '%s cut at every length: never throws; before the picture data, given back unchanged',
    (_kind, bytes) => {
      for (let length = 0; length < bytes.length; length += 1) {
        const cut = bytes.slice(0, length);
        const out = stripMetadata(cut);
        expect(out.length).toBeLessThanOrEqual(cut.length);
      }
      // Cut inside the metadata: the segment's length runs past the end.
      expect(stripMetadata(bytes.slice(0, 40))).toEqual(bytes.slice(0, 40));
    },
  );

  it.each(Object.entries(files))(
    '%s with a length field set to 0xFFFFFFFF or 0 anywhere: never throws',
    (_kind, bytes) => {
      for (let at = 0; at + 4 <= Math.min(bytes.length, 4096); at += 1) {
        for (const fill of [0xff, 0x00]) {
          const broken = bytes.slice();
          broken.fill(fill, at, at + 4);
          expect(stripMetadata(broken).length).toBeLessThanOrEqual(broken.length);
        }
      }
    },
  );

  it('a WebP whose RIFF size says more than there is, a JPEG without a scan, a PNG without IEND: unchanged', () => {
    const webp = files.webp.slice();
    new DataView(webp.buffer).setUint32(4, webp.length + 100, true);
    expect(stripMetadata(webp)).toBe(webp);
    const noScan = Uint8Array.of(0xff, 0xd8, 0xff, 0xe1, 0, 4, 1, 2);
    expect(stripMetadata(noScan)).toBe(noScan);
    const png = files.png.slice(0, files.png.length - 12);
    expect(stripMetadata(png)).toBe(png);
    const gif = asciiBytes('GIF89a');
    expect(stripMetadata(gif)).toBe(gif);
  });
});
