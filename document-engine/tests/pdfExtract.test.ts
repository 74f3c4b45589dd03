// @vitest-environment node
/** extractPdf end to end on built PDFs (colour, masks, inline images, errors) and on encrypted corpus files. */
import { unzlibSync, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { md5 } from '../src/core/crypto/index.ts';
import { extractPdf, type PdfImageEvent, readPdfImages } from '../src/core/pdf/extractPdf.ts';
import type { DocumentImage, EngineProgress } from '../src/core/types.ts';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const latin = (value: Uint8Array) => String.fromCharCode(...value);
const hex = (value: Uint8Array) => [...value].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A one-page (or n-page) PDF; `objects` start at number 4 (1 catalog, 2 pages, 3.. pages). */
function buildPdf(pageContents: string[], resources: string, objects: string[]): Uint8Array {
  const pageCount = pageContents.length;
  const bodies: string[] = [];
  bodies.push('<< /Type /Catalog /Pages 2 0 R >>');
  const firstPage = 3;
  const firstContent = firstPage + pageCount;
  const kids = pageContents.map((_, i) => `${firstPage + i} 0 R`).join(' ');
  bodies.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} /Resources ${resources} >>`);
  for (let i = 0; i < pageCount; i++) bodies.push(`<< /Type /Page /Parent 2 0 R /Contents ${firstContent + i} 0 R >>`);
  for (const content of pageContents) bodies.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  bodies.push(...objects);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return bytes(out);
}

/** An image stream with raw samples as ASCIIHex. */
const imageStream = (dict: string, samples: number[]) => {
  const data = `${hex(Uint8Array.from(samples))}>`;
  return `<< /Type /XObject /Subtype /Image ${dict} /Filter /ASCIIHexDecode /Length ${data.length} >>\nstream\n${data}\nendstream`;
};

/** Decoded PNG rows (filter bytes removed) and IHDR fields. */
function pngPixels(png: Uint8Array): { width: number; height: number; depth: number; type: number; rows: number[][] } {
  const view = new DataView(png.buffer, png.byteOffset);
  let at = 8;
  let width = 0;
  let height = 0;
  let depth = 0;
  let type = 0;
  const idat: number[] = [];
  while (at < png.length) {
    const length = view.getUint32(at);
    const kind = latin(png.subarray(at + 4, at + 8));
    if (kind === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      depth = png[at + 16] ?? 0;
      type = png[at + 17] ?? 0;
    }
    if (kind === 'IDAT') idat.push(...png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = unzlibSync(Uint8Array.from(idat));
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[type] ?? 1;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const rows: number[][] = [];
  for (let y = 0; y < height; y++) {
    const row = [...raw.subarray(y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1))];
    // 1-bit rows as 0/255 per pixel
    rows.push(
      depth === 1 ? Array.from({ length: width }, (_, x) => (((row[x >> 3] ?? 0) >> (7 - (x & 7))) & 1) * 255) : row,
    );
  }
  return { width, height, depth, type, rows };
}

async function collect(file: Uint8Array, options = {}): Promise<DocumentImage[]> {
  const images: DocumentImage[] = [];
  for await (const image of extractPdf(file, options)) images.push(image);
  return images;
}

describe('extractPdf', () => {
  it('should convert CMYK, Indexed, 1-bit with Decode, and 16-bit images to PNG', async () => {
    const file = buildPdf(['/A Do /B Do /C Do /D Do'], '<< /XObject << /A 5 0 R /B 6 0 R /C 7 0 R /D 8 0 R >> >>', [
      imageStream('/Width 2 /Height 1 /ColorSpace /DeviceCMYK /BitsPerComponent 8', [255, 0, 0, 0, 0, 0, 0, 255]),
      imageStream('/Width 2 /Height 1 /ColorSpace [/Indexed /DeviceRGB 1 <ff000000ff00>] /BitsPerComponent 8', [1, 0]),
      imageStream('/Width 3 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0]', [0b10100000]),
      imageStream('/Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 16', [0x12, 0x34]),
    ]);
    const images = await collect(file);
    expect(images.map((image) => [image.format, image.width, image.height, image.pageNumbers])).toEqual([
      ['PNG', 2, 1, [1]],
      ['PNG', 2, 1, [1]],
      ['PNG', 3, 1, [1]],
      ['PNG', 1, 1, [1]],
    ]);
    const [cmyk, indexed, bilevel, sixteen] = images.map((image) => pngPixels(image.bytes));
    expect(cmyk?.rows[0]).toEqual([0, 255, 255, 0, 0, 0]);
    expect(indexed?.rows[0]).toEqual([0, 255, 0, 255, 0, 0]);
    expect(bilevel?.rows[0]).toEqual([0, 255, 0]);
    expect(sixteen).toMatchObject({ depth: 16, rows: [[0x12, 0x34]] });
  });

  it('should merge an SMask as alpha and list the image once across pages', async () => {
    const file = buildPdf(['/Im Do', 'q /Im Do Q'], '<< /XObject << /Im 7 0 R >> >>', [
      imageStream('/Width 2 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /SMask 8 0 R', [10, 20]),
      imageStream('/Width 2 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8', [0, 255]),
    ]);
    const images = await collect(file);
    expect(images).toHaveLength(1);
    expect(images[0]?.pageNumbers).toEqual([1, 2]);
    expect(pngPixels(images[0]?.bytes ?? new Uint8Array()).rows[0]).toEqual([10, 0, 20, 255]);
  });

  it('should find images in Form XObjects and inline images', async () => {
    const form = 'q /Deep Do Q';
    const file = buildPdf(
      ['/F Do BI /W 2 /H 1 /CS /RGB /BPC 8 ID \u00ff\u0000\u0000\u0000\u0000\u00ff EI'],
      '<< /XObject << /F 5 0 R >> >>',
      [
        `<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /Deep 6 0 R >> >> /Length ${form.length} >>\nstream\n${form}\nendstream`,
        imageStream('/Width 4 /Height 3 /ColorSpace /DeviceGray /BitsPerComponent 8', new Array(12).fill(7)),
      ],
    );
    const images = await collect(file);
    expect(images.map((image) => `${image.width}x${image.height}`)).toEqual(['4x3', '2x1']);
    expect(pngPixels(images[1]?.bytes ?? new Uint8Array()).rows[0]).toEqual([255, 0, 0, 0, 0, 255]);
  });

  it('should follow forms 17 deep but no deeper, and not draw a form inside itself', async () => {
    const form = (content: string, xobjects: string) =>
      `<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << ${xobjects} >> >> /Length ${content.length} >>\nstream\n${content}\nendstream`;
    const image = imageStream('/Width 3 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8', [1, 2, 3]);
    // forms 5, 6, … each drawing the next; the last draws the image, the object after it
    const chain = (forms: number) =>
      buildPdf(['/N Do'], '<< /XObject << /N 5 0 R >> >>', [
        ...Array.from({ length: forms }, (_, i) => form('/N Do', `/N ${6 + i} 0 R`)),
        image,
      ]);
    expect(await collect(chain(17))).toHaveLength(1);
    expect(await collect(chain(18))).toHaveLength(0);
    // two forms drawing each other, and one of them the image
    const loop = buildPdf(['/A Do'], '<< /XObject << /A 5 0 R >> >>', [
      form('/B Do', '/B 6 0 R'),
      form('/A Do /Im Do', '/A 5 0 R /Im 7 0 R'),
      image,
    ]);
    const images = await collect(loop);
    expect(images.map((found) => `${found.width}x${found.height}`)).toEqual(['3x1']);
  });

  it('should pass a DCT stream through byte for byte, even behind another filter', async () => {
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 2, 0, 3, 1, 1, 0x11, 0, 0xff, 0xd9]);
    const flated = zlibSync(jpeg);
    const stream = `<< /Type /XObject /Subtype /Image /Width 3 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter [/FlateDecode /DCTDecode] /Length ${flated.length} >>\nstream\n${latin(flated)}\nendstream`;
    const file = buildPdf(['/J Do'], '<< /XObject << /J 5 0 R >> >>', [stream]);
    const images = await collect(file);
    expect(images[0]?.format).toBe('JPEG');
    expect(images[0]?.bytes).toEqual(jpeg);
  });

  it('should skip one image it cannot read and still give the others', async () => {
    const broken =
      '<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /NoSuchDecode /Length 1 >>\nstream\nx\nendstream';
    const file = buildPdf(['/Bad Do /Good Do'], '<< /XObject << /Bad 5 0 R /Good 6 0 R >> >>', [
      broken,
      imageStream('/Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8', [5]),
    ]);
    const events: PdfImageEvent[] = [];
    for await (const event of readPdfImages(file)) events.push(event);
    expect(events.map((event) => event.kind)).toEqual(['skipped', 'image']);
    expect(events[0]).toMatchObject({ kind: 'skipped', skipped: { width: 2, height: 2, pageNumbers: [1] } });
  });

  it('should report progress per page and stop when aborted', async () => {
    const file = buildPdf(['', '', ''], '<< >>', []);
    const progress: EngineProgress[] = [];
    await collect(file, { onProgress: (p: EngineProgress) => progress.push(p) });
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3]);
    const controller = new AbortController();
    controller.abort();
    await expect(collect(file, { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
  });

  it('should fail with the invalid code on garbage', async () => {
    await expect(collect(bytes('%PDF-1.4\n garbage without objects'))).rejects.toMatchObject({ code: 'invalid' });
  });
});

describe('md5', () => {
  it('should match RFC 1321 test vectors', () => {
    expect(hex(md5(bytes('')))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(hex(md5(bytes('message digest')))).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(hex(md5(bytes('a'.repeat(100))))).toBe('36a92cc94a9e0fa21f625f8bfb007adf');
  });
});

describe('encrypted corpus PDFs', () => {
  const read = (name: string) => readCorpus(`pdf/${name}`);

  it('should open RC4 bug900822.pdf with the empty user password, no prompt', async () => {
    const images = await collect(read('bug900822.pdf'));
    expect(images.map((image) => `${image.format} ${image.width}x${image.height}`)).toEqual(['PNG 674x179']);
  });

  it('should ask for the password of AES issue3371.pdf, refuse a wrong one, and open with the right one', async () => {
    await expect(collect(read('issue3371.pdf'))).rejects.toMatchObject({
      name: 'PasswordRequiredError',
      code: 'password-required',
    });
    await expect(collect(read('issue3371.pdf'), { password: 'nope' })).rejects.toMatchObject({
      code: 'wrong-password',
    });
    const images = await collect(read('issue3371.pdf'), { password: 'ELXRTQWS' });
    expect(images.length).toBeGreaterThan(0);
  });
});
