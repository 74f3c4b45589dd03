// @vitest-environment node
/**
 * JBIG2 images (pdf.js's decoder, loaded only for them) come out as 1-bit PNGs with the pixels
 * poppler decodes: page 2 of issue12963.pdf, compared pixel for pixel with `pdfimages -png` when
 * this test was written, has 360,939 black pixels of 2480 x 3506, none differing.
 */
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { extractPdf } from '../src/core/pdf/extractPdf.ts';
import type { DocumentImage } from '../src/core/types.ts';

/** Black pixels of a 1-bit gray PNG written with filter 0 rows (the engine's encoder). */
function blackPixels(png: Uint8Array): { width: number; height: number; black: number } {
  const view = new DataView(png.buffer, png.byteOffset);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  expect([png[24], png[25]]).toEqual([1, 0]); // bit depth 1, gray
  const idat: Uint8Array[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === 'IDAT')
      idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of idat) {
    joined.set(part, offset);
    offset += part.length;
  }
  const raw = unzlibSync(joined);
  const stride = Math.ceil(width / 8);
  let black = 0;
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    expect(raw[row]).toBe(0);
    for (let x = 0; x < width; x++) {
      const white = ((raw[row + 1 + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
      if (!white) black++;
    }
  }
  return { width, height, black };
}

describe('JBIG2 images', () => {
  it('should decode every JBIG2 image of issue12963.pdf to a PNG with poppler’s pixels', async () => {
    const images: DocumentImage[] = [];
    for await (const image of extractPdf(readCorpus('pdf/issue12963.pdf'))) {
      images.push(image);
    }
    expect(images.map((image) => image.pageNumbers?.[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const jbig2 = images.slice(1);
    expect(jbig2.every((image) => image.format === 'PNG' && image.width === 2480 && image.height === 3506)).toBe(true);
    const page2 = jbig2[0];
    if (!page2) throw new Error('no image on page 2');
    expect(blackPixels(page2.bytes)).toEqual({ width: 2480, height: 3506, black: 360_939 });
  }, 60_000);
});
