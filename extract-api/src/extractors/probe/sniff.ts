/**
 * The true format of an image from its first bytes (magic numbers), never from its extension or
 * the server's Content-Type. Own code rather than a library's detector: image-size's detector is
 * lenient on purpose (it finds `<svg` anywhere in the first 1000 bytes, so an HTML page with an
 * inline icon would pass as SVG, and a TGA has no magic number at all), and what the image proxy
 * serves under an image type must really be one. `file-type` is ESM-only, large and reads whole
 * streams; these dozen checks are all the web needs.
 */

export type SniffedFormat = { format: string; mimeType: string };

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
} as const satisfies Record<string, string>;

export type ImageFormat = keyof typeof FORMATS;

function result(format: ImageFormat): SniffedFormat {
  return { format, mimeType: FORMATS[format] };
}

/** The MIME type of a format name this module reports (`PNG` → `image/png`). */
export function mimeTypeFor(format: string): string | undefined {
  return (FORMATS as Record<string, string>)[format];
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  if (bytes.length < end) return '';
  return String.fromCharCode(...bytes.subarray(start, end));
}

function u16le(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

function u32be(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] ?? 0) << 24) >>> 0) +
    ((bytes[offset + 1] ?? 0) << 16) +
    ((bytes[offset + 2] ?? 0) << 8) +
    (bytes[offset + 3] ?? 0)
  );
}

function u32le(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset] ?? 0) |
      ((bytes[offset + 1] ?? 0) << 8) |
      ((bytes[offset + 2] ?? 0) << 16) |
      ((bytes[offset + 3] ?? 0) << 24)) >>>
    0
  );
}

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2', 'miaf']);

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
  if (AVIF_BRANDS.has(major)) return result('AVIF');
  if (HEIC_BRANDS.has(major)) return result('HEIC');
  if (major === 'jp2 ') return result('JP2');
  // A generic image brand (mif1) names what it holds among its compatible brands.
  if (HEIF_BRANDS.has(major) || brands.some((brand) => HEIF_BRANDS.has(brand))) {
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return result('AVIF');
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return result('HEIC');
    return result('HEIF');
  }
  // isom, mp42, qt… are videos.
  return undefined;
}

const BMP_DIB_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

function sniffBinary(bytes: Uint8Array): SniffedFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return result('JPEG');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return result('PNG');
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return result('GIF');
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return result('WEBP');
  const ftyp = sniffFtyp(bytes);
  if (ftyp) return ftyp;
  // JPEG XL: a bare codestream, or the ISO container with its 'JXL ' signature box.
  if (startsWith(bytes, [0xff, 0x0a])) return result('JXL');
  if (startsWith(bytes, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a])) return result('JXL');
  // JPEG 2000: the 'jP  ' signature box of a JP2/JPX file, or a bare codestream (SOC + SIZ).
  if (startsWith(bytes, [0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a])) return result('JP2');
  if (startsWith(bytes, [0xff, 0x4f, 0xff, 0x51])) return result('JP2');
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return result('TIFF');
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return result('TIFF');
  // BMP: 'BM', then the DIB header's own size at offset 14 is one of the known ones.
  if (ascii(bytes, 0, 2) === 'BM' && BMP_DIB_HEADER_SIZES.has(u32le(bytes, 14))) return result('BMP');
  // ICO / CUR: reserved 0, type 1 or 2, 1 to 255 images, the first entry's reserved byte 0.
  if (bytes.length >= 22 && u16le(bytes, 0) === 0) {
    const type = u16le(bytes, 2);
    const count = u16le(bytes, 4);
    if ((type === 1 || type === 2) && count >= 1 && count <= 255 && bytes[9] === 0) {
      return result(type === 1 ? 'ICO' : 'CUR');
    }
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

/**
 * The true format from the first bytes, or undefined when they are not an image this service
 * knows (HTML, JSON, PDF, video, or too few bytes to tell). For an SVG, pass the bytes up to its
 * root element (SVG_SNIFF_MAX_BYTES covers any sane prologue).
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
