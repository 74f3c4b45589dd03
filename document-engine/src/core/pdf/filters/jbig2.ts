/**
 * JBIG2Decode through pdf.js's JBIG2 decoder (pdfjs-dist, Apache-2.0; the decoder itself is
 * PDFium's, BSD), loaded only when a PDF holds a JBIG2 image: 300 KB of code no other document
 * needs. Writing our own JBIG2 decoder (generic, refinement, symbol and halftone regions) is a
 * project of its own; this is the one place the engine borrows a codec.
 *
 * Its output is the filter's output: 1 bit per pixel, rows padded to a byte, 0 black, 1 white,
 * which pdfImage.ts turns into a PNG like any other 1-bit image (Decode arrays, masks).
 *
 * Where its WebAssembly comes from is wasmDecoders.ts's business (one place for JBIG2 and JPX).
 */
import { jbig2Decoder } from './wasmDecoders.ts';

/**
 * The decoded bitmap of a JBIG2 image, `ceil(width / 8) * height` bytes. `globals` is the
 * JBIG2Globals stream's data, when the image has one. Throws when the data can't be decoded.
 */
export async function decodeJbig2(
  data: Uint8Array,
  width: number,
  height: number,
  globals?: Uint8Array,
): Promise<Uint8Array> {
  const jbig2 = await jbig2Decoder();
  const bitmap = await jbig2.decode(data, width, height, globals);
  const expected = Math.ceil(width / 8) * height;
  if (!bitmap || bitmap.length < expected) throw new Error('the JBIG2 data is damaged or cut short');
  return new Uint8Array(bitmap.buffer, bitmap.byteOffset, expected);
}
