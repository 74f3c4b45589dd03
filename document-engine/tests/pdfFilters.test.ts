// @vitest-environment node
import { deflateSync, unzlibSync, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ascii85Decode } from '../src/core/pdf/filters/ascii85Stream.ts';
import { asciiHexDecode } from '../src/core/pdf/filters/asciiHexStream.ts';
import { ccittFaxDecode } from '../src/core/pdf/filters/ccittFaxStream.ts';
import { decodeFilters } from '../src/core/pdf/filters/decodeFilters.ts';
import { flateDecode } from '../src/core/pdf/filters/flateStream.ts';
import { lzwDecode } from '../src/core/pdf/filters/lzwStream.ts';
import { unpredict } from '../src/core/pdf/filters/predictor.ts';
import { runLengthDecode } from '../src/core/pdf/filters/runLengthStream.ts';
import { PdfDict, PdfName, type PdfObject, PdfStream } from '../src/core/pdf/objects.ts';
import { readFunction } from '../src/core/pdf/pdfFunction.ts';
import type { PdfDocument } from '../src/core/pdf/xref.ts';
import { encodePng } from '../src/core/png/pngEncoder.ts';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const text = (value: Uint8Array) => String.fromCharCode(...value);

describe('filters', () => {
  it('should inflate zlib and raw deflate, and keep what precedes a truncation', () => {
    const input = bytes('hello hello hello PDF world '.repeat(200));
    expect(flateDecode(zlibSync(input))).toEqual(input);
    expect(flateDecode(deflateSync(input))).toEqual(input);
    const truncated = zlibSync(input).subarray(0, 40);
    const partial = flateDecode(truncated);
    expect(partial.length).toBeGreaterThan(0);
    expect(text(partial)).toBe(text(input.subarray(0, partial.length)));
  });

  it('should refuse output past the size bound', () => {
    expect(() => flateDecode(zlibSync(new Uint8Array(10_000)), 1000)).toThrow(/unpacks/);
  });

  it('should decode ASCIIHex and ASCII85', () => {
    expect(text(asciiHexDecode(bytes('48 65 6C6C 6F7>')))).toBe('Hellop');
    expect(text(ascii85Decode(bytes('87cURD]i,"Ebo80~>')))).toBe('Hello World!');
    expect(ascii85Decode(bytes('z~>'))).toEqual(new Uint8Array(4));
  });

  it('should decode LZW (the ISO 32000 example) and RunLength', () => {
    // ISO 32000-1 §7.4.4.2: 45 45 45 45 45 65 45 45 45 66 encodes to 80 0B 60 50 22 0C 0C 85 01
    const lzw = Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect([...lzwDecode(lzw)]).toEqual([45, 45, 45, 45, 45, 65, 45, 45, 45, 66]);
    expect(text(runLengthDecode(Uint8Array.from([2, 0x61, 0x62, 0x63, 254, 0x7a, 128])))).toBe('abczzz');
  });

  it('should undo PNG predictors (Sub, Up, Average, Paeth) and the TIFF predictor', () => {
    const rows = Uint8Array.from([1, 10, 5, 5, 2, 1, 1, 1, 3, 2, 2, 2, 4, 1, 1, 1]);
    const out = unpredict(rows, { predictor: 15, colors: 1, bitsPerComponent: 8, columns: 3 });
    // row0 Sub: 10,15,20; row1 Up: 11,16,21; row2 Average: 2+5=7 (left0,up11 -> 5), ...
    expect([...out.subarray(0, 6)]).toEqual([10, 15, 20, 11, 16, 21]);
    expect(out[6]).toBe(2 + (11 >> 1));
    expect(out.length).toBe(12);
    const tiff = unpredict(Uint8Array.from([1, 2, 3, 1, 1, 1]), {
      predictor: 2,
      colors: 3,
      bitsPerComponent: 8,
      columns: 2,
    });
    expect([...tiff]).toEqual([1, 2, 3, 2, 3, 4]);
  });

  it('should decode CCITT one-dimensional (K=0) and Group 4 (K<0) rows', () => {
    const bits = (text: string) => {
      const padded = text.padEnd(Math.ceil(text.length / 8) * 8, '0');
      return Uint8Array.from({ length: padded.length / 8 }, (_, i) =>
        Number.parseInt(padded.slice(i * 8, i * 8 + 8), 2),
      );
    };
    const params = { columns: 8, rows: 1, blackIs1: false, encodedByteAlign: false };
    // white 2 (0111), black 3 (10), white 3 (1000): pixels 2–4 black, black as 0
    expect([...ccittFaxDecode(bits('0111101000'), { ...params, k: 0 })]).toEqual([0b11000111]);
    // G4: horizontal (001) white 2 black 3, then vertical 0 (1) to the end
    expect([...ccittFaxDecode(bits('0010111101'), { ...params, k: -1 })]).toEqual([0b11000111]);
    // second row: vertical 0 twice copies the reference line; BlackIs1 flips the output
    expect([...ccittFaxDecode(bits('00101111011111'), { ...params, rows: 2, k: -1, blackIs1: true })]).toEqual([
      0b00111000, 0b00111000,
    ]);
  });

  it('should run a filter chain with DecodeParms arrays and stop at DCT', () => {
    const inner = zlibSync(Uint8Array.from([2, 1, 1, 2, 1, 1]));
    const hex = bytes([...inner].map((b) => b.toString(16).padStart(2, '0')).join(''));
    const parms = new PdfDict();
    parms.set('Predictor', 12);
    parms.set('Columns', 2);
    const decoded = decodeFilters(hex, [new PdfName('AHx'), new PdfName('FlateDecode')], [null, parms]);
    expect([...decoded.data]).toEqual([1, 1, 2, 2]);
    const jpeg = decodeFilters(hex, [new PdfName('ASCIIHexDecode'), new PdfName('DCTDecode')], null);
    expect(jpeg.codec).toBe('DCTDecode');
    expect(jpeg.data).toEqual(inner);
  });
});

describe('encodePng', () => {
  const readPng = (png: Uint8Array) => {
    const view = new DataView(png.buffer, png.byteOffset);
    let at = 8;
    const idat: Uint8Array[] = [];
    let header: Uint8Array | undefined;
    while (at < png.length) {
      const length = view.getUint32(at);
      const type = text(png.subarray(at + 4, at + 8));
      if (type === 'IHDR') header = png.subarray(at + 8, at + 8 + length);
      if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    return { header: header ?? new Uint8Array(), pixels: unzlibSync(idat[0] ?? new Uint8Array()) };
  };

  it('should write RGBA rows that decode back to the same pixels', async () => {
    const data = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 9, 9, 9, 9]);
    const png = await encodePng({ width: 2, height: 2, channels: 4, bitDepth: 8, data });
    const { header, pixels } = readPng(png);
    expect([...header.subarray(0, 10)]).toEqual([0, 0, 0, 2, 0, 0, 0, 2, 8, 6]);
    expect([...pixels]).toEqual([0, ...data.subarray(0, 8), 0, ...data.subarray(8)]);
  });

  it('should write rows that decode back the same past the size where the platform deflates them', async () => {
    const width = 120;
    const height = 90;
    // 43,200 bytes of samples, a pattern zlib must encode with matches and literals both
    const data = Uint8Array.from({ length: width * height * 4 }, (_, i) => ((i * 31) ^ (i >> 7)) & 0xff);
    const png = await encodePng({ width, height, channels: 4, bitDepth: 8, data });
    const { pixels } = readPng(png);
    const rows = Array.from({ length: height }, (_, y) => [0, ...data.subarray(y * width * 4, (y + 1) * width * 4)]);
    expect(Buffer.from(pixels).equals(Buffer.from(rows.flat()))).toBe(true);
    expect(png.length).toBeLessThan(data.length);
  });

  it('should write 16-bit gray', async () => {
    const png = await encodePng({
      width: 1,
      height: 1,
      channels: 1,
      bitDepth: 16,
      data: Uint8Array.from([0x12, 0x34]),
    });
    const { header, pixels } = readPng(png);
    expect(header[8]).toBe(16);
    expect(header[9]).toBe(0);
    expect([...pixels]).toEqual([0, 0x12, 0x34]);
  });
});

describe('PDF functions', () => {
  const doc = { resolve: async (v: unknown) => v, resolveDeep: async (v: unknown) => v } as unknown as PdfDocument;
  const dict = (entries: Record<string, PdfObject>) => {
    const d = new PdfDict();
    for (const [key, value] of Object.entries(entries)) d.set(key, value);
    return d;
  };

  it('should evaluate an exponential (type 2) function', async () => {
    const fn = await readFunction(doc, dict({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0], C1: [1, 0.5, 0], N: 1 }));
    expect(fn?.([0.5])).toEqual([0.5, 0.25, 0]);
  });

  it('should run a PostScript calculator (type 4) function, with if/ifelse and roll', async () => {
    const program = bytes('{ dup 0.5 gt { 1 exch sub } { 2 mul } ifelse 3 1 roll pop pop }');
    const stream = new PdfStream(dict({ FunctionType: 4, Domain: [0, 1, 0, 1, 0, 1], Range: [0, 1] }), program);
    const doc4 = {
      resolve: async (v: unknown) => v,
      resolveDeep: async (v: unknown) => v,
      decodeStream: async (s: PdfStream) => ({ data: s.raw }),
    } as unknown as PdfDocument;
    const fn = await readFunction(doc4, stream);
    expect(fn?.([0.1, 0.2, 0.25])).toEqual([0.5]);
    expect(fn?.([0.1, 0.2, 0.75])).toEqual([0.25]);
  });
});
