// @vitest-environment node
/**
 * embeddedBitmapOf: the raster an EMF or WMF carries, as a file a browser shows (the fallback
 * preview of mfe-documents when rtf.js cannot draw the metafile).
 *
 * - The corpus: every EMF/WMF of every DOC, DOCX, PPT and PPTX. Two carry a bitmap: doc/picture.doc's
 *   image1.emf (a 1024x768 24-bit photo in one EMR_STRETCHDIBITS, which rtf.js does not draw) and
 *   docx/drawing.docx's image1.wmf (CorelDRAW: a 32x32 24-bit icon and its 1-bit mask in
 *   META_DIBSTRETCHBLT records). Their output is checked against their own DIB headers and bits,
 *   decoded by node:zlib (metafileFixtures.ts), not by the engine.
 * - Built metafiles: each record kind, each DIB kind (palettes, 16/24/32 bits, bit fields, RLE,
 *   embedded PNG), EMF+ bitmaps (also continued over several records), which raster wins.
 * - Hostile: the carriers cut at every kind of place and garbled field by field: the answer is a
 *   file or undefined, never an error other than DocumentError, each within a bounded time, and
 *   never larger than a fixed multiple of the input.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusManifest, corpusPath, readCorpus } from '../../tooling/corpus.mjs';
import { MAX_PNG_SAMPLES } from '../src/core/metafile/index.ts';
import { DocumentError, type EmbeddedBitmap, embeddedBitmapOf, extractDocument } from '../src/index.ts';
import {
  blit,
  bmpFields,
  decodePng,
  dib,
  dibBitBlt,
  dibStretchBlt,
  emf,
  emfPlusComment,
  emfPlusImage,
  emfPlusObjectRecords,
  gradient,
  pixelOf,
  setDibitsToDevice,
  stretchDib,
  stretchDibits,
  stride,
  wmf,
} from './metafileFixtures.ts';

type Metafile = { key: string; bytes: Uint8Array; format: 'EMF' | 'WMF' };

let corpusMetafilesRead: Promise<Metafile[]> | undefined;
/** Every EMF and WMF the engine finds in the corpus's Word and PowerPoint files (read once). */
function corpusMetafiles(): Promise<Metafile[]> {
  corpusMetafilesRead ??= readCorpusMetafiles();
  return corpusMetafilesRead;
}

async function readCorpusMetafiles(): Promise<Metafile[]> {
  const passwords = corpusManifest<{ files: Record<string, { password?: string }> }>().files;
  const found: Metafile[] = [];
  for (const kind of ['doc', 'docx', 'ppt', 'pptx']) {
    for (const name of readdirSync(corpusPath(kind)).sort()) {
      if (!name.toLowerCase().endsWith(`.${kind}`)) continue;
      const file = `${kind}/${name}`;
      try {
        for await (const image of extractDocument(readCorpus(file), { password: passwords[file]?.password })) {
          if (image.format === 'EMF' || image.format === 'WMF') {
            found.push({ key: `${file} ${image.name}`, bytes: image.bytes, format: image.format });
          }
        }
      } catch (error) {
        // An encrypted package the engine cannot open yet holds no metafile we could test.
        if (!(error instanceof DocumentError)) throw error;
      }
    }
  }
  return found;
}

/** The corpus metafiles that carry a bitmap, and what each gives. */
const CARRIERS: Record<string, Pick<EmbeddedBitmap, 'record' | 'format' | 'width' | 'height'>> = {
  'doc/picture.doc image1.emf': { record: 'EMR_STRETCHDIBITS', format: 'PNG', width: 1024, height: 768 },
  'docx/drawing.docx image1.wmf': { record: 'META_DIBSTRETCHBLT', format: 'PNG', width: 32, height: 32 },
};

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Read here, not by the engine: each bitmap record's DIB (header fields, bits) in a metafile. */
function dibsIn(bytes: Uint8Array, format: 'EMF' | 'WMF') {
  const v = view(bytes);
  const dibs: { width: number; height: number; bitCount: number; bits: Uint8Array }[] = [];
  const header = (at: number, bitsAt: number, bitsLength: number) => ({
    width: v.getInt32(at + 4, true),
    height: v.getInt32(at + 8, true),
    bitCount: v.getUint16(at + 14, true),
    bits: bytes.subarray(bitsAt, bitsAt + bitsLength),
  });
  if (format === 'EMF') {
    for (let at = 0; at + 8 <= bytes.length; at += v.getUint32(at + 4, true)) {
      if (v.getUint32(at, true) === 0x51) {
        dibs.push(header(at + v.getUint32(at + 48, true), at + v.getUint32(at + 56, true), v.getUint32(at + 60, true)));
      }
      if (v.getUint32(at, true) === 0x0e) break;
    }
  } else {
    for (let at = 22 + 18; at + 6 <= bytes.length; at += v.getUint32(at, true) * 2) {
      const size = v.getUint32(at, true) * 2;
      if (size === 6) break;
      if (v.getUint16(at + 4, true) === 0x0b41) {
        const dibAt = at + 26;
        const bitsAt = dibAt + 40 + (v.getUint16(dibAt + 14, true) <= 8 ? 4 * 2 ** v.getUint16(dibAt + 14, true) : 0);
        dibs.push(header(dibAt, bitsAt, at + size - bitsAt));
      }
    }
  }
  return dibs;
}

describe('embedded bitmaps of the corpus metafiles', () => {
  it('finds exactly the two carriers, each checked against its DIB header and bits', { timeout: 120_000 }, async () => {
    const metafiles = await corpusMetafiles();
    // The vector pictures of the corpus (doc, docx, ppt, pptx): 25 when this was written.
    expect(metafiles.length).toBeGreaterThanOrEqual(25);
    const found: Record<string, Pick<EmbeddedBitmap, 'record' | 'format' | 'width' | 'height'>> = {};
    for (const { key, bytes, format } of metafiles) {
      const bitmap = await embeddedBitmapOf(bytes, format);
      if (!bitmap) continue;
      found[key] = { record: bitmap.record, format: bitmap.format, width: bitmap.width, height: bitmap.height };

      const png = decodePng(bitmap.bytes);
      expect([png.width, png.height]).toEqual([bitmap.width, bitmap.height]);
      // The colour DIB with the most pixels, as its header says; rows bottom-up, BGR.
      const source = dibsIn(bytes, format)
        .filter((d) => d.bitCount === 24)
        .sort((a, b) => b.width * b.height - a.width * a.height)[0];
      if (!source) throw new Error(`${key}: no 24-bit DIB read by the test`);
      expect([source.width, Math.abs(source.height)]).toEqual([bitmap.width, bitmap.height]);
      const rowStride = stride(source.width, 24);
      for (const [x, y] of [
        [0, 0],
        [source.width - 1, 0],
        [Math.floor(source.width / 2), Math.floor(source.height / 3)],
        [source.width - 1, source.height - 1],
      ] as const) {
        const at = (source.height - 1 - y) * rowStride + x * 3;
        expect(pixelOf(png, x, y), `${key} pixel ${x},${y}`).toEqual([
          source.bits[at + 2],
          source.bits[at + 1],
          source.bits[at],
        ]);
      }
    }
    expect(found).toEqual(CARRIERS);
  });
});

const emfWith = (...records: Uint8Array[]) => emf(...records);
const bw: [number, number, number][] = [
  [0, 0, 0],
  [255, 255, 255],
];

describe('embedded bitmaps of built metafiles', () => {
  it('EMR_STRETCHDIBITS, 24-bit bottom-up: a PNG of the same pixels', async () => {
    const bitmap = dib({ width: 5, height: 3, bitCount: 24 });
    const out = await embeddedBitmapOf(emfWith(stretchDibits(bitmap)), 'EMF');
    expect(out).toMatchObject({
      record: 'EMR_STRETCHDIBITS',
      format: 'PNG',
      mimeType: 'image/png',
      width: 5,
      height: 3,
    });
    const png = decodePng(out?.bytes ?? new Uint8Array());
    const rowStride = stride(5, 24);
    // Top row of the picture is the last row of a bottom-up DIB.
    const at = 2 * rowStride + 4 * 3;
    expect(pixelOf(png, 4, 0)).toEqual([bitmap.bits[at + 2], bitmap.bits[at + 1], bitmap.bits[at]]);
  });

  it('EMR_BITBLT, 32-bit top-down: RGB, the fourth byte ignored as GDI does', async () => {
    const bitmap = dib({ width: 3, height: -2, bitCount: 32 });
    const out = await embeddedBitmapOf(emfWith(blit(0x4c, bitmap)), 'EMF');
    expect(out).toMatchObject({ record: 'EMR_BITBLT', format: 'PNG', width: 3, height: 2 });
    const png = decodePng(out?.bytes ?? new Uint8Array());
    expect(png.colorType).toBe(2);
    expect(pixelOf(png, 1, 0)).toEqual([bitmap.bits[6], bitmap.bits[5], bitmap.bits[4]]);
  });

  it('EMR_ALPHABLEND with AC_SRC_ALPHA: RGBA, un-premultiplied; with no alpha at all, opaque RGB', async () => {
    // One pixel: premultiplied (B, G, R, A) = (20, 40, 60, 128).
    const bits = Uint8Array.from([20, 40, 60, 128]);
    const out = await embeddedBitmapOf(emfWith(blit(0x72, dib({ width: 1, height: 1, bitCount: 32, bits }), 1)), 'EMF');
    const png = decodePng(out?.bytes ?? new Uint8Array());
    expect(out?.record).toBe('EMR_ALPHABLEND');
    expect(png.colorType).toBe(6);
    expect(pixelOf(png, 0, 0)).toEqual([Math.round((60 * 255) / 128), Math.round((40 * 255) / 128), 40, 128]);
    const opaque = await embeddedBitmapOf(
      emfWith(blit(0x72, dib({ width: 1, height: 1, bitCount: 32, bits: Uint8Array.from([20, 40, 60, 0]) }), 1)),
      'EMF',
    );
    expect(decodePng(opaque?.bytes ?? new Uint8Array()).colorType).toBe(2);
  });

  it('palettes: black-and-white as 1-bit grey, grey as 8-bit grey, colours as RGB', async () => {
    const bits = Uint8Array.from([0b10100000, 0, 0, 0]);
    const mono = decodePng(
      (
        await embeddedBitmapOf(
          emfWith(stretchDibits(dib({ width: 3, height: 1, bitCount: 1, palette: bw, bits }))),
          'EMF',
        )
      )?.bytes ?? new Uint8Array(),
    );
    expect([mono.bitDepth, mono.colorType]).toEqual([1, 0]);
    expect([0, 1, 2].map((x) => pixelOf(mono, x, 0)[0])).toEqual([255, 0, 255]);
    const inverted = decodePng(
      (
        await embeddedBitmapOf(
          emfWith(
            stretchDibits(
              dib({
                width: 3,
                height: 1,
                bitCount: 1,
                palette: [bw[1] as [number, number, number], bw[0] as [number, number, number]],
                bits,
              }),
            ),
          ),
          'EMF',
        )
      )?.bytes ?? new Uint8Array(),
    );
    expect([0, 1, 2].map((x) => pixelOf(inverted, x, 0)[0])).toEqual([0, 255, 0]);

    const greys: [number, number, number][] = Array.from({ length: 256 }, (_, i) => [i, i, i]);
    const grey = decodePng(
      (
        await embeddedBitmapOf(
          emfWith(
            stretchDibits(
              dib({ width: 2, height: 1, bitCount: 8, palette: greys, bits: Uint8Array.from([7, 200, 0, 0]) }),
            ),
          ),
          'EMF',
        )
      )?.bytes ?? new Uint8Array(),
    );
    expect([grey.bitDepth, grey.colorType, pixelOf(grey, 0, 0)[0], pixelOf(grey, 1, 0)[0]]).toEqual([8, 0, 7, 200]);

    // 4-bit, three colours: index 5 is past the table and comes out black.
    const colours: [number, number, number][] = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ];
    const four = decodePng(
      (
        await embeddedBitmapOf(
          emfWith(
            stretchDibits(
              dib({ width: 3, height: 1, bitCount: 4, palette: colours, bits: Uint8Array.from([0x12, 0x50, 0, 0]) }),
            ),
          ),
          'EMF',
        )
      )?.bytes ?? new Uint8Array(),
    );
    expect(four.colorType).toBe(2);
    expect([0, 1, 2].map((x) => pixelOf(four, x, 0))).toEqual([
      [0, 255, 0],
      [0, 0, 255],
      [0, 0, 0],
    ]);
  });

  it('16-bit: 5-5-5 by default, 5-6-5 by bit fields', async () => {
    const white555 = Uint8Array.from([0xff, 0x7f, 0x00, 0x7c]); // white, pure red
    const plain = decodePng(
      (
        await embeddedBitmapOf(
          emfWith(stretchDibits(dib({ width: 2, height: 1, bitCount: 16, bits: white555 }))),
          'EMF',
        )
      )?.bytes ?? new Uint8Array(),
    );
    expect([pixelOf(plain, 0, 0), pixelOf(plain, 1, 0)]).toEqual([
      [255, 255, 255],
      [255, 0, 0],
    ]);
    const green565 = Uint8Array.from([0xe0, 0x07, 0, 0]);
    const fields = decodePng(
      (
        await embeddedBitmapOf(
          emfWith(
            stretchDibits(
              dib({
                width: 1,
                height: 1,
                bitCount: 16,
                compression: 3,
                masks: [0xf800, 0x07e0, 0x001f],
                bits: green565,
              }),
            ),
          ),
          'EMF',
        )
      )?.bytes ?? new Uint8Array(),
    );
    expect(pixelOf(fields, 0, 0)).toEqual([0, 255, 0]);
  });

  it('RLE8: a BMP of the record’s own BITMAPINFO and bits, for the browser to decode', async () => {
    // Two rows of 4 pixels: 4 x index 1, end of line; 4 x index 0, end of bitmap.
    const bits = Uint8Array.from([4, 1, 0, 0, 4, 0, 0, 1]);
    const bitmap = dib({ width: 4, height: 2, bitCount: 8, compression: 1, palette: bw, bits });
    const out = await embeddedBitmapOf(emfWith(stretchDibits(bitmap)), 'EMF');
    expect(out).toMatchObject({ format: 'BMP', mimeType: 'image/bmp', width: 4, height: 2 });
    const bytes = out?.bytes ?? new Uint8Array();
    expect(bmpFields(bytes)).toEqual({
      fileSize: bytes.length,
      offBits: 14 + bitmap.info.length,
      headerSize: 40,
      width: 4,
      height: 2,
      bitCount: 8,
      compression: 1,
    });
    expect([...bytes.subarray(14 + bitmap.info.length)]).toEqual([...bits]);
  });

  it('a BI_PNG DIB is its PNG file, as stored', async () => {
    const inner = (await embeddedBitmapOf(emfWith(stretchDibits(dib({ width: 6, height: 4, bitCount: 24 }))), 'EMF'))
      ?.bytes;
    if (!inner) throw new Error('no inner PNG');
    const out = await embeddedBitmapOf(
      emfWith(stretchDibits(dib({ width: 6, height: 4, bitCount: 0, compression: 5, bits: inner }))),
      'EMF',
    );
    expect(out).toMatchObject({ format: 'PNG', width: 6, height: 4 });
    expect(out?.bytes).toEqual(inner);
  });

  it('the largest colour raster wins over a larger 1-bit mask and smaller colour ones', async () => {
    const out = await embeddedBitmapOf(
      emfWith(
        stretchDibits(dib({ width: 64, height: 64, bitCount: 1, palette: bw })),
        blit(0x4d, dib({ width: 10, height: 10, bitCount: 24 })),
        blit(0x4c, undefined), // a fill: no source bitmap
        stretchDibits(dib({ width: 20, height: 12, bitCount: 24 })),
        stretchDibits(dib({ width: 8, height: 8, bitCount: 8, palette: bw })),
      ),
      'EMF',
    );
    expect(out).toMatchObject({ record: 'EMR_STRETCHDIBITS', width: 20, height: 12 });
    // Only a mask: the mask, then.
    expect(
      await embeddedBitmapOf(emfWith(stretchDibits(dib({ width: 64, height: 64, bitCount: 1, palette: bw }))), 'EMF'),
    ).toMatchObject({ width: 64, height: 64 });
  });

  it('EMR_SETDIBITSTODEVICE carrying a band of the rows: the band', async () => {
    const full = dib({ width: 4, height: 10, bitCount: 24 });
    const band = { info: full.info, bits: full.bits.subarray(0, stride(4, 24) * 3) };
    const out = await embeddedBitmapOf(emfWith(setDibitsToDevice(band, 3)), 'EMF');
    expect(out).toMatchObject({ record: 'EMR_SETDIBITSTODEVICE', width: 4, height: 3 });
    expect(decodePng(out?.bytes ?? new Uint8Array()).height).toBe(3);
  });

  it('no colours for palette indexes (DIB_PAL_COLORS); a record without a bitmap gives nothing', async () => {
    // Two 16-bit palette indexes where the RGBQUADs would be.
    const indexed = dib({ width: 2, height: 2, bitCount: 8, colorsUsed: 2 });
    const info = Uint8Array.from([...indexed.info, 0, 0, 1, 0]);
    expect(await embeddedBitmapOf(emfWith(stretchDibits({ info, bits: indexed.bits }, 1)), 'EMF')).toBeUndefined();
    expect(await embeddedBitmapOf(emfWith(stretchDibits({ info, bits: indexed.bits }, 0)), 'EMF')).toBeUndefined();
    expect(
      (await embeddedBitmapOf(emfWith(stretchDibits(dib({ width: 2, height: 2, bitCount: 24 }), 1)), 'EMF'))?.width,
    ).toBe(2);
    expect(await embeddedBitmapOf(emfWith(blit(0x4c, undefined)), 'EMF')).toBeUndefined();
    expect(await embeddedBitmapOf(emfWith(), 'EMF')).toBeUndefined();
    expect(await embeddedBitmapOf(new Uint8Array(0), 'EMF')).toBeUndefined();
    expect(await embeddedBitmapOf(new Uint8Array(0), 'WMF')).toBeUndefined();
  });

  it('WMF: META_DIBSTRETCHBLT, META_STRETCHDIB (no placeable header), META_DIBBITBLT', async () => {
    const a = dib({ width: 7, height: 5, bitCount: 24 });
    expect(await embeddedBitmapOf(wmf([dibStretchBlt(a)]), 'WMF')).toMatchObject({
      record: 'META_DIBSTRETCHBLT',
      format: 'PNG',
      width: 7,
      height: 5,
    });
    const b = dib({ width: 9, height: 3, bitCount: 8, palette: bw });
    const stretched = await embeddedBitmapOf(wmf([stretchDib(b)], false), 'WMF');
    expect(stretched).toMatchObject({ record: 'META_STRETCHDIB', width: 9, height: 3 });
    decodePng(stretched?.bytes ?? new Uint8Array());
    expect(await embeddedBitmapOf(wmf([stretchDib(b, 1)]), 'WMF')).toBeUndefined();
    const c = dib({ width: 4, height: 4, bitCount: 32 });
    expect(
      await embeddedBitmapOf(wmf([dibBitBlt(c), dibStretchBlt(dib({ width: 2, height: 2, bitCount: 24 }))]), 'WMF'),
    ).toMatchObject({
      record: 'META_DIBBITBLT',
      width: 4,
      height: 4,
    });
  });

  it('EMF+: a compressed bitmap is its file; ARGB pixels become RGBA; a continued object is joined', async () => {
    const inner = (await embeddedBitmapOf(emfWith(stretchDibits(dib({ width: 6, height: 4, bitCount: 24 }))), 'EMF'))
      ?.bytes;
    if (!inner) throw new Error('no inner PNG');
    const compressed = emfPlusImage(6, 4, 0, 0, 1, inner);
    expect(
      await embeddedBitmapOf(emfWith(emfPlusComment(...emfPlusObjectRecords(1, compressed))), 'EMF'),
    ).toMatchObject({
      record: 'EmfPlusObject',
      format: 'PNG',
      width: 6,
      height: 4,
    });
    const joined = await embeddedBitmapOf(
      emfWith(...emfPlusObjectRecords(2, compressed, 3).map((record) => emfPlusComment(record))),
      'EMF',
    );
    expect(joined?.bytes).toEqual(inner);

    // 2 x 1 ARGB, top-down: (B, G, R, A).
    const argb = emfPlusImage(2, 1, 8, 0x0026200a, 0, Uint8Array.from([255, 0, 0, 255, 0, 0, 255, 64]));
    const out = await embeddedBitmapOf(emfWith(emfPlusComment(...emfPlusObjectRecords(3, argb))), 'EMF');
    const png = decodePng(out?.bytes ?? new Uint8Array());
    expect([pixelOf(png, 0, 0), pixelOf(png, 1, 0)]).toEqual([
      [0, 0, 255, 255],
      [255, 0, 0, 64],
    ]);
  });

  it(`a raster past ${MAX_PNG_SAMPLES / 1024 / 1024} MiB of PNG samples is given as a BMP of the record's size`, async () => {
    const width = 4096;
    const height = Math.ceil(MAX_PNG_SAMPLES / 3 / width) + 1;
    const colours: [number, number, number][] = [
      [255, 0, 0],
      [0, 0, 255],
    ];
    const bitmap = dib({ width, height, bitCount: 8, palette: colours, bits: new Uint8Array(width * height) });
    const out = await embeddedBitmapOf(emfWith(stretchDibits(bitmap)), 'EMF');
    expect(out?.format).toBe('BMP');
    expect(out?.bytes.length).toBe(14 + bitmap.info.length + bitmap.bits.length);
    expect(bmpFields(out?.bytes ?? new Uint8Array())).toMatchObject({ width, height, bitCount: 8, compression: 0 });
  });
});

// --- hostile input ---------------------------------------------------------------------------------

/** Generous for a loaded CI machine: a built fixture takes well under a millisecond. */
const CASE_BOUND_MS = 1000;

/** Runs one case: a file or undefined, or a DocumentError; bounded in time and in output size. */
async function expectContained(
  bytes: Uint8Array,
  format: 'EMF' | 'WMF',
  label: string,
  holdsFiles = false,
): Promise<void> {
  const started = performance.now();
  let out: EmbeddedBitmap | undefined;
  try {
    out = await embeddedBitmapOf(bytes, format);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw new Error(`${label}: ${String(error)}`, { cause: error });
  }
  const ms = performance.now() - started;
  expect(ms, `${label} took ${ms.toFixed(0)} ms`).toBeLessThan(CASE_BOUND_MS);
  if (out) {
    // At most 24 samples a byte of bits (1-bit colour to RGB), compressed: far below this.
    expect(out.bytes.length, label).toBeLessThanOrEqual(24 * bytes.length + 4096);
    // A JPEG/PNG stored whole in the metafile (`holdsFiles`: an EMF+ compressed bitmap, maybe over
    // several records) is handed out as stored, garbled or not; what the engine encodes must decode.
    const stored = holdsFiles || Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(out.bytes) >= 0;
    if (out.format === 'PNG' && !stored) {
      try {
        decodePng(out.bytes);
      } catch (error) {
        throw new Error(`${label}: ${out.record} gave a PNG that does not decode`, { cause: error });
      }
    }
    if (out.format === 'BMP') expect(bmpFields(out.bytes).fileSize).toBe(out.bytes.length);
  }
}

/** A small deterministic generator (mulberry32): the same cases every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY = [0, 1, 2, 8, 12, 40, 0x7fff, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffff0, 0xffffffff];

async function hostileSeeds(): Promise<Metafile[]> {
  const colours: [number, number, number][] = [
    [1, 2, 3],
    [4, 5, 6],
  ];
  const inner =
    (await embeddedBitmapOf(emf(stretchDibits(dib({ width: 3, height: 3, bitCount: 24 }))), 'EMF'))?.bytes ??
    new Uint8Array();
  return [
    { key: 'stretchdibits-24', format: 'EMF', bytes: emf(stretchDibits(dib({ width: 9, height: 7, bitCount: 24 }))) },
    {
      key: 'bitblt-8',
      format: 'EMF',
      bytes: emf(blit(0x4c, dib({ width: 9, height: 7, bitCount: 8, palette: colours }))),
    },
    { key: 'alphablend-32', format: 'EMF', bytes: emf(blit(0x72, dib({ width: 5, height: -5, bitCount: 32 }), 1)) },
    {
      key: 'setdibits-band',
      format: 'EMF',
      bytes: emf(setDibitsToDevice(dib({ width: 5, height: 2, bitCount: 24 }), 2)),
    },
    {
      key: 'rle8',
      format: 'EMF',
      bytes: emf(
        stretchDibits(
          dib({
            width: 4,
            height: 2,
            bitCount: 8,
            compression: 1,
            palette: bw,
            bits: Uint8Array.from([4, 1, 0, 0, 4, 0, 0, 1]),
          }),
        ),
      ),
    },
    {
      key: 'bitfields-16',
      format: 'EMF',
      bytes: emf(
        stretchDibits(dib({ width: 3, height: 3, bitCount: 16, compression: 3, masks: [0xf800, 0x7e0, 0x1f] })),
      ),
    },
    {
      key: 'emf-plus-continued',
      format: 'EMF',
      bytes: emf(
        ...emfPlusObjectRecords(4, emfPlusImage(3, 3, 0, 0, 1, inner), 3).map((record) => emfPlusComment(record)),
      ),
    },
    {
      key: 'emf-plus-pixels',
      format: 'EMF',
      bytes: emf(emfPlusComment(...emfPlusObjectRecords(1, emfPlusImage(3, 2, 12, 0x000e200b, 0, gradient(24))))),
    },
    {
      key: 'wmf-dibstretchblt',
      format: 'WMF',
      bytes: wmf([dibStretchBlt(dib({ width: 6, height: 5, bitCount: 4, palette: colours }))]),
    },
    {
      key: 'wmf-stretchdib',
      format: 'WMF',
      bytes: wmf([stretchDib(dib({ width: 6, height: 5, bitCount: 1, palette: bw }))], false),
    },
    { key: 'wmf-dibbitblt', format: 'WMF', bytes: wmf([dibBitBlt(dib({ width: 3, height: 3, bitCount: 24 }))]) },
  ];
}

describe('embedded bitmaps of hostile metafiles', () => {
  it('declared sizes the record does not hold are refused before anything is allocated', async () => {
    const huge = dib({ width: 30000, height: 30000, bitCount: 24, bits: gradient(100) });
    await expectContained(emf(stretchDibits(huge)), 'EMF', 'huge declared DIB');
    expect(await embeddedBitmapOf(emf(stretchDibits(huge)), 'EMF')).toBeUndefined();
    const palette = dib({ width: 2, height: 2, bitCount: 8, colorsUsed: 0x7fffffff });
    expect(await embeddedBitmapOf(emf(stretchDibits(palette)), 'EMF')).toBeUndefined();
    expect(await embeddedBitmapOf(wmf([dibStretchBlt(huge)]), 'WMF')).toBeUndefined();
    const pixels = emfPlusImage(0x7fffffff, 0x7fffffff, 0x7fffffff, 0x0026200a, 0, gradient(64));
    expect(await embeddedBitmapOf(emf(emfPlusComment(...emfPlusObjectRecords(1, pixels))), 'EMF')).toBeUndefined();
  });

  it('every seed cut short, at every length up to its records and at steps after', async () => {
    for (const { key, format, bytes } of await hostileSeeds()) {
      for (let length = 0; length < bytes.length; length += length < 400 ? 1 : 7) {
        await expectContained(
          bytes.subarray(0, length),
          format,
          `${key} cut at ${length}`,
          key === 'emf-plus-continued',
        );
      }
    }
  });

  it('every seed with its 32- and 16-bit fields set to hostile values, and bytes garbled at random', async () => {
    const next = random(15);
    let cases = 0;
    for (const { key, format, bytes } of await hostileSeeds()) {
      for (let at = 0; at + 4 <= Math.min(bytes.length, 320); at += 2) {
        for (const value of NASTY) {
          const copy = bytes.slice();
          const v = view(copy);
          if (at % 4 === 0) v.setUint32(at, value >>> 0, true);
          else v.setUint16(at, value & 0xffff, true);
          await expectContained(copy, format, `${key} field ${at} = ${value}`, key === 'emf-plus-continued');
          cases++;
        }
      }
      for (let round = 0; round < 300; round++) {
        const copy = bytes.slice();
        const flips = 1 + Math.floor(next() * 8);
        for (let i = 0; i < flips; i++) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
        await expectContained(copy, format, `${key} garbled, round ${round}`, key === 'emf-plus-continued');
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(10_000);
  }, 120_000);

  it('the corpus carriers cut and garbled', { timeout: 120_000 }, async () => {
    const carriers = (await corpusMetafiles()).filter((m) => m.key in CARRIERS);
    expect(carriers.map((m) => m.key).sort()).toEqual(Object.keys(CARRIERS).sort());
    const next = random(7);
    for (const { key, format, bytes } of carriers) {
      const cuts = [
        0,
        8,
        50,
        90,
        100,
        120,
        200,
        400,
        Math.floor(bytes.length / 2),
        bytes.length - 21,
        bytes.length - 1,
      ];
      for (const length of cuts)
        await expectContained(bytes.subarray(0, Math.max(0, length)), format, `${key} cut at ${length}`);
      // Header and record fields: the first 300 bytes, where the large EMF's record starts.
      for (let round = 0; round < 40; round++) {
        const copy = bytes.slice();
        const at = Math.floor(next() * Math.min(300, copy.length - 4)) & ~1;
        view(copy).setUint32(at, NASTY[Math.floor(next() * NASTY.length)] ?? 0, true);
        await expectContained(copy, format, `${key} field ${at}`);
      }
    }
  });
});
