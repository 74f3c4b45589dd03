/**
 * One image XObject (or inline image) to an output file (ISO 32000-1 §8.9):
 * - DCTDecode: the stored JPEG, cut to its SOI…EOI (jpeg.ts), at its frame header's size; a stream
 *   that holds no JPEG is skipped with why;
 * - JPXDecode: the stored codestream, byte for byte (earlier filters decoded);
 * - JBIG2Decode: decoded by pdf.js's JBIG2 decoder (filters/jbig2.ts, loaded only then), then as below;
 * - everything else: decoded samples (1–16 bits, Decode arrays, colour space) as a lossless PNG,
 *   16-bit gray/RGB kept at 16 bits, with /SMask or /Mask (image or colour key) as alpha.
 */
import { DocumentError } from '../../errors.ts';
import { encodePng, type RasterImage } from '../png/pngEncoder.ts';
import { extensionForFormat, sniffFormat } from '../sniffFormat.ts';
import { type ColorSpace, outputChannels, readColorSpace, toOutput } from './colorSpace.ts';
import { decodeJbig2 } from './filters/jbig2.ts';
import { readJpegLayout } from './jpeg.ts';
import { numberOf, type PdfDict, type PdfObject, PdfStream } from './objects.ts';
import type { PdfDocument } from './xref.ts';

/** Largest decoded image we write (output samples): 256 MiB; a larger one is skipped. */
export const MAX_RASTER_BYTES = 256 * 1024 * 1024;
/**
 * 16-bit images up to this many output bytes stay 16-bit (16 megapixels of gray, 5.6 of RGB);
 * larger ones are written at 8 bits: 32 MiB.
 */
const MAX_SIXTEEN_BIT_BYTES = 32 * 1024 * 1024;
/** Images declaring more sample bytes than this must come with at least half of them: 16 MiB. */
const MIN_CHECKED_BYTES = 16 * 1024 * 1024;
/** Most distinct colours remembered while converting one image through a costly colour space. */
const MAX_MEMO = 1 << 18;

export type ImageResult =
  | { kind: 'image'; bytes: Uint8Array; format: string; mimeType: string; width: number; height: number; note?: string }
  | { kind: 'skipped'; width: number; height: number; reason: string };

export async function convertImage(
  doc: PdfDocument,
  stream: PdfStream,
  resources: PdfDict | undefined,
): Promise<ImageResult> {
  const dict = stream.dict;
  const width = numberOf(await doc.resolve(dict.get('Width'))) ?? 0;
  const height = numberOf(await doc.resolve(dict.get('Height'))) ?? 0;
  const decoded = await doc.decodeStream(stream);
  const hasAlpha = dict.has('SMask') || dict.has('Mask');
  const alphaNote = 'Stored as in the PDF; its transparency mask is not merged into the file.';
  if (decoded.codec === 'DCTDecode')
    return passThroughJpeg(decoded.data, width, height, hasAlpha ? alphaNote : undefined);
  if (decoded.codec === 'JPXDecode') {
    const sniffed = sniffFormat(decoded.data);
    const format = sniffed?.format ?? 'JPX';
    return {
      kind: 'image',
      bytes: decoded.data,
      format,
      mimeType: sniffed?.mimeType ?? 'image/jp2',
      width: sniffed?.width ?? width,
      height: sniffed?.height ?? height,
      ...(hasAlpha ? { note: alphaNote } : {}),
    };
  }
  if (width <= 0 || height <= 0 || !Number.isInteger(width) || !Number.isInteger(height)) {
    throw new DocumentError('invalid', 'An image in this PDF has no valid size.');
  }
  let samples = decoded.data;
  if (decoded.codec === 'JBIG2Decode') {
    if (Math.ceil(width / 8) * height > MAX_RASTER_BYTES) {
      return { kind: 'skipped', width, height, reason: 'This image is too large to decode in the browser.' };
    }
    try {
      samples = await decodeJbig2(decoded.data, width, height, await jbig2Globals(doc, decoded.codecParams));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { kind: 'skipped', width, height, reason: `This JBIG2 image could not be decoded: ${why}.` };
    }
  } else if (decoded.codec) {
    return { kind: 'skipped', width, height, reason: `${decoded.codec} images are not decoded yet.` };
  }
  const oneBit =
    (await doc.resolve(dict.get('ImageMask') ?? dict.get('IM'))) === true ||
    numberOf(await doc.resolve(dict.get('BitsPerComponent') ?? dict.get('BPC'))) === 1;
  const rasterBytes = oneBit ? Math.ceil(width / 8) * height : width * height * 4;
  if (rasterBytes > MAX_RASTER_BYTES) {
    return { kind: 'skipped', width, height, reason: 'This image is too large to decode in the browser.' };
  }
  const raster = await rasterize(doc, dict, samples, width, height, resources);
  const png = encodePng(raster);
  const note = raster.note;
  return { kind: 'image', bytes: png, format: 'PNG', mimeType: 'image/png', width, height, ...(note ? { note } : {}) };
}

/** Raw samples (one per component, row padding removed) and each component's Decode mapping. */
type Samples = {
  raw: Uint8Array | Uint16Array;
  n: number;
  bits: number;
  /** Decoded value of sample `s` of component `c`: lo[c] + s * scale[c]. */
  lo: Float64Array;
  scale: Float64Array;
};

async function rasterize(
  doc: PdfDocument,
  dict: PdfDict,
  data: Uint8Array,
  width: number,
  height: number,
  resources: PdfDict | undefined,
): Promise<RasterImage & { note?: string }> {
  const isMask = (await doc.resolve(dict.get('ImageMask') ?? dict.get('IM'))) === true;
  const bpc = isMask ? 1 : (numberOf(await doc.resolve(dict.get('BitsPerComponent') ?? dict.get('BPC'))) ?? 8);
  const decodeArray = await doc.resolveDeep(dict.get('Decode') ?? dict.get('D'));
  if (isMask) {
    // stencil: 0 paints (black) unless Decode is [1 0]; written as 1-bit gray
    return packedGray(data, width, height, Array.isArray(decodeArray) && decodeArray[0] === 1);
  }
  const space = await readColorSpace(doc, dict.get('ColorSpace') ?? dict.get('CS'), resources);
  if (bpc === 1 && space.kind === 'gray' && !dict.has('SMask') && !dict.has('Mask')) {
    return packedGray(data, width, height, Array.isArray(decodeArray) && decodeArray[0] === 1);
  }
  const n = space.n;
  // a large image must have (most of) the data its size says before anything is allocated for it
  const expected = Math.ceil((width * n * ([1, 2, 4, 8, 16].includes(bpc) ? bpc : 8)) / 8) * height;
  if (expected > MIN_CHECKED_BYTES && data.length < expected / 2) {
    throw new DocumentError('invalid', 'An image in this PDF has far less data than its size needs.');
  }
  if (
    bpc === 16 &&
    (space.kind === 'gray' || space.kind === 'rgb') &&
    !Array.isArray(await doc.resolve(dict.get('Mask')))
  ) {
    const alpha = await readAlpha(doc, dict, width, height, undefined);
    return sixteenBit(data, width, height, space.n, decodeArray, alpha);
  }
  const samples = unpack(data, width, height, n, bpc, decodeArray, space);
  const alpha = await readAlpha(doc, dict, width, height, samples);
  const colorChannels = outputChannels(space);
  const sixteen = samples.bits === 16 && (space.kind === 'gray' || space.kind === 'rgb');
  const channels = (colorChannels + (alpha ? 1 : 0)) as 1 | 2 | 3 | 4;
  const pixels = width * height;
  const { raw, lo, scale } = samples;
  if (sixteen) {
    const out = new Uint8Array(pixels * channels * 2);
    for (let p = 0; p < pixels; p++) {
      for (let c = 0; c < colorChannels; c++) {
        const decoded = (lo[c] ?? 0) + (raw[p * n + c] ?? 0) * (scale[c] ?? 0);
        const v = Math.round(Math.max(0, Math.min(1, decoded)) * 65535);
        out[(p * channels + c) * 2] = v >> 8;
        out[(p * channels + c) * 2 + 1] = v & 0xff;
      }
      if (alpha) {
        const a = alpha[p] ?? 255;
        out[(p * channels + colorChannels) * 2] = a;
        out[(p * channels + colorChannels) * 2 + 1] = a;
      }
    }
    return { width, height, channels, bitDepth: 16, data: out };
  }
  const out = new Uint8Array(pixels * channels);
  const color = new Float64Array(n);
  const scratch = new Uint8Array(4);
  const levels = 2 ** samples.bits;
  if (n === 1 && samples.bits <= 8) {
    // one component: a lookup table from sample to output colour
    const table = new Uint8Array(levels * colorChannels);
    for (let s = 0; s < levels; s++) {
      color[0] = (lo[0] ?? 0) + s * (scale[0] ?? 0);
      toOutput(space, color, scratch, 0);
      for (let c = 0; c < colorChannels; c++) table[s * colorChannels + c] = scratch[c] ?? 0;
    }
    for (let p = 0; p < pixels; p++) {
      const s = raw[p] ?? 0;
      for (let c = 0; c < colorChannels; c++) out[p * channels + c] = table[s * colorChannels + c] ?? 0;
      if (alpha) out[p * channels + colorChannels] = alpha[p] ?? 255;
    }
    return { width, height, channels, bitDepth: 8, data: out };
  }
  if ((space.kind === 'rgb' || space.kind === 'cmyk') && samples.bits <= 8) {
    // per-component tables to 0–255
    const tables = Array.from({ length: n }, (_, c) =>
      Uint8Array.from({ length: levels }, (_, s) => clampByte((lo[c] ?? 0) + s * (scale[c] ?? 0))),
    );
    const t0 = tables[0] ?? new Uint8Array(levels);
    const t1 = tables[1] ?? new Uint8Array(levels);
    const t2 = tables[2] ?? new Uint8Array(levels);
    const t3 = tables[3] ?? new Uint8Array(levels);
    for (let p = 0; p < pixels; p++) {
      const at = p * channels;
      const i = p * n;
      if (space.kind === 'rgb') {
        out[at] = t0[raw[i] ?? 0] ?? 0;
        out[at + 1] = t1[raw[i + 1] ?? 0] ?? 0;
        out[at + 2] = t2[raw[i + 2] ?? 0] ?? 0;
      } else {
        const k = 255 - (t3[raw[i + 3] ?? 0] ?? 0);
        out[at] = Math.round(((255 - (t0[raw[i] ?? 0] ?? 0)) * k) / 255);
        out[at + 1] = Math.round(((255 - (t1[raw[i + 1] ?? 0] ?? 0)) * k) / 255);
        out[at + 2] = Math.round(((255 - (t2[raw[i + 2] ?? 0] ?? 0)) * k) / 255);
      }
      if (alpha) out[at + colorChannels] = alpha[p] ?? 255;
    }
    return { width, height, channels, bitDepth: 8, data: out };
  }
  // Lab, Indexed, Separation and DeviceN: each distinct sample tuple is converted once (tint
  // transforms can be costly; real images have few distinct colours), up to MAX_MEMO colours
  const memo =
    space.kind === 'gray' || space.kind === 'rgb' || space.kind === 'cmyk'
      ? undefined
      : new Map<number | string, number>();
  const numericKey = n * samples.bits <= 52;
  const radix = levels;
  for (let p = 0; p < pixels; p++) {
    let key: number | string | undefined;
    if (memo) {
      if (numericKey) {
        let k = 0;
        for (let c = 0; c < n; c++) k = k * radix + (raw[p * n + c] ?? 0);
        key = k;
      } else key = raw.subarray(p * n, p * n + n).join(',');
      const known = memo.get(key);
      if (known !== undefined) {
        const at = p * channels;
        if (colorChannels === 1) out[at] = known;
        else {
          out[at] = known >> 16;
          out[at + 1] = (known >> 8) & 0xff;
          out[at + 2] = known & 0xff;
        }
        if (alpha) out[at + colorChannels] = alpha[p] ?? 255;
        continue;
      }
    }
    for (let c = 0; c < n; c++) color[c] = (lo[c] ?? 0) + (raw[p * n + c] ?? 0) * (scale[c] ?? 0);
    toOutput(space, color, scratch, 0);
    for (let c = 0; c < colorChannels; c++) out[p * channels + c] = scratch[c] ?? 0;
    if (alpha) out[p * channels + colorChannels] = alpha[p] ?? 255;
    if (memo && key !== undefined && memo.size < MAX_MEMO) {
      memo.set(
        key,
        colorChannels === 1
          ? (scratch[0] ?? 0)
          : ((scratch[0] ?? 0) << 16) | ((scratch[1] ?? 0) << 8) | (scratch[2] ?? 0),
      );
    }
  }
  return { width, height, channels, bitDepth: 8, data: out };
}

/**
 * 16-bit gray or RGB, read straight from the big-endian bytes in one pass (no sample array):
 * kept at 16 bits up to MAX_SIXTEEN_BIT_BYTES of output, written at 8 bits beyond (a 33-megapixel
 * scan would otherwise be a PNG of 67 to 200 MB, slow to write and to open).
 */
function sixteenBit(
  data: Uint8Array,
  width: number,
  height: number,
  n: 1 | 3,
  decodeValue: PdfObject | undefined,
  alpha: Uint8Array | undefined,
): RasterImage & { note?: string } {
  const channels = (n + (alpha ? 1 : 0)) as 1 | 2 | 3 | 4;
  const pixels = width * height;
  const keep = pixels * channels * 2 <= MAX_SIXTEEN_BIT_BYTES;
  const lo = new Float64Array(n);
  const scale = new Float64Array(n);
  let identity = true;
  for (let c = 0; c < n; c++) {
    const d0 = Array.isArray(decodeValue) ? (numberOf(decodeValue[2 * c]) ?? 0) : 0;
    const d1 = Array.isArray(decodeValue) ? (numberOf(decodeValue[2 * c + 1]) ?? 1) : 1;
    lo[c] = d0;
    scale[c] = (d1 - d0) / 65535;
    if (d0 !== 0 || d1 !== 1) identity = false;
  }
  const top = keep ? 65535 : 255;
  const out = new Uint8Array(pixels * channels * (keep ? 2 : 1));
  // pixels past the end of short data stay 0
  const whole = Math.min(pixels, Math.floor(data.length / (2 * n)));
  let i = 0;
  for (let p = 0; p < whole; p++) {
    let at = p * channels;
    for (let c = 0; c < n; c++, i += 2, at++) {
      const sample = ((data[i] ?? 0) << 8) | (data[i + 1] ?? 0);
      if (identity) {
        if (keep) {
          out[2 * at] = data[i] ?? 0;
          out[2 * at + 1] = data[i + 1] ?? 0;
        } else out[at] = (sample * 255 + 32767) / 65535;
        continue;
      }
      const v = Math.round(Math.max(0, Math.min(1, (lo[c] ?? 0) + sample * (scale[c] ?? 0))) * top);
      if (keep) {
        out[2 * at] = v >> 8;
        out[2 * at + 1] = v & 0xff;
      } else out[at] = v;
    }
  }
  if (alpha) {
    for (let p = 0; p < pixels; p++) {
      const a = alpha[p] ?? 255;
      const at = p * channels + n;
      if (keep) {
        out[2 * at] = a;
        out[2 * at + 1] = a;
      } else out[at] = a;
    }
  }
  return {
    width,
    height,
    channels,
    bitDepth: keep ? 16 : 8,
    data: out,
    ...(keep ? {} : { note: 'Written at 8 bits per channel: at 16 bits this image would be too large.' }),
  };
}

/** 1-bit rows as they are (0 black), inverted for a Decode of [1 0]. */
function packedGray(data: Uint8Array, width: number, height: number, invert: boolean): RasterImage {
  const size = Math.ceil(width / 8) * height;
  const out = new Uint8Array(size);
  out.set(data.subarray(0, Math.min(size, data.length)));
  if (data.length < size) out.fill(0xff, data.length);
  if (invert) for (let i = 0; i < size; i++) out[i] = ~(out[i] ?? 0) & 0xff;
  return { width, height, channels: 1, bitDepth: 1, data: out };
}

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
}

/** Default Decode ranges per component. */
function defaultDecode(space: ColorSpace | undefined, n: number, bpc: number): number[] {
  if (space?.kind === 'indexed') return [0, 2 ** bpc - 1];
  if (space?.kind === 'lab') return [0, 100, space.range[0], space.range[1], space.range[2], space.range[3]];
  return Array.from({ length: n * 2 }, (_, i) => i % 2);
}

function unpack(
  data: Uint8Array,
  width: number,
  height: number,
  n: number,
  bpc: number,
  decodeValue: PdfObject | undefined,
  space: ColorSpace | undefined,
): Samples {
  const bits = [1, 2, 4, 8, 16].includes(bpc) ? bpc : 8;
  const max = 2 ** bits - 1;
  const fallback = defaultDecode(space, n, bits);
  const decode =
    Array.isArray(decodeValue) && decodeValue.length >= n * 2
      ? decodeValue.map((v, i) => numberOf(v) ?? fallback[i] ?? 0)
      : fallback;
  const lo = new Float64Array(n);
  const scale = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    lo[c] = decode[2 * c] ?? 0;
    scale[c] = ((decode[2 * c + 1] ?? 1) - (decode[2 * c] ?? 0)) / max;
  }
  const perRow = width * n;
  const rowBytes = Math.ceil((perRow * bits) / 8);
  const count = perRow * height;
  if (bits === 8 && rowBytes === perRow) {
    const raw = new Uint8Array(count);
    raw.set(data.subarray(0, Math.min(count, data.length)));
    return { raw, n, bits, lo, scale };
  }
  const raw = bits === 16 ? new Uint16Array(count) : new Uint8Array(count);
  for (let y = 0; y < height; y++) {
    const rowStart = y * rowBytes;
    const outStart = y * perRow;
    for (let i = 0; i < perRow; i++) {
      let sample: number;
      if (bits === 8) sample = data[rowStart + i] ?? 0;
      else if (bits === 16) sample = ((data[rowStart + 2 * i] ?? 0) << 8) | (data[rowStart + 2 * i + 1] ?? 0);
      else {
        const bit = i * bits;
        sample = ((data[rowStart + (bit >> 3)] ?? 0) >> (8 - bits - (bit & 7))) & max;
      }
      raw[outStart + i] = sample;
    }
  }
  return { raw, n, bits, lo, scale };
}

/** Alpha from /SMask (a gray image) or /Mask (a stencil image or a colour-key array). */
async function readAlpha(
  doc: PdfDocument,
  dict: PdfDict,
  width: number,
  height: number,
  samples: Samples | undefined,
): Promise<Uint8Array | undefined> {
  const smask = await doc.resolve(dict.get('SMask'));
  if (smask instanceof PdfStream) return maskPlane(doc, smask, width, height, false);
  const mask = await doc.resolve(dict.get('Mask'));
  if (mask instanceof PdfStream) return maskPlane(doc, mask, width, height, true);
  if (Array.isArray(mask) && samples) {
    const n = samples.n;
    const ranges = (await doc.resolveDeep(mask)) as PdfObject[];
    const alpha = new Uint8Array(width * height);
    for (let p = 0; p < width * height; p++) {
      let inside = true;
      for (let c = 0; c < n && inside; c++) {
        const v = samples.raw[p * n + c] ?? 0;
        if (v < (numberOf(ranges[2 * c]) ?? 0) || v > (numberOf(ranges[2 * c + 1]) ?? 0)) inside = false;
      }
      alpha[p] = inside ? 0 : 255;
    }
    return alpha;
  }
  return undefined;
}

async function maskPlane(
  doc: PdfDocument,
  stream: PdfStream,
  width: number,
  height: number,
  stencil: boolean,
): Promise<Uint8Array | undefined> {
  const dict = stream.dict;
  const mw = numberOf(await doc.resolve(dict.get('Width'))) ?? 0;
  const mh = numberOf(await doc.resolve(dict.get('Height'))) ?? 0;
  if (mw <= 0 || mh <= 0 || mw * mh > MAX_RASTER_BYTES) return undefined;
  const decoded = await doc.decodeStream(stream);
  if (decoded.codec) return undefined; // a JPEG/JPX/JBIG2 mask: not decoded, no alpha
  const bpc = stencil ? 1 : (numberOf(await doc.resolve(dict.get('BitsPerComponent'))) ?? 8);
  const decodeArray = await doc.resolveDeep(dict.get('Decode'));
  // the mask's own samples, read in place (a mask may be far larger than its image)
  const bits = [1, 2, 4, 8, 16].includes(bpc) ? bpc : 8;
  const max = 2 ** bits - 1;
  const d = Array.isArray(decodeArray) ? decodeArray.map((v) => numberOf(v)) : [];
  const lo = d[0] ?? 0;
  const scale = ((d[1] ?? 1) - lo) / max;
  const data = decoded.data;
  const rowBytes = Math.ceil((mw * bits) / 8);
  const sampleAt = (mx: number, my: number): number => {
    const at = my * rowBytes;
    if (bits === 8) return data[at + mx] ?? 0;
    if (bits === 16) return ((data[at + 2 * mx] ?? 0) << 8) | (data[at + 2 * mx + 1] ?? 0);
    const bit = mx * bits;
    return ((data[at + (bit >> 3)] ?? 0) >> (8 - bits - (bit & 7))) & max;
  };
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const my = Math.min(mh - 1, Math.floor((y * mh) / height));
    for (let x = 0; x < width; x++) {
      const mx = Math.min(mw - 1, Math.floor((x * mw) / width));
      const v = lo + sampleAt(mx, my) * scale;
      // a stencil /Mask: sample 1 (after Decode) masks out; an SMask is the alpha itself
      alpha[y * width + x] = stencil ? (v >= 0.5 ? 0 : 255) : Math.round(Math.max(0, Math.min(1, v)) * 255);
    }
  }
  return alpha;
}

/**
 * A DCTDecode image as a .jpg: its stored JPEG cut to SOI…EOI (jpeg.ts), at the size its own
 * frame header gives (what every viewer shows), saying so when the PDF's dictionary disagrees.
 * Data that holds no JPEG is skipped, with why, rather than handed out as a .jpg nothing opens.
 */
function passThroughJpeg(data: Uint8Array, width: number, height: number, alphaNote: string | undefined): ImageResult {
  const layout = readJpegLayout(data);
  if (!layout.ok) {
    return {
      kind: 'skipped',
      width,
      height,
      reason: `This image's JPEG (DCTDecode) data is not a JPEG: ${layout.reason}.`,
    };
  }
  const notes: string[] = [];
  const jpegHeight = layout.height || height; // 0: the height is in a DNL segment
  if (width > 0 && height > 0 && (layout.width !== width || jpegHeight !== height)) {
    notes.push(
      `The PDF gives this image as ${width}x${height}; its JPEG data is ${layout.width}x${jpegHeight}, the size given here.`,
    );
  }
  if (alphaNote) notes.push(alphaNote);
  const whole = layout.start === 0 && layout.end === data.length;
  return {
    kind: 'image',
    bytes: whole ? data : data.subarray(layout.start, layout.end),
    format: 'JPEG',
    mimeType: 'image/jpeg',
    width: layout.width,
    height: jpegHeight,
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  };
}

export function fileExtension(format: string): string {
  return extensionForFormat(format);
}

/** The data of a JBIG2 image's shared segments (DecodeParms /JBIG2Globals), when it has them. */
async function jbig2Globals(doc: PdfDocument, params: PdfDict | undefined): Promise<Uint8Array | undefined> {
  const globals = await doc.resolve(params?.get('JBIG2Globals'));
  return globals instanceof PdfStream ? (await doc.decodeStream(globals)).data : undefined;
}
