/**
 * JPXDecode (JPEG 2000) decoded by OpenJPEG, through pdf.js's build of it (wasmDecoders.ts), to
 * 8-bit samples the PDF image pipeline colours like any other image. pdf.js asks OpenJPEG for the
 * PDF colour space's component count, for palette indices rather than colours when the PDF's space
 * is Indexed, and for the alpha channel when the image says SMaskInData: so do we.
 */
import { jpxDecoder } from './wasmDecoders.ts';

export type JpxSamples = { width: number; height: number; channels: number; data: Uint8Array };

export type JpxOptions = {
  /** Components wanted, when the PDF's colour space says (plus one for SMaskInData); the decoder pads or drops to it. */
  numComponents?: number;
  isIndexedColormap?: boolean;
  smaskInData?: boolean;
  /** The most samples the caller will take: larger images are refused before decoding. */
  maxSamples: number;
};

export async function decodeJpx(data: Uint8Array, options: JpxOptions): Promise<JpxSamples> {
  const { decoder, properties } = await jpxDecoder();
  const { width, height, componentsCount } = properties(data);
  const channels = options.numComponents ?? componentsCount + (options.smaskInData ? 1 : 0);
  if (!(width > 0 && height > 0) || width * height * Math.max(channels, 4) > options.maxSamples) {
    throw new Error(`a ${width}x${height} JPEG 2000 image is more than can be decoded here`);
  }
  const samples = await decoder.decode(data, {
    ...(options.numComponents ? { numComponents: options.numComponents } : {}),
    isIndexedColormap: options.isIndexedColormap ?? false,
    smaskInData: options.smaskInData ?? false,
  });
  const pixels = width * height;
  const got = Math.floor(samples.length / pixels);
  if (got < 1 || samples.length % pixels !== 0) throw new Error('the JPEG 2000 data is damaged or cut short');
  return { width, height, channels: got, data: new Uint8Array(samples.buffer, samples.byteOffset, samples.length) };
}
