/**
 * An ECMA-376 encryptor for the tests, written from MS-OFFCRYPTO 2.3.4 independently of the
 * engine's decryptor: Node's own crypto (OpenSSL: AES-CBC/ECB, SHA, HMAC) and the `cfb` package
 * for the compound file, nothing from src/. LibreOffice 7.4 (Debian 12) writes standard
 * encryption only (see fixtures/README.md), so agile files with SHA-256/384/512 and AES-128/192/256
 * are made here from real corpus packages; the engine must read them back to the same images.
 */
import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import CFB from 'cfb';

export type AgileOptions = {
  hash?: 'SHA1' | 'SHA256' | 'SHA384' | 'SHA512';
  keyBits?: 128 | 192 | 256;
  spinCount?: number;
  /** Leave out dataIntegrity, as some writers do. */
  withoutIntegrity?: boolean;
};

const SEGMENT = 4096;
const NODE_HASH = { SHA1: 'sha1', SHA256: 'sha256', SHA384: 'sha384', SHA512: 'sha512' } as const;

const hashOf = (name: string, ...parts: Uint8Array[]) => {
  const h = createHash(name);
  for (const part of parts) h.update(part);
  return h.digest();
};
const le32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
/** Truncate, or pad with 0x36. */
const sized = (bytes: Buffer, length: number) =>
  bytes.length >= length
    ? bytes.subarray(0, length)
    : Buffer.concat([bytes, Buffer.alloc(length - bytes.length, 0x36)]);
const padBlock = (bytes: Buffer) =>
  bytes.length % 16 === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(16 - (bytes.length % 16))]);
const cbc = (key: Buffer, iv: Buffer, data: Buffer) => {
  const cipher = createCipheriv(`aes-${key.length * 8}-cbc`, key, iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padBlock(data)), cipher.final()]);
};
const utf16 = (password: string) => Buffer.from(password, 'utf16le');

function compoundFile(info: Uint8Array, encryptedPackage: Uint8Array): Uint8Array {
  const file = CFB.utils.cfb_new();
  CFB.utils.cfb_add(file, '/EncryptionInfo', Buffer.from(info));
  CFB.utils.cfb_add(file, '/EncryptedPackage', Buffer.from(encryptedPackage));
  // cfb_new adds a placeholder stream; Office's files have only the two streams (and DataSpaces).
  CFB.utils.cfb_del(file, '/\u0001Sh33tJ5');
  return new Uint8Array(CFB.write(file, { type: 'buffer' }) as Buffer);
}

export function encryptAgile(zip: Uint8Array, password: string, options: AgileOptions = {}): Uint8Array {
  const hashName = options.hash ?? 'SHA512';
  const nodeHash = NODE_HASH[hashName];
  const hashSize = createHash(nodeHash).digest().length;
  const keyBytes = (options.keyBits ?? 256) / 8;
  const spinCount = options.spinCount ?? 100_000;
  const keySalt = randomBytes(16);
  const passwordSalt = randomBytes(16);
  const secretKey = randomBytes(keyBytes);

  // The password's key, one per block key (2.3.4.11)
  let h = hashOf(nodeHash, passwordSalt, utf16(password));
  for (let i = 0; i < spinCount; i++) h = hashOf(nodeHash, le32(i), h);
  const passwordKey = (blockKey: number[]) => sized(hashOf(nodeHash, h, Buffer.from(blockKey)), keyBytes);
  const verifierInput = randomBytes(16);
  const encryptedVerifierHashInput = cbc(
    passwordKey([0xfe, 0xa7, 0xd2, 0x76, 0x3b, 0x4b, 0x9e, 0x79]),
    passwordSalt,
    verifierInput,
  );
  const encryptedVerifierHashValue = cbc(
    passwordKey([0xd7, 0xaa, 0x0f, 0x6d, 0x30, 0x61, 0x34, 0x4e]),
    passwordSalt,
    hashOf(nodeHash, verifierInput),
  );
  const encryptedKeyValue = cbc(passwordKey([0x14, 0x6e, 0x0b, 0xe7, 0xab, 0xac, 0xd0, 0xd6]), passwordSalt, secretKey);

  // The package: its size, then 4096-byte segments each with IV H(keySalt ‖ LE32(i)) (2.3.4.15)
  const segments: Buffer[] = [];
  for (let i = 0, at = 0; at < zip.length; i++, at += SEGMENT) {
    const iv = sized(hashOf(nodeHash, keySalt, le32(i)), 16);
    segments.push(cbc(secretKey, iv, Buffer.from(zip.subarray(at, at + SEGMENT))));
  }
  const size = Buffer.alloc(8);
  size.writeBigUInt64LE(BigInt(zip.length));
  const encryptedPackage = Buffer.concat([size, ...segments]);

  // dataIntegrity (2.3.4.14): an HMAC key and the HMAC of the whole stream, both encrypted
  const integrityIv = (blockKey: number[]) => sized(hashOf(nodeHash, keySalt, Buffer.from(blockKey)), 16);
  const hmacKey = randomBytes(hashSize);
  const hmacValue = createHmac(nodeHash, hmacKey).update(encryptedPackage).digest();
  const encryptedHmacKey = cbc(secretKey, integrityIv([0x5f, 0xb2, 0xad, 0x01, 0x0c, 0xb9, 0xe1, 0xf6]), hmacKey);
  const encryptedHmacValue = cbc(secretKey, integrityIv([0xa0, 0x67, 0x7f, 0x02, 0xb2, 0x2c, 0x84, 0x33]), hmacValue);

  const cipher = (salt: Buffer) =>
    `saltSize="16" blockSize="16" keyBits="${keyBytes * 8}" hashSize="${hashSize}" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="${hashName}" saltValue="${salt.toString('base64')}"`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    '<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption" xmlns:p="http://schemas.microsoft.com/office/2006/keyEncryptor/password">' +
    `<keyData ${cipher(keySalt)}/>` +
    (options.withoutIntegrity
      ? ''
      : `<dataIntegrity encryptedHmacKey="${encryptedHmacKey.toString('base64')}" encryptedHmacValue="${encryptedHmacValue.toString('base64')}"/>`) +
    '<keyEncryptors><keyEncryptor uri="http://schemas.microsoft.com/office/2006/keyEncryptor/password">' +
    `<p:encryptedKey spinCount="${spinCount}" ${cipher(passwordSalt)} encryptedVerifierHashInput="${encryptedVerifierHashInput.toString('base64')}" encryptedVerifierHashValue="${encryptedVerifierHashValue.toString('base64')}" encryptedKeyValue="${encryptedKeyValue.toString('base64')}"/>` +
    '</keyEncryptor></keyEncryptors></encryption>';
  const info = Buffer.concat([Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]), Buffer.from(xml, 'utf8')]);
  return compoundFile(info, encryptedPackage);
}

/** Standard encryption (2.3.4.5-2.3.4.9) with AES-ECB of the given key size, SHA-1, 50,000 rounds. */
export function encryptStandard(zip: Uint8Array, password: string, keyBits: 128 | 192 | 256 = 128): Uint8Array {
  const salt = randomBytes(16);
  let h = hashOf('sha1', salt, utf16(password));
  for (let i = 0; i < 50_000; i++) h = hashOf('sha1', le32(i), h);
  const final = hashOf('sha1', h, le32(0));
  const derive = (fill: number) => {
    const buffer = Buffer.alloc(64, fill);
    for (let i = 0; i < final.length; i++) buffer[i] = (buffer[i] as number) ^ (final[i] as number);
    return hashOf('sha1', buffer);
  };
  const key = Buffer.concat([derive(0x36), derive(0x5c)]).subarray(0, keyBits / 8);
  const ecb = (data: Buffer) => {
    const cipher = createCipheriv(`aes-${keyBits}-ecb`, key, null);
    cipher.setAutoPadding(false);
    return Buffer.concat([cipher.update(padBlock(data)), cipher.final()]);
  };
  const verifier = randomBytes(16);

  const header = Buffer.alloc(32);
  header.writeUInt32LE(0x24, 0); // fCryptoAPI | fAES
  header.writeUInt32LE({ 128: 0x660e, 192: 0x660f, 256: 0x6610 }[keyBits], 8);
  header.writeUInt32LE(0x8004, 12); // SHA-1
  header.writeUInt32LE(keyBits, 16);
  header.writeUInt32LE(0x18, 20); // PROV_RSA_AES
  const cspName = Buffer.from('Microsoft Enhanced RSA and AES Cryptographic Provider\0', 'utf16le');
  const headerBytes = Buffer.concat([header, cspName]);
  const start = Buffer.alloc(12);
  start.writeUInt16LE(4, 0);
  start.writeUInt16LE(2, 2);
  start.writeUInt32LE(0x24, 4);
  start.writeUInt32LE(headerBytes.length, 8);
  const verifierBytes = Buffer.concat([le32(16), salt, ecb(verifier), le32(20), ecb(hashOf('sha1', verifier))]);
  const size = Buffer.alloc(8);
  size.writeBigUInt64LE(BigInt(zip.length));
  const encryptedPackage = Buffer.concat([size, ecb(Buffer.from(zip))]);
  return compoundFile(Buffer.concat([start, headerBytes, verifierBytes]), encryptedPackage);
}

/** The same encrypted file with its streams edited (a hostile value, damage), written again. */
export function editStreams(
  file: Uint8Array,
  edit: { info?: (info: Buffer) => Uint8Array; encryptedPackage?: (stream: Buffer) => Uint8Array },
): Uint8Array {
  const cfb = CFB.read(Buffer.from(file), { type: 'buffer' });
  const streamOf = (name: string) => {
    const entry = CFB.find(cfb, name);
    if (!entry?.content) throw new Error(`no ${name} stream`);
    return Buffer.from(entry.content as Uint8Array);
  };
  const info = streamOf('EncryptionInfo');
  const encryptedPackage = streamOf('EncryptedPackage');
  return compoundFile(
    edit.info ? edit.info(info) : info,
    edit.encryptedPackage ? edit.encryptedPackage(encryptedPackage) : encryptedPackage,
  );
}

/** The same encrypted file with its agile XML edited. */
export function editAgileXml(file: Uint8Array, edit: (xml: string) => string): Uint8Array {
  return editStreams(file, {
    info: (info) => Buffer.concat([info.subarray(0, 8), Buffer.from(edit(info.subarray(8).toString('utf8')), 'utf8')]),
  });
}
