import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import type { HostileDocument } from './hostileDocument.ts';

/**
 * Hostile PDFs, one per class of input that once hung the PDF reader or ran it out of memory.
 * Each is a small, well-formed-enough PDF (written here byte by byte) that the engine takes for a
 * PDF; the engine must answer each with a few images or a DocumentError, in a couple of seconds.
 */

type PdfPart = string | Uint8Array;

const encoder = new TextEncoder();

function bytesOf(part: PdfPart): Uint8Array {
  return typeof part === 'string' ? encoder.encode(part) : part;
}

function concat(parts: readonly PdfPart[]): Uint8Array {
  const chunks = parts.map(bytesOf);
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** An indirect object's body: a stream with its dictionary entries (Length is added). */
function stream(dictEntries: string, data: Uint8Array): PdfPart[] {
  return [`<< ${dictEntries} /Length ${data.length} >>\nstream\n`, data, '\nendstream'];
}

/** Objects 1…n (each a body), with a classic xref table and a trailer whose /Root is object 1. */
function writePdf(bodies: readonly (PdfPart | PdfPart[])[]): Uint8Array {
  const parts: Uint8Array[] = [bytesOf('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    const chunk = concat([`${index + 1} 0 obj\n`, ...(Array.isArray(body) ? body : [body]), '\nendobj\n']);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`];
  for (const offset of offsets) xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return concat([...parts, xref.join('')]);
}

/** Catalog (1), Pages (2), one Page (3) with these resources and content (4), then `extra` from 5 on. */
function onePage(resources: string, content: string, extra: readonly (PdfPart | PdfPart[])[]): Uint8Array {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents 4 0 R >>`,
    stream('', encoder.encode(content)),
    ...extra,
  ]);
}

function deflate(data: Uint8Array, level = 9): Uint8Array {
  return new Uint8Array(deflateSync(data, { level }));
}

/**
 * A zlib stream of `mib` MiB of `byte`, built in milliseconds: one MiB deflated up to a sync
 * flush (a non-final block that refers to nothing before it), repeated, then an empty final block.
 * No Adler-32 at the end: PDF readers do not need it.
 */
function deflateBomb(mib: number, byte: number): Uint8Array {
  const block = new Uint8Array(
    deflateRawSync(new Uint8Array(1024 * 1024).fill(byte), { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  const out = new Uint8Array(2 + block.length * mib + 2);
  out.set([0x78, 0xda]);
  for (let i = 0; i < mib; i++) out.set(block, 2 + i * block.length);
  out.set([0x03, 0x00], 2 + block.length * mib);
  return out;
}

/**
 * 1. A DeviceN image whose tint transform is a sampled (Type 0) function with /BitsPerSample
 * 65535: reading one sample took 65,535 steps, for every pixel (a 6 KB file that never ended).
 */
export function sampledFunctionPdf(): Uint8Array {
  const side = 400;
  const pixels = new Uint8Array(side * side * 2);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) & 0xff;
  return onePage('<< /XObject << /Im1 5 0 R >> >>', 'q 400 0 0 400 0 0 cm /Im1 Do Q', [
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /BitsPerComponent 8` +
        ' /ColorSpace [/DeviceN [/Cyan /Magenta] /DeviceGray 6 0 R] /Filter /FlateDecode',
      deflate(pixels),
    ),
    stream(
      '/FunctionType 0 /Domain [0 1 0 1] /Range [0 1] /Size [2 2] /BitsPerSample 65535',
      new Uint8Array(64).fill(0x55),
    ),
  ]);
}

/**
 * 2. A 1000×1000 DeviceN image whose tint transform is a PostScript (Type 4) function running
 * close to the 10,000-operation cap: the cap was per pixel, so the image took minutes.
 */
export function postScriptDeviceNPdf(): Uint8Array {
  const side = 1000;
  const pixels = new Uint8Array(side * side * 3);
  // many distinct colours (no two neighbours alike), so remembering colours alone is not enough
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = (y * side + x) * 3;
      pixels[at] = x & 0xff;
      pixels[at + 1] = y & 0xff;
      pixels[at + 2] = (x * 31 + y * 17) & 0xff;
    }
  }
  const program = `{ ${'1 pop '.repeat(4990)} add add 3 div }`;
  return onePage('<< /XObject << /Im1 5 0 R >> >>', 'q 500 0 0 500 0 0 cm /Im1 Do Q', [
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /BitsPerComponent 8` +
        ' /ColorSpace [/DeviceN [/Cyan /Magenta /Yellow] /DeviceGray 6 0 R] /Filter /FlateDecode',
      deflate(pixels),
    ),
    stream('/FunctionType 4 /Domain [0 1 0 1 0 1] /Range [0 1]', encoder.encode(program)),
  ]);
}

/**
 * 3. 20,000 `N 0 obj << >> stream` with no `endstream` and no xref: the recovery scan looked for
 * each stream's end from its start to the end of the file, 20,000 times (33 s for 689 KB).
 */
export function recoveryBombPdf(): Uint8Array {
  const parts: string[] = ['%PDF-1.4\n'];
  for (let num = 1; num <= 20_000; num++) parts.push(`${num} 0 obj\n<< /Length 999999 >>\nstream\nxxxx\n`);
  return encoder.encode(parts.join(''));
}

/**
 * 4. A Form XObject whose content is a flate bomb (zeros: 200 MiB from 200 KB), drawn three times
 * on a page, and an image whose data is a bomb too, drawn by two pages: each use inflated it again.
 */
export function flateBombDrawnThreeTimesPdf(): Uint8Array {
  const content = deflateBomb(200, 0);
  const image = deflate(new Uint8Array(4000 * 4000));
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 5 0 R /Contents 6 0 R >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 5 0 R /Contents 6 0 R >>',
    '<< /XObject << /Fm1 7 0 R /Fm2 7 0 R /Im1 8 0 R >> >>',
    stream('', encoder.encode('/Fm1 Do /Fm2 Do /Fm1 Do /Im1 Do')),
    stream('/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Filter /FlateDecode', content),
    stream(
      '/Type /XObject /Subtype /Image /Width 4000 /Height 4000 /BitsPerComponent 8 /ColorSpace /DeviceGray' +
        ' /Filter /FlateDecode',
      image,
    ),
  ]);
}

/**
 * 5. A 5792×5792 gray image at 16 bits per sample: 33.5 megapixels, 67 MB of samples (from
 * 0.5 MB of Flate), converted sample by sample through a 16-bit array and written as a 16-bit
 * PNG of 67 MB of raw rows. Now one pass straight from the bytes, written at 8 bits.
 */
export function largeSixteenBitImagePdf(): Uint8Array {
  const side = 5792;
  const row = new Uint8Array(side * 2);
  for (let x = 0; x < side; x++) {
    const v = Math.round((x / (side - 1)) * 65535);
    row[x * 2] = v >> 8;
    row[x * 2 + 1] = v & 0xff;
  }
  const samples = new Uint8Array(row.length * side);
  for (let y = 0; y < side; y++) samples.set(row, y * row.length);
  return onePage('<< /XObject << /Im1 5 0 R >> >>', 'q 612 0 0 612 0 0 cm /Im1 Do Q', [
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /BitsPerComponent 16` +
        ' /ColorSpace /DeviceGray /Filter /FlateDecode',
      deflate(samples, 6),
    ),
  ]);
}

/** 6. A Flate image with /DecodeParms << /Predictor 15 /Columns 1000000000 >>: a gigabyte per row. */
export function predictorColumnsPdf(): Uint8Array {
  const data = new Uint8Array(64 * 1024);
  for (let i = 0; i < data.length; i++) data[i] = i % 5 === 0 ? 2 : i & 0xff;
  return onePage('<< /XObject << /Im1 5 0 R >> >>', 'q 100 0 0 100 0 0 cm /Im1 Do Q', [
    stream(
      '/Type /XObject /Subtype /Image /Width 128 /Height 128 /BitsPerComponent 8 /ColorSpace /DeviceGray' +
        ' /Filter /FlateDecode /DecodeParms << /Predictor 15 /Columns 1000000000 /Colors 1 /BitsPerComponent 8 >>',
      deflate(data),
    ),
  ]);
}

/**
 * 7. A Form XObject of 64 MiB of content (spaces, from 64 KB of Flate) drawn by each of 300
 * pages: decoded once, it was still lexed once per page (19 GB of lexing).
 */
export function formOnEveryPagePdf(): Uint8Array {
  const pages = 300;
  const first = 5; // objects 1–4: catalog, pages, resources, page content; then the form; then pages
  const kids = Array.from({ length: pages }, (_, i) => `${first + 1 + i} 0 R`).join(' ');
  const form = deflateBomb(64, 0x20);
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /XObject << /Fm1 5 0 R >> >>',
    stream('', encoder.encode('/Fm1 Do')),
    stream('/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Filter /FlateDecode', form),
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 3 0 R /Contents 4 0 R >>',
    ),
  ]);
}

/**
 * 8. 20,000 inline DCT images on one page, each JPEG with no EOI: `EI` may occur inside DCT data,
 * so an inline JPEG's end is found by walking its markers to the EOI, and each walk ran through
 * every later image to the end of the 5 MiB content (about 50 GB read). Each JPEG also holds
 * ` EI ` in a comment before its frame header, where the `EI` search then cuts it: no image.
 */
export function inlineJpegsWithoutEoiPdf(): Uint8Array {
  const images = 20_000;
  const jpeg = concat([
    Uint8Array.from([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x06]),
    ' EI ',
    // SOF0 8x8 gray, then SOS, then entropy-coded data with no 0xFF in it
    Uint8Array.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]),
    Uint8Array.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    'a'.repeat(200),
  ]);
  const one = concat(['BI /W 8 /H 8 /CS /G /BPC 8 /F /DCT ID ', jpeg, '\nEI\n']);
  const content = new Uint8Array(one.length * images);
  for (let i = 0; i < images; i++) content.set(one, i * one.length);
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    stream('/Filter /FlateDecode', deflate(content)),
  ]);
}

export const PDF_HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  {
    name: 'a sampled function with BitsPerSample 65535',
    kind: 'pdf',
    fileName: 'sampled-function.pdf',
    build: sampledFunctionPdf,
  },
  {
    name: 'a 1000x1000 DeviceN image with a PostScript tint transform',
    kind: 'pdf',
    fileName: 'postscript-devicen.pdf',
    build: postScriptDeviceNPdf,
  },
  {
    name: '20,000 streams without endstream and no xref (recovery scan)',
    kind: 'pdf',
    fileName: 'recovery-bomb.pdf',
    build: recoveryBombPdf,
  },
  {
    name: 'a 200 MiB flate bomb drawn three times',
    kind: 'pdf',
    fileName: 'flate-bomb-drawn-three-times.pdf',
    build: flateBombDrawnThreeTimesPdf,
  },
  {
    name: 'a 5792x5792 image at 16 bits per sample',
    kind: 'pdf',
    fileName: 'sixteen-bit-5792.pdf',
    build: largeSixteenBitImagePdf,
  },
  {
    name: 'a predictor with /Columns 1000000000',
    kind: 'pdf',
    fileName: 'predictor-columns.pdf',
    build: predictorColumnsPdf,
  },
  {
    name: 'a 64 MiB form drawn on each of 300 pages',
    kind: 'pdf',
    fileName: 'form-on-every-page.pdf',
    build: formOnEveryPagePdf,
  },
  {
    name: '20,000 inline JPEGs without an EOI on one page',
    kind: 'pdf',
    fileName: 'inline-jpegs-without-eoi.pdf',
    build: inlineJpegsWithoutEoiPdf,
  },
];
