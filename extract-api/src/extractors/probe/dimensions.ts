import { sniffImageFormat } from 'media-files';
import { decodeTextPrefix } from './sniff.ts';
import { type Dimensions, svgDimensionsFromAttributes, svgRootAttributes } from './svgSize.ts';

export type { Dimensions } from './svgSize.ts';

/**
 * What the first bytes of a file say about its size in pixels:
 * - `found`: width and height (as displayed: a JPEG's EXIF rotation by 90° is applied);
 * - `need`: not yet, but the first `bytes` bytes of the file would tell (a JPEG whose SOF comes
 *   after a large EXIF or ICC segment, a TIFF whose first IFD is further in, a HEIF `meta` box);
 * - `none`: these bytes cannot tell (damaged, or a layout this reader does not follow).
 */
export type DimensionsResult = ({ kind: 'found' } & Dimensions) | { kind: 'need'; bytes: number } | { kind: 'none' };

const NONE: DimensionsResult = { kind: 'none' };

/** The formats whose sizes come from the project's one sniffer (SVG's own lengths are read here). */
const SIZED_BY_SNIFF = new Set([
  'JPEG',
  'PNG',
  'GIF',
  'WEBP',
  'BMP',
  'ICO',
  'CUR',
  'TIFF',
  'JXL',
  'JP2',
  'AVIF',
  'HEIC',
  'HEIF',
]);

function u16be(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

function u32(bytes: Uint8Array, offset: number, littleEndian = false): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(offset, littleEndian);
}

function found(width: number, height: number, orientation?: number): DimensionsResult {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) return NONE;
  // EXIF orientations 5 to 8 turn the picture by 90°: a browser shows it height × width.
  return orientation !== undefined && orientation >= 5 && orientation <= 8
    ? { kind: 'found', width: height, height: width }
    : { kind: 'found', width, height };
}

/** The sniffer's size of these bytes, when it agrees about the format (EXIF orientation applied). */
function withSniff(bytes: Uint8Array, format: string): DimensionsResult {
  if (!SIZED_BY_SNIFF.has(format)) return NONE;
  const sniffed = sniffImageFormat(bytes);
  if (sniffed?.format !== format || sniffed.width === undefined || sniffed.height === undefined) return NONE;
  return found(sniffed.width, sniffed.height, sniffed.orientation);
}

const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8]);

/**
 * Walks a JPEG's marker segments to its frame header (any SOFn: baseline, progressive, lossless,
 * arithmetic), so it knows exactly how many bytes it still needs when EXIF, ICC or XMP segments
 * come first.
 */
function jpegDimensions(bytes: Uint8Array): DimensionsResult {
  let i = 2;
  for (;;) {
    if (i + 4 > bytes.length) return { kind: 'need', bytes: i + 4 };
    if (bytes[i] !== 0xff) return NONE;
    const marker = bytes[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (JPEG_STANDALONE.has(marker)) {
      i += 2;
      continue;
    }
    // End of image, or scan data before any frame header: nothing to read.
    if (marker === 0xd9 || marker === 0xda) return NONE;
    const length = u16be(bytes, i + 2);
    if (length < 2) return NONE;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > bytes.length) return { kind: 'need', bytes: i + 9 };
      const height = u16be(bytes, i + 5);
      const width = u16be(bytes, i + 7);
      // The EXIF orientation comes before the frame header.
      return found(width, height, sniffImageFormat(bytes.subarray(0, i + 9))?.orientation);
    }
    i += 2 + length;
  }
}

/** TIFF: the first IFD and its entries must be in the bytes; it may sit anywhere in the file. */
function tiffDimensions(bytes: Uint8Array): DimensionsResult {
  if (bytes.length < 16) return { kind: 'need', bytes: 16 };
  const littleEndian = bytes[0] === 0x49;
  const bigTiff = (littleEndian ? bytes[2] : bytes[3]) === 0x2b;
  if (bigTiff) return withSniff(bytes, 'TIFF');
  const ifd = u32(bytes, 4, littleEndian);
  if (ifd + 2 > bytes.length) return { kind: 'need', bytes: ifd + 2 };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = view.getUint16(ifd, littleEndian);
  const end = ifd + 2 + entries * 12;
  if (end > bytes.length) return { kind: 'need', bytes: end };
  return withSniff(bytes, 'TIFF');
}

/** ISO-BMFF (AVIF, HEIC): the top-level `meta` box holds the sizes (`ispe`); walk the boxes to it. */
function heifDimensions(bytes: Uint8Array, format: string): DimensionsResult {
  let offset = 0;
  for (;;) {
    if (offset + 16 > bytes.length) return { kind: 'need', bytes: offset + 16 };
    let size = u32(bytes, offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (size === 1) {
      const large = Number(new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(offset + 8));
      if (!Number.isSafeInteger(large)) return NONE;
      size = large;
    }
    if (size === 0) size = Number.POSITIVE_INFINITY; // to the end of the file
    if (size < 8) return NONE;
    if (type === 'meta') {
      if (offset + size > bytes.length) return { kind: 'need', bytes: offset + size };
      return withSniff(bytes, format);
    }
    offset += size;
    if (!Number.isFinite(offset)) return NONE;
  }
}

/**
 * Width and height from the first bytes of a file whose format was sniffed. `complete` says the
 * bytes are the whole file, so no `need` is answered.
 */
export function readDimensions(bytes: Uint8Array, format: string, complete = false): DimensionsResult {
  const result = readPartial(bytes, format);
  if (result.kind === 'need' && (complete || result.bytes <= bytes.length)) return NONE;
  return result;
}

function readPartial(bytes: Uint8Array, format: string): DimensionsResult {
  switch (format) {
    case 'JPEG':
      return jpegDimensions(bytes);
    case 'TIFF':
      return tiffDimensions(bytes);
    case 'AVIF':
    case 'HEIC':
    case 'HEIF':
      return heifDimensions(bytes, format);
    case 'SVG': {
      const text = decodeTextPrefix(bytes);
      if (text === undefined) return NONE;
      const root = svgRootAttributes(text);
      // The root element's start tag is not complete yet (a long prologue): twice the bytes would tell.
      if (!root) return { kind: 'need', bytes: bytes.length * 2 };
      const size = svgDimensionsFromAttributes(root);
      return size ? found(size.width, size.height) : NONE;
    }
    default:
      return withSniff(bytes, format);
  }
}
