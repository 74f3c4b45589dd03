/**
 * Stored JPEG and PNG pictures decoded to 8-bit samples, for the views that change pixels (crops).
 * JPEG by pdf.js's JpegImage (already the engine's JPEG decoder for PDFs), PNG by fast-png. Both
 * are bounded before anything is allocated: the header's size against MAX_DECODED_BYTES.
 */
import { decode as decodePngFile } from 'fast-png';
import { loadImageDecoders } from './imageDecoders.ts';

/** 8-bit samples, row-major: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA. */
export type Raster = { width: number; height: number; channels: 1 | 2 | 3 | 4; data: Uint8Array };

/**
 * The most decoded samples one picture may take (the same bound as the PDF rasters, 256 MiB: a
 * 67-megapixel RGBA picture). A larger one is not decoded and its view keeps the stored file.
 */
export const MAX_DECODED_BYTES = 256 * 1024 * 1024;

export class RasterTooLargeError extends Error {}

/** Refuses a picture whose decoded samples would pass MAX_DECODED_BYTES, before decoding it. */
export function checkRasterSize(width: number, height: number, channels: number): void {
  if (!(width > 0 && height > 0) || width * height * channels > MAX_DECODED_BYTES) {
    throw new RasterTooLargeError(`${width} x ${height} pixels is more than a crop is made for`);
  }
}

export async function decodeJpeg(bytes: Uint8Array, width: number, height: number): Promise<Raster> {
  checkRasterSize(width, height, 4);
  const { JpegImage } = await loadImageDecoders();
  const jpeg = new JpegImage();
  jpeg.parse(bytes);
  checkRasterSize(jpeg.width, jpeg.height, 4);
  const gray = jpeg.numComponents === 1;
  const data = jpeg.getData({ width: jpeg.width, height: jpeg.height, forceRGB: !gray });
  return {
    width: jpeg.width,
    height: jpeg.height,
    channels: gray ? 1 : 3,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

export function decodePng(bytes: Uint8Array, width: number, height: number): Raster {
  checkRasterSize(width, height, 4);
  const png = decodePngFile(bytes);
  checkRasterSize(png.width, png.height, 4);
  const pixels = png.width * png.height;
  const sample = sampleReader(png.data, png.depth, png.channels, png.width);
  if (png.palette) {
    const palette = png.palette;
    const alpha = palette.some((entry) => entry.length > 3);
    const channels = alpha ? 4 : 3;
    const data = new Uint8Array(pixels * channels);
    for (let i = 0; i < pixels; i++) {
      const entry = palette[sample(i, 0)] ?? [0, 0, 0, 0];
      for (let c = 0; c < channels; c++) data[i * channels + c] = entry[c] ?? 255;
    }
    return { width: png.width, height: png.height, channels, data };
  }
  const scale = png.depth === 16 ? 1 / 257 : 255 / ((1 << png.depth) - 1);
  // tRNS on gray or RGB: one colour (in stored sample values) that is transparent
  const key = png.transparency && png.transparency.length === png.channels ? png.transparency : undefined;
  const stored = png.channels as 1 | 2 | 3 | 4;
  const channels = (key ? stored + 1 : stored) as 1 | 2 | 3 | 4;
  const data = new Uint8Array(pixels * channels);
  for (let i = 0; i < pixels; i++) {
    let transparent = key !== undefined;
    for (let c = 0; c < stored; c++) {
      const value = sample(i, c);
      if (key && value !== key[c]) transparent = false;
      data[i * channels + c] = Math.round(value * scale);
    }
    if (key) data[i * channels + stored] = transparent ? 0 : 255;
  }
  return { width: png.width, height: png.height, channels, data };
}

/** Sample `c` of pixel `i`, whatever the bit depth (rows of 1, 2 and 4 bits are packed, each from a byte). */
function sampleReader(
  data: Uint8Array | Uint8ClampedArray | Uint16Array,
  depth: number,
  channels: number,
  width: number,
): (i: number, c: number) => number {
  if (depth >= 8) return (i, c) => data[i * channels + c] ?? 0;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const perByte = 8 / depth;
  const mask = (1 << depth) - 1;
  return (i, c) => {
    const y = Math.floor(i / width);
    const index = (i - y * width) * channels + c;
    const byte = data[y * rowBytes + Math.floor(index / perByte)] ?? 0;
    return (byte >> (8 - depth * ((index % perByte) + 1))) & mask;
  };
}
