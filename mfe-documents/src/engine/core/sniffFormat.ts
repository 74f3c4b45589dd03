/**
 * The true format of an image from its first bytes (never from a file name), with its width and
 * height when the header gives them cheaply. Pure byte reading: no DOM, no Node APIs.
 *
 * Formats: PNG, JPEG, GIF, BMP, TIFF, WEBP, EMF, WMF, PICT, SVG, JPX (JPEG 2000: JP2 file or raw
 * codestream), JXR (JPEG XR / HD Photo, Office's `.wdp`), ICO, and PDF (Word for Mac stores PDF
 * pictures as images).
 */
export type SniffedFormat = { format: string; mimeType: string; width?: number; height?: number };

/** File extension (no dot, lower case) for a format that `sniffFormat` returns. */
export function extensionForFormat(format: string): string {
  return EXTENSIONS[format] ?? format.toLowerCase();
}

const EXTENSIONS: Record<string, string> = {
  JPEG: 'jpg',
  TIFF: 'tif',
  JPX: 'jp2',
  JXR: 'jxr',
};

export function sniffFormat(bytes: Uint8Array): SniffedFormat | undefined {
  if (bytes.length < 4) return undefined;
  const b0 = bytes[0];
  const b1 = bytes[1];
  const b2 = bytes[2];
  const b3 = bytes[3];

  if (startsWith(bytes, PNG_SIGNATURE)) return withSize({ format: 'PNG', mimeType: 'image/png' }, pngSize(bytes));
  if (b0 === 0xff && b1 === 0xd8 && b2 === 0xff)
    return withSize({ format: 'JPEG', mimeType: 'image/jpeg' }, jpegSize(bytes));
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') {
    return withSize({ format: 'GIF', mimeType: 'image/gif' }, [u16le(bytes, 6), u16le(bytes, 8)]);
  }
  if (b0 === 0x42 && b1 === 0x4d && bytes.length >= 26)
    return withSize({ format: 'BMP', mimeType: 'image/bmp' }, bmpSize(bytes));
  if (
    (b0 === 0x49 && b1 === 0x49 && b2 === 0x2a && b3 === 0) ||
    (b0 === 0x4d && b1 === 0x4d && b2 === 0 && b3 === 0x2a)
  ) {
    return withSize({ format: 'TIFF', mimeType: 'image/tiff' }, tiffSize(bytes, TIFF_WIDTH_TAG, TIFF_HEIGHT_TAG));
  }
  if (b0 === 0x49 && b1 === 0x49 && b2 === 0xbc && (b3 === 0x00 || b3 === 0x01)) {
    return withSize({ format: 'JXR', mimeType: 'image/vnd.ms-photo' }, tiffSize(bytes, JXR_WIDTH_TAG, JXR_HEIGHT_TAG));
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return { format: 'WEBP', mimeType: 'image/webp' };
  if (u32le(bytes, 0) === 1 && ascii(bytes, 40, 4) === ' EMF')
    return withSize({ format: 'EMF', mimeType: 'image/emf' }, emfSize(bytes));
  if (u32le(bytes, 0) === WMF_PLACEABLE_KEY)
    return withSize({ format: 'WMF', mimeType: 'image/wmf' }, placeableWmfSize(bytes));
  if (isStandardWmf(bytes)) return { format: 'WMF', mimeType: 'image/wmf' };
  if (startsWith(bytes, JP2_SIGNATURE)) return withSize({ format: 'JPX', mimeType: 'image/jp2' }, jp2Size(bytes));
  if (b0 === 0xff && b1 === 0x4f && b2 === 0xff && b3 === 0x51 && bytes.length >= 24) {
    return withSize({ format: 'JPX', mimeType: 'image/jp2' }, [
      u32be(bytes, 8) - u32be(bytes, 16),
      u32be(bytes, 12) - u32be(bytes, 20),
    ]);
  }
  if (b0 === 0 && b1 === 0 && (b2 === 1 || b2 === 2) && b3 === 0 && isIco(bytes)) {
    return withSize({ format: 'ICO', mimeType: 'image/x-icon' }, [bytes[6] || 256, bytes[7] || 256]);
  }
  if (ascii(bytes, 0, 5) === '%PDF-') return { format: 'PDF', mimeType: 'application/pdf' };
  const pict = pictSize(bytes);
  if (pict) return withSize({ format: 'PICT', mimeType: 'image/x-pict' }, pict);
  if (looksLikeSvg(bytes)) return { format: 'SVG', mimeType: 'image/svg+xml' };
  return undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JP2_SIGNATURE = [0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
const WMF_PLACEABLE_KEY = 0x9ac6cdd7;
const TIFF_WIDTH_TAG = 256;
const TIFF_HEIGHT_TAG = 257;
const JXR_WIDTH_TAG = 0xbc80;
const JXR_HEIGHT_TAG = 0xbc81;
/** How far into a text file to look for `<svg`. */
const SVG_SNIFF_CHARS = 4096;

function withSize(found: SniffedFormat, size: readonly [number, number] | undefined): SniffedFormat {
  if (!size) return found;
  const [width, height] = size;
  if (Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0) {
    return { ...found, width, height };
  }
  return found;
}

function pngSize(bytes: Uint8Array): [number, number] | undefined {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return undefined;
  return [u32be(bytes, 16), u32be(bytes, 20)];
}

/** Walks the JPEG markers up to the first start-of-frame. */
function jpegSize(bytes: Uint8Array): [number, number] | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return [u16be(bytes, at + 7), u16be(bytes, at + 5)];
    if (marker === 0xd9 || marker === 0xda) return undefined;
    at += 2 + u16be(bytes, at + 2);
  }
  return undefined;
}

function bmpSize(bytes: Uint8Array): [number, number] | undefined {
  const headerSize = u32le(bytes, 14);
  if (headerSize === 12) return [u16le(bytes, 18), u16le(bytes, 20)];
  return [Math.abs(i32le(bytes, 18)), Math.abs(i32le(bytes, 22))];
}

/** Reads two SHORT or LONG tags of the first IFD (TIFF, and JPEG XR which shares its layout). */
function tiffSize(bytes: Uint8Array, widthTag: number, heightTag: number): [number, number] | undefined {
  const le = bytes[0] === 0x49;
  const u16 = (at: number) => (le ? u16le(bytes, at) : u16be(bytes, at));
  const u32 = (at: number) => (le ? u32le(bytes, at) : u32be(bytes, at));
  const ifd = u32(4);
  if (ifd + 2 > bytes.length) return undefined;
  const count = u16(ifd);
  let width: number | undefined;
  let height: number | undefined;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > bytes.length) break;
    const tag = u16(entry);
    if (tag !== widthTag && tag !== heightTag) continue;
    const type = u16(entry + 2);
    const value =
      type === 3 ? u16(entry + 8) : type === 4 ? u32(entry + 8) : type === 1 ? (bytes[entry + 8] ?? 0) : undefined;
    if (tag === widthTag) width = value;
    else height = value;
  }
  return width !== undefined && height !== undefined ? [width, height] : undefined;
}

/** EMR_HEADER's rclBounds: an inclusive rectangle in device units. */
function emfSize(bytes: Uint8Array): [number, number] | undefined {
  if (bytes.length < 24) return undefined;
  const left = i32le(bytes, 8);
  const top = i32le(bytes, 12);
  const right = i32le(bytes, 16);
  const bottom = i32le(bytes, 20);
  return [right - left + 1, bottom - top + 1];
}

/** A placeable WMF's bounding box, in logical units at `inch` units per inch, shown at 96 dpi. */
function placeableWmfSize(bytes: Uint8Array): [number, number] | undefined {
  if (bytes.length < 22) return undefined;
  const left = i16le(bytes, 6);
  const top = i16le(bytes, 8);
  const right = i16le(bytes, 10);
  const bottom = i16le(bytes, 12);
  const inch = u16le(bytes, 14);
  if (!inch) return undefined;
  return [Math.round((Math.abs(right - left) * 96) / inch), Math.round((Math.abs(bottom - top) * 96) / inch)];
}

/** META_HEADER: type 1 (memory) or 2 (disk), header size 9 words, version 0x0100 or 0x0300. */
function isStandardWmf(bytes: Uint8Array): boolean {
  if (bytes.length < 18) return false;
  const type = u16le(bytes, 0);
  const headerWords = u16le(bytes, 2);
  const version = u16le(bytes, 4);
  return (type === 1 || type === 2) && headerWords === 9 && (version === 0x0100 || version === 0x0300);
}

function jp2Size(bytes: Uint8Array): [number, number] | undefined {
  // The image header box (ihdr) sits in the header superbox (jp2h) near the start.
  const limit = Math.min(bytes.length - 16, 4096);
  for (let at = 12; at < limit; at++) {
    if (bytes[at] === 0x69 && ascii(bytes, at, 4) === 'ihdr') return [u32be(bytes, at + 8), u32be(bytes, at + 4)];
  }
  return undefined;
}

function isIco(bytes: Uint8Array): boolean {
  const count = u16le(bytes, 4);
  if (count < 1 || bytes.length < 6 + 16 * count) return false;
  // The first directory entry's reserved byte is 0 and its data follows the directory.
  return bytes[9] === 0 && u32le(bytes, 18) >= 6 + 16 * count;
}

/** A PICT file: an optional 512-byte application header, then size, frame and version opcode. */
function pictSize(bytes: Uint8Array): [number, number] | undefined {
  for (const base of [512, 0]) {
    if (bytes.length < base + 14) continue;
    const v2 = u16be(bytes, base + 10) === 0x0011 && u16be(bytes, base + 12) === 0x02ff;
    const v1 = bytes[base + 10] === 0x11 && bytes[base + 11] === 0x01;
    if (!v1 && !v2) continue;
    const top = i16be(bytes, base + 2);
    const left = i16be(bytes, base + 4);
    const bottom = i16be(bytes, base + 6);
    const right = i16be(bytes, base + 8);
    return [right - left, bottom - top];
  }
  return undefined;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, SVG_SNIFF_CHARS)).trimStart();
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  return text.startsWith('<') && /<svg[\s>]/.test(text);
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((value, i) => bytes[i] === value);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  let text = '';
  for (let i = at; i < at + length && i < bytes.length; i++) text += String.fromCharCode(bytes[i] ?? 0);
  return text;
}

function u16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}
function u16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}
function i16le(bytes: Uint8Array, at: number): number {
  return (u16le(bytes, at) << 16) >> 16;
}
function i16be(bytes: Uint8Array, at: number): number {
  return (u16be(bytes, at) << 16) >> 16;
}
function u32le(bytes: Uint8Array, at: number): number {
  return i32le(bytes, at) >>> 0;
}
function i32le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24);
}
function u32be(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0
  );
}
