/**
 * The rasters of an EMF (MS-EMF): the bitmap records, each giving its BITMAPINFO and bits by
 * offset and size within the record, and the EMF+ image objects inside EMR_COMMENT records
 * (MS-EMFPLUS). The walk is one pass over the records; a record whose size is damaged ends it
 * (what was found before still counts). Every offset is checked against its own record.
 */
import { span, u8, u16, u32 } from '../bytes.ts';
import {
  type ColourUsage,
  dibCandidate,
  fileCandidate,
  type PixelLayout,
  pixelsCandidate,
  type RasterCandidate,
} from './raster.ts';

const EMR_HEADER = 1;
const EMR_EOF = 0x0e;
const EMR_COMMENT = 0x46;
const EMF_SIGNATURE = 0x464d4520; // " EMF"
const EMF_PLUS = 0x2b464d45; // "EMF+"

/** Where a record keeps its source bitmap: usage, then offBmi, cbBmi, offBits, cbBits. */
type BitmapRecord = { name: string; usageAt: number; bmiAt: number; alphaFormatAt?: number; scansAt?: number };

const BITMAP_RECORDS = new Map<number, BitmapRecord>([
  [0x4c, { name: 'EMR_BITBLT', usageAt: 80, bmiAt: 84 }],
  [0x4d, { name: 'EMR_STRETCHBLT', usageAt: 80, bmiAt: 84 }],
  [0x4e, { name: 'EMR_MASKBLT', usageAt: 80, bmiAt: 84 }],
  [0x4f, { name: 'EMR_PLGBLT', usageAt: 92, bmiAt: 96 }],
  [0x50, { name: 'EMR_SETDIBITSTODEVICE', usageAt: 64, bmiAt: 48, scansAt: 72 }],
  [0x51, { name: 'EMR_STRETCHDIBITS', usageAt: 64, bmiAt: 48 }],
  [0x72, { name: 'EMR_ALPHABLEND', usageAt: 80, bmiAt: 84, alphaFormatAt: 43 }],
  [0x74, { name: 'EMR_TRANSPARENTBLT', usageAt: 80, bmiAt: 84 }],
]);

const AC_SRC_ALPHA = 1;

/** Whether the bytes start with an EMF header record. */
export function isEmf(bytes: Uint8Array): boolean {
  return bytes.length >= 88 && u32(bytes, 0) === EMR_HEADER && u32(bytes, 40) === EMF_SIGNATURE;
}

export function emfRasters(bytes: Uint8Array): RasterCandidate[] {
  const found: RasterCandidate[] = [];
  if (!isEmf(bytes)) return found;
  const objects = new EmfPlusObjects(found);
  let at = 0;
  while (at + 8 <= bytes.length) {
    const type = u32(bytes, at);
    const size = u32(bytes, at + 4);
    if (size < 8 || at + size > bytes.length) break;
    const record = bytes.subarray(at, at + size);
    const layout = BITMAP_RECORDS.get(type);
    if (layout) {
      const candidate = bitmapOf(record, layout);
      if (candidate) found.push(candidate);
    } else if (type === EMR_COMMENT && size >= 16 && u32(record, 12) === EMF_PLUS) {
      // DataSize counts the identifier and the EMF+ records after it.
      const end = Math.min(size, 12 + u32(record, 8));
      if (end > 16) objects.walk(record.subarray(16, end));
    }
    if (type === EMR_EOF) break;
    at += size;
  }
  return found;
}

function bitmapOf(record: Uint8Array, layout: BitmapRecord): RasterCandidate | undefined {
  if (record.length < layout.bmiAt + 16) return undefined;
  const usage: ColourUsage = u32(record, layout.usageAt) === 1 ? 'palette-indexes' : 'rgb';
  const info = span(record, u32(record, layout.bmiAt), u32(record, layout.bmiAt + 4));
  const bits = span(record, u32(record, layout.bmiAt + 8), u32(record, layout.bmiAt + 12));
  // A blit with no source (PATCOPY, a fill) has cbBmiSrc 0: nothing to show.
  if (!info || !bits || info.length < 12 || bits.length === 0) return undefined;
  const premultipliedAlpha =
    layout.alphaFormatAt !== undefined && (u8(record, layout.alphaFormatAt) & AC_SRC_ALPHA) !== 0;
  const rows = layout.scansAt !== undefined ? u32(record, layout.scansAt) : undefined;
  return dibCandidate(layout.name, info, bits, { usage, premultipliedAlpha, rows });
}

const EMF_PLUS_OBJECT = 0x4008;
const OBJECT_TYPE_IMAGE = 5;
const IMAGE_TYPE_BITMAP = 1;
const BITMAP_TYPE_PIXEL = 0;
const BITMAP_TYPE_COMPRESSED = 1;

/** The EMF+ pixel formats shown (all 8 bits a channel, no palette). */
const PIXEL_FORMATS = new Map<number, PixelLayout>([
  [0x00021808, 'bgr'], // PixelFormat24bppRGB
  [0x00022009, 'bgrx'], // PixelFormat32bppRGB
  [0x0026200a, 'bgra'], // PixelFormat32bppARGB
  [0x000e200b, 'bgra-premultiplied'], // PixelFormat32bppPARGB
]);

/**
 * EMF+ object records: an image object too large for one record is continued over several
 * (each with the continue flag and the object's total size first); its parts are kept as views and
 * joined once they add up to the total, never before, and never past what the records held.
 */
class EmfPlusObjects {
  private parts: Uint8Array[] = [];
  private partsLength = 0;
  private total = 0;
  private id = -1;

  constructor(private readonly found: RasterCandidate[]) {}

  walk(records: Uint8Array): void {
    let at = 0;
    while (at + 12 <= records.length) {
      const type = u16(records, at);
      const flags = u16(records, at + 2);
      const size = u32(records, at + 4);
      const dataSize = u32(records, at + 8);
      if (size < 12 || at + size > records.length) return;
      if (type === EMF_PLUS_OBJECT) {
        const data = records.subarray(at + 12, at + 12 + Math.min(dataSize, size - 12));
        this.object(flags, data);
      }
      at += size;
    }
  }

  private object(flags: number, data: Uint8Array): void {
    const id = flags & 0xff;
    const type = (flags >> 8) & 0x7f;
    const continued = (flags & 0x8000) !== 0;
    if (!continued) {
      this.reset();
      if (type === OBJECT_TYPE_IMAGE) this.image(data);
      return;
    }
    if (data.length < 4) return;
    const total = u32(data, 0);
    if (this.id !== id || this.total !== total) {
      this.reset();
      this.id = id;
      this.total = total;
    }
    this.parts.push(data.subarray(4));
    this.partsLength += data.length - 4;
    if (this.partsLength < this.total) return;
    const whole = new Uint8Array(this.partsLength);
    let offset = 0;
    for (const part of this.parts) {
      whole.set(part, offset);
      offset += part.length;
    }
    this.reset();
    if (type === OBJECT_TYPE_IMAGE) this.image(whole.subarray(0, total));
  }

  private reset(): void {
    this.parts = [];
    this.partsLength = 0;
    this.total = 0;
    this.id = -1;
  }

  /** EmfPlusImage: version, type; a bitmap has width, height, stride, pixel format, type, then its data. */
  private image(data: Uint8Array): void {
    if (data.length < 28 || u32(data, 4) !== IMAGE_TYPE_BITMAP) return;
    const width = u32(data, 8);
    const height = u32(data, 12);
    const stride = u32(data, 16);
    const pixelFormat = u32(data, 20);
    const bitmapType = u32(data, 24);
    const body = data.subarray(28);
    let candidate: RasterCandidate | undefined;
    if (bitmapType === BITMAP_TYPE_COMPRESSED) candidate = fileCandidate('EmfPlusObject', body);
    else if (bitmapType === BITMAP_TYPE_PIXEL) {
      const layout = PIXEL_FORMATS.get(pixelFormat);
      if (layout) candidate = pixelsCandidate('EmfPlusObject', width, height, stride, layout, body);
    }
    if (candidate) this.found.push(candidate);
  }
}
