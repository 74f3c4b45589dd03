/**
 * HMAC through WebCrypto: it runs over a whole encrypted package (megabytes), where one native
 * call beats a JavaScript hash; key derivations, which hash short inputs many times, use
 * hashes.ts instead.
 */
import type { OfficeHashName } from './hashes.ts';

type Subtle = typeof globalThis.crypto.subtle;
type BufferSource = Parameters<Subtle['digest']>[1];

export async function hmac(hash: OfficeHashName, key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const cryptoKey = await subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, data as BufferSource));
}
