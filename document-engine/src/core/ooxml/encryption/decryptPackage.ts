/**
 * An ECMA-376 encrypted package ("Encrypt with Password" in Word and PowerPoint, "Save with
 * password" in LibreOffice): a compound file whose `EncryptedPackage` stream holds the real ZIP,
 * encrypted, after its size (8 bytes). Decrypted whole, with one native AES call: the ZIP is
 * then read as if it had never been encrypted.
 */
import { DocumentError, PasswordRequiredError, throwIfAborted } from '../../../errors.ts';
import { u32 } from '../../bytes.ts';
import { aesCbcDecryptNoPad, aesEcbDecryptNoPad, hashFunction, hmac } from '../../crypto/index.ts';
import type { CompoundFile } from '../../legacy/compoundFile.ts';
import { type AgileInfo, type EncryptionInfo, readEncryptionInfo } from './encryptionInfo.ts';
import { agileIv, agileKey, INTEGRITY_BLOCK_KEYS, le32, standardKey } from './passwordKey.ts';

const SEGMENT_BYTES = 4096;
const AES_BLOCK = 16;

export type DecryptOptions = { password?: string | undefined; signal?: AbortSignal | undefined };

/**
 * The package's ZIP bytes. PasswordRequiredError ('password-required' with no password,
 * 'wrong-password' when the verifier refuses it); DocumentError 'invalid' for damage, including
 * a package that fails its integrity check; 'unsupported' for encryption we do not read.
 */
export async function decryptPackage(file: CompoundFile, options: DecryptOptions = {}): Promise<Uint8Array> {
  const infoStream = file.stream('EncryptionInfo');
  if (!infoStream) {
    // Rights-managed (IRM) files keep a licence instead: only the owner's Office account opens them.
    throw new DocumentError(
      'unsupported',
      'This file is protected with rights management (IRM), which only Office with its owner’s account can open.',
    );
  }
  // Damage is told before a password is asked for: no password could open such a file.
  const info = readEncryptionInfo(infoStream);
  const stream = file.stream('EncryptedPackage');
  if (!stream) throw damaged('it has no encrypted package');
  // The 8-byte size before the encrypted bytes: at most what they can hold.
  if (stream.length < 8) throw damaged('its encrypted package is cut short');
  const declared = u32(stream, 0) + u32(stream, 4) * 2 ** 32;
  const encrypted = stream.subarray(8);
  const wholeBlocks = encrypted.length - (encrypted.length % AES_BLOCK);
  if (declared > wholeBlocks) {
    throw damaged(`its encrypted package declares ${declared} bytes and holds ${encrypted.length}`);
  }
  const needed = encrypted.subarray(0, Math.ceil(declared / AES_BLOCK) * AES_BLOCK);
  if (options.password === undefined) throw new PasswordRequiredError('password-required');

  const password = options.password;
  const plain = await withAes192Refusal(info, async () => {
    if (info.kind === 'standard') {
      const key = await standardKey(info, password, options.signal);
      throwIfAborted(options.signal);
      return aesEcbDecryptNoPad(key, needed);
    }
    const key = await agileKey(info, password, options.signal);
    throwIfAborted(options.signal);
    if (info.integrity) await checkIntegrity(info, info.integrity, key, stream);
    return decryptSegments(info, key, needed);
  });
  throwIfAborted(options.signal);
  return plain.subarray(0, declared);
}

function damaged(detail: string): DocumentError {
  return new DocumentError('invalid', `This password-protected file is damaged: ${detail}.`);
}

/**
 * Chromium's WebCrypto has no AES-192 (Node and Firefox do): when a file uses it, a WebCrypto
 * failure is said as such rather than passed on as a bare DOMException.
 */
async function withAes192Refusal(info: EncryptionInfo, run: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const aes192 =
    info.kind === 'standard' ? info.keyBytes === 24 : info.keyData.keyBytes === 24 || info.password.keyBytes === 24;
  try {
    return await run();
  } catch (error) {
    if (!aes192 || error instanceof DocumentError) throw error;
    throw new DocumentError(
      'unsupported',
      'This file is encrypted with AES-192, which this browser cannot decrypt. Try another browser or the API.',
      { cause: error },
    );
  }
}

/**
 * Agile data: AES-CBC in 4096-byte segments, segment i with IV H(keyData salt ‖ LE32(i)). One
 * CBC pass over all of it with segment 0's IV gets every block right but each segment's first,
 * which it XORed with the ciphertext block before it instead of the segment's IV: fixed after.
 */
async function decryptSegments(info: AgileInfo, key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const plain = await aesCbcDecryptNoPad(key, agileIv(info, le32(0)), data);
  for (let segment = 1, at = SEGMENT_BYTES; at < plain.length; segment++, at += SEGMENT_BYTES) {
    const iv = agileIv(info, le32(segment));
    for (let i = 0; i < AES_BLOCK; i++) {
      plain[at + i] = (plain[at + i] as number) ^ (data[at - AES_BLOCK + i] as number) ^ (iv[i] as number);
    }
  }
  return plain;
}

/** The HMAC (keyData's hash) over the whole EncryptedPackage stream, size prefix included (2.3.4.14). */
async function checkIntegrity(
  info: AgileInfo,
  integrity: NonNullable<AgileInfo['integrity']>,
  key: Uint8Array,
  stream: Uint8Array,
): Promise<void> {
  const hashBytes = hashFunction(info.keyData.hash).outputLen;
  const decrypt = async (blockKey: Uint8Array, value: Uint8Array) =>
    (await aesCbcDecryptNoPad(key, agileIv(info, blockKey), value)).subarray(0, hashBytes);
  const hmacKey = await decrypt(INTEGRITY_BLOCK_KEYS.hmacKey, integrity.encryptedHmacKey);
  const expected = await decrypt(INTEGRITY_BLOCK_KEYS.hmacValue, integrity.encryptedHmacValue);
  const actual = await hmac(info.keyData.hash, hmacKey, stream);
  if (!actual.every((byte, i) => byte === expected[i])) {
    throw new DocumentError(
      'invalid',
      'This password-protected file failed its integrity check: it was changed or damaged after it was saved.',
    );
  }
}
