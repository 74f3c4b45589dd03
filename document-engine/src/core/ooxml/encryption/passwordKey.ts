/**
 * From a password to the package's key (MS-OFFCRYPTO 2.3.4.7 standard, 2.3.4.11-13 agile), with
 * the verifier telling a wrong password apart (PasswordRequiredError 'wrong-password').
 *
 * The spin (H(i ‖ H) repeated spinCount times, 100,000 in Office's files) is the hot loop: it runs
 * on @noble/hashes synchronously over one reused buffer. Measured in bench/documents/ooxml-decrypt.ts:
 * 100,000 awaited WebCrypto digests take about 2 s, this loop 0.2-0.3 s (bench/RESULTS.md).
 */
import { PasswordRequiredError, throwIfAborted } from '../../../errors.ts';
import {
  aesCbcDecryptNoPad,
  aesEcbDecryptNoPad,
  concatBytes,
  hashFunction,
  type SyncHash,
} from '../../crypto/index.ts';
import type { AgileInfo, StandardInfo } from './encryptionInfo.ts';

/** Office passwords are hashed as UTF-16LE, the code units JavaScript strings hold. */
function utf16le(password: string): Uint8Array {
  const bytes = new Uint8Array(password.length * 2);
  for (let i = 0; i < password.length; i++) {
    const unit = password.charCodeAt(i);
    bytes[i * 2] = unit & 0xff;
    bytes[i * 2 + 1] = unit >>> 8;
  }
  return bytes;
}

function le32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

/** Rounds between yields to the event loop: about 0.2 s of SHA-512, so a Cancel is heard. */
const ROUNDS_PER_YIELD = 1 << 17;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** H0 = H(salt ‖ password), then Hn = H(LE32(n) ‖ Hn-1) for n < rounds. */
async function spin(
  hash: SyncHash,
  salt: Uint8Array,
  password: string,
  rounds: number,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  let digest = hash(concatBytes(salt, utf16le(password)));
  const buffer = new Uint8Array(4 + hash.outputLen);
  const view = new DataView(buffer.buffer);
  for (let round = 0; round < rounds; round++) {
    if (round > 0 && round % ROUNDS_PER_YIELD === 0) {
      await nextTask();
      throwIfAborted(signal);
    }
    view.setUint32(0, round, true);
    buffer.set(digest, 4);
    digest = hash(buffer);
  }
  return digest;
}

/** Truncated to `length`, or padded with 0x36 (MS-OFFCRYPTO 2.3.4.11, 2.3.4.12). */
export function fitTo(bytes: Uint8Array, length: number): Uint8Array {
  if (bytes.length >= length) return bytes.slice(0, length);
  const out = new Uint8Array(length).fill(0x36);
  out.set(bytes);
  return out;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

// --- standard ---

const STANDARD_SPIN = 50_000;

/** The AES key of a standard-encrypted package, when the password is right. */
export async function standardKey(
  info: StandardInfo,
  password: string,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  const sha1 = hashFunction('SHA-1');
  const spun = await spin(sha1, info.salt, password, STANDARD_SPIN, signal);
  const final = sha1(concatBytes(spun, le32(0)));
  // CryptDeriveKey: SHA-1 of the hash XORed into 64 bytes of 0x36, then of 0x5c; the key is their start.
  const derive = (fill: number) => {
    const buffer = new Uint8Array(64).fill(fill);
    for (let i = 0; i < final.length; i++) buffer[i] = (buffer[i] as number) ^ (final[i] as number);
    return sha1(buffer);
  };
  const key = concatBytes(derive(0x36), derive(0x5c)).slice(0, info.keyBytes);
  const verifier = await aesEcbDecryptNoPad(key, info.encryptedVerifier);
  const verifierHash = await aesEcbDecryptNoPad(key, info.encryptedVerifierHash);
  if (!equalBytes(sha1(verifier), verifierHash.subarray(0, 20))) throw new PasswordRequiredError('wrong-password');
  return key;
}

// --- agile ---

const BLOCK_KEYS = {
  verifierHashInput: Uint8Array.of(0xfe, 0xa7, 0xd2, 0x76, 0x3b, 0x4b, 0x9e, 0x79),
  verifierHashValue: Uint8Array.of(0xd7, 0xaa, 0x0f, 0x6d, 0x30, 0x61, 0x34, 0x4e),
  keyValue: Uint8Array.of(0x14, 0x6e, 0x0b, 0xe7, 0xab, 0xac, 0xd0, 0xd6),
  hmacKey: Uint8Array.of(0x5f, 0xb2, 0xad, 0x01, 0x0c, 0xb9, 0xe1, 0xf6),
  hmacValue: Uint8Array.of(0xa0, 0x67, 0x7f, 0x02, 0xb2, 0x2c, 0x84, 0x33),
} as const;

/** The package's secret key (keyData.keyBits long), unwrapped with the password's key. */
export async function agileKey(
  info: AgileInfo,
  password: string,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  const encryptor = info.password;
  const hash = hashFunction(encryptor.hash);
  const spun = await spin(hash, encryptor.salt, password, encryptor.spinCount, signal);
  const iv = fitTo(encryptor.salt, encryptor.blockSize);
  const unwrap = (blockKey: Uint8Array, data: Uint8Array) =>
    aesCbcDecryptNoPad(fitTo(hash(concatBytes(spun, blockKey)), encryptor.keyBytes), iv, data);

  const input = await unwrap(BLOCK_KEYS.verifierHashInput, encryptor.encryptedVerifierHashInput);
  const expected = await unwrap(BLOCK_KEYS.verifierHashValue, encryptor.encryptedVerifierHashValue);
  const actual = hash(input.subarray(0, encryptor.salt.length));
  if (!equalBytes(actual, expected.subarray(0, hash.outputLen))) throw new PasswordRequiredError('wrong-password');
  const secret = await unwrap(BLOCK_KEYS.keyValue, encryptor.encryptedKeyValue);
  return secret.slice(0, info.keyData.keyBytes);
}

/** The IV of an agile value the package key encrypts: H(keyData salt ‖ block key), fitted to a block. */
export function agileIv(info: AgileInfo, blockKey: Uint8Array): Uint8Array {
  return fitTo(hashFunction(info.keyData.hash)(concatBytes(info.keyData.salt, blockKey)), info.keyData.blockSize);
}

export const INTEGRITY_BLOCK_KEYS = { hmacKey: BLOCK_KEYS.hmacKey, hmacValue: BLOCK_KEYS.hmacValue } as const;
export { le32 };
