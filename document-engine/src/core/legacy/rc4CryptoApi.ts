/**
 * RC4 CryptoAPI encryption of Office 97-2003 binary files (MS-OFFCRYPTO 2.3.5): reading the
 * EncryptionInfo, checking a password against its verifier, and the per-block RC4 keys.
 * WebCrypto has no RC4, and its SHA-1 is async, so both are small synchronous functions here.
 */
import { PasswordRequiredError } from '../../errors.ts';
import { u16, u32 } from '../bytes.ts';
import { concatBytes, rc4, sha1 } from '../crypto/index.ts';

export type EncryptionKind = 'rc4-cryptoapi' | 'other';

export type Rc4CryptoApiInfo = {
  kind: 'rc4-cryptoapi';
  keyBits: number;
  salt: Uint8Array;
  encryptedVerifier: Uint8Array;
  encryptedVerifierHash: Uint8Array;
};

/**
 * Reads an RC4 CryptoAPI EncryptionInfo (version 2.2, 3.2 or 4.2). Anything else (Office binary
 * RC4 1.1, XOR obfuscation, damaged data) gives { kind: 'other' }.
 */
export function readEncryptionInfo(info: Uint8Array): Rc4CryptoApiInfo | { kind: 'other' } {
  const major = u16(info, 0);
  const minor = u16(info, 2);
  if (![2, 3, 4].includes(major) || minor !== 2) return { kind: 'other' };
  const headerSize = u32(info, 8);
  const header = 12;
  const keyBits = u32(info, header + 16) || 40;
  const verifier = header + headerSize;
  const saltSize = u32(info, verifier);
  if (saltSize !== 16 || verifier + 4 + 16 + 16 + 4 + 20 > info.length) return { kind: 'other' };
  return {
    kind: 'rc4-cryptoapi',
    keyBits,
    salt: info.slice(verifier + 4, verifier + 20),
    encryptedVerifier: info.slice(verifier + 20, verifier + 36),
    encryptedVerifierHash: info.slice(verifier + 40, verifier + 60),
  };
}

/** The RC4 key of each block, for a password the verifier accepted. */
export type BlockKeys = (block: number) => Uint8Array;

/**
 * Checks the password (PasswordRequiredError 'wrong-password' when it is not right) and returns
 * the key for each block number.
 */
export function unlock(info: Rc4CryptoApiInfo, password: string): BlockKeys {
  const passwordBytes = new Uint8Array(password.length * 2);
  for (let i = 0; i < password.length; i++) {
    const code = password.charCodeAt(i);
    passwordBytes[i * 2] = code & 0xff;
    passwordBytes[i * 2 + 1] = code >>> 8;
  }
  const h0 = sha1(concatBytes(info.salt, passwordBytes));
  const keyBytes = info.keyBits / 8;
  const keyOf =
    (padTo16: boolean): BlockKeys =>
    (block) => {
      const blockBytes = new Uint8Array(4);
      new DataView(blockBytes.buffer).setUint32(0, block, true);
      const key = sha1(concatBytes(h0, blockBytes)).slice(0, keyBytes);
      if (!padTo16 || key.length >= 16) return key;
      const padded = new Uint8Array(16);
      padded.set(key);
      return padded;
    };
  // A 40-bit key is used as is by some writers and zero-padded to 128 bits by others: the verifier tells.
  const candidates = keyBytes === 5 ? [keyOf(false), keyOf(true)] : [keyOf(false)];
  for (const keys of candidates) {
    const plain = rc4(keys(0), concatBytes(info.encryptedVerifier, info.encryptedVerifierHash));
    const verifierHash = sha1(plain.subarray(0, 16));
    if (verifierHash.every((byte, i) => byte === plain[16 + i])) return keys;
  }
  throw new PasswordRequiredError('wrong-password');
}

const WORD_BLOCK_BYTES = 512;

/**
 * Decrypts a whole Word stream: RC4 re-keyed every 512 bytes with the block number, the first
 * `plainBytes` left as they are (the FibBase of WordDocument, the encryption header of the table
 * stream), as MS-OFFCRYPTO 2.3.5.4 / MS-DOC 2.2.6.2 describe.
 */
export function decryptWordStream(stream: Uint8Array, keys: BlockKeys, plainBytes: number): Uint8Array {
  const out = new Uint8Array(stream.length);
  for (let at = 0, block = 0; at < stream.length; at += WORD_BLOCK_BYTES, block++) {
    const end = Math.min(stream.length, at + WORD_BLOCK_BYTES);
    out.set(rc4(keys(block), stream.subarray(at, end)), at);
  }
  out.set(stream.subarray(0, Math.min(plainBytes, stream.length)));
  return out;
}
