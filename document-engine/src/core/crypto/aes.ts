/** AES-CBC through WebCrypto (Node 20 and browsers), without its padding rules where PDF needs that. */

// Types taken from the global itself, so this compiles with the DOM's lib (the browser) and with
// Node's types alone (extract-api and the CLI import the engine too).
type Subtle = typeof globalThis.crypto.subtle;
type Key = Awaited<ReturnType<Subtle['importKey']>>;
type BufferSource = Parameters<Subtle['digest']>[1];
const subtle = (): Subtle => globalThis.crypto.subtle;

async function importKey(key: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<Key> {
  return subtle().importKey('raw', key as BufferSource, { name: 'AES-CBC' }, false, [usage]);
}

/** AES-CBC encryption of whole blocks, with no padding block added. */
export async function aesCbcEncryptNoPad(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const out = await subtle().encrypt(
    { name: 'AES-CBC', iv: iv as BufferSource },
    await importKey(key, 'encrypt'),
    data as BufferSource,
  );
  return new Uint8Array(out, 0, data.length);
}

/**
 * AES-CBC decryption of whole blocks, with no padding check: an extra block that decrypts to a
 * full padding block is appended, so WebCrypto's own unpadding removes only that.
 */
export async function aesCbcDecryptNoPad(key: Uint8Array, iv: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const length = data.length - (data.length % 16);
  if (length === 0) return new Uint8Array(0);
  const blocks = data.subarray(0, length);
  const last = blocks.subarray(length - 16);
  const extra = await aesCbcEncryptNoPad(key, last, new Uint8Array(16).fill(16));
  const input = new Uint8Array(length + 16);
  input.set(blocks);
  input.set(extra, length);
  const out = await subtle().decrypt(
    { name: 'AES-CBC', iv: iv as BufferSource },
    await importKey(key, 'decrypt'),
    input as BufferSource,
  );
  return new Uint8Array(out);
}

/**
 * AES-ECB decryption of whole blocks (ECMA-376 standard encryption), which WebCrypto does not
 * offer: one CBC decryption with a zero IV gives each block XOR the ciphertext block before it,
 * which is then XORed out again. One native call for the whole package, not one per block.
 */
export async function aesEcbDecryptNoPad(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const plain = await aesCbcDecryptNoPad(key, new Uint8Array(16), data);
  for (let at = plain.length - 16; at >= 16; at -= 16) {
    for (let i = 0; i < 16; i++) plain[at + i] = (plain[at + i] as number) ^ (data[at - 16 + i] as number);
  }
  return plain;
}

/** PDF's AESV2/AESV3 data: a 16-byte IV, then blocks with PKCS#5 padding (removed when valid). */
export async function aesDecryptPdf(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  if (data.length < 32) return new Uint8Array(0);
  const plain = await aesCbcDecryptNoPad(key, data.subarray(0, 16), data.subarray(16));
  const pad = plain[plain.length - 1] ?? 0;
  if (pad >= 1 && pad <= 16 && pad <= plain.length) return plain.subarray(0, plain.length - pad);
  return plain;
}
