/**
 * The EncryptionInfo stream of an ECMA-376 encrypted package (MS-OFFCRYPTO 2.3.4): which of the
 * two password encryptions Office and LibreOffice write, and its parameters, checked against
 * bounds before anything is derived or decrypted with them.
 *
 *   - standard (version 3.2 / 4.2, binary): AES-128/192/256 in ECB mode, SHA-1, 50,000 rounds;
 *     LibreOffice writes it (AES-128), Office 2007 did;
 *   - agile (version 4.4, XML): AES-CBC with a key wrapped by a password key derived with
 *     SHA-1/256/384/512 over `spinCount` rounds, 4096-byte segments; Office 2010 and later.
 *
 * Everything else (extensible encryption, RC4 in an OOXML package, certificate-only agile
 * files, other ciphers) is 'unsupported'; damage or out-of-bound values are 'invalid'.
 */
import { DocumentError } from '../../../errors.ts';
import { span, u16, u32 } from '../../bytes.ts';
import { hashFunction, type OfficeHashName } from '../../crypto/index.ts';
import { type attributeValue, decodeXml, walkXml } from '../xmlReader.ts';

/** What a key and its cipher are made with: agile's keyData and its password key encryptor alike. */
export type CipherParameters = {
  keyBytes: 16 | 24 | 32;
  blockSize: number;
  hash: OfficeHashName;
  salt: Uint8Array;
};

export type AgileInfo = {
  kind: 'agile';
  /** How the package itself is encrypted (its salt makes each segment's IV). */
  keyData: CipherParameters;
  /** The HMAC over the whole EncryptedPackage stream, encrypted; absent in some writers' files. */
  integrity?: { encryptedHmacKey: Uint8Array; encryptedHmacValue: Uint8Array };
  password: CipherParameters & {
    spinCount: number;
    encryptedVerifierHashInput: Uint8Array;
    encryptedVerifierHashValue: Uint8Array;
    encryptedKeyValue: Uint8Array;
  };
};

export type StandardInfo = {
  kind: 'standard';
  keyBytes: 16 | 24 | 32;
  salt: Uint8Array;
  encryptedVerifier: Uint8Array;
  encryptedVerifierHash: Uint8Array;
};

export type EncryptionInfo = AgileInfo | StandardInfo;

/**
 * MS-OFFCRYPTO's own ceiling for spinCount; Office writes 100,000. Even at the ceiling the
 * derivation yields to the event loop as it goes, so Cancel still works (see passwordKey.ts).
 */
export const MAX_SPIN_COUNT = 10_000_000;
/**
 * Salts are 16 bytes in every writer we know; the format allows 65,536, but the package salt is
 * hashed once per 4096-byte segment, so a huge one would multiply the work: 1 KiB is far above real files.
 */
const MAX_SALT_BYTES = 1024;
/** Office's agile XML is about 1 KB, a few KB with certificate key encryptors. */
const MAX_INFO_BYTES = 1 << 20;
const AES_BLOCK = 16;

const PASSWORD_KEY_ENCRYPTOR = 'http://schemas.microsoft.com/office/2006/keyEncryptor/password';

function invalid(detail: string): DocumentError {
  return new DocumentError(
    'invalid',
    `This password-protected file is damaged: its encryption information cannot be read (${detail}).`,
  );
}

function unsupported(what: string): DocumentError {
  return new DocumentError(
    'unsupported',
    `This password-protected file uses ${what}, which the extractor cannot open.`,
  );
}

export function readEncryptionInfo(info: Uint8Array): EncryptionInfo {
  if (info.length < 8) throw invalid('it is too short');
  if (info.length > MAX_INFO_BYTES) throw invalid('it is larger than any writer makes it');
  const major = u16(info, 0);
  const minor = u16(info, 2);
  if (major === 4 && minor === 4) return readAgile(info.subarray(8));
  if ((major === 3 || major === 4) && minor === 3) throw unsupported('extensible encryption');
  if (major >= 2 && major <= 4 && minor === 2) return readStandard(info);
  throw unsupported(`encryption version ${major}.${minor}`);
}

// --- standard encryption (MS-OFFCRYPTO 2.3.4.5, 2.3.4.6) ---

const FLAG_CRYPTOAPI = 0x04;
const FLAG_EXTERNAL = 0x10;
const FLAG_AES = 0x20;
const AES_ALGORITHMS: Record<number, 16 | 24 | 32> = { 26126: 16, 26127: 24, 26128: 32 };
const ALG_SHA1 = 0x8004;

function readStandard(info: Uint8Array): StandardInfo {
  const flags = u32(info, 4);
  if (flags & FLAG_EXTERNAL) throw unsupported('extensible encryption');
  if (!(flags & FLAG_CRYPTOAPI) || !(flags & FLAG_AES)) throw unsupported('RC4 encryption in an Office Open XML file');
  const headerSize = u32(info, 8);
  const header = span(info, 12, headerSize);
  if (!header || headerSize < 32) throw invalid('its header is cut short');
  const algorithm = u32(header, 8);
  const hashAlgorithm = u32(header, 12);
  const keyBits = u32(header, 16);
  // AES with no algorithm named is AES-128 (MS-OFFCRYPTO 2.3.2).
  const keyBytes = algorithm === 0 ? 16 : AES_ALGORITHMS[algorithm];
  if (!keyBytes) throw unsupported(`the cipher 0x${algorithm.toString(16)}`);
  if (keyBits !== keyBytes * 8) throw invalid(`a key of ${keyBits} bits for AES-${keyBytes * 8}`);
  if (hashAlgorithm !== 0 && hashAlgorithm !== ALG_SHA1) throw unsupported(`the hash 0x${hashAlgorithm.toString(16)}`);

  const verifier = 12 + headerSize;
  const saltSize = u32(info, verifier);
  if (saltSize !== 16) throw invalid(`a salt of ${saltSize} bytes`);
  const salt = span(info, verifier + 4, 16);
  const encryptedVerifier = span(info, verifier + 20, 16);
  const verifierHashSize = u32(info, verifier + 36);
  // SHA-1's 20 bytes, padded to two AES blocks
  const encryptedVerifierHash = span(info, verifier + 40, 32);
  if (!salt || !encryptedVerifier || !encryptedVerifierHash) throw invalid('its password verifier is cut short');
  if (verifierHashSize !== 20) throw invalid(`a verifier hash of ${verifierHashSize} bytes`);
  return { kind: 'standard', keyBytes, salt, encryptedVerifier, encryptedVerifierHash };
}

// --- agile encryption (MS-OFFCRYPTO 2.3.4.10) ---

type Attributes = ReadonlyMap<string, string>;

function readAgile(xml: Uint8Array): AgileInfo {
  let keyData: Attributes | undefined;
  let integrity: Attributes | undefined;
  let passwordKey: Attributes | undefined;
  let otherEncryptors = 0;
  const attributesOf = (element: Parameters<typeof attributeValue>[0]): Attributes =>
    new Map(element.attributes.filter((a) => a.uri === '').map((a) => [a.local, a.value]));
  walkXml(
    decodeXml(xml),
    {
      open(element) {
        if (element.local === 'keyData') keyData ??= attributesOf(element);
        else if (element.local === 'dataIntegrity') integrity ??= attributesOf(element);
        else if (element.local === 'encryptedKey' && element.uri === PASSWORD_KEY_ENCRYPTOR) {
          passwordKey ??= attributesOf(element);
        } else if (element.local === 'encryptedKey') otherEncryptors += 1;
      },
    },
    'encryption information',
  );
  if (!keyData) throw invalid('it has no keyData');
  if (!passwordKey) {
    if (otherEncryptors > 0) throw unsupported('certificate encryption with no password');
    throw invalid('it has no password key encryptor');
  }
  const packageCipher = cipherParameters(keyData, 'keyData');
  const password = cipherParameters(passwordKey, 'encryptedKey');
  const spinCount = integerAttribute(passwordKey, 'spinCount', 0, MAX_SPIN_COUNT);
  const encryptedVerifierHashInput = base64Attribute(passwordKey, 'encryptedVerifierHashInput');
  const encryptedVerifierHashValue = base64Attribute(passwordKey, 'encryptedVerifierHashValue');
  const encryptedKeyValue = base64Attribute(passwordKey, 'encryptedKeyValue');
  const needs = (value: Uint8Array, bytes: number, name: string) => {
    if (value.length < bytes || value.length % AES_BLOCK !== 0) throw invalid(`${name} has ${value.length} bytes`);
  };
  needs(encryptedVerifierHashInput, password.salt.length, 'encryptedVerifierHashInput');
  needs(encryptedVerifierHashValue, hashFunction(password.hash).outputLen, 'encryptedVerifierHashValue');
  needs(encryptedKeyValue, packageCipher.keyBytes, 'encryptedKeyValue');

  let integrityValues: AgileInfo['integrity'];
  if (integrity) {
    const encryptedHmacKey = base64Attribute(integrity, 'encryptedHmacKey');
    const encryptedHmacValue = base64Attribute(integrity, 'encryptedHmacValue');
    const hashBytes = hashFunction(packageCipher.hash).outputLen;
    needs(encryptedHmacKey, hashBytes, 'encryptedHmacKey');
    needs(encryptedHmacValue, hashBytes, 'encryptedHmacValue');
    integrityValues = { encryptedHmacKey, encryptedHmacValue };
  }
  return {
    kind: 'agile',
    keyData: packageCipher,
    ...(integrityValues ? { integrity: integrityValues } : {}),
    password: { ...password, spinCount, encryptedVerifierHashInput, encryptedVerifierHashValue, encryptedKeyValue },
  };
}

const HASHES: Record<string, OfficeHashName> = {
  SHA1: 'SHA-1',
  SHA256: 'SHA-256',
  SHA384: 'SHA-384',
  SHA512: 'SHA-512',
};

function cipherParameters(attributes: Attributes, element: string): CipherParameters {
  const cipher = attributes.get('cipherAlgorithm');
  if (cipher !== 'AES') throw unsupported(`the cipher ${cipher ?? '(none)'}`);
  const chaining = attributes.get('cipherChaining');
  if (chaining !== 'ChainingModeCBC') throw unsupported(`the chaining mode ${chaining ?? '(none)'}`);
  const hashName = attributes.get('hashAlgorithm') ?? '';
  const hash = HASHES[hashName.replace('-', '').toUpperCase()];
  if (!hash) throw unsupported(`the hash ${hashName || '(none)'}`);
  const keyBits = integerAttribute(attributes, 'keyBits', 0, 4096);
  if (keyBits !== 128 && keyBits !== 192 && keyBits !== 256)
    throw invalid(`${element} has an AES key of ${keyBits} bits`);
  const blockSize = integerAttribute(attributes, 'blockSize', 0, 4096);
  if (blockSize !== AES_BLOCK) throw invalid(`${element} has AES blocks of ${blockSize} bytes`);
  const hashSize = integerAttribute(attributes, 'hashSize', 0, 4096);
  if (hashSize !== hashFunction(hash).outputLen) throw invalid(`${element} has a ${hash} of ${hashSize} bytes`);
  const saltSize = integerAttribute(attributes, 'saltSize', 1, MAX_SALT_BYTES);
  const salt = base64Attribute(attributes, 'saltValue');
  if (salt.length !== saltSize) throw invalid(`${element}'s salt has ${salt.length} bytes, not ${saltSize}`);
  return { keyBytes: (keyBits / 8) as 16 | 24 | 32, blockSize, hash, salt };
}

function integerAttribute(attributes: Attributes, name: string, min: number, max: number): number {
  const text = attributes.get(name);
  const value = text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw invalid(`${name} is ${text ?? 'missing'}, not ${min} to ${max}`);
  return value;
}

/** Base64 values in this XML are a few dozen bytes; the whole stream is bounded by MAX_INFO_BYTES. */
function base64Attribute(attributes: Attributes, name: string): Uint8Array {
  const text = attributes.get(name);
  if (text === undefined) throw invalid(`${name} is missing`);
  let binary: string;
  try {
    binary = atob(text.replace(/\s+/g, ''));
  } catch {
    throw invalid(`${name} is not base64`);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
