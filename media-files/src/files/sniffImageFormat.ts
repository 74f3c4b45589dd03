/**
 * The ONE image sniffer of the project: the true format of an image from its first bytes (magic
 * numbers), never from a file name, an extension or a Content-Type, with its width and height
 * when the header gives them cheaply. Used by extract-api (the image proxy, page probing) and by
 * the document engine (every image it takes out of a PDF, Word or PowerPoint file). Pure byte
 * reading: no DOM, no Node APIs.
 *
 * Formats: JPEG, PNG, GIF, WEBP, AVIF, HEIC, HEIF, BMP, ICO, CUR, TIFF (and BigTIFF), SVG (by its
 * root element after the prologue: an HTML page with an inline <svg> is not one), JXL, JP2 (JPEG
 * 2000, file or codestream), and what Office documents hold: EMF, WMF, PICT, JXR (JPEG XR).
 * Own code rather than a library's detector: image-size's is lenient on purpose (it finds `<svg`
 * anywhere in the first 1000 bytes), and what the proxy serves as an image must really be one.
 * Sizes are read for every format above but EMF's kin without a frame (standard WMF) and JP2 files
 * whose header sits past 4 KB: WebP (VP8, VP8L, VP8X), AVIF/HEIC/HEIF (`ispe`, cropped by `clap`),
 * JPEG XL (codestream or container), BigTIFF, Apple's CgBI PNG, and a JPEG's EXIF orientation.
 */

export type SniffedFormat = {
  format: string;
  mimeType: string;
  /** As stored: a JPEG's EXIF `orientation` 5 to 8 says a viewer shows it height × width. */
  width?: number;
  height?: number;
  /** A JPEG's EXIF orientation (1 to 8), when it has one. */
  orientation?: number;
};

/** Enough for every binary signature below, and for an SVG root after a short prologue. */
export const SNIFF_BYTES = 4096;
/** How far an SVG's prologue (XML declaration, comments, DOCTYPE with its internal subset) may go. */
export const SVG_SNIFF_MAX_BYTES = 64 * 1024;

const FORMATS = {
  JPEG: 'image/jpeg',
  PNG: 'image/png',
  GIF: 'image/gif',
  WEBP: 'image/webp',
  AVIF: 'image/avif',
  HEIC: 'image/heic',
  HEIF: 'image/heif',
  BMP: 'image/bmp',
  ICO: 'image/x-icon',
  // Browsers decode a cursor with their ICO decoder; there is no registered type for it.
  CUR: 'image/x-icon',
  TIFF: 'image/tiff',
  SVG: 'image/svg+xml',
  JXL: 'image/jxl',
  JP2: 'image/jp2',
  EMF: 'image/emf',
  WMF: 'image/wmf',
  PICT: 'image/x-pict',
  JXR: 'image/vnd.ms-photo',
} as const satisfies Record<string, string>;

export type ImageFormat = keyof typeof FORMATS;

/** The MIME type of a format name this module reports (`PNG` → `image/png`). */
export function mimeTypeFor(format: string): string | undefined {
  return (FORMATS as Record<string, string>)[format];
}

function result(format: ImageFormat, size?: readonly [number, number], orientation?: number): SniffedFormat {
  const found: SniffedFormat = { format, mimeType: FORMATS[format] };
  if (orientation !== undefined && orientation >= 1 && orientation <= 8) found.orientation = orientation;
  if (!size) return found;
  const [width, height] = size;
  if (Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0) {
    found.width = width;
    found.height = height;
  }
  return found;
}

/**
 * The true format from the first bytes, or undefined when they are not an image (HTML, JSON, PDF,
 * video, or too few bytes to tell). For an SVG, pass the bytes up to its root element
 * (SVG_SNIFF_MAX_BYTES covers any sane prologue).
 */
export function sniffImageFormat(bytes: Uint8Array): SniffedFormat | undefined {
  return sniffBinary(bytes) ?? (sniffSvg(bytes, true) === 'svg' ? result('SVG') : undefined);
}

/**
 * True when `bytes` (the start of a longer body) are not enough to tell: no binary signature
 * matched and they could still be an SVG whose root element comes later. A streaming reader
 * keeps reading, up to SVG_SNIFF_MAX_BYTES, while this holds.
 */
export function sniffNeedsMore(bytes: Uint8Array): boolean {
  if (sniffBinary(bytes)) return false;
  if (bytes.length < 16) return true;
  return sniffSvg(bytes, false) === 'undecided';
}

// --- binary signatures ---------------------------------------------------------------------------

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2', 'miaf']);
const BMP_DIB_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JP2_SIGNATURE = [0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
const JXL_CONTAINER_SIGNATURE = [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a];
const WMF_PLACEABLE_KEY = 0x9ac6cdd7;
const TIFF_WIDTH_TAG = 256;
const TIFF_HEIGHT_TAG = 257;
const JXR_WIDTH_TAG = 0xbc80;
const JXR_HEIGHT_TAG = 0xbc81;

function sniffBinary(bytes: Uint8Array): SniffedFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return result('JPEG', jpegSize(bytes), jpegOrientation(bytes));
  if (startsWith(bytes, PNG_SIGNATURE)) return result('PNG', pngSize(bytes));
  const gif = ascii(bytes, 0, 6);
  if ((gif === 'GIF87a' || gif === 'GIF89a') && bytes.length >= 10) {
    return result('GIF', [u16le(bytes, 6), u16le(bytes, 8)]);
  }
  if (gif === 'GIF87a' || gif === 'GIF89a') return result('GIF');
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return result('WEBP', webpSize(bytes));
  const ftyp = sniffFtyp(bytes);
  if (ftyp) return ftyp;
  // JPEG XL: a bare codestream, or the ISO container with its 'JXL ' signature box.
  if (startsWith(bytes, [0xff, 0x0a])) return result('JXL', jxlCodestreamSize(bytes));
  if (startsWith(bytes, JXL_CONTAINER_SIGNATURE)) return result('JXL', jxlContainerSize(bytes));
  // JPEG 2000: the 'jP  ' signature box of a JP2/JPX file, or a bare codestream (SOC + SIZ).
  if (startsWith(bytes, JP2_SIGNATURE)) return result('JP2', jp2Size(bytes));
  if (startsWith(bytes, [0xff, 0x4f, 0xff, 0x51])) {
    return result(
      'JP2',
      bytes.length >= 24 ? [u32be(bytes, 8) - u32be(bytes, 16), u32be(bytes, 12) - u32be(bytes, 20)] : undefined,
    );
  }
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return result('TIFF', tiffSize(bytes, TIFF_WIDTH_TAG, TIFF_HEIGHT_TAG));
  }
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) {
    return result('TIFF', bigTiffSize(bytes));
  }
  // JPEG XR (Office's .wdp): TIFF's layout under its own magic.
  if (startsWith(bytes, [0x49, 0x49, 0xbc]) && (bytes[3] === 0x00 || bytes[3] === 0x01)) {
    return result('JXR', tiffSize(bytes, JXR_WIDTH_TAG, JXR_HEIGHT_TAG));
  }
  // BMP: 'BM', then the DIB header's own size at offset 14 is one of the known ones.
  if (ascii(bytes, 0, 2) === 'BM' && BMP_DIB_HEADER_SIZES.has(u32le(bytes, 14))) return result('BMP', bmpSize(bytes));
  // ICO / CUR: reserved 0, type 1 or 2, 1 to 255 images, the first entry's reserved byte 0.
  if (bytes.length >= 22 && u16le(bytes, 0) === 0) {
    const type = u16le(bytes, 2);
    const count = u16le(bytes, 4);
    if ((type === 1 || type === 2) && count >= 1 && count <= 255 && bytes[9] === 0) {
      return result(type === 1 ? 'ICO' : 'CUR', [bytes[6] || 256, bytes[7] || 256]);
    }
  }
  if (u32le(bytes, 0) === 1 && ascii(bytes, 40, 44) === ' EMF') return result('EMF', emfSize(bytes));
  if (u32le(bytes, 0) === WMF_PLACEABLE_KEY) return result('WMF', placeableWmfSize(bytes));
  if (isStandardWmf(bytes)) return result('WMF');
  const pict = pictSize(bytes);
  if (pict) return result('PICT', pict);
  return undefined;
}

/** ISO base media files (AVIF, HEIC, MP4, …): the `ftyp` box's major and compatible brands decide. */
function sniffFtyp(bytes: Uint8Array): SniffedFormat | undefined {
  if (ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const boxSize = u32be(bytes, 0);
  if (boxSize < 16 || boxSize > 4096) return undefined;
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) {
    brands.push(ascii(bytes, offset, offset + 4));
  }
  const major = brands[0] ?? '';
  if (AVIF_BRANDS.has(major)) return result('AVIF', heifSize(bytes));
  if (HEIC_BRANDS.has(major)) return result('HEIC', heifSize(bytes));
  if (major === 'jp2 ') return result('JP2');
  // A generic image brand (mif1) names what it holds among its compatible brands.
  if (HEIF_BRANDS.has(major) || brands.some((brand) => HEIF_BRANDS.has(brand))) {
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return result('AVIF', heifSize(bytes));
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return result('HEIC', heifSize(bytes));
    return result('HEIF', heifSize(bytes));
  }
  // isom, mp42, qt… are videos.
  return undefined;
}

// --- sizes from headers ----------------------------------------------------------------------------

function pngSize(bytes: Uint8Array): [number, number] | undefined {
  // Apple's "fried" PNG (CgBI) puts its own chunk before IHDR.
  const ihdr = ascii(bytes, 12, 16) === 'CgBI' ? 28 : 12;
  if (bytes.length < ihdr + 12 || ascii(bytes, ihdr, ihdr + 4) !== 'IHDR') return undefined;
  return [u32be(bytes, ihdr + 4), u32be(bytes, ihdr + 8)];
}

/**
 * The EXIF orientation (tag 274 of IFD0) from an APP1 `Exif` segment before the frame header, or
 * undefined. Viewers turn the picture by it: 5 to 8 show it height × width.
 */
function jpegOrientation(bytes: Uint8Array): number | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // The frame header or the scan: EXIF comes before them.
    if ((marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xda)
      return undefined;
    const length = u16be(bytes, at + 2);
    if (length < 2) return undefined;
    if (marker === 0xe1 && ascii(bytes, at + 4, at + 10) === 'Exif\0\0') {
      return exifOrientation(bytes.subarray(at + 10, Math.min(bytes.length, at + 2 + length)));
    }
    at += 2 + length;
  }
  return undefined;
}

/** Tag 274 (SHORT, one value) of the first IFD of an EXIF block (a TIFF header and its IFDs). */
function exifOrientation(tiff: Uint8Array): number | undefined {
  if (tiff.length < 8) return undefined;
  const le = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!le && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return undefined;
  const u16 = (at: number) => (le ? u16le(tiff, at) : u16be(tiff, at));
  const u32 = (at: number) => (le ? u32le(tiff, at) : u32be(tiff, at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) !== 274) continue;
    if (u16(entry + 2) !== 3 || u32(entry + 4) !== 1) return undefined;
    return u16(entry + 8);
  }
  return undefined;
}

/** WebP: the VP8X canvas, or the first frame of a simple lossy (VP8) or lossless (VP8L) file. */
function webpSize(bytes: Uint8Array): [number, number] | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8X') {
    const flags = bytes[20] ?? 0;
    if ((flags & 0xc0) !== 0 || (flags & 0x01) !== 0) return undefined;
    return [1 + u24le(bytes, 24), 1 + u24le(bytes, 27)];
  }
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), then the key frame's start code 9d 01 2a, then 14-bit sizes.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return [u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    const b1 = bytes[21] ?? 0;
    const b2 = bytes[22] ?? 0;
    const b3 = bytes[23] ?? 0;
    const b4 = bytes[24] ?? 0;
    return [1 + (((b2 & 0x3f) << 8) | b1), 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6))];
  }
  return undefined;
}

type Box = { type: string; start: number; body: number; end: number };

/** The boxes of an ISO-BMFF container between `from` and `to` (each cut to the bytes there are). */
function* boxes(bytes: Uint8Array, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = u32be(bytes, at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = u32be(bytes, at + 8) * 2 ** 32 + u32be(bytes, at + 12);
      body = at + 16;
    } else if (size === 0) size = to - at;
    if (size < body - at) return;
    yield { type: ascii(bytes, at + 4, at + 8), start: at, body, end: Math.min(to, at + size) };
    at += size;
  }
}

function childBox(bytes: Uint8Array, parent: { body: number; end: number }, type: string, skip = 0) {
  for (const box of boxes(bytes, parent.body + skip, parent.end)) if (box.type === type) return box;
  return undefined;
}

/**
 * AVIF, HEIC, HEIF: the first image spatial extent (`ispe`) among the item properties
 * (meta → iprp → ipco), cropped by a clean aperture (`clap`) there when there is one.
 */
function heifSize(bytes: Uint8Array): [number, number] | undefined {
  const meta = childBox(bytes, { body: 0, end: bytes.length }, 'meta');
  // `meta` is a full box: version and flags come before its children.
  const iprp = meta && childBox(bytes, meta, 'iprp', 4);
  const ipco = iprp && childBox(bytes, iprp, 'ipco');
  if (!ipco) return undefined;
  let size: [number, number] | undefined;
  let clap: [number, number] | undefined;
  for (const box of boxes(bytes, ipco.body, ipco.end)) {
    if (box.type === 'ispe' && !size && box.body + 12 <= box.end) {
      size = [u32be(bytes, box.body + 4), u32be(bytes, box.body + 8)];
    } else if (box.type === 'clap' && !clap && box.body + 16 <= box.end) {
      const widthD = u32be(bytes, box.body + 4);
      const heightD = u32be(bytes, box.body + 12);
      if (widthD && heightD) {
        clap = [Math.round(u32be(bytes, box.body) / widthD), Math.round(u32be(bytes, box.body + 8) / heightD)];
      }
    }
  }
  if (size && clap && clap[0] > 0 && clap[1] > 0 && clap[0] <= size[0] && clap[1] <= size[1]) return clap;
  return size;
}

/** JPEG XL codestream: the SizeHeader right after the `ff 0a` signature (bits read from the lowest). */
function jxlCodestreamSize(bytes: Uint8Array): [number, number] | undefined {
  let byte = 2;
  let bit = 0;
  const bits = (count: number): number | undefined => {
    let value = 0;
    for (let i = 0; i < count; i += 1) {
      if (byte >= bytes.length) return undefined;
      value += (((bytes[byte] ?? 0) >> bit) & 1) * 2 ** i;
      bit += 1;
      if (bit === 8) {
        bit = 0;
        byte += 1;
      }
    }
    return value;
  };
  const dimension = (small: boolean): number | undefined => {
    if (small) {
      const value = bits(5);
      return value === undefined ? undefined : 8 * (1 + value);
    }
    const sizeClass = bits(2);
    const value = sizeClass === undefined ? undefined : bits([9, 13, 18, 30][sizeClass] ?? 0);
    return value === undefined ? undefined : 1 + value;
  };
  const small = bits(1);
  if (small === undefined) return undefined;
  const height = dimension(small === 1);
  const ratio = bits(3);
  if (height === undefined || ratio === undefined) return undefined;
  const RATIOS = [1, 1.2, 4 / 3, 1.5, 16 / 9, 5 / 4, 2];
  const width = ratio === 0 ? dimension(small === 1) : Math.floor(height * (RATIOS[ratio - 1] ?? 1));
  return width === undefined ? undefined : [width, height];
}

/** JPEG XL container: the codestream's first bytes, from its `jxlc` box or its first `jxlp` box. */
function jxlContainerSize(bytes: Uint8Array): [number, number] | undefined {
  for (const box of boxes(bytes, 0, bytes.length)) {
    if (box.type === 'jxlc') return jxlCodestreamSize(bytes.subarray(box.body, box.end));
    // A partial codestream box starts with its 4-byte index; the first holds the SizeHeader.
    if (box.type === 'jxlp') return jxlCodestreamSize(bytes.subarray(box.body + 4, box.end));
  }
  return undefined;
}

/** BigTIFF: 8-byte offsets; the first IFD's entries are 20 bytes (tag, type, 8-byte count and value). */
function bigTiffSize(bytes: Uint8Array): [number, number] | undefined {
  if (bytes.length < 16) return undefined;
  const le = bytes[0] === 0x49;
  const u16 = (at: number) => (le ? u16le(bytes, at) : u16be(bytes, at));
  const u32 = (at: number) => (le ? u32le(bytes, at) : u32be(bytes, at));
  const u64 = (at: number) =>
    le ? u32le(bytes, at) + u32le(bytes, at + 4) * 2 ** 32 : u32be(bytes, at) * 2 ** 32 + u32be(bytes, at + 4);
  if (u16(4) !== 8) return undefined;
  const ifd = u64(8);
  if (ifd + 8 > bytes.length) return undefined;
  const count = u64(ifd);
  let width: number | undefined;
  let height: number | undefined;
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 8 + i * 20;
    if (entry + 20 > bytes.length) break;
    const tag = u16(entry);
    if (tag !== TIFF_WIDTH_TAG && tag !== TIFF_HEIGHT_TAG) continue;
    const type = u16(entry + 2);
    const value =
      type === 3 ? u16(entry + 12) : type === 4 ? u32(entry + 12) : type === 16 ? u64(entry + 12) : undefined;
    if (tag === TIFF_WIDTH_TAG) width = value;
    else height = value;
  }
  return width !== undefined && height !== undefined ? [width, height] : undefined;
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
  if (bytes.length < 26) return undefined;
  const headerSize = u32le(bytes, 14);
  if (headerSize === 12) return [u16le(bytes, 18), u16le(bytes, 20)];
  // a bottom-up bitmap's height is negative in the file
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

function jp2Size(bytes: Uint8Array): [number, number] | undefined {
  // The image header box (ihdr) sits in the header superbox (jp2h) near the start.
  const limit = Math.min(bytes.length - 16, 4096);
  for (let at = 12; at < limit; at++) {
    if (bytes[at] === 0x69 && ascii(bytes, at, at + 4) === 'ihdr') return [u32be(bytes, at + 8), u32be(bytes, at + 4)];
  }
  return undefined;
}

/** EMR_HEADER's rclBounds: an inclusive rectangle in device units. */
function emfSize(bytes: Uint8Array): [number, number] | undefined {
  if (bytes.length < 24) return undefined;
  return [i32le(bytes, 16) - i32le(bytes, 8) + 1, i32le(bytes, 20) - i32le(bytes, 12) + 1];
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
  const version = u16le(bytes, 4);
  return (type === 1 || type === 2) && u16le(bytes, 2) === 9 && (version === 0x0100 || version === 0x0300);
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

// --- SVG: a text sniff of the prologue, then the root element's name ----------------------------

type SvgVerdict = 'svg' | 'not-svg' | 'undecided';

/** The document as text: UTF-8 (with or without BOM) or UTF-16 with a BOM. */
export function decodeTextPrefix(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  // A NUL in the first bytes: binary, not markup.
  if (body.subarray(0, 512).includes(0)) return undefined;
  return new TextDecoder('utf-8').decode(body);
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f';
}

function isNameEnd(char: string | undefined): boolean {
  return char === undefined || isSpace(char) || char === '>' || char === '/';
}

/** End of a `<!DOCTYPE …>`, skipping its internal subset `[…]` and quoted literals; -1 if not in `text`. */
function doctypeEnd(text: string, from: number): number {
  let quote: string | undefined;
  let depth = 0;
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '[') depth += 1;
    else if (char === ']') depth = Math.max(0, depth - 1);
    else if (char === '>' && depth === 0) return i + 1;
  }
  return -1;
}

/**
 * Walks the prologue (whitespace, XML declaration, processing instructions, comments, DOCTYPE) to
 * the first element: an SVG when it is `<svg` (or `<prefix:svg`). `complete` says `text` is the
 * whole document, so running out of text is a no rather than a maybe.
 */
function svgVerdict(text: string, complete: boolean): SvgVerdict {
  const more: SvgVerdict = complete ? 'not-svg' : 'undecided';
  let i = 0;
  for (;;) {
    while (isSpace(text[i])) i += 1;
    if (i >= text.length) return more;
    if (text[i] !== '<') return 'not-svg';
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return more;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return more;
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      if (text.length - i < 9) return more;
      if (text.slice(i + 2, i + 9).toUpperCase() !== 'DOCTYPE') return 'not-svg';
      const end = doctypeEnd(text, i + 9);
      if (end < 0) return more;
      // `<!DOCTYPE html>` names another root: an HTML page with an inline <svg> is not an SVG file.
      const root = text
        .slice(i + 9, end - 1)
        .trim()
        .split(/[\s[]/)[0];
      if (root && root.slice(root.indexOf(':') + 1) !== 'svg') return 'not-svg';
      i = end;
    } else {
      let end = i + 1;
      while (end < text.length && !isNameEnd(text[end])) end += 1;
      if (end >= text.length) return more;
      const name = text.slice(i + 1, end);
      const local = name.slice(name.indexOf(':') + 1);
      return local === 'svg' ? 'svg' : 'not-svg';
    }
  }
}

function sniffSvg(bytes: Uint8Array, complete: boolean): SvgVerdict {
  const text = decodeTextPrefix(bytes);
  if (text === undefined) return 'not-svg';
  return svgVerdict(text, complete);
}

// --- bytes ---------------------------------------------------------------------------------------

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** Latin-1 text of bytes [start, end), or '' when the bytes end before `end`. */
function ascii(bytes: Uint8Array, start: number, end: number): string {
  if (bytes.length < end) return '';
  return String.fromCharCode(...bytes.subarray(start, end));
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
function i32le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24);
}
function u24le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
}
function u32le(bytes: Uint8Array, at: number): number {
  return i32le(bytes, at) >>> 0;
}
function u32be(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0
  );
}
