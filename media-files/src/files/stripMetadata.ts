/**
 * Remove metadata, losslessly: a JPEG, PNG or WebP file without its EXIF, XMP, IPTC, comments and
 * text chunks, every other byte as it was (no decoding, no re-encoding: the picture is the same file
 * data). Colour (ICC profiles, gAMA, sRGB, Adobe APP14) is kept: it changes how the picture looks.
 *
 * Pure and bounded on hostile input: a segment or chunk whose length runs past the end, a missing
 * marker, a RIFF size that lies: the input is given back unchanged (the same array), never an
 * exception. Other formats, and files with nothing to remove, are given back unchanged too.
 */

import { isWebp, webpChunks } from './webpChunks.ts';

/** JPEG markers dropped: APP1 (Exif, XMP, extended XMP), APP13 (IPTC, Photoshop), COM. */
const JPEG_DROPPED = new Set([0xe1, 0xed, 0xfe]);
/** PNG chunks dropped: text (tEXt, zTXt, iTXt, where XMP lives too), eXIf, and tIME (when it was saved). */
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
/** WebP chunks dropped, and their VP8X flags (EXIF 0x08, XMP 0x04) cleared. */
const WEBP_DROPPED = new Set(['EXIF', 'XMP ']);
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A range of the input kept as it is: [start, end). */
type Range = readonly [number, number];

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The kept ranges joined into one array (the input itself when nothing was dropped). */
function join(bytes: Uint8Array, kept: readonly Range[]): Uint8Array {
  const total = kept.reduce((sum, [start, end]) => sum + end - start, 0);
  if (total === bytes.length) return bytes;
  const out = new Uint8Array(total);
  let at = 0;
  for (const [start, end] of kept) {
    out.set(bytes.subarray(start, end), at);
    at += end - start;
  }
  return out;
}

/** Markers without a length: TEM, RST0-7, SOI. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);

function stripJpeg(bytes: Uint8Array): Uint8Array | undefined {
  const kept: Range[] = [[0, 2]];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    let markerAt = at + 1;
    // Any number of 0xFF fill bytes may come before a marker.
    while (markerAt < bytes.length && bytes[markerAt] === 0xff) markerAt += 1;
    if (markerAt >= bytes.length) return undefined;
    const marker = bytes[markerAt] as number;
    if (marker === 0x00) return undefined;
    // Start of scan, or the end: the picture's data and whatever follows go as they are.
    if (marker === 0xda || marker === 0xd9) {
      kept.push([at, bytes.length]);
      return join(bytes, kept);
    }
    if (standalone(marker)) {
      kept.push([at, markerAt + 1]);
      at = markerAt + 1;
      continue;
    }
    if (markerAt + 2 >= bytes.length) return undefined;
    const length = ((bytes[markerAt + 1] as number) << 8) | (bytes[markerAt + 2] as number);
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (!JPEG_DROPPED.has(marker)) kept.push([at, end]);
    at = end;
  }
  // No scan at all: not a picture this module vouches for.
  return undefined;
}

const u32be = (bytes: Uint8Array, at: number) =>
  (((bytes[at] as number) << 24) |
    ((bytes[at + 1] as number) << 16) |
    ((bytes[at + 2] as number) << 8) |
    (bytes[at + 3] as number)) >>>
  0;

function stripPng(bytes: Uint8Array): Uint8Array | undefined {
  const kept: Range[] = [[0, 8]];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) return undefined;
    if (!PNG_DROPPED.has(type)) kept.push([at, end]);
    at = end;
    if (type === 'IEND') {
      kept.push([at, bytes.length]);
      return join(bytes, kept);
    }
  }
  // Ended without IEND: truncated.
  return undefined;
}

function stripWebp(bytes: Uint8Array): Uint8Array | undefined {
  const parsed = webpChunks(bytes);
  if (!parsed) return undefined;
  const { chunks, riffEnd } = parsed;
  const kept: Range[] = [[0, 12]];
  let vp8xFlagsAt: number | undefined;
  let dropped = false;
  for (const { fourcc, start, end, dataStart, size } of chunks) {
    if (fourcc === 'VP8X' && start === 12 && size >= 10) vp8xFlagsAt = dataStart;
    if (WEBP_DROPPED.has(fourcc)) dropped = true;
    else kept.push([start, end]);
  }
  if (!dropped) return bytes;
  kept.push([riffEnd, bytes.length]);
  const out = join(bytes, kept);
  const riffSize = riffEnd - 8 - (bytes.length - out.length);
  new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(4, riffSize, true);
  // The VP8X chunk is the first kept after the header, so it sits where it was.
  if (vp8xFlagsAt !== undefined) out[vp8xFlagsAt] = (out[vp8xFlagsAt] as number) & ~VP8X_METADATA_FLAGS;
  return out;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);

/**
 * The file without its metadata (see the module's comment); the same array when it is not a
 * JPEG, PNG or WebP, has nothing to remove, or is malformed.
 */
export function stripMetadata(bytes: Uint8Array): Uint8Array {
  let out: Uint8Array | undefined;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) out = stripJpeg(bytes);
  else if (startsWith(bytes, PNG_SIGNATURE)) out = stripPng(bytes);
  else if (isWebp(bytes)) out = stripWebp(bytes);
  return out ?? bytes;
}
