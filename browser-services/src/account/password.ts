import { PASSWORD_ALGORITHM, type PasswordRecordShape } from 'shared-contracts/account-keys';

/**
 * Password records: salted PBKDF2-SHA256 through WebCrypto. The password itself is never stored,
 * returned or logged; only `{algorithm, iterations, salt, hash}` is.
 */

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. Records keep their own count, so raising it later still verifies old ones. */
export const PBKDF2_ITERATIONS = 600_000;
export const PASSWORD_SALT_BYTES = 16;
const HASH_BITS = 256;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<PasswordRecordShape> {
  const salt = crypto.getRandomValues(new Uint8Array(PASSWORD_SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return { algorithm: PASSWORD_ALGORITHM, iterations: PBKDF2_ITERATIONS, salt: toBase64(salt), hash: toBase64(hash) };
}

/** Every byte is compared whatever the first difference, so timing does not tell how close a guess was. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export async function verifyPassword(password: string, record: PasswordRecordShape): Promise<boolean> {
  const expected = fromBase64(record.hash);
  const actual = await derive(password, fromBase64(record.salt), record.iterations);
  return constantTimeEqual(actual, expected);
}
