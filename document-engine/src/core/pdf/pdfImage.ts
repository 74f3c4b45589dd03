/**
 * One image XObject (or inline image) to its two renditions (ISO 32000-1 §8.9): the VIEW, what the
 * page draws in a format every browser shows, and, when the view is not it, the ORIGINAL, the
 * stored file byte for byte.
 * - DCTDecode: the stored JPEG, cut to its SOI…EOI (jpeg.ts), at its frame header's size, is the
 *   view, unless the page draws it otherwise: with a mask, through a Decode array that remaps it, or
 *   in a colour space browsers don't know (Lab, Separation, DeviceN). Then the view is a PNG of the
 *   decoded JPEG (pdf.js's JpegImage) with those applied, and the JPEG is the original. A stream that
 *   holds no JPEG is skipped with why.
 * - JPXDecode: decoded by OpenJPEG (jpx.ts) in the PDF's colour space (palette indices for Indexed,
 *   the alpha channel for SMaskInData); the view is a PNG, the original the stored JPEG 2000.
 * - JBIG2Decode: decoded by pdf.js's JBIG2 decoder (filters/jbig2.ts, loaded only then), then as below;
 * - everything else: decoded samples (1–16 bits, Decode arrays, colour space) as a lossless PNG,
 *   16-bit gray/RGB kept at 16 bits. Its data is no file of its own: the PNG is its only rendition.
 * Masks (/SMask, /Mask stencil or colour key, SMaskInData), also DCT-, JPX- or JBIG2-coded ones,
 * become alpha at the larger of the image's and the mask's resolution (within MAX_VIEW_PIXELS).
 * A gray or RGB ICC profile is written into the PNG (iCCP).
 */
import { DocumentError } from '../../errors.ts';
import { encodePng, type RasterImage } from '../png/pngEncoder.ts';
import { loadImageDecoders } from '../raster/imageDecoders.ts';
import { sniffFormat } from '../sniffFormat.ts';
import type { StoredFile, ViewChange } from '../types.ts';
import { type ColorSpace, deviceSpace, outputChannels, readColorSpace, toOutput } from './colorSpace.ts';
import { decodeJbig2 } from './filters/jbig2.ts';
import { decodeJpx } from './filters/jpx.ts';
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
/**
 * A view drawn larger than its image, at its mask's resolution, is kept within 16 megapixels
 * (64 MiB of RGBA): a 2x2 image with a 34862x4332 mask is shown at 11,600 x 1,441.
 */
export const MAX_VIEW_PIXELS = 16 * 1024 * 1024;

export type ImageResult =
  | {
      kind: 'image';
      bytes: Uint8Array;
      format: string;
      mimeType: string;
      width: number;
      height: number;
      note?: string;
      /** The stored file, when the view (`bytes`) is not it. */
      original?: StoredFile;
      viewChanges?: ViewChange[];
      /** The image's own size, when the view is drawn larger (at its mask's resolution). */
      drawnFrom?: { width: number; height: number };
    }
  | { kind: 'skipped'; width: number; height: number; reason: string };

/** Decoded 8-bit samples of a JPEG or JPEG 2000, handed to `rasterize` in place of the stream's data. */
type DecodedSamples = {
  data: Uint8Array;
  width: number;
  height: number;
  space: ColorSpace;
  /** An alpha channel that came inside the image (JPX SMaskInData), used when there is no /SMask. */
  alpha?: Uint8Array;
  /** JPXDecode: the image's Decode array does not apply (ISO 32000-1 §8.9.5.2, Table 89). */
  ignoresDecode?: boolean;
};

/**
 * An image XObject whose data is still a JPEG or JPEG 2000 file, with the size its dictionary
 * gives and the resources in force where it is drawn.
 */
type CodedImage = {
  doc: PdfDocument;
  dict: PdfDict;
  data: Uint8Array;
  width: number;
  height: number;
  resources: PdfDict | undefined;
};

export async function convertImage(
  doc: PdfDocument,
  stream: PdfStream,
  resources: PdfDict | undefined,
): Promise<ImageResult> {
  const dict = stream.dict;
  const width = numberOf(await doc.resolve(dict.get('Width'))) ?? 0;
  const height = numberOf(await doc.resolve(dict.get('Height'))) ?? 0;
  const decoded = await doc.decodeStream(stream);
  if (decoded.codec === 'DCTDecode') {
    const colorTransform = numberOf(await doc.resolve(decoded.codecParams?.get('ColorTransform')));
    return jpegImage({ doc, dict, data: decoded.data, width, height, resources }, colorTransform);
  }
  if (decoded.codec === 'JPXDecode') return jpxImage({ doc, dict, data: decoded.data, width, height, resources });
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
  return pngView(raster);
}

async function pngView(
  raster: RasterImage & { note?: string; drawnFrom?: { width: number; height: number } },
  original?: StoredFile,
  viewChanges?: ViewChange[],
): Promise<ImageResult> {
  const png = await encodePng(raster);
  return {
    kind: 'image',
    bytes: png,
    format: 'PNG',
    mimeType: 'image/png',
    width: raster.width,
    height: raster.height,
    ...(raster.note ? { note: raster.note } : {}),
    ...(raster.drawnFrom ? { drawnFrom: raster.drawnFrom } : {}),
    ...(original ? { original, viewChanges: viewChanges ?? [] } : {}),
  };
}

/** Whether the page draws this image with a mask of some kind. */
async function hasMask(doc: PdfDocument, dict: PdfDict): Promise<boolean> {
  const smask = await doc.resolve(dict.get('SMask'));
  if (smask instanceof PdfStream) return true;
  const mask = await doc.resolve(dict.get('Mask'));
  return mask instanceof PdfStream || Array.isArray(mask);
}

/** A Decode array that differs from the identity for the space's components (inverts or remaps). */
async function remapsColours(doc: PdfDocument, dict: PdfDict, space: ColorSpace, bpc: number): Promise<boolean> {
  const value = await doc.resolveDeep(dict.get('Decode') ?? dict.get('D'));
  if (!Array.isArray(value)) return false;
  const identity = defaultDecode(space, space.n, bpc);
  return identity.some((v, i) => Math.abs((numberOf(value[i]) ?? v) - v) > 1e-6);
}

/**
 * A DCTDecode image: the stored JPEG, checked and trimmed, is the view when the page draws it as
 * a browser shows it; otherwise (a mask, a remapping Decode, a colour space browsers don't know)
 * the view is a PNG of the decoded JPEG drawn as the page draws it, and the JPEG is the original.
 */
async function jpegImage(image: CodedImage, colorTransform: number | undefined): Promise<ImageResult> {
  const { doc, dict, data, width, height, resources } = image;
  const stored = passThroughJpeg(data, width, height);
  if (stored.kind === 'skipped') return stored;
  const space = await readColorSpace(doc, dict.get('ColorSpace') ?? dict.get('CS'), resources).catch(() => undefined);
  const changes: ViewChange[] = [];
  if (await hasMask(doc, dict)) changes.push('transparency');
  if (space && (await remapsColours(doc, dict, space, 8))) changes.push('decode');
  if (space && (space.kind === 'lab' || space.kind === 'tint' || space.kind === 'indexed')) changes.push('colour');
  if (changes.length === 0) return stored;
  const original: StoredFile = {
    bytes: stored.bytes,
    format: 'JPEG',
    mimeType: 'image/jpeg',
    width: stored.width,
    height: stored.height,
  };
  try {
    const decoded = await decodeJpegSamples(stored.bytes, colorTransform, space);
    const raster = await rasterize(doc, dict, decoded.data, decoded.width, decoded.height, resources, decoded);
    return await pngView(raster, original, changes);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    // the stored JPEG is still a picture: given as it is, saying what it lacks
    const why = error instanceof Error ? error.message : String(error);
    const note = `Stored as in the PDF: it could not be drawn as the page draws it (${why}).`;
    return { ...stored, note: stored.note ? `${stored.note} ${note}` : note };
  }
}

/**
 * The JPEG's samples as the PDF means them: no Adobe inversion of CMYK guessed (the PDF's Decode
 * array says it), YCbCr to RGB as the JPEG or /ColorTransform says. The colour space is the PDF's
 * when its component count matches the JPEG's, else the device space of the JPEG's count.
 */
async function decodeJpegSamples(
  bytes: Uint8Array,
  colorTransform: number | undefined,
  space: ColorSpace | undefined,
): Promise<DecodedSamples> {
  const { JpegImage } = await loadImageDecoders();
  const jpeg = new JpegImage(colorTransform === undefined ? undefined : { colorTransform });
  jpeg.parse(bytes);
  if (!(jpeg.width > 0 && jpeg.height > 0) || jpeg.width * jpeg.height * 4 > MAX_RASTER_BYTES) {
    throw new Error(`it is ${jpeg.width}x${jpeg.height}, more than can be decoded here`);
  }
  const data = (jpeg.getData as (options: object) => Uint8Array)({
    width: jpeg.width,
    height: jpeg.height,
    isSourcePDF: true,
  });
  const n = jpeg.numComponents;
  const used = space && space.n === n ? space : deviceSpace(n);
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: jpeg.width,
    height: jpeg.height,
    space: used,
  };
}

/**
 * A JPXDecode image: decoded by OpenJPEG in the PDF's colour space, the view a PNG, the stored
 * JPEG 2000 the original. When it cannot be decoded, the stored file is given as it is, with why.
 */
async function jpxImage(image: CodedImage): Promise<ImageResult> {
  const { doc, dict, data, width, height, resources } = image;
  const sniffed = sniffFormat(data);
  const original: StoredFile = {
    bytes: data,
    format: sniffed?.format ?? 'JPX',
    mimeType: sniffed?.mimeType ?? 'image/jp2',
    width: sniffed?.width ?? width,
    height: sniffed?.height ?? height,
  };
  const spaceValue = dict.get('ColorSpace') ?? dict.get('CS');
  const space = spaceValue ? await readColorSpace(doc, spaceValue, resources).catch(() => undefined) : undefined;
  const smaskInData = !dict.has('SMask') && (numberOf(await doc.resolve(dict.get('SMaskInData'))) ?? 0) > 0;
  try {
    const jpx = await decodeJpx(data, {
      // with the alpha channel when it comes inside the image
      ...(space ? { numComponents: space.n + (smaskInData ? 1 : 0) } : {}),
      isIndexedColormap: space?.kind === 'indexed',
      smaskInData,
      maxSamples: MAX_RASTER_BYTES,
    });
    const decoded = splitJpx(jpx, space, smaskInData);
    const raster = await rasterize(doc, dict, decoded.data, decoded.width, decoded.height, resources, decoded);
    const changes: ViewChange[] = ['jpeg2000'];
    if (decoded.alpha || (await hasMask(doc, dict))) changes.push('transparency');
    return await pngView(raster, original, changes);
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    return {
      kind: 'image',
      bytes: original.bytes,
      format: original.format,
      mimeType: original.mimeType,
      width: original.width ?? width,
      height: original.height ?? height,
      note: `This JPEG 2000 image could not be decoded (${why}); it is given as stored, which few viewers open.`,
    };
  }
}

/** OpenJPEG's interleaved samples as colour components and, when the image carries one, an alpha plane. */
function splitJpx(
  jpx: { width: number; height: number; channels: number; data: Uint8Array },
  space: ColorSpace | undefined,
  smaskInData: boolean,
): DecodedSamples {
  const { width, height, channels, data } = jpx;
  const withAlpha =
    smaskInData && (channels === 2 || channels === 4 || (space !== undefined && channels === space.n + 1));
  const colours = withAlpha ? channels - 1 : channels;
  const used = space && space.n === colours ? space : deviceSpace(colours);
  if (!withAlpha && colours === used.n) return { data, width, height, space: used, ignoresDecode: true };
  const pixels = width * height;
  const n = used.n;
  const out = new Uint8Array(pixels * n);
  const alpha = withAlpha ? new Uint8Array(pixels) : undefined;
  for (let p = 0; p < pixels; p++) {
    for (let c = 0; c < n; c++) out[p * n + c] = data[p * channels + Math.min(c, colours - 1)] ?? 0;
    if (alpha) alpha[p] = data[p * channels + colours] ?? 255;
  }
  return { data: out, width, height, space: used, ignoresDecode: true, ...(alpha ? { alpha } : {}) };
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
  imageWidth: number,
  imageHeight: number,
  resources: PdfDict | undefined,
  given?: DecodedSamples,
): Promise<RasterImage & { note?: string; drawnFrom?: { width: number; height: number } }> {
  const isMask = !given && (await doc.resolve(dict.get('ImageMask') ?? dict.get('IM'))) === true;
  const bpc = given
    ? 8
    : isMask
      ? 1
      : (numberOf(await doc.resolve(dict.get('BitsPerComponent') ?? dict.get('BPC'))) ?? 8);
  const decodeArray = await doc.resolveDeep(dict.get('Decode') ?? dict.get('D'));
  if (isMask) {
    // stencil: 0 paints (black) unless Decode is [1 0]; written as 1-bit gray
    return packedGray(data, imageWidth, imageHeight, Array.isArray(decodeArray) && decodeArray[0] === 1);
  }
  const space = given?.space ?? (await readColorSpace(doc, dict.get('ColorSpace') ?? dict.get('CS'), resources));
  // drawn at the larger of the image's and its mask's resolution, within MAX_VIEW_PIXELS
  const view = await viewSize(doc, dict, imageWidth, imageHeight);
  const resampled = view.width !== imageWidth || view.height !== imageHeight;
  const { width, height } = view;
  const masked = dict.has('SMask') || dict.has('Mask') || given?.alpha !== undefined;
  if (bpc === 1 && space.kind === 'gray' && !masked) {
    return packedGray(data, width, height, Array.isArray(decodeArray) && decodeArray[0] === 1);
  }
  const n = space.n;
  // a large image must have (most of) the data its size says before anything is allocated for it
  const expected = Math.ceil((imageWidth * n * ([1, 2, 4, 8, 16].includes(bpc) ? bpc : 8)) / 8) * imageHeight;
  if (expected > MIN_CHECKED_BYTES && data.length < expected / 2) {
    throw new DocumentError('invalid', 'An image in this PDF has far less data than its size needs.');
  }
  const icc = space.kind === 'gray' || space.kind === 'rgb' ? space.icc : undefined;
  if (
    bpc === 16 &&
    !resampled &&
    (space.kind === 'gray' || space.kind === 'rgb') &&
    !Array.isArray(await doc.resolve(dict.get('Mask')))
  ) {
    const alpha = await readAlpha(doc, dict, width, height, undefined);
    return withProfile(sixteenBit(data, width, height, space.n, decodeArray, alpha), icc);
  }
  const unpacked = unpack(data, imageWidth, imageHeight, n, bpc, given?.ignoresDecode ? undefined : decodeArray, space);
  const samples = resampled ? resample(unpacked, imageWidth, imageHeight, width, height) : unpacked;
  const alpha =
    (await readAlpha(doc, dict, width, height, samples)) ??
    (given?.alpha && (resampled ? resamplePlane(given.alpha, imageWidth, imageHeight, width, height) : given.alpha));
  const note = resampled
    ? `Drawn at its mask's resolution, ${width}x${height}: the image itself is ${imageWidth}x${imageHeight}.`
    : undefined;
  return withProfile(
    {
      ...colour(samples, space, width, height, alpha),
      ...(note ? { note, drawnFrom: { width: imageWidth, height: imageHeight } } : {}),
    },
    icc,
  );
}

function withProfile<T extends RasterImage>(raster: T, icc: Uint8Array | undefined): T {
  return icc && raster.channels >= 1 ? { ...raster, iccProfile: icc } : raster;
}

/** The size a view is drawn at: the image's, or its mask's when that is larger, within MAX_VIEW_PIXELS. */
async function viewSize(
  doc: PdfDocument,
  dict: PdfDict,
  width: number,
  height: number,
): Promise<{ width: number; height: number }> {
  let mask = await doc.resolve(dict.get('SMask'));
  if (!(mask instanceof PdfStream)) mask = await doc.resolve(dict.get('Mask'));
  if (!(mask instanceof PdfStream)) return { width, height };
  const mw = numberOf(await doc.resolve(mask.dict.get('Width'))) ?? 0;
  const mh = numberOf(await doc.resolve(mask.dict.get('Height'))) ?? 0;
  if (!(Number.isInteger(mw) && Number.isInteger(mh)) || mw <= 0 || mh <= 0) return { width, height };
  const wide = Math.max(width, mw);
  const tall = Math.max(height, mh);
  if (wide === width && tall === height) return { width, height };
  const shrink = Math.min(1, Math.sqrt(MAX_VIEW_PIXELS / (wide * tall)));
  return { width: Math.max(width, Math.floor(wide * shrink)), height: Math.max(height, Math.floor(tall * shrink)) };
}

/** Samples at another size, nearest neighbour (a mask larger than its image sets the size). */
function resample(samples: Samples, width: number, height: number, toWidth: number, toHeight: number): Samples {
  const { raw, n } = samples;
  const out =
    raw instanceof Uint16Array ? new Uint16Array(toWidth * toHeight * n) : new Uint8Array(toWidth * toHeight * n);
  const columns = Uint32Array.from({ length: toWidth }, (_, x) =>
    Math.min(width - 1, Math.floor((x * width) / toWidth)),
  );
  for (let y = 0; y < toHeight; y++) {
    const sy = Math.min(height - 1, Math.floor((y * height) / toHeight));
    for (let x = 0; x < toWidth; x++) {
      const from = (sy * width + (columns[x] ?? 0)) * n;
      const to = (y * toWidth + x) * n;
      for (let c = 0; c < n; c++) out[to + c] = raw[from + c] ?? 0;
    }
  }
  return { ...samples, raw: out };
}

function resamplePlane(
  plane: Uint8Array,
  width: number,
  height: number,
  toWidth: number,
  toHeight: number,
): Uint8Array {
  return resample(
    { raw: plane, n: 1, bits: 8, lo: new Float64Array(1), scale: new Float64Array(1) },
    width,
    height,
    toWidth,
    toHeight,
  ).raw as Uint8Array;
}

/** Samples through their colour space to 8-bit (or 16-bit gray/RGB) output, with alpha when given. */
function colour(
  samples: Samples,
  space: ColorSpace,
  width: number,
  height: number,
  alpha: Uint8Array | undefined,
): RasterImage {
  const n = space.n;
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
    // 8-bit RGB without Decode or alpha (most Flate photographs): the samples are the output
    if (space.kind === 'rgb' && !alpha && raw instanceof Uint8Array && tables.every(isIdentity)) {
      out.set(raw.subarray(0, out.length));
      return { width, height, channels, bitDepth: 8, data: out };
    }
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

/** A table that maps every sample to itself. */
function isIdentity(table: Uint8Array): boolean {
  return table.length === 256 && table.every((value, sample) => value === sample);
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
  const coded = await maskSamples(doc, stream, mw, mh, stencil);
  if (!coded) return undefined;
  const { data, bpc } = coded;
  const decodeArray = coded.ignoresDecode ? undefined : await doc.resolveDeep(dict.get('Decode'));
  // the mask's own samples, read in place (a mask may be far larger than its image)
  const bits = [1, 2, 4, 8, 16].includes(bpc) ? bpc : 8;
  const max = 2 ** bits - 1;
  const d = Array.isArray(decodeArray) ? decodeArray.map((v) => numberOf(v)) : [];
  const lo = d[0] ?? 0;
  const scale = ((d[1] ?? 1) - lo) / max;
  const rowBytes = Math.ceil((mw * bits) / 8);
  const sampleAt = (mx: number, my: number): number => {
    const at = my * rowBytes;
    if (bits === 8) return data[at + mx] ?? 0;
    if (bits === 16) return ((data[at + 2 * mx] ?? 0) << 8) | (data[at + 2 * mx + 1] ?? 0);
    const bit = mx * bits;
    return ((data[at + (bit >> 3)] ?? 0) >> (8 - bits - (bit & 7))) & max;
  };
  // each sample value's alpha, once (a stencil /Mask: sample 1 after Decode masks out; an SMask is the alpha itself)
  const levels = bits === 16 ? 65536 : max + 1;
  const table = new Uint8Array(levels);
  for (let sample = 0; sample < levels; sample++) {
    const v = lo + sample * scale;
    table[sample] = stencil ? (v >= 0.5 ? 0 : 255) : Math.round(Math.max(0, Math.min(1, v)) * 255);
  }
  const columns = Uint32Array.from({ length: width }, (_, x) => Math.min(mw - 1, Math.floor((x * mw) / width)));
  const alpha = new Uint8Array(width * height);
  let previousRow = -1;
  for (let y = 0; y < height; y++) {
    const my = Math.min(mh - 1, Math.floor((y * mh) / height));
    const row = y * width;
    if (my === previousRow) {
      // the same mask row as the line above (a mask smaller than its view): copied
      alpha.copyWithin(row, row - width, row);
      continue;
    }
    previousRow = my;
    for (let x = 0; x < width; x++) alpha[row + x] = table[sampleAt(columns[x] ?? 0, my)] ?? 0;
  }
  return alpha;
}

/**
 * A mask's samples: its stream's data, or for a coded mask the decoded image (one 8-bit gray
 * component for DCT and JPX, 1-bit rows for JBIG2). Undefined when it cannot be read: no alpha.
 */
async function maskSamples(
  doc: PdfDocument,
  stream: PdfStream,
  width: number,
  height: number,
  stencil: boolean,
): Promise<{ data: Uint8Array; bpc: number; ignoresDecode?: boolean } | undefined> {
  const decoded = await doc.decodeStream(stream);
  try {
    if (!decoded.codec) {
      const bpc = stencil ? 1 : (numberOf(await doc.resolve(stream.dict.get('BitsPerComponent'))) ?? 8);
      return { data: decoded.data, bpc };
    }
    if (decoded.codec === 'JBIG2Decode') {
      const globals = await jbig2Globals(doc, decoded.codecParams);
      return { data: await decodeJbig2(decoded.data, width, height, globals), bpc: 1 };
    }
    if (decoded.codec === 'DCTDecode') {
      const jpeg = await decodeJpegSamples(decoded.data, undefined, { kind: 'gray', n: 1 });
      if (jpeg.width !== width || jpeg.height !== height) return undefined;
      return { data: firstComponent(jpeg.data, jpeg.space.n), bpc: 8 };
    }
    if (decoded.codec === 'JPXDecode') {
      const jpx = await decodeJpx(decoded.data, { numComponents: 1, maxSamples: MAX_RASTER_BYTES });
      if (jpx.width !== width || jpx.height !== height) return undefined;
      return { data: firstComponent(jpx.data, jpx.channels), bpc: 8, ignoresDecode: true };
    }
  } catch (error) {
    if (error instanceof DocumentError) throw error;
  }
  return undefined;
}

function firstComponent(data: Uint8Array, n: number): Uint8Array {
  if (n === 1) return data;
  const out = new Uint8Array(Math.floor(data.length / n));
  for (let i = 0; i < out.length; i++) out[i] = data[i * n] ?? 0;
  return out;
}

/**
 * A DCTDecode image as a .jpg: its stored JPEG cut to SOI…EOI (jpeg.ts), at the size its own
 * frame header gives (what every viewer shows), saying so when the PDF's dictionary disagrees.
 * Data that holds no JPEG is skipped, with why, rather than handed out as a .jpg nothing opens.
 */
function passThroughJpeg(
  data: Uint8Array,
  width: number,
  height: number,
): Extract<ImageResult, { kind: 'skipped' }> | (Extract<ImageResult, { kind: 'image' }> & { format: 'JPEG' }) {
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

/** The data of a JBIG2 image's shared segments (DecodeParms /JBIG2Globals), when it has them. */
async function jbig2Globals(doc: PdfDocument, params: PdfDict | undefined): Promise<Uint8Array | undefined> {
  const globals = await doc.resolve(params?.get('JBIG2Globals'));
  return globals instanceof PdfStream ? (await doc.decodeStream(globals)).data : undefined;
}
