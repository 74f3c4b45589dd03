/**
 * The rasters a metafile carries, as its records store them (a DIB: BITMAPINFO + bits; an EMF+
 * bitmap: BGR(A) rows or a whole PNG/JPEG/GIF file), checked against the bytes actually there, and
 * their conversion to a file a browser shows.
 *
 * What a browser gets, and why:
 * - An uncompressed DIB (BI_RGB 1/2/4/8/16/24/32 bits, BI_BITFIELDS 16/32) becomes a PNG
 *   (`png/pngEncoder.ts`, the engine's one PNG writer): every browser and viewer shows PNG the same way,
 *   it is several times smaller than the DIB, and it can keep the alpha an EMR_ALPHABLEND or an
 *   EMF+ ARGB bitmap gives (browsers read the fourth byte of a 32-bit BMP inconsistently, where
 *   GDI ignores it outside AlphaBlend). A palette whose colours are all grey becomes a grey PNG,
 *   and a black-and-white one a 1-bit PNG, so those cost no more than the DIB itself.
 * - An RLE4/RLE8 DIB becomes a BMP (a 14-byte file header before the record's own BITMAPINFO and
 *   bits, unchanged): browsers decode RLE BMPs, and so the engine needs no RLE decoder.
 * - A DIB whose PNG would pass MAX_PNG_SAMPLES becomes a BMP too: its size is then exactly what
 *   the record holds.
 * - A BI_JPEG/BI_PNG DIB, or an EMF+ compressed bitmap, already is a JPEG/PNG/GIF file: given as is.
 *
 * Never handed out: palettes of DIB_PAL_COLORS indexes (the colours live in a logical palette the
 * metafile selected elsewhere), CMYK DIBs, OS/2 2.x headers, EMF+ indexed or 16-bit-per-channel
 * pixel formats. Nothing is allocated before the bits a header declares are known to be there.
 */

import { i32, u8, u16, u32 } from '../bytes.ts';
import { encodePng, type RasterImage } from '../png/pngEncoder.ts';
import { sniffFormat } from '../sniffFormat.ts';

/** The file made of a metafile's raster. */
export type EmbeddedBitmap = {
  bytes: Uint8Array;
  format: 'PNG' | 'BMP' | 'JPEG' | 'GIF';
  mimeType: string;
  width: number;
  height: number;
  /** The record it came from: `EMR_STRETCHDIBITS`, `META_DIBSTRETCHBLT`, `EmfPlusObject`… */
  record: string;
};

/** One raster found in a record: views into the metafile, nothing copied yet. */
export type RasterCandidate = {
  record: string;
  width: number;
  height: number;
  /** False for a 1-bit DIB: most often a mask or a pattern, not the picture. */
  colour: boolean;
} & (
  | { kind: 'dib'; dib: Dib }
  | { kind: 'file'; bytes: Uint8Array; format: 'PNG' | 'JPEG' | 'GIF'; mimeType: string }
  | { kind: 'pixels'; pixels: Uint8Array; stride: number; layout: PixelLayout }
);

/** EMF+ pixel rows, top-down: B,G,R (24), B,G,R,x (32 RGB), B,G,R,A straight or premultiplied. */
export type PixelLayout = 'bgr' | 'bgrx' | 'bgra' | 'bgra-premultiplied';

type Dib = {
  /** BITMAPINFO as stored: header, masks, colour table; a BMP file carries exactly this before its bits. */
  info: Uint8Array;
  bits: Uint8Array;
  width: number;
  /** Rows (the header's height without its sign). */
  height: number;
  topDown: boolean;
  bitCount: number;
  compression: number;
  stride: number;
  /** R, G, B of each palette entry (bit counts up to 8). */
  palette: Uint8Array | undefined;
  masks: [number, number, number, number] | undefined;
  /** 32-bit samples carry premultiplied alpha (EMR_ALPHABLEND with AC_SRC_ALPHA). */
  premultipliedAlpha: boolean;
};

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_JPEG = 4;
const BI_PNG = 5;
const BI_ALPHABITFIELDS = 6;

/** DIB_RGB_COLORS: the colour table holds RGBQUADs; DIB_PAL_COLORS: 16-bit indexes into a logical palette. */
export type ColourUsage = 'rgb' | 'palette-indexes';

/** Largest PNG we build, in samples (bytes before compression); a larger raster is given as a BMP. */
export const MAX_PNG_SAMPLES = 32 * 1024 * 1024;
/** The side PNG and BMP readers accept at most (2^31 - 1 in PNG; browsers refuse far less). */
const MAX_SIDE = 0x7fffffff;

type DibHeader = {
  headerSize: number;
  width: number;
  height: number;
  topDown: boolean;
  bitCount: number;
  compression: number;
  sizeImage: number;
  /** Header, masks and colour table: where the bits start when they follow it (WMF, packed DIBs). */
  infoLength: number;
  paletteAt: number;
  paletteEntries: number;
  paletteEntryBytes: 3 | 4;
  masks: [number, number, number, number] | undefined;
};

/**
 * A DIB's header and colour table from the start of `bytes` (a BITMAPINFO), or undefined when it
 * is not one we can show or does not fit in `bytes`.
 */
function readDibHeader(bytes: Uint8Array, usage: ColourUsage): DibHeader | undefined {
  if (bytes.length < 12) return undefined;
  const headerSize = u32(bytes, 0);
  let width: number;
  let height: number;
  let bitCount: number;
  let compression = BI_RGB;
  let sizeImage = 0;
  let colorsUsed = 0;
  let paletteEntryBytes: 3 | 4 = 4;
  if (headerSize === 12) {
    // BITMAPCOREHEADER: unsigned 16-bit sides, bottom-up, RGBTRIPLE colour table.
    width = u16(bytes, 4);
    height = u16(bytes, 6);
    bitCount = u16(bytes, 10);
    paletteEntryBytes = 3;
  } else if (headerSize === 40 || headerSize === 52 || headerSize === 56 || headerSize === 108 || headerSize === 124) {
    if (bytes.length < headerSize) return undefined;
    width = i32(bytes, 4);
    height = i32(bytes, 8);
    bitCount = u16(bytes, 14);
    compression = u32(bytes, 16);
    sizeImage = u32(bytes, 20);
    colorsUsed = u32(bytes, 32);
  } else {
    return undefined;
  }
  const topDown = height < 0;
  height = Math.abs(height);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return undefined;

  let infoLength = headerSize;
  let masks: DibHeader['masks'];
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    // BITMAPINFOHEADER is followed by the masks; the later headers hold them.
    const maskCount = compression === BI_ALPHABITFIELDS ? 4 : 3;
    const masksAt = 40;
    if (headerSize === 40) infoLength += maskCount * 4;
    if (bytes.length < masksAt + maskCount * 4) return undefined;
    masks = [
      u32(bytes, masksAt),
      u32(bytes, masksAt + 4),
      u32(bytes, masksAt + 8),
      maskCount === 4 || headerSize >= 56 ? u32(bytes, masksAt + 12) : 0,
    ];
  }
  const paletteAt = infoLength;
  let paletteEntries = 0;
  if (bitCount <= 8 && bitCount > 0) paletteEntries = colorsUsed === 0 ? 2 ** bitCount : colorsUsed;
  else paletteEntries = colorsUsed;
  // A palette larger than any DIB needs is damage, not a picture.
  if (paletteEntries > 65536) return undefined;
  const entryBytes = usage === 'palette-indexes' ? 2 : paletteEntryBytes;
  infoLength += paletteEntries * entryBytes;
  if (infoLength > bytes.length) return undefined;
  // Palette indexes point into a logical palette this reader does not follow: no colours for those.
  if (usage === 'palette-indexes' && bitCount <= 8) return undefined;
  return {
    headerSize,
    width,
    height,
    topDown,
    bitCount,
    compression,
    sizeImage,
    infoLength,
    paletteAt,
    paletteEntries: usage === 'palette-indexes' ? 0 : paletteEntries,
    paletteEntryBytes,
    masks,
  };
}

const UNCOMPRESSED_BIT_COUNTS = new Set([1, 2, 4, 8, 16, 24, 32]);

/**
 * A DIB raster from a record: `info` is the BITMAPINFO (header and colour table; it may run on
 * past them), `bits` the pixel data. Undefined when it is damaged or of a kind never shown.
 */
export function dibCandidate(
  record: string,
  info: Uint8Array,
  bits: Uint8Array,
  options: { usage?: ColourUsage; premultipliedAlpha?: boolean; rows?: number } = {},
): RasterCandidate | undefined {
  const header = readDibHeader(info, options.usage ?? 'rgb');
  if (!header) return undefined;
  const { width, bitCount, compression } = header;
  let { height } = header;

  if (compression === BI_JPEG || compression === BI_PNG) {
    const length = header.sizeImage > 0 && header.sizeImage <= bits.length ? header.sizeImage : bits.length;
    const file = bits.subarray(0, length);
    const sniffed = sniffFormat(file);
    const wanted = compression === BI_JPEG ? 'JPEG' : 'PNG';
    if (sniffed?.format !== wanted) return undefined;
    return {
      kind: 'file',
      record,
      width: sniffed.width ?? width,
      height: sniffed.height ?? height,
      colour: true,
      bytes: file,
      format: wanted,
      mimeType: sniffed.mimeType,
    };
  }

  const stride = Math.floor((width * bitCount + 31) / 32) * 4;
  if (compression === BI_RLE8 || compression === BI_RLE4) {
    // Bottom-up only, and the bit count the compression names; the bits are decoded by the browser.
    if (header.topDown || bitCount !== (compression === BI_RLE8 ? 8 : 4) || bits.length < 2) return undefined;
  } else if (compression === BI_RGB) {
    if (!UNCOMPRESSED_BIT_COUNTS.has(bitCount)) return undefined;
  } else if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (bitCount !== 16 && bitCount !== 32) return undefined;
  } else {
    return undefined;
  }
  if (compression !== BI_RLE8 && compression !== BI_RLE4) {
    // EMR_SETDIBITSTODEVICE may carry a band of the rows only.
    if (options.rows !== undefined && options.rows >= 1 && options.rows < height) height = options.rows;
    if (bits.length < stride * height) return undefined;
  }
  let palette: Uint8Array | undefined;
  if (bitCount <= 8 && compression === BI_RGB) {
    palette = new Uint8Array(3 * Math.min(header.paletteEntries, 2 ** bitCount));
    for (let i = 0; i < palette.length / 3; i++) {
      const at = header.paletteAt + i * header.paletteEntryBytes;
      palette[i * 3] = u8(info, at + 2);
      palette[i * 3 + 1] = u8(info, at + 1);
      palette[i * 3 + 2] = u8(info, at);
    }
  }
  return {
    kind: 'dib',
    record,
    width,
    height,
    colour: bitCount > 1,
    dib: {
      info: info.subarray(0, header.infoLength),
      bits,
      width,
      height,
      topDown: header.topDown,
      bitCount,
      compression,
      stride,
      palette,
      masks: header.masks,
      premultipliedAlpha: options.premultipliedAlpha === true && bitCount === 32,
    },
  };
}

/**
 * A DIB stored whole (header, colour table, then the bits: WMF records, EMF+ and BMP files): the
 * bits start where the colour table ends and run to the end of `bytes`.
 */
export function packedDibCandidate(
  record: string,
  bytes: Uint8Array,
  options: { usage?: ColourUsage; rows?: number } = {},
): RasterCandidate | undefined {
  const header = readDibHeader(bytes, options.usage ?? 'rgb');
  if (!header) return undefined;
  return dibCandidate(record, bytes.subarray(0, header.infoLength), bytes.subarray(header.infoLength), options);
}

/** A whole image file an EMF+ bitmap holds: only what a browser shows (PNG, JPEG, GIF). */
export function fileCandidate(record: string, bytes: Uint8Array): RasterCandidate | undefined {
  const sniffed = sniffFormat(bytes);
  if (!sniffed || (sniffed.format !== 'PNG' && sniffed.format !== 'JPEG' && sniffed.format !== 'GIF')) {
    // A BMP file inside: its DIB is read like any other.
    if (sniffed?.format === 'BMP' && bytes.length > 14) {
      const offBits = u32(bytes, 10);
      const dib = bytes.subarray(14);
      const header = readDibHeader(dib, 'rgb');
      if (!header || offBits < 14 + header.infoLength || offBits > bytes.length) return undefined;
      return dibCandidate(record, dib.subarray(0, offBits - 14), bytes.subarray(offBits));
    }
    return undefined;
  }
  if (!sniffed.width || !sniffed.height) return undefined;
  return {
    kind: 'file',
    record,
    width: sniffed.width,
    height: sniffed.height,
    colour: true,
    bytes,
    format: sniffed.format,
    mimeType: sniffed.mimeType,
  };
}

/** EMF+ pixel rows (top-down, `stride` bytes apart). */
export function pixelsCandidate(
  record: string,
  width: number,
  height: number,
  stride: number,
  layout: PixelLayout,
  data: Uint8Array,
): RasterCandidate | undefined {
  const bytesPerPixel = layout === 'bgr' ? 3 : 4;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return undefined;
  if (stride < width * bytesPerPixel || data.length < stride * (height - 1) + width * bytesPerPixel) return undefined;
  return { kind: 'pixels', record, width, height, colour: true, pixels: data, stride, layout };
}

/** The candidates in the order to try them: colour before monochrome, then the most pixels, then as found. */
export function byPreference(candidates: readonly RasterCandidate[]): RasterCandidate[] {
  return [...candidates].sort((a, b) => Number(b.colour) - Number(a.colour) || b.width * b.height - a.width * a.height);
}

/** The browser-ready file of a candidate (a copy: the metafile's bytes are not kept alive by it). */
export async function toFile(candidate: RasterCandidate): Promise<EmbeddedBitmap | undefined> {
  const { record, width, height } = candidate;
  switch (candidate.kind) {
    case 'file':
      return {
        bytes: candidate.bytes.slice(),
        format: candidate.format,
        mimeType: candidate.mimeType,
        width,
        height,
        record,
      };
    case 'pixels': {
      const raster = pixelsToRaster(candidate.pixels, width, height, candidate.stride, candidate.layout);
      return raster && { bytes: await encodePng(raster), format: 'PNG', mimeType: 'image/png', width, height, record };
    }
    case 'dib': {
      const { dib } = candidate;
      const raster = dib.compression === BI_RLE8 || dib.compression === BI_RLE4 ? undefined : dibToRaster(dib);
      if (raster)
        return { bytes: await encodePng(raster), format: 'PNG', mimeType: 'image/png', width, height, record };
      return { bytes: bmpFile(dib), format: 'BMP', mimeType: 'image/bmp', width, height, record };
    }
  }
}

/** A BMP file: the 14-byte file header, then the record's BITMAPINFO and bits unchanged. */
function bmpFile(dib: Dib): Uint8Array {
  const bits =
    dib.compression === BI_RLE8 || dib.compression === BI_RLE4
      ? dib.bits
      : dib.bits.subarray(0, dib.stride * dib.height);
  const out = new Uint8Array(14 + dib.info.length + bits.length);
  const view = new DataView(out.buffer);
  out[0] = 0x42; // B
  out[1] = 0x4d; // M
  view.setUint32(2, out.length, true);
  view.setUint32(10, 14 + dib.info.length, true);
  out.set(dib.info, 14);
  out.set(bits, 14 + dib.info.length);
  // A band of EMR_SETDIBITSTODEVICE: the header says the band's height, not the whole picture's.
  const headerSize = u32(dib.info, 0);
  if (headerSize >= 40) view.setInt32(14 + 8, dib.topDown ? -dib.height : dib.height, true);
  else view.setUint16(14 + 6, dib.height, true);
  return out;
}

/** Shift and width of a colour mask, to scale its values to 8 bits. */
function channel(mask: number): (pixel: number) => number {
  if (mask === 0) return () => 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (bits < 32 - shift && ((mask >>> (shift + bits)) & 1) === 1) bits++;
  const max = 2 ** bits - 1;
  if (bits >= 8) return (pixel) => ((pixel & mask) >>> (shift + bits - 8)) & 0xff;
  return (pixel) => Math.round(((((pixel & mask) >>> shift) & max) * 255) / max);
}

function paletteIsGrey(palette: Uint8Array): boolean {
  for (let i = 0; i < palette.length; i += 3) {
    if (palette[i] !== palette[i + 1] || palette[i] !== palette[i + 2]) return false;
  }
  return true;
}

function dibToRaster(dib: Dib): RasterImage | undefined {
  const { width, height, bitCount, stride, bits, palette } = dib;
  const rowStart = (y: number) => (dib.topDown ? y : height - 1 - y) * stride;

  if (palette) {
    const entries = palette.length / 3;
    // Black-and-white: the rows as they are, as a 1-bit grey PNG (inverted when white comes first).
    if (bitCount === 1 && entries === 2 && paletteIsGrey(palette)) {
      const first = palette[0] ?? 0;
      const second = palette[3] ?? 0;
      if ((first === 0 && second === 255) || (first === 255 && second === 0)) {
        const rowBytes = Math.ceil(width / 8);
        const data = new Uint8Array(rowBytes * height);
        for (let y = 0; y < height; y++) data.set(bits.subarray(rowStart(y), rowStart(y) + rowBytes), y * rowBytes);
        if (first === 255) for (let i = 0; i < data.length; i++) data[i] = ~(data[i] ?? 0) & 0xff;
        return { width, height, channels: 1, bitDepth: 1, data };
      }
    }
    const grey = paletteIsGrey(palette);
    const channels = grey ? 1 : 3;
    if (width * height * channels > MAX_PNG_SAMPLES) return undefined;
    const data = new Uint8Array(width * height * channels);
    const perByte = 8 / bitCount;
    const mask = 2 ** bitCount - 1;
    let out = 0;
    for (let y = 0; y < height; y++) {
      const start = rowStart(y);
      for (let x = 0; x < width; x++) {
        const byte = bits[start + Math.floor(x / perByte)] ?? 0;
        const index = (byte >> ((perByte - 1 - (x % perByte)) * bitCount)) & mask;
        // An index past the colour table is black, as GDI draws it.
        const at = index < entries ? index * 3 : -1;
        if (grey) data[out++] = at < 0 ? 0 : (palette[at] ?? 0);
        else {
          data[out++] = at < 0 ? 0 : (palette[at] ?? 0);
          data[out++] = at < 0 ? 0 : (palette[at + 1] ?? 0);
          data[out++] = at < 0 ? 0 : (palette[at + 2] ?? 0);
        }
      }
    }
    return { width, height, channels, bitDepth: 8, data };
  }

  // 16-, 24- and 32-bit samples.
  const alpha = dib.premultipliedAlpha && hasAlpha(dib, rowStart);
  const channels = alpha ? 4 : 3;
  if (width * height * channels > MAX_PNG_SAMPLES) return undefined;
  const data = new Uint8Array(width * height * channels);
  const masks =
    dib.masks ?? (bitCount === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0x00ff00, 0x0000ff, 0xff000000]);
  const [red, green, blue] = [channel(masks[0]), channel(masks[1]), channel(masks[2])];
  const alphaOf = channel(dib.masks?.[3] || 0xff000000);
  let out = 0;
  for (let y = 0; y < height; y++) {
    let at = rowStart(y);
    for (let x = 0; x < width; x++) {
      if (bitCount === 24) {
        data[out++] = bits[at + 2] ?? 0;
        data[out++] = bits[at + 1] ?? 0;
        data[out++] = bits[at] ?? 0;
        at += 3;
        continue;
      }
      const pixel = bitCount === 16 ? u16(bits, at) : u32(bits, at);
      at += bitCount / 8;
      const r = red(pixel);
      const g = green(pixel);
      const b = blue(pixel);
      if (alpha) {
        const a = alphaOf(pixel);
        data[out++] = unpremultiply(r, a);
        data[out++] = unpremultiply(g, a);
        data[out++] = unpremultiply(b, a);
        data[out++] = a;
      } else {
        data[out++] = r;
        data[out++] = g;
        data[out++] = b;
      }
    }
  }
  return { width, height, channels, bitDepth: 8, data };
}

/** Whether premultiplied 32-bit samples have any alpha at all: writers that leave it 0 mean opaque. */
function hasAlpha(dib: Dib, rowStart: (y: number) => number): boolean {
  const alphaOf = channel(dib.masks?.[3] || 0xff000000);
  for (let y = 0; y < dib.height; y++) {
    const start = rowStart(y);
    for (let x = 0; x < dib.width; x++) if (alphaOf(u32(dib.bits, start + x * 4)) !== 0) return true;
  }
  return false;
}

function unpremultiply(value: number, alpha: number): number {
  if (alpha === 0) return 0;
  if (alpha === 255) return value;
  return Math.min(255, Math.round((value * 255) / alpha));
}

function pixelsToRaster(
  pixels: Uint8Array,
  width: number,
  height: number,
  stride: number,
  layout: PixelLayout,
): RasterImage | undefined {
  const alpha = layout === 'bgra' || layout === 'bgra-premultiplied';
  const channels = alpha ? 4 : 3;
  const step = layout === 'bgr' ? 3 : 4;
  if (width * height * channels > MAX_PNG_SAMPLES) return undefined;
  const data = new Uint8Array(width * height * channels);
  let out = 0;
  for (let y = 0; y < height; y++) {
    let at = y * stride;
    for (let x = 0; x < width; x++, at += step) {
      const b = pixels[at] ?? 0;
      const g = pixels[at + 1] ?? 0;
      const r = pixels[at + 2] ?? 0;
      if (!alpha) {
        data[out++] = r;
        data[out++] = g;
        data[out++] = b;
        continue;
      }
      const a = pixels[at + 3] ?? 0;
      const premultiplied = layout === 'bgra-premultiplied';
      data[out++] = premultiplied ? unpremultiply(r, a) : r;
      data[out++] = premultiplied ? unpremultiply(g, a) : g;
      data[out++] = premultiplied ? unpremultiply(b, a) : b;
      data[out++] = a;
    }
  }
  return { width, height, channels, bitDepth: 8, data };
}
