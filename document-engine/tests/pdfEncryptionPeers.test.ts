// @vitest-environment node
/**
 * Encrypted PDFs that PDF readers open, opened too (securityHandler.ts), on files qpdf encrypts:
 *
 * - Identity crypt filters: a file whose strings and streams use /Identity, only its attachments
 *   (/EFF) being encrypted, opens without a password. Built by editing qpdf's own output: its
 *   /Encrypt dictionary (AES-128 R4, and AES-256 R6, user password `secret`) with /StmF and /StrF
 *   set to /Identity, /EFF to its crypt filter (/AuthEvent /EFOpen), on the same objects in the
 *   clear, plus an attachment encrypted with qpdf's file key. When this was written pdf.js and
 *   poppler (pdfimages) opened these without a password, MuPDF and qpdf asked for one; none of
 *   the four decrypts the attachment by /EFF.
 * - Revision 6 passwords are SASLprep-normalised: a password typed with the other form of an
 *   accent, or a non-ASCII space, opens what qpdf made (qpdf does not normalise: a file it makes
 *   with a decomposed accent opens here through the NFD form we also try). When this was
 *   written MuPDF and pdfimages opened each only with the exact bytes; pdf.js normalised too,
 *   but did not open qpdf's decomposed-accent file with the composed form.
 *
 * The images are checked against MuPDF's `mutool extract` given the password it needs.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../src/core/pdf/extractPdf.ts';
import type { DocumentImage } from '../src/core/types.ts';
import {
  latin1Bytes,
  mutoolExtract,
  pdfimagesList,
  qpdfEncrypt,
  qpdfFileKey,
  sampleJpeg,
  streamBody,
  writePdf,
} from './pdfFixtures.ts';

const jpeg = sampleJpeg();

/** Catalog with one attachment (filespec 6, stream 7), one page drawing the JPEG (5). */
function objects(attachment: Uint8Array): (string | Uint8Array)[] {
  return [
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(note.txt) 6 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    streamBody('', latin1Bytes('q 40 0 0 24 0 0 cm /Im1 Do Q')),
    streamBody(
      '/Type /XObject /Subtype /Image /Width 40 /Height 24 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
      jpeg,
    ),
    '<< /Type /Filespec /F (note.txt) /UF (note.txt) /EF << /F 7 0 R >> >>',
    streamBody('/Type /EmbeddedFile', attachment),
  ];
}

const plainPdf = () => writePdf(objects(latin1Bytes('attached text\n')));

/**
 * qpdf's encryption of the plain file, with its /Encrypt dictionary edited so that only the
 * attachment is encrypted (see the module comment).
 */
function identityCryptPdf(bits: 128 | 256): { file: Uint8Array; qpdfOutput: Uint8Array } {
  const qpdfOutput = qpdfEncrypt(plainPdf(), 'secret', 'owner', bits);
  const text = Buffer.from(qpdfOutput).toString('latin1');
  const encrypt = /<< \/CF .*?\/Filter \/Standard .*?>>(?=\nendobj)/s.exec(text)?.[0];
  const id = /\/ID \[[^\]]*\]/.exec(text)?.[0];
  if (!encrypt || !id) throw new Error('qpdf wrote no /Encrypt dictionary or /ID where expected');
  const edited = encrypt
    .replace('/StmF /StdCF /StrF /StdCF', '/StmF /Identity /StrF /Identity /EFF /StdCF')
    .replace('/AuthEvent /DocOpen', '/AuthEvent /EFOpen');
  expect(edited).toContain('/EFF /StdCF');
  // the attachment (object 7), encrypted with the file key as /EFF's AES filter wants
  const fileKey = Buffer.from(qpdfFileKey(qpdfOutput, 'secret'));
  const objectKey =
    bits === 256
      ? fileKey
      : createHash('md5')
          .update(Buffer.concat([fileKey, Buffer.from([7, 0, 0, 0, 0]), Buffer.from('sAlT')]))
          .digest();
  const iv = randomBytes(16);
  const cipher = createCipheriv(bits === 256 ? 'aes-256-cbc' : 'aes-128-cbc', objectKey, iv);
  const attachment = Buffer.concat([iv, cipher.update('attached text\n'), cipher.final()]);
  const file = writePdf([...objects(new Uint8Array(attachment)), edited], `/Encrypt 8 0 R ${id} `);
  return { file, qpdfOutput };
}

async function collect(bytes: Uint8Array, password?: string): Promise<DocumentImage[]> {
  const images: DocumentImage[] = [];
  for await (const image of extractPdf(bytes, password === undefined ? {} : { password })) images.push(image);
  return images;
}

/** The JPEG MuPDF extracts with `password`. */
function mupdfJpeg(pdf: Uint8Array, password: string): Buffer {
  const run = mutoolExtract(pdf, password);
  expect(run.status, run.stderr).toBe(0);
  const jpgs = [...run.files].filter(([name]) => name.endsWith('.jpg')).map(([, bytes]) => bytes);
  expect(jpgs.length).toBe(1);
  return Buffer.from(jpgs[0] ?? []);
}

describe('Identity crypt filters: only attachments encrypted', () => {
  for (const bits of [128, 256] as const) {
    const name = bits === 128 ? 'AES-128 (V4, R4)' : 'AES-256 (V5, R6)';

    it(`${name}: opens with no password, and gives MuPDF's image`, async () => {
      const { file, qpdfOutput } = identityCryptPdf(bits);
      const images = await collect(file);
      expect(images.map((image) => `${image.format} ${image.width}x${image.height}`)).toEqual(['JPEG 40x24']);
      expect(Buffer.from(images[0]?.bytes ?? []).equals(mupdfJpeg(file, 'secret'))).toBe(true);
      expect(Buffer.from(images[0]?.bytes ?? []).equals(Buffer.from(jpeg))).toBe(true);
      // the password is not needed, so a wrong one does not stop it
      expect(await collect(file, 'not it')).toHaveLength(1);
      expect(await collect(file, 'secret')).toHaveLength(1);
      // poppler lists the image without a password
      expect(pdfimagesList(file).rows.map((row) => row.slice(3, 5).concat(row[8] ?? ''))).toEqual([
        ['40', '24', 'jpeg'],
      ]);
      // qpdf's own file, streams and strings encrypted, still needs its password
      await expect(collect(qpdfOutput)).rejects.toMatchObject({ code: 'password-required' });
      expect(Buffer.from((await collect(qpdfOutput, 'secret'))[0]?.bytes ?? []).equals(Buffer.from(jpeg))).toBe(true);
    });
  }
});

describe('AES-256 (R6) passwords, SASLprep-normalised', () => {
  const plain = plainPdf();
  const opens = async (file: Uint8Array, password: string) =>
    (await collect(file, password)).map((image) => Buffer.from(image.bytes));

  it('opens a file made with a composed accent with the decomposed one, and the reverse', async () => {
    const composed = 's\u00e9same';
    const decomposed = 'se\u0301same';
    for (const [made, typed] of [
      [composed, decomposed],
      [decomposed, composed],
    ] as const) {
      const file = qpdfEncrypt(plain, made, 'owner');
      const reference = mupdfJpeg(file, made);
      expect((await opens(file, typed)).map((bytes) => bytes.equals(reference))).toEqual([true]);
      expect((await opens(file, made)).map((bytes) => bytes.equals(reference))).toEqual([true]);
      await expect(collect(file, 'sesame')).rejects.toMatchObject({ code: 'wrong-password' });
    }
  });

  it('opens a file made with an ASCII space with a non-ASCII space typed, and ignores soft hyphens', async () => {
    const file = qpdfEncrypt(plain, 'pass word', 'owner');
    const reference = mupdfJpeg(file, 'pass word');
    for (const typed of ['pass\u00a0word', 'pass\u3000word', 'pass\u2002word', 'pass\u00ad word']) {
      expect(
        (await opens(file, typed)).map((bytes) => bytes.equals(reference)),
        typed,
      ).toEqual([true]);
    }
    await expect(collect(file, 'password')).rejects.toMatchObject({ code: 'wrong-password' });
  });

  it('opens with the owner password normalised too', async () => {
    const file = qpdfEncrypt(plain, 'user', 'propri\u00e9taire');
    expect(await opens(file, 'proprie\u0301taire')).toHaveLength(1);
  });
});
