// @vitest-environment node
/**
 * Node's zlib as the engine's host zlib (`setHostZlib(nodeZlib)`, what extract-api sets): PDF
 * streams inflate to the bytes fflate gives, damaged ones included, and PNG views deflate to the
 * same pixels; the CCITT scans of the corpus, through it, keep the black pixels poppler's
 * `pdfimages -png` decodes (counted when this test was written).
 */
import { deflateSync, unzlibSync, zlibSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { setHostZlib } from '../src/core/hostZlib.ts';
import { extractPdf } from '../src/core/pdf/extractPdf.ts';
import { flateDecode } from '../src/core/pdf/filters/flateStream.ts';
import { encodePng } from '../src/core/png/pngEncoder.ts';
import { nodeZlib } from '../src/node/index.ts';

const text = 'hello hello hello PDF world, a page of text drawn once and again '.repeat(1000);
const input = Uint8Array.from(text, (c) => c.charCodeAt(0));
/** Byte for byte (vitest's deep equality walks a large array one element at a time). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

/** Each decode with fflate alone, then with Node's zlib. */
function bothWays<T>(decode: () => T): [T, T] {
  setHostZlib(undefined);
  const alone = decode();
  setHostZlib(nodeZlib);
  return [alone, decode()];
}

/** The rows of a PNG the engine wrote (filter bytes included), and its size and bit depth. */
function pngRows(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset);
  const parts: Uint8Array[] = [];
  for (let at = 8; at < png.length; at += 12 + view.getUint32(at)) {
    if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === 'IDAT') {
      parts.push(png.subarray(at + 8, at + 8 + view.getUint32(at)));
    }
  }
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return { width: view.getUint32(16), height: view.getUint32(20), bitDepth: png[24], rows: unzlibSync(joined) };
}

function blackPixels(png: Uint8Array): { width: number; height: number; black: number } {
  const { width, height, bitDepth, rows } = pngRows(png);
  expect(bitDepth).toBe(1);
  const stride = Math.ceil(width / 8);
  let black = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!(((rows[y * (stride + 1) + 1 + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1)) black++;
    }
  }
  return { width, height, black };
}

async function imagesOf(corpusFile: string) {
  const images = [];
  for await (const image of extractPdf(readCorpus(corpusFile))) images.push(image);
  return images;
}

afterEach(() => setHostZlib(undefined));

describe('Node zlib for the engine', () => {
  it('should inflate zlib and raw deflate streams to the bytes fflate gives', () => {
    for (const stream of [zlibSync(input), deflateSync(input)]) {
      const [alone, native] = bothWays(() => flateDecode(stream));
      expect(same(native, input)).toBe(true);
      expect(same(native, alone)).toBe(true);
    }
  });

  it('should keep what precedes a truncation or damage, as fflate does', () => {
    const whole = zlibSync(input);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const damaged = whole.slice();
    damaged.fill(0xff, 40, 48);
    for (const stream of [truncated, damaged]) {
      const [alone, native] = bothWays(() => flateDecode(stream));
      expect(native.length).toBe(alone.length);
      expect(same(native, alone)).toBe(true);
    }
    expect(bothWays(() => flateDecode(truncated).length)[1]).toBeGreaterThan(0);
  });

  it('should refuse output past the size bound', () => {
    setHostZlib(nodeZlib);
    expect(() => flateDecode(zlibSync(input), 1000)).toThrow(/unpacks/);
  });

  it('should deflate a PNG view to the rows it was given', async () => {
    const data = Uint8Array.from({ length: 300 * 200 * 3 }, (_, i) => (i * 7) % 251);
    setHostZlib(nodeZlib);
    const { rows } = pngRows(await encodePng({ width: 300, height: 200, channels: 3, bitDepth: 8, data }));
    const expected = new Uint8Array(200 * (300 * 3 + 1));
    for (let y = 0; y < 200; y++) expected.set(data.subarray(y * 900, (y + 1) * 900), y * 901 + 1);
    expect(same(rows, expected)).toBe(true);
  });

  it("should decode the corpus's CCITT scans to poppler's black pixels", async () => {
    setHostZlib(nodeZlib);
    const [scan] = await imagesOf('pdf/issue5747.pdf');
    expect(blackPixels(scan?.bytes ?? new Uint8Array())).toEqual({ width: 2480, height: 1748, black: 577_296 });
    // its two CCITT images (134 x 39) and the others; its stencils are drawn, which -png does not
    const small = await imagesOf('pdf/images_1bit_grayscale.pdf');
    const images = [0, 1, 3, 5, 6, 7, 8].map((index) => blackPixels(small[index]?.bytes ?? new Uint8Array()));
    expect(images.map(({ width, height, black }) => `${width}x${height} ${black}`)).toEqual([
      '115x39 910',
      '105x33 603',
      '102x32 603',
      '134x39 1193',
      '134x39 1161',
      '105x29 592',
      '105x39 957',
    ]);
  });
});
