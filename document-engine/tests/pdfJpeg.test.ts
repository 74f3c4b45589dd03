// @vitest-environment node
/**
 * DCTDecode images handed out as .jpg (pdfImage.ts, jpeg.ts): cut to SOI…EOI, at the size of
 * the JPEG's own frame header, and not handed out at all when the data holds no JPEG; inline
 * JPEGs end at their EOI. Checked against MuPDF (mutool, Debian's mupdf-tools) on PDFs built here.
 *
 * What the peers do with the same files (asserted below, so a change in them shows): MuPDF's
 * `mutool extract` and poppler's `pdfimages -all` both write a DCT stream as it is stored, the
 * bytes before its SOI and after its EOI included, and a 4-byte stream as a 4-byte .jpg; MuPDF
 * writes no inline image; pdfimages writes an inline JPEG that follows `ID\r\n` with the line
 * feed in front, and MuPDF cannot open that file.
 */
import { describe, expect, it } from 'vitest';
import { extractPdf, type PdfImageEvent, readPdfImages } from '../src/core/pdf/extractPdf.ts';
import { readJpegLayout } from '../src/core/pdf/jpeg.ts';
import type { DocumentImage } from '../src/core/types.ts';
import {
  concatBytes,
  latin1Bytes,
  mutoolDecodeImage,
  mutoolExtract,
  onePagePdf,
  pdfimagesAll,
  pdfimagesList,
  sampleJpeg,
  streamBody,
} from './pdfFixtures.ts';

const jpeg = sampleJpeg(); // 40 x 24, RGB
/** What a writer left before the SOI and after the EOI. */
const before = '\n\r junk';
const after = '\ngarbage after the EOI \xff\xd9';

const imageXObject = (width: number, height: number, data: Uint8Array) =>
  streamBody(
    `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
    data,
  );

/** One page drawing image XObject 5, stored as `data`. */
const xobjectPdf = (data: Uint8Array, width = 40, height = 24) =>
  onePagePdf('<< /XObject << /Im1 5 0 R >> >>', 'q 40 0 0 24 0 0 cm /Im1 Do Q', [imageXObject(width, height, data)]);

async function events(pdf: Uint8Array): Promise<PdfImageEvent[]> {
  const out: PdfImageEvent[] = [];
  for await (const event of readPdfImages(pdf)) out.push(event);
  return out;
}

async function images(pdf: Uint8Array): Promise<DocumentImage[]> {
  const out: DocumentImage[] = [];
  for await (const image of extractPdf(pdf)) out.push(image);
  return out;
}

/** The one .jpg MuPDF extracts from `pdf`. */
function mupdfJpeg(pdf: Uint8Array): Uint8Array {
  const run = mutoolExtract(pdf);
  expect(run.status, run.stderr).toBe(0);
  const jpgs = [...run.files].filter(([name]) => name.endsWith('.jpg'));
  expect(jpgs.length).toBe(1);
  return jpgs[0]?.[1] ?? new Uint8Array();
}

describe('the layout of a JPEG (jpeg.ts)', () => {
  it('finds the SOI, the EOI and the frame size', () => {
    expect(readJpegLayout(jpeg)).toEqual({
      ok: true,
      start: 0,
      end: jpeg.length,
      width: 40,
      height: 24,
      components: 3,
      hasEoi: true,
    });
    const framed = concatBytes(before, jpeg, after);
    expect(readJpegLayout(framed)).toMatchObject({ ok: true, start: before.length, end: before.length + jpeg.length });
  });

  it('skips segments by their length: an EOI inside a comment or an embedded thumbnail is not the end', () => {
    const thumbnail = sampleJpeg(8, 8);
    // APP1 holding a whole JPEG (as EXIF thumbnails are), then a comment holding FF D9
    const app1 = concatBytes(
      new Uint8Array([0xff, 0xe1, (thumbnail.length + 2) >> 8, (thumbnail.length + 2) & 0xff]),
      thumbnail,
    );
    const comment = new Uint8Array([0xff, 0xfe, 0x00, 0x06, 0xff, 0xd9, 0x45, 0x49]);
    const withSegments = concatBytes(jpeg.subarray(0, 2), app1, comment, jpeg.subarray(2), 'tail');
    expect(readJpegLayout(withSegments)).toMatchObject({ ok: true, start: 0, end: withSegments.length - 4, width: 40 });
  });

  it('says why data holds no JPEG', () => {
    expect(readJpegLayout(latin1Bytes('\x00\x01\x02\x03'))).toEqual({
      ok: false,
      reason: 'it has no start-of-image (SOI) marker',
    });
    for (const data of [
      [0xff, 0xd8, 0xff, 0xd9],
      [0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00],
    ]) {
      expect(readJpegLayout(Uint8Array.from(data))).toEqual({
        ok: false,
        reason: 'it holds no complete frame header (SOF)',
      });
    }
  });

  it('keeps a JPEG without its EOI whole (a truncated file)', () => {
    const truncated = jpeg.subarray(0, 200);
    expect(readJpegLayout(truncated)).toMatchObject({ ok: true, start: 0, end: 200, hasEoi: false });
  });
});

describe('DCT images handed out as .jpg', () => {
  it('cuts a stored JPEG to SOI…EOI: the bytes MuPDF extracts from the same JPEG stored cleanly', async () => {
    const junky = xobjectPdf(concatBytes(before, jpeg, after));
    const [image] = await images(junky);
    expect(image).toMatchObject({ format: 'JPEG', mimeType: 'image/jpeg', width: 40, height: 24 });
    expect(image?.note).toBeUndefined();
    const ours = image?.bytes ?? new Uint8Array();
    expect(Buffer.from(ours).equals(Buffer.from(mupdfJpeg(xobjectPdf(jpeg))))).toBe(true);
    // MuPDF and pdfimages write the stored bytes, junk and all; MuPDF cannot open that file
    const stored = mupdfJpeg(junky);
    expect(stored.length).toBe(before.length + jpeg.length + after.length);
    expect([...pdfimagesAll(junky).files.values()].map((file) => file.length)).toEqual([stored.length]);
    expect(mutoolDecodeImage(stored, 'jpg').ok).toBe(false);
    // ours decodes, to MuPDF's pixels of the original JPEG
    const decoded = mutoolDecodeImage(ours, 'jpg');
    const original = mutoolDecodeImage(jpeg, 'jpg');
    expect(decoded).toMatchObject({ ok: true, width: 40, height: 24 });
    expect(decoded.ok && original.ok && Buffer.from(decoded.samples).equals(Buffer.from(original.samples))).toBe(true);
  });

  it('gives the JPEG’s own size when the dictionary disagrees, and says so', async () => {
    const pdf = xobjectPdf(jpeg, 7300, 7600);
    const [image] = await images(pdf);
    expect(image).toMatchObject({ format: 'JPEG', width: 40, height: 24 });
    expect(image?.note).toBe('The PDF gives this image as 7300x7600; its JPEG data is 40x24, the size given here.');
    expect(Buffer.from(image?.bytes ?? []).equals(Buffer.from(jpeg))).toBe(true);
    // MuPDF decodes it at 40x24; pdfimages lists the dictionary's size
    expect(mutoolDecodeImage(image?.bytes ?? new Uint8Array(), 'jpg')).toMatchObject({
      ok: true,
      width: 40,
      height: 24,
    });
    expect(pdfimagesList(pdf).rows.map((row) => row.slice(3, 5))).toEqual([['7300', '7600']]);
  });

  it('skips a DCT stream that holds no JPEG, with why, instead of a 4-byte .jpg', async () => {
    for (const [data, why] of [
      [latin1Bytes('\x00\x01\x02\x03'), 'it has no start-of-image (SOI) marker'],
      [Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]), 'it holds no complete frame header (SOF)'],
    ] as const) {
      const pdf = xobjectPdf(data, 7300, 7600);
      expect(await events(pdf)).toEqual([
        {
          kind: 'skipped',
          skipped: {
            width: 7300,
            height: 7600,
            pageNumbers: [1],
            reason: `This image's JPEG (DCTDecode) data is not a JPEG: ${why}.`,
          },
        },
      ]);
      expect(await images(pdf)).toEqual([]);
      // the peers hand out the 4 bytes as a .jpg
      expect([...mutoolExtract(pdf).files.values()].map((file) => file.length)).toEqual([4]);
      expect([...pdfimagesAll(pdf).files.values()].map((file) => file.length)).toEqual([4]);
    }
  });
});

describe('inline JPEGs (BI … ID … EI)', () => {
  it('comes out as a valid JPEG after `ID\\r\\n`: the bytes MuPDF extracts from the same JPEG as an XObject', async () => {
    const content = concatBytes('q 40 0 0 24 0 0 cm BI /W 40 /H 24 /CS /RGB /BPC 8 /F /DCT ID\r\n', jpeg, '\nEI Q');
    const pdf = onePagePdf('<< >>', content, []);
    const [image] = await images(pdf);
    expect(image).toMatchObject({ format: 'JPEG', width: 40, height: 24, pageNumbers: [1] });
    expect(Buffer.from(image?.bytes ?? []).equals(Buffer.from(mupdfJpeg(xobjectPdf(jpeg))))).toBe(true);
    expect(mutoolDecodeImage(image?.bytes ?? new Uint8Array(), 'jpg')).toMatchObject({
      ok: true,
      width: 40,
      height: 24,
    });
    // MuPDF extracts no inline image; pdfimages keeps the line feed, and MuPDF cannot open its file
    expect(mutoolExtract(pdf).files.size).toBe(0);
    const [poppler] = [...pdfimagesAll(pdf).files.values()];
    expect(poppler?.[0]).toBe(0x0a);
    expect(mutoolDecodeImage(poppler ?? new Uint8Array(), 'jpg').ok).toBe(false);
  });

  it('ends at the EOI when the JPEG holds ` EI ` (in a comment), and finds the next image', async () => {
    const comment = latin1Bytes('\xff\xfe\x00\x06 EI ');
    const withEi = concatBytes(jpeg.subarray(0, 2), comment, jpeg.subarray(2));
    const content = concatBytes(
      'q BI /W 40 /H 24 /CS /RGB /BPC 8 /F /DCT ID ',
      withEi,
      '\nEI Q q BI /W 8 /H 8 /CS /RGB /BPC 8 /F [/DCT] ID ',
      sampleJpeg(8, 8),
      ' EI Q',
    );
    const found = await images(onePagePdf('<< >>', content, []));
    expect(found.map((image) => [image.width, image.height])).toEqual([
      [40, 24],
      [8, 8],
    ]);
    expect(Buffer.from(found[0]?.bytes ?? []).equals(Buffer.from(withEi))).toBe(true);
    expect(Buffer.from(found[1]?.bytes ?? []).equals(Buffer.from(sampleJpeg(8, 8)))).toBe(true);
    const decoded = mutoolDecodeImage(found[0]?.bytes ?? new Uint8Array(), 'jpg');
    const original = mutoolDecodeImage(jpeg, 'jpg');
    expect(decoded.ok && original.ok && Buffer.from(decoded.samples).equals(Buffer.from(original.samples))).toBe(true);
  });
});
