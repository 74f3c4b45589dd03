/**
 * The hashes that document encryption derives its keys with: MD5 (PDF R2-R4), SHA-1 (Office RC4
 * CryptoAPI), SHA-256/384/512 (PDF R5-R6). From @noble/hashes (audited, maintained, no platform
 * crypto needed), synchronous: key derivation hashes short inputs many times over, where an
 * await per digest (WebCrypto) costs more than the digest.
 */
import { md5 as nobleMd5, sha1 as nobleSha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';

/** Key derivations hash concatenations: one way to join byte arrays for them all. */
export { concatBytes } from '@noble/hashes/utils.js';

export const md5 = (data: Uint8Array): Uint8Array => nobleMd5(data);
export const sha1 = (data: Uint8Array): Uint8Array => nobleSha1(data);

/** The hashes ECMA-376 (Office) encryption names, by the names its EncryptionInfo uses. */
export type OfficeHashName = 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';
export type SyncHash = ((data: Uint8Array) => Uint8Array) & { outputLen: number };

export function hashFunction(name: OfficeHashName): SyncHash {
  if (name === 'SHA-1') return nobleSha1;
  if (name === 'SHA-256') return sha256;
  if (name === 'SHA-384') return sha384;
  return sha512;
}

export function sha(algorithm: 'SHA-256' | 'SHA-384' | 'SHA-512', data: Uint8Array): Uint8Array {
  if (algorithm === 'SHA-256') return sha256(data);
  if (algorithm === 'SHA-384') return sha384(data);
  return sha512(data);
}
