// @vitest-environment node
/**
 * Every hostile PDF (hostile/pdf.ts) ends, with a few images or a DocumentError, in bounded time
 * and memory. Before the bounds each of these ran from 9 s to many minutes, or took a gigabyte.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDF_HOSTILE_DOCUMENTS } from '../hostile/pdf.ts';
import { decodeFilters } from '../src/core/pdf/filters/decodeFilters.ts';
import { unpredict } from '../src/core/pdf/filters/predictor.ts';
import { PdfName } from '../src/core/pdf/objects.ts';
import { DocumentError, type DocumentImage, extractDocument, sniffDocumentKind } from '../src/index.ts';

/**
 * CPU time of the extraction (this process, all threads): unlike wall-clock time it hardly moves
 * when a shared CI machine is busy. Each case took from 7 s to minutes of CPU before its fix
 * (hostile/pdf.ts), about 0.01–2.5 s after.
 */
const CPU_BOUND_MS = 5_000;
/** Wall-clock time, generous for a loaded 2-core machine: catches waiting as well as working. */
const WALL_BOUND_MS = 30_000;
/** Peak resident memory of the test process: before the bounds, the predictor alone took 2 GB. */
const MAX_RSS_BYTES = 1.25 * 1024 * 1024 * 1024;

type Outcome = { images: DocumentImage[]; error?: DocumentError };

async function extract(bytes: Uint8Array): Promise<Outcome> {
  const images: DocumentImage[] = [];
  try {
    for await (const image of extractDocument(bytes)) images.push(image);
    return { images };
  } catch (error) {
    // any other error type is a bug: it fails the test here
    if (!(error instanceof DocumentError)) throw error;
    return { images, error };
  }
}

/** What each ends in: a broken image is skipped by itself, the file is not refused for it. */
const EXPECTED: Record<string, (outcome: Outcome) => void> = {
  'sampled-function.pdf': noImagesNoError,
  'postscript-devicen.pdf': noImagesNoError,
  'predictor-columns.pdf': noImagesNoError,
  'form-on-every-page.pdf': noImagesNoError,
  'inline-jpegs-without-eoi.pdf': noImagesNoError,
  'recovery-bomb.pdf': ({ error }) => expect(error?.code).toBe('invalid'),
  // the bomb form is decoded once, and the image it sits beside still comes out, with both pages
  'flate-bomb-drawn-three-times.pdf': ({ images, error }) => {
    expect(error).toBeUndefined();
    expect(images.map((image) => [image.width, image.height, image.pageNumbers])).toEqual([[4000, 4000, [1, 2]]]);
  },
  // 33 megapixels at 16 bits: converted, written at 8 bits with a note
  'sixteen-bit-5792.pdf': ({ images, error }) => {
    expect(error).toBeUndefined();
    expect(images.map((image) => [image.width, image.height, pngBitDepth(image.bytes)])).toEqual([[5792, 5792, 8]]);
    expect(images[0]?.note).toMatch(/8 bits/);
  },
};

function noImagesNoError({ images, error }: Outcome): void {
  expect(error).toBeUndefined();
  expect(images).toEqual([]);
}

function pngBitDepth(png: Uint8Array): number | undefined {
  return png[24];
}

describe('hostile PDFs', () => {
  for (const doc of PDF_HOSTILE_DOCUMENTS) {
    it(`${doc.name}: ends in images or a DocumentError within ${CPU_BOUND_MS / 1000} s of CPU`, async () => {
      const bytes = doc.build();
      expect(sniffDocumentKind(bytes)).toBe(doc.kind);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const outcome = await extract(bytes);
      const used = process.cpuUsage(cpu);
      expect((used.user + used.system) / 1000).toBeLessThan(CPU_BOUND_MS);
      expect(performance.now() - started).toBeLessThan(WALL_BOUND_MS);
      expect(outcome.images.length).toBeLessThanOrEqual(4);
      expect(process.resourceUsage().maxRSS * 1024).toBeLessThan(MAX_RSS_BYTES);
      EXPECTED[doc.fileName]?.(outcome);
    }, 60_000);
  }
});

describe('PDF work bounds', () => {
  it('converts a large PostScript DeviceN image with few colours (each colour computed once)', async () => {
    const side = 1000;
    const pixels = new Uint8Array(side * side * 2);
    for (let i = 0; i < pixels.length; i += 2) pixels[i] = (i >> 12) & 3 ? 255 : 0;
    const program = `{ ${'1 pop '.repeat(2000)} add 2 div }`;
    const pdf = simplePdf(
      `/Width ${side} /Height ${side} /BitsPerComponent 8 /ColorSpace [/DeviceN [/A /B] /DeviceGray 6 0 R]`,
      new Uint8Array(deflateSync(pixels)),
      `<< /FunctionType 4 /Domain [0 1 0 1] /Range [0 1] /Length ${program.length} >>\nstream\n${program}\nendstream`,
    );
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { images, error } = await extract(pdf);
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(CPU_BOUND_MS);
    expect(error).toBeUndefined();
    expect(images.map((image) => [image.width, image.height])).toEqual([[side, side]]);
    expect(performance.now() - started).toBeLessThan(WALL_BOUND_MS);
  }, 30_000);

  it('counts every decoded byte against the document budget', () => {
    const zeros = new Uint8Array(deflateSync(new Uint8Array(1 << 20)));
    const budget = { remaining: 3 << 20 };
    for (let i = 0; i < 3; i++) decodeFilters(zeros, new PdfName('FlateDecode'), null, budget);
    expect(budget.remaining).toBe(0);
    expect(() => decodeFilters(zeros, new PdfName('FlateDecode'), null, budget)).toThrow(DocumentError);
  });

  it('refuses predictor rows longer than the data before allocating them', () => {
    const data = new Uint8Array(1000);
    expect(() => unpredict(data, { predictor: 12, colors: 1, bitsPerComponent: 8, columns: 1e9 })).toThrow(
      DocumentError,
    );
    expect(() => unpredict(data, { predictor: 12, colors: 1e6, bitsPerComponent: 8, columns: 1 })).toThrow(
      DocumentError,
    );
    expect(unpredict(data, { predictor: 12, colors: 1, bitsPerComponent: 8, columns: 9 }).length).toBe(900);
  });
});

/** One page drawing one image XObject (5) whose colour space may use object 6. */
function simplePdf(imageDict: string, data: Uint8Array, object6: string): Uint8Array {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >> endobj\n' +
      '4 0 obj << /Length 8 >> stream\n/Im1 Do\nendstream endobj\n' +
      `5 0 obj << /Type /XObject /Subtype /Image ${imageDict} /Filter /FlateDecode /Length ${data.length} >> stream\n`,
  );
  const tail = encoder.encode(`\nendstream endobj\n6 0 obj ${object6} endobj\ntrailer << /Root 1 0 R >>\n`);
  const out = new Uint8Array(head.length + data.length + tail.length);
  out.set(head);
  out.set(data, head.length);
  out.set(tail, head.length + data.length);
  return out;
}
