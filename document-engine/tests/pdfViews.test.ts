// @vitest-environment node
/**
 * Each PDF image's view (what the page draws, in a format browsers show) against MuPDF's
 * (`mutool extract -a -r`: masks as alpha, colours converted to RGB), pixel by pixel, and its
 * original (the stored file, byte for byte). On the corpus where it has the case (JPEG and JPEG 2000
 * with soft masks, DCT- and JPX-coded masks, SMaskInData, a bare J2K codestream, ICC profiles, masks
 * larger than their image), else on small PDFs built here: a JPEG under an inverting Decode array,
 * Lab with a D50 white point, JPX in RGB, with alpha, and 4-bit Indexed over an ICCBased base
 * (written by OpenJPEG's opj_compress).
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { decode as decodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { type PdfImageEvent, readPdfImages } from '../src/core/pdf/extractPdf.ts';
import { PdfRef, PdfStream } from '../src/core/pdf/objects.ts';
import { MAX_VIEW_PIXELS } from '../src/core/pdf/pdfImage.ts';
import { PdfDocument } from '../src/core/pdf/xref.ts';
import { preloadImageDecoders } from '../src/index.ts';
import { mutoolExtract, onePagePdf, opjCompress, popplerPixels, streamBody, tinyJpeg } from './pdfFixtures.ts';

type Rgba = { width: number; height: number; data: Uint8Array };

/** Any PNG as 8-bit RGBA. */
function rgbaOf(png: Uint8Array): Rgba {
  const image = decodePng(png);
  const pixels = image.width * image.height;
  const out = new Uint8Array(pixels * 4);
  const { channels, palette } = image;
  const data = image.data as Uint8Array | Uint16Array;
  const scale = image.depth === 16 ? 257 : 1;
  for (let p = 0; p < pixels; p++) {
    const at = p * 4;
    if (palette) {
      const entry = palette[data[p] ?? 0] ?? [0, 0, 0];
      out.set([entry[0] ?? 0, entry[1] ?? 0, entry[2] ?? 0, entry[3] ?? 255], at);
      continue;
    }
    const sample = (c: number) => Math.round((data[p * channels + c] ?? 0) / scale);
    if (channels <= 2) out.set([sample(0), sample(0), sample(0), channels === 2 ? sample(1) : 255], at);
    else out.set([sample(0), sample(1), sample(2), channels === 4 ? sample(3) : 255], at);
  }
  return { width: image.width, height: image.height, data: out };
}

/** Mean difference of colour (where both are visible, weighted by the smaller alpha) and of alpha, 0–255. */
function difference(a: Rgba, b: Rgba): { colour: number; alpha: number } {
  let colour = 0;
  let alpha = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const seen = Math.min(a.data[i + 3] ?? 0, b.data[i + 3] ?? 0) / 255;
    for (let c = 0; c < 3; c++) colour += seen * Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0));
    alpha += Math.abs((a.data[i + 3] ?? 0) - (b.data[i + 3] ?? 0));
  }
  const pixels = a.data.length / 4;
  return { colour: colour / pixels / 3, alpha: alpha / pixels };
}

async function imagesOf(pdf: Uint8Array) {
  const events: PdfImageEvent[] = [];
  for await (const event of readPdfImages(pdf)) events.push(event);
  return events.flatMap((event) => (event.kind === 'image' ? [event.image] : []));
}

/** Every view against MuPDF's extraction of the same size (the closest one), colour and alpha within a level or two. */
async function expectLikeMupdf(pdf: Uint8Array, tolerance = { colour: 1.5, alpha: 1 }) {
  const mupdf = mutoolExtract(pdf);
  const theirs = [...mupdf.files.entries()].filter(([name]) => name.endsWith('.png')).map(([, bytes]) => rgbaOf(bytes));
  expect(theirs.length, `mutool extract wrote no PNG: ${mupdf.stderr}`).toBeGreaterThan(0);
  const images = await imagesOf(pdf);
  for (const image of images) {
    expect(image.format, image.name).toBe('PNG');
    const ours = rgbaOf(image.bytes);
    const same = theirs.filter((other) => other.width === ours.width && other.height === ours.height);
    expect(same.length, `MuPDF has no ${ours.width}x${ours.height} image for ${image.name}`).toBeGreaterThan(0);
    const best = same
      .map((other) => difference(ours, other))
      .sort((x, y) => x.colour + x.alpha - (y.colour + y.alpha))[0];
    expect(best?.colour, `${image.name}: colour`).toBeLessThanOrEqual(tolerance.colour);
    expect(best?.alpha, `${image.name}: alpha`).toBeLessThanOrEqual(tolerance.alpha);
  }
  return images;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The decoded data of object `num` of a PDF, read by the engine's own parser. */
async function streamData(pdf: Uint8Array, num: number): Promise<Uint8Array> {
  const doc = await PdfDocument.open(pdf);
  const stream = await doc.fetch(new PdfRef(num, 0));
  if (!(stream instanceof PdfStream)) throw new Error(`object ${num} is no stream`);
  return (await doc.decodeStream(stream)).data;
}

/** An image XObject drawn once on a one-page PDF: its dictionary entries and data, and more objects from 6 on. */
function imagePdf(entries: string, data: Uint8Array, extra: (string | Uint8Array)[] = []): Uint8Array {
  return onePagePdf('<< /XObject << /Im0 5 0 R >> >>', 'q 100 0 0 100 50 50 cm /Im0 Do Q', [
    streamBody(`/Type /XObject /Subtype /Image ${entries}`, data),
    ...extra,
  ]);
}

describe('PDF views as the page draws them, against MuPDF', { timeout: 60_000 }, () => {
  it('should merge a JPEG soft mask into a PNG view and keep the JPEG as the original (firefox_logo.pdf)', async () => {
    const pdf = readCorpus('pdf/firefox_logo.pdf');
    const [logo] = await expectLikeMupdf(pdf);
    expect(logo?.viewChanges).toEqual(['transparency']);
    expect(logo?.original?.format).toBe('JPEG');
    expect(sha256(logo?.original?.bytes ?? new Uint8Array())).toBe(sha256(await storedJpeg(pdf, 17)));
    const view = rgbaOf(logo?.bytes ?? new Uint8Array());
    expect(view.data[3], 'top-left corner is transparent').toBe(0);
  });

  it('should decode JPEG 2000 images and their JPX-coded soft masks (S2.pdf)', async () => {
    const images = await expectLikeMupdf(readCorpus('pdf/S2.pdf'));
    const jpx = images.filter((image) => image.original?.format === 'JPX');
    expect(jpx).toHaveLength(6);
    for (const image of jpx) {
      expect(image.viewChanges).toEqual(['jpeg2000', 'transparency']);
      expect(image.original?.mimeType).toBe('image/jp2');
    }
  });

  it('should take the alpha of SMaskInData JPEG 2000 images, with and without a colour space (jpx_smaskindata.pdf)', async () => {
    const images = await expectLikeMupdf(readCorpus('pdf/jpx_smaskindata.pdf'), { colour: 0, alpha: 0 });
    expect(images).toHaveLength(4);
    expect(images.every((image) => image.viewChanges?.includes('jpeg2000'))).toBe(true);
  });

  it('should decode a bare J2K codestream (red_stamp.pdf)', async () => {
    const [stamp] = await expectLikeMupdf(readCorpus('pdf/red_stamp.pdf'), { colour: 0, alpha: 0 });
    expect(stamp?.original?.bytes.subarray(0, 4)).toEqual(Uint8Array.of(0xff, 0x4f, 0xff, 0x51));
  });

  it('should apply a DCT-coded soft mask (issue18956.pdf)', async () => {
    const [image] = await expectLikeMupdf(readCorpus('pdf/issue18956.pdf'));
    const alpha = rgbaOf(image?.bytes ?? new Uint8Array()).data.filter((_, i) => i % 4 === 3);
    expect(new Set(alpha).size, 'the mask has more than one level').toBeGreaterThan(2);
  });

  it('should keep RGB ICC profiles in the PNG and match MuPDF where they are sRGB-like (pdfjs_wikipedia.pdf)', async () => {
    const images = await expectLikeMupdf(readCorpus('pdf/pdfjs_wikipedia.pdf'));
    for (const image of images) expect(pngChunks(image.bytes)).toContain('iCCP');
  });

  it('should draw an image at its larger mask resolution (issue4246.pdf: 50x40 under a 1000x800 stencil)', async () => {
    const [image] = await imagesOf(readCorpus('pdf/issue4246.pdf'));
    const view = rgbaOf(image?.bytes ?? new Uint8Array());
    expect([view.width, view.height]).toEqual([1000, 800]);
    const alpha = view.data.filter((_, i) => i % 4 === 3);
    const opaque = alpha.filter((a) => a === 255).length;
    // the letters show, the paper around them does not
    expect(opaque / alpha.length).toBeGreaterThan(0.1);
    expect(opaque / alpha.length).toBeLessThan(0.6);
    expect(view.data[3]).toBe(0);
  });

  it('should bound a view drawn at a huge mask resolution (issue16263.pdf: 2x2 under 34862x4332)', async () => {
    const [image] = await imagesOf(readCorpus('pdf/issue16263.pdf'));
    expect((image?.width ?? 0) * (image?.height ?? 0)).toBeLessThanOrEqual(MAX_VIEW_PIXELS);
    expect((image?.width ?? 0) / (image?.height ?? 1)).toBeCloseTo(34862 / 4332, 1);
    expect(image?.note).toMatch(/mask's resolution/);
  });

  it('should apply an inverting Decode array to a JPEG, the JPEG kept as the original', async () => {
    const jpeg = tinyJpeg(32, 16, 3, (bx, by) => [40 + bx * 50, 200 - by * 60, 90]);
    const pdf = imagePdf(
      '/Width 32 /Height 16 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Decode [1 0 1 0 1 0] /Filter /DCTDecode',
      jpeg,
    );
    const [image] = await expectLikeMupdf(pdf, { colour: 2, alpha: 0 });
    expect(image?.viewChanges).toEqual(['decode']);
    expect(image?.original?.bytes).toEqual(jpeg);
  });

  it('should adapt a D50 Lab image to sRGB as poppler draws it, neutral staying neutral', async () => {
    // L 0, 33, 67, 100 with a = b = 0 (neutral), then a saturated red
    const samples = Uint8Array.from([0, 128, 128, 85, 128, 128, 170, 128, 128, 255, 128, 128, 136, 208, 180]);
    const pdf = imagePdf(
      '/Width 5 /Height 1 /ColorSpace [/Lab << /WhitePoint [0.9642 1 0.8249] /Range [-128 127 -128 127] >>] /BitsPerComponent 8 /Filter /FlateDecode',
      deflateSync(samples),
    );
    const [image] = await imagesOf(pdf);
    const view = rgbaOf(image?.bytes ?? new Uint8Array());
    // MuPDF's extract mis-reads this Lab image; poppler's page drawing is the reference. At 36 dpi
    // the image is 50 px wide from x = 25: pixel p's centre is at x = 30 + 10p.
    const drawn = popplerPixels(
      pdf,
      36,
      [0, 1, 2, 3, 4].map((p) => [30 + 10 * p, 50]),
    );
    for (let p = 0; p < 5; p++) {
      const ours = [...view.data.subarray(p * 4, p * 4 + 3)];
      for (let c = 0; c < 3; c++)
        expect(Math.abs((ours[c] ?? 0) - (drawn[p]?.[c] ?? 0)), `pixel ${p}`).toBeLessThanOrEqual(2);
      if (p < 4) expect(Math.max(...ours) - Math.min(...ours), `pixel ${p} is gray`).toBeLessThanOrEqual(1);
    }
  });

  it('should decode an RGB JPEG 2000 image to a PNG view, the .jp2 kept as the original', async () => {
    // The preload (an empty input, refused) leaves OpenJPEG built and working for the real image.
    await expect(preloadImageDecoders()).resolves.toBeUndefined();
    const samples = Uint8Array.from({ length: 24 * 12 * 3 }, (_, i) => (i * 37) % 256);
    const jp2 = await opjCompress(samples, 24, 12, 3, 8);
    const pdf = imagePdf('/Width 24 /Height 12 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /JPXDecode', jp2);
    const [image] = await expectLikeMupdf(pdf, { colour: 0, alpha: 0 });
    expect(image?.viewChanges).toEqual(['jpeg2000']);
    expect(image?.original?.bytes).toEqual(jp2);
    expect(rgbaOf(image?.bytes ?? new Uint8Array()).data.subarray(0, 3)).toEqual(samples.subarray(0, 3));
  });

  it('should take a JPEG 2000 alpha channel under SMaskInData', async () => {
    const samples = Uint8Array.from({ length: 16 * 8 * 4 }, (_, i) => (i % 4 === 3 ? (i * 7) % 256 : (i * 29) % 256));
    const jp2 = await opjCompress(samples, 16, 8, 4, 8);
    const pdf = imagePdf(
      '/Width 16 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMaskInData 1 /Filter /JPXDecode',
      jp2,
    );
    const [image] = await expectLikeMupdf(pdf, { colour: 0.5, alpha: 0 });
    expect(image?.viewChanges).toEqual(['jpeg2000', 'transparency']);
  });

  it('should colour a 4-bit Indexed JPEG 2000 image through its palette over an ICCBased base', async () => {
    const width = 32;
    const height = 8;
    const indices = Uint8Array.from({ length: width * height }, (_, p) => (p % width) >> 1);
    const jp2 = await opjCompress(indices, width, height, 1, 4);
    const palette = Uint8Array.from(
      { length: 16 * 3 },
      (_, i) => [(i * 53) % 256, (i * 97) % 256, (i * 11) % 256][i % 3] ?? 0,
    );
    const profile = await streamData(readCorpus('pdf/pdfjs_wikipedia.pdf'), 7);
    const pdf = imagePdf(
      `/Width ${width} /Height ${height} /ColorSpace [/Indexed [/ICCBased 6 0 R] 15 <${Buffer.from(palette).toString('hex')}>] /BitsPerComponent 4 /Filter /JPXDecode`,
      jp2,
      [streamBody('/N 3 /Filter /FlateDecode', deflateSync(profile))],
    );
    const [image] = await expectLikeMupdf(pdf, { colour: 1, alpha: 0 });
    const view = rgbaOf(image?.bytes ?? new Uint8Array());
    // pixel 2 has index 1: the palette's second colour
    expect([...view.data.subarray(8, 11)]).toEqual([...palette.subarray(3, 6)]);
  });

  it('should give a 2x2 image under a 76x102 soft mask at the mask resolution, every mask level kept', async () => {
    const mask = Uint8Array.from({ length: 76 * 102 }, (_, p) => ((p % 76) * 3 + Math.floor(p / 76)) % 256);
    const pdf = imagePdf(
      '/Width 2 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8 /SMask 6 0 R /Filter /FlateDecode',
      deflateSync(Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0])),
      [
        streamBody(
          '/Type /XObject /Subtype /Image /Width 76 /Height 102 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
          deflateSync(mask),
        ),
      ],
    );
    const [image] = await imagesOf(pdf);
    const view = rgbaOf(image?.bytes ?? new Uint8Array());
    expect([view.width, view.height]).toEqual([76, 102]);
    expect(view.data.filter((_, i) => i % 4 === 3)).toEqual(mask);
  });
});

/** The stored bytes of a JPEG stream object, cut as the engine cuts them (whole here). */
async function storedJpeg(pdf: Uint8Array, num: number): Promise<Uint8Array> {
  const data = await streamData(pdf, num);
  const end = data.lastIndexOf(0xd9);
  return data[end - 1] === 0xff ? data.subarray(0, end + 1) : data;
}

/** The chunk types of a PNG, in order. */
function pngChunks(png: Uint8Array): string[] {
  const types: string[] = [];
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = 8; at + 8 <= png.length; at += 12 + view.getUint32(at)) {
    types.push(String.fromCharCode(...png.subarray(at + 4, at + 8)));
  }
  return types;
}
