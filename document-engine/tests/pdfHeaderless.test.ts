// @vitest-environment node
/**
 * A PDF without its `%PDF-` header opens as pdf.js opens it (header.ts, xref.ts): recognised by
 * an object header at its start, read from the cross-reference table when its offsets still fit,
 * else from the objects found by scanning for `obj`. The files are qpdf's rewrite of a one-image
 * PDF with the header line and binary comment cut off, and replaced by nothing, by a mail
 * header, or by as many bytes of junk (so the offsets still fit). When this was written MuPDF
 * ("cannot recognize version marker", then a repair) and poppler ("May not be a PDF file
 * (continuing anyway)") opened all three; pdf.js opened the two with junk and refused the one
 * with nothing before its first object.
 */
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../src/core/pdf/extractPdf.ts';
import type { DocumentImage } from '../src/core/types.ts';
import { DocumentError, extractDocument, sniffDocumentKind } from '../src/index.ts';
import {
  concatBytes,
  latin1Bytes,
  mutoolExtract,
  onePagePdf,
  pdfimagesList,
  qpdfRewrite,
  sampleJpeg,
  streamBody,
} from './pdfFixtures.ts';

const jpeg = sampleJpeg();

function headerless(): Record<string, Uint8Array> {
  const pdf = qpdfRewrite(
    onePagePdf('<< /XObject << /Im1 5 0 R >> >>', 'q 40 0 0 24 0 0 cm /Im1 Do Q', [
      streamBody(
        '/Type /XObject /Subtype /Image /Width 40 /Height 24 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
        jpeg,
      ),
    ]),
  );
  const first = Buffer.from(pdf).indexOf('1 0 obj');
  expect(first).toBeGreaterThan(0);
  expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const body = pdf.subarray(first);
  return {
    'nothing before the first object': body,
    'a mail header before the first object': concatBytes('From: scanner@example.org\r\nSubject: scan\r\n\r\n', body),
    'junk as long as the header was': concatBytes(`${'x'.repeat(first - 1)}\n`, body),
  };
}

async function collect(bytes: Uint8Array): Promise<DocumentImage[]> {
  const images: DocumentImage[] = [];
  for await (const image of extractDocument(bytes)) images.push(image);
  return images;
}

describe('PDFs without a %PDF- header', () => {
  for (const [name, file] of Object.entries(headerless())) {
    it(`opens one with ${name}, with MuPDF's image`, async () => {
      expect(sniffDocumentKind(file)).toBe('pdf');
      const images = await collect(file);
      expect(images.map((image) => `${image.format} ${image.width}x${image.height} ${image.pageNumbers}`)).toEqual([
        'JPEG 40x24 1',
      ]);
      const mupdf = mutoolExtract(file);
      expect(mupdf.status, mupdf.stderr).toBe(0);
      const jpgs = [...mupdf.files].filter(([fileName]) => fileName.endsWith('.jpg'));
      expect(jpgs.map(([, bytes]) => Buffer.from(bytes).equals(Buffer.from(images[0]?.bytes ?? [])))).toEqual([true]);
      expect(pdfimagesList(file).rows.map((row) => row.slice(3, 5))).toEqual([['40', '24']]);
    });
  }

  it('still refuses what is not a PDF', async () => {
    for (const text of [
      'just some text, not a document at all',
      `${'x'.repeat(2000)} 1 0 obj << >> endobj`, // an object, but not at the start
      '1 0 objection: not an object header',
    ]) {
      expect(sniffDocumentKind(latin1Bytes(text)), text).toBeUndefined();
      await expect(collect(latin1Bytes(text)).then(() => 'opened')).rejects.toBeInstanceOf(DocumentError);
    }
    // an object header at the start, but no document in it
    const noCatalog = latin1Bytes('1 0 obj << /Type /Font >> endobj trailer << >>');
    expect(sniffDocumentKind(noCatalog)).toBe('pdf');
    const run = extractPdf(noCatalog);
    await expect(run.next()).rejects.toMatchObject({ code: 'invalid' });
  });
});
