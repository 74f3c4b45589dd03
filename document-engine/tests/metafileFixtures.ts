/**
 * Small EMF and WMF files built here, record by record at the offsets MS-EMF, MS-EMFPLUS and
 * MS-WMF give, for the embedded-bitmap tests; and a strict reader of the PNG and BMP files that
 * come out (chunk CRCs by node:zlib, IDAT inflated by node:zlib, every PNG filter undone), so the
 * tests do not trust the engine's own writer to read its output.
 */
import { crc32, inflateSync } from 'node:zlib';

const le = (size: number) => {
  const bytes = new Uint8Array(size);
  return { bytes, view: new DataView(bytes.buffer) };
};

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const pad4 = (bytes: Uint8Array) =>
  bytes.length % 4 === 0 ? bytes : concat(bytes, new Uint8Array(4 - (bytes.length % 4)));
const pad2 = (bytes: Uint8Array) => (bytes.length % 2 === 0 ? bytes : concat(bytes, new Uint8Array(1)));

// --- DIBs -----------------------------------------------------------------------------------------

export type DibSpec = {
  width: number;
  /** Negative: top-down rows. */
  height: number;
  bitCount: number;
  compression?: number;
  /** RGB triples, written as RGBQUADs (B, G, R, 0). */
  palette?: [number, number, number][];
  /** Written after a 40-byte header (BI_BITFIELDS). */
  masks?: number[];
  /** Defaults to a gradient of the right length. */
  bits?: Uint8Array;
  /** Overrides biClrUsed. */
  colorsUsed?: number;
};

export function stride(width: number, bitCount: number): number {
  return Math.floor((width * bitCount + 31) / 32) * 4;
}

/** BITMAPINFO (40-byte header, masks, colour table) and the bits. */
export function dib(spec: DibSpec): { info: Uint8Array; bits: Uint8Array } {
  const { bytes: header, view } = le(40);
  view.setUint32(0, 40, true);
  view.setInt32(4, spec.width, true);
  view.setInt32(8, spec.height, true);
  view.setUint16(12, 1, true);
  view.setUint16(14, spec.bitCount, true);
  view.setUint32(16, spec.compression ?? 0, true);
  const bits = spec.bits ?? gradient(stride(spec.width, spec.bitCount) * Math.abs(spec.height));
  view.setUint32(20, bits.length, true);
  view.setUint32(32, spec.colorsUsed ?? spec.palette?.length ?? 0, true);
  const masks = le(4 * (spec.masks?.length ?? 0));
  spec.masks?.forEach((mask, i) => {
    masks.view.setUint32(i * 4, mask, true);
  });
  const palette = new Uint8Array(4 * (spec.palette?.length ?? 0));
  spec.palette?.forEach(([r, g, b], i) => {
    palette.set([b, g, r, 0], i * 4);
  });
  return { info: concat(header, masks.bytes, palette), bits };
}

export function gradient(length: number, seed = 0): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 37 + seed * 11 + (i >> 7)) & 0xff;
  return out;
}

// --- EMF ------------------------------------------------------------------------------------------

export function emfRecord(type: number, body: Uint8Array): Uint8Array {
  const padded = pad4(body);
  const { bytes, view } = le(8);
  view.setUint32(0, type, true);
  view.setUint32(4, 8 + padded.length, true);
  return concat(bytes, padded);
}

/** A whole EMF: header (bounds 0,0-99,99), the records, EOF. */
export function emf(...records: Uint8Array[]): Uint8Array {
  const { bytes: header, view } = le(88);
  view.setUint32(0, 1, true);
  view.setUint32(4, 88, true);
  view.setInt32(16, 99, true);
  view.setInt32(20, 99, true);
  view.setInt32(32, 2645, true);
  view.setInt32(36, 2645, true);
  view.setUint32(40, 0x464d4520, true);
  view.setUint32(44, 0x10000, true);
  view.setUint32(52, records.length + 2, true);
  view.setInt32(72, 1024, true);
  view.setInt32(76, 768, true);
  view.setInt32(80, 320, true);
  view.setInt32(84, 240, true);
  const eof = le(20);
  eof.view.setUint32(0, 0x0e, true);
  eof.view.setUint32(4, 20, true);
  eof.view.setUint32(16, 20, true);
  const out = concat(header, ...records, eof.bytes);
  new DataView(out.buffer).setUint32(48, out.length, true);
  return out;
}

type Bitmap = { info: Uint8Array; bits: Uint8Array };

/** EMR_STRETCHDIBITS (0x51): 80 fixed bytes, then BITMAPINFO and bits. */
export function stretchDibits({ info, bits }: Bitmap, usage = 0): Uint8Array {
  const fixed = le(72);
  const v = fixed.view;
  const offBmi = 80;
  const at = (recordOffset: number) => recordOffset - 8;
  v.setUint32(at(48), offBmi, true);
  v.setUint32(at(52), info.length, true);
  v.setUint32(at(56), offBmi + info.length, true);
  v.setUint32(at(60), bits.length, true);
  v.setUint32(at(64), usage, true);
  v.setUint32(at(68), 0xcc0020, true);
  return emfRecord(0x51, concat(fixed.bytes, info, bits));
}

/** EMR_SETDIBITSTODEVICE (0x50): 76 fixed bytes; `scans` rows of the DIB are in the bits. */
export function setDibitsToDevice({ info, bits }: Bitmap, scans: number): Uint8Array {
  const fixed = le(68);
  const at = (recordOffset: number) => recordOffset - 8;
  const offBmi = 76;
  fixed.view.setUint32(at(48), offBmi, true);
  fixed.view.setUint32(at(52), info.length, true);
  fixed.view.setUint32(at(56), offBmi + info.length, true);
  fixed.view.setUint32(at(60), bits.length, true);
  fixed.view.setUint32(at(72), scans, true);
  return emfRecord(0x50, concat(fixed.bytes, info, bits));
}

/**
 * The blits with a source bitmap at record offset 84 (EMR_BITBLT 0x4C: 100 fixed bytes,
 * EMR_STRETCHBLT 0x4D and EMR_ALPHABLEND 0x72: 108). `alphaFormat` is BLENDFUNCTION's last byte.
 */
export function blit(type: 0x4c | 0x4d | 0x72, bitmap: Bitmap | undefined, alphaFormat = 0): Uint8Array {
  const fixedSize = type === 0x4c ? 100 : 108;
  const fixed = le(fixedSize - 8);
  const at = (recordOffset: number) => recordOffset - 8;
  fixed.view.setUint32(at(40), type === 0x72 ? (alphaFormat << 24) | (255 << 16) : 0xcc0020, true);
  if (!bitmap) return emfRecord(type, fixed.bytes);
  fixed.view.setUint32(at(84), fixedSize, true);
  fixed.view.setUint32(at(88), bitmap.info.length, true);
  fixed.view.setUint32(at(92), fixedSize + bitmap.info.length, true);
  fixed.view.setUint32(at(96), bitmap.bits.length, true);
  return emfRecord(type, concat(fixed.bytes, bitmap.info, bitmap.bits));
}

/** An EMR_COMMENT holding EMF+ records. */
export function emfPlusComment(...records: Uint8Array[]): Uint8Array {
  const body = concat(...records);
  const { bytes, view } = le(8);
  view.setUint32(0, 4 + body.length, true);
  view.setUint32(4, 0x2b464d45, true);
  return emfRecord(0x46, concat(bytes, body));
}

export function emfPlusRecord(type: number, flags: number, data: Uint8Array): Uint8Array {
  const padded = pad4(data);
  const { bytes, view } = le(12);
  view.setUint16(0, type, true);
  view.setUint16(2, flags, true);
  view.setUint32(4, 12 + padded.length, true);
  view.setUint32(8, data.length, true);
  return concat(bytes, padded);
}

/** EmfPlusImage of an EmfPlusBitmap: 0 pixel data (`stride`, `pixelFormat`), 1 a compressed file. */
export function emfPlusImage(
  width: number,
  height: number,
  stride: number,
  pixelFormat: number,
  type: 0 | 1,
  data: Uint8Array,
): Uint8Array {
  const { bytes, view } = le(28);
  view.setUint32(0, 0xdbc01002, true);
  view.setUint32(4, 1, true);
  view.setInt32(8, width, true);
  view.setInt32(12, height, true);
  view.setInt32(16, stride, true);
  view.setUint32(20, pixelFormat, true);
  view.setUint32(24, type, true);
  return concat(bytes, data);
}

/** EmfPlusObject records of one image object, in `parts` pieces (continued when more than one). */
export function emfPlusObjectRecords(objectId: number, image: Uint8Array, parts = 1): Uint8Array[] {
  const flags = objectId | (5 << 8);
  if (parts === 1) return [emfPlusRecord(0x4008, flags, image)];
  const size = Math.ceil(image.length / parts);
  const out: Uint8Array[] = [];
  for (let at = 0; at < image.length; at += size) {
    const total = le(4);
    total.view.setUint32(0, image.length, true);
    out.push(emfPlusRecord(0x4008, flags | 0x8000, concat(total.bytes, image.subarray(at, at + size))));
  }
  return out;
}

// --- WMF ------------------------------------------------------------------------------------------

export function wmfRecord(fn: number, params: Uint8Array): Uint8Array {
  const padded = pad2(params);
  const { bytes, view } = le(6);
  view.setUint32(0, (6 + padded.length) / 2, true);
  view.setUint16(4, fn, true);
  return concat(bytes, padded);
}

/** A WMF: optional placeable header, META_HEADER, the records, META_EOF. */
export function wmf(records: Uint8Array[], placeable = true): Uint8Array {
  const eof = wmfRecord(0, new Uint8Array(0));
  const body = concat(...records, eof);
  const { bytes: header, view } = le(18);
  view.setUint16(0, 1, true);
  view.setUint16(2, 9, true);
  view.setUint16(4, 0x0300, true);
  view.setUint32(6, (18 + body.length) / 2, true);
  view.setUint32(12, 64, true);
  if (!placeable) return concat(header, body);
  const aldus = le(22);
  aldus.view.setUint32(0, 0x9ac6cdd7, true);
  aldus.view.setInt16(10, 100, true);
  aldus.view.setInt16(12, 100, true);
  aldus.view.setUint16(14, 1440, true);
  return concat(aldus.bytes, header, body);
}

/** META_DIBSTRETCHBLT (0x0B41): raster operation and 8 coordinates, then the packed DIB. */
export function dibStretchBlt({ info, bits }: Bitmap): Uint8Array {
  const fixed = le(20);
  fixed.view.setUint32(0, 0xcc0020, true);
  return wmfRecord(0x0b41, concat(fixed.bytes, info, bits));
}

/** META_STRETCHDIB (0x0F43): raster operation, colour usage, 8 coordinates, then the packed DIB. */
export function stretchDib({ info, bits }: Bitmap, usage = 0): Uint8Array {
  const fixed = le(22);
  fixed.view.setUint32(0, 0xcc0020, true);
  fixed.view.setUint16(4, usage, true);
  return wmfRecord(0x0f43, concat(fixed.bytes, info, bits));
}

/** META_DIBBITBLT (0x0940): raster operation and 6 coordinates, then the packed DIB. */
export function dibBitBlt({ info, bits }: Bitmap): Uint8Array {
  const fixed = le(16);
  fixed.view.setUint32(0, 0xcc0020, true);
  return wmfRecord(0x0940, concat(fixed.bytes, info, bits));
}

// --- reading what comes out -----------------------------------------------------------------------

export type DecodedPng = { width: number; height: number; bitDepth: number; colorType: number; rows: Uint8Array[] };

/** A PNG read strictly: signature, chunk CRCs, IHDR, IDAT inflated and unfiltered. Throws on any fault. */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, i) => bytes[i] === byte)) throw new Error('no PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let header: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  let ended = false;
  while (at < bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) throw new Error(`${type} is cut`);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) {
      throw new Error(`${type}: CRC mismatch`);
    }
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (header?.length !== 13 || !ended || idat.length === 0) throw new Error('IHDR, IDAT or IEND missing');
  const h = new DataView(header.buffer, header.byteOffset, 13);
  const width = h.getUint32(0);
  const height = h.getUint32(4);
  const bitDepth = header[8] ?? 0;
  const colorType = header[9] ?? 0;
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType as 0 | 2 | 4 | 6];
  if (!channels) throw new Error(`colour type ${colorType}`);
  const raw = inflateSync(concat(...idat));
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  if (raw.length !== (rowBytes + 1) * height) throw new Error(`IDAT holds ${raw.length} bytes`);
  const bpp = Math.max(1, (channels * bitDepth) / 8);
  const rows: Uint8Array[] = [];
  let previous = new Uint8Array(rowBytes);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (rowBytes + 1)];
    const row = raw.slice(y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1));
    for (let x = 0; x < rowBytes; x++) {
      const a = x >= bpp ? (row[x - bpp] ?? 0) : 0;
      const b = previous[x] ?? 0;
      const c = x >= bpp ? (previous[x - bpp] ?? 0) : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter ?? 0];
      if (predictor === undefined) throw new Error(`filter ${filter}`);
      row[x] = ((row[x] ?? 0) + predictor) & 0xff;
    }
    rows.push(row);
    previous = row;
  }
  return { width, height, bitDepth, colorType, rows };
}

/** RGB(A) of pixel (x, y) of an 8-bit PNG (grey repeated). */
export function pixelOf(png: DecodedPng, x: number, y: number): number[] {
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[png.colorType as 0 | 2 | 4 | 6] ?? 1;
  const row = png.rows[y] ?? new Uint8Array(0);
  if (png.bitDepth === 1) {
    const bit = ((row[x >> 3] ?? 0) >> (7 - (x & 7))) & 1;
    return [bit * 255, bit * 255, bit * 255];
  }
  const sample = [...row.subarray(x * channels, (x + 1) * channels)];
  return channels === 1 ? [sample[0] ?? 0, sample[0] ?? 0, sample[0] ?? 0] : sample;
}

export type BmpFields = {
  fileSize: number;
  offBits: number;
  headerSize: number;
  width: number;
  height: number;
  bitCount: number;
  compression: number;
};

export function bmpFields(bytes: Uint8Array): BmpFields {
  if (bytes[0] !== 0x42 || bytes[1] !== 0x4d) throw new Error('no BM signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    fileSize: view.getUint32(2, true),
    offBits: view.getUint32(10, true),
    headerSize: view.getUint32(14, true),
    width: view.getInt32(18, true),
    height: view.getInt32(22, true),
    bitCount: view.getUint16(28, true),
    compression: view.getUint32(30, true),
  };
}
