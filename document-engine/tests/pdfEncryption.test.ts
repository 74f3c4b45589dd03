// @vitest-environment node
/**
 * AES-256 (V5/R6) end to end: a PDF encrypted here with node:crypto (an implementation separate
 * from the engine's WebCrypto one), opened with the user password, the owner password, none, and a
 * wrong one.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractPdf } from '../src/core/pdf/extractPdf.ts';
import type { DocumentImage } from '../src/core/types.ts';

const concat = (...parts: Uint8Array[]) => Buffer.concat(parts.map((part) => Buffer.from(part)));
const hex = (value: Uint8Array) => Buffer.from(value).toString('hex');

/** ISO 32000-2 algorithm 2.B. */
function hash2b(password: Buffer, salt: Buffer, udata: Buffer): Buffer {
  let k = createHash('sha256')
    .update(concat(password, salt, udata))
    .digest();
  for (let round = 0; ; round++) {
    const k1 = concat(password, k, udata);
    const input = Buffer.concat(Array.from({ length: 64 }, () => k1));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = Buffer.concat([cipher.update(input), cipher.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i] ?? 0;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3] ?? 'sha256')
      .update(e)
      .digest();
    if (round >= 63 && (e[e.length - 1] ?? 0) <= round + 1 - 32) break;
  }
  return k.subarray(0, 32);
}

function aes256NoPad(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, Buffer.alloc(16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function encryptData(fileKey: Buffer, data: Buffer): Buffer {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
}

function buildEncryptedPdf(userPassword: string, ownerPassword: string): Uint8Array {
  const fileKey = randomBytes(32);
  const user = Buffer.from(userPassword, 'utf8');
  const owner = Buffer.from(ownerPassword, 'utf8');
  const uvs = randomBytes(8);
  const uks = randomBytes(8);
  const u = concat(hash2b(user, uvs, Buffer.alloc(0)), uvs, uks);
  const ue = aes256NoPad(hash2b(user, uks, Buffer.alloc(0)), fileKey);
  const ovs = randomBytes(8);
  const oks = randomBytes(8);
  const o = concat(hash2b(owner, ovs, u), ovs, oks);
  const oe = aes256NoPad(hash2b(owner, oks, u), fileKey);
  const content = encryptData(fileKey, Buffer.from('/Im Do'));
  const samples = encryptData(fileKey, Buffer.from([0, 128, 255, 64]));
  const bodies: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /XObject << /Im 5 0 R >> >> >>'),
    concat(Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')),
    concat(
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${samples.length} >>\nstream\n`,
      ),
      samples,
      Buffer.from('\nendstream'),
    ),
    Buffer.from(
      `<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >> /StmF /StdCF /StrF /StdCF /O <${hex(o)}> /U <${hex(u)}> /OE <${hex(oe)}> /UE <${hex(ue)}> /P -4 /Perms <${hex(randomBytes(16))}> >>`,
    ),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const part = concat(Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n'));
    parts.push(part);
    length += part.length;
  });
  let xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${hex(randomBytes(16))}> <00>] >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(parts));
}

async function collect(bytes: Uint8Array, password?: string): Promise<DocumentImage[]> {
  const images: DocumentImage[] = [];
  for await (const image of extractPdf(bytes, password === undefined ? {} : { password })) images.push(image);
  return images;
}

describe('AES-256 (R6) encryption', () => {
  const file = buildEncryptedPdf('sésame', 'owner-secret');

  it('should open with the user password and with the owner password', async () => {
    for (const password of ['sésame', 'owner-secret']) {
      const images = await collect(file, password);
      expect(images.map((image) => `${image.format} ${image.width}x${image.height}`)).toEqual(['PNG 2x2']);
      // IDAT of a 2x2 gray PNG: filter byte + 2 samples per row, the decrypted samples
      const png = Buffer.from(images[0]?.bytes ?? new Uint8Array());
      const idat = png.indexOf('IDAT');
      const pixels = unzlibSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
      expect([...pixels]).toEqual([0, 0, 128, 0, 255, 64]);
    }
  });

  it('should ask for a password, and refuse a wrong one', async () => {
    await expect(collect(file)).rejects.toMatchObject({ code: 'password-required' });
    await expect(collect(file, 'nope')).rejects.toMatchObject({ code: 'wrong-password' });
  });
});
