/**
 * The PDF standard security handler (ISO 32000-1 §7.6.3, ISO 32000-2 §7.6.4): RC4 40–128-bit
 * (V1/V2, R2/R3), crypt filters with RC4 or AES-128 (V4, R4), and AES-256 (V5, R5/R6). The
 * password is tried as the user password, then as the owner password. The empty password is the
 * caller's first try, so files protected only against editing open without a prompt.
 *
 * - A file whose strings and streams both use the Identity crypt filter (only its attachments,
 *   /EFF, are encrypted) opens whatever the password: nothing the engine reads is encrypted.
 * - An AES-256 password is SASLprep-normalised (crypto/saslprep.ts), UTF-8 encoded and cut to
 *   127 bytes, as PDF 2.0 asks; the password as typed (and its NFC and NFD forms) is tried too,
 *   for writers that encode it without SASLprep (qpdf, among others).
 */
import { DocumentError, PasswordRequiredError } from '../../errors.ts';
import {
  aesCbcDecryptNoPad,
  aesCbcEncryptNoPad,
  aesDecryptPdf,
  concatBytes,
  md5,
  rc4,
  SaslprepError,
  saslprep,
  sha,
} from '../crypto/index.ts';
import { nameOf, numberOf, type ObjectId, PdfDict, type PdfObject, PdfString } from './objects.ts';

type Method = 'none' | 'rc4' | 'aes';

const PASSWORD_PAD = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00,
  0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

export class SecurityHandler {
  private constructor(
    /** Undefined when nothing read is encrypted (Identity filters) and the password did not fit. */
    private readonly fileKey: Uint8Array | undefined,
    private readonly revision: number,
    private readonly streamMethod: Method,
    private readonly stringMethod: Method,
  ) {}

  /** Opens with `password`; throws PasswordRequiredError when it does not fit. */
  static async open(encrypt: PdfDict, firstId: Uint8Array, password: string | undefined): Promise<SecurityHandler> {
    if (nameOf(encrypt.get('Filter')) !== 'Standard') {
      throw new DocumentError('unsupported', 'This PDF uses a security handler other than the standard password one.');
    }
    const v = numberOf(encrypt.get('V')) ?? 0;
    const r = numberOf(encrypt.get('R')) ?? 2;
    const o = bytesOf(encrypt.get('O'));
    const u = bytesOf(encrypt.get('U'));
    const p = (numberOf(encrypt.get('P')) ?? 0) | 0;
    let streamMethod: Method = 'rc4';
    let stringMethod: Method = 'rc4';
    let keyLength = v === 1 ? 5 : Math.floor((numberOf(encrypt.get('Length')) ?? 40) / 8);
    if (v >= 4) {
      const cf = encrypt.get('CF');
      const methodOf = (filterName: string | undefined): Method => {
        if (!filterName || filterName === 'Identity') return 'none';
        const entry = cf instanceof PdfDict ? cf.get(filterName) : undefined;
        const cfm = entry instanceof PdfDict ? nameOf(entry.get('CFM')) : undefined;
        if (entry instanceof PdfDict) {
          const length = numberOf(entry.get('Length'));
          if (length && v === 4) keyLength = length > 32 ? length / 8 : length;
        }
        return cfm === 'AESV2' || cfm === 'AESV3' ? 'aes' : cfm === 'None' ? 'none' : 'rc4';
      };
      streamMethod = methodOf(nameOf(encrypt.get('StmF')) ?? 'Identity');
      stringMethod = methodOf(nameOf(encrypt.get('StrF')) ?? 'Identity');
    }
    const encryptMetadata = encrypt.get('EncryptMetadata') !== false;
    let key: Uint8Array | undefined;
    if (r >= 5) {
      for (const pw of aes256Passwords(password ?? '')) {
        key = await aes256Key(r, pw, o, u, bytesOf(encrypt.get('OE')), bytesOf(encrypt.get('UE')));
        if (key) break;
      }
    } else {
      keyLength = Math.max(5, Math.min(16, keyLength || 5));
      const latinPw = latin1Password(password ?? '');
      key = rc4FileKey(latinPw, o, p, firstId, r, keyLength, encryptMetadata);
      if (!checkUserKey(key, u, firstId, r)) {
        const userPw = userPasswordFromOwner(latinPw, o, r, keyLength);
        key = rc4FileKey(userPw, o, p, firstId, r, keyLength, encryptMetadata);
        if (!checkUserKey(key, u, firstId, r)) key = undefined;
      }
    }
    // strings and streams under Identity: the key is not needed for anything read here (only
    // attachments, under /EFF, are encrypted), so no password is either
    if (!key && (streamMethod !== 'none' || stringMethod !== 'none')) {
      throw new PasswordRequiredError(password ? 'wrong-password' : 'password-required');
    }
    return new SecurityHandler(key, r, streamMethod, stringMethod);
  }

  private objectKey(fileKey: Uint8Array, owner: ObjectId, method: Method): Uint8Array {
    if (this.revision >= 5) return fileKey;
    const n = fileKey.length;
    const input = new Uint8Array(n + 5 + (method === 'aes' ? 4 : 0));
    input.set(fileKey);
    input[n] = owner.num & 0xff;
    input[n + 1] = (owner.num >> 8) & 0xff;
    input[n + 2] = (owner.num >> 16) & 0xff;
    input[n + 3] = owner.gen & 0xff;
    input[n + 4] = (owner.gen >> 8) & 0xff;
    if (method === 'aes') input.set([0x73, 0x41, 0x6c, 0x54], n + 5);
    return md5(input).subarray(0, Math.min(16, n + 5));
  }

  private async decrypt(data: Uint8Array, owner: ObjectId | undefined, method: Method): Promise<Uint8Array> {
    if (!owner || method === 'none') return data;
    if (!this.fileKey) throw new PasswordRequiredError('password-required');
    const key = this.objectKey(this.fileKey, owner, method);
    return method === 'aes' ? aesDecryptPdf(key, data) : rc4(key, data);
  }

  decryptStream(data: Uint8Array, owner: ObjectId | undefined): Promise<Uint8Array> {
    return this.decrypt(data, owner, this.streamMethod);
  }

  decryptString(value: PdfString): Promise<Uint8Array> {
    return this.decrypt(value.bytes, value.owner, this.stringMethod);
  }
}

/**
 * The byte strings an AES-256 password is tried as (ISO 32000-2 §7.6.4.3.3): SASLprep's form
 * first (the standard's), then the password as typed and its NFC and NFD forms (writers that
 * skip SASLprep), each UTF-8 encoded and cut to 127 bytes, without repeats.
 */
function aes256Passwords(password: string): Uint8Array[] {
  const forms: string[] = [];
  try {
    forms.push(saslprep(password));
  } catch (error) {
    if (!(error instanceof SaslprepError)) throw error;
  }
  forms.push(password, password.normalize('NFC'), password.normalize('NFD'));
  const encoder = new TextEncoder();
  const seen = new Set<string>();
  const out: Uint8Array[] = [];
  for (const form of forms) {
    const bytes = encoder.encode(form).subarray(0, 127);
    const key = bytes.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(bytes);
  }
  return out;
}

function bytesOf(value: PdfObject | undefined): Uint8Array {
  return value instanceof PdfString ? value.bytes : new Uint8Array(0);
}

function latin1Password(password: string): Uint8Array {
  return Uint8Array.from([...password].slice(0, 32).map((c) => c.charCodeAt(0) & 0xff));
}

function padPassword(password: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  const n = Math.min(32, password.length);
  out.set(password.subarray(0, n));
  out.set(PASSWORD_PAD.subarray(0, 32 - n), n);
  return out;
}

/** Algorithm 2: the RC4/AES-128 file key. */
function rc4FileKey(
  password: Uint8Array,
  o: Uint8Array,
  p: number,
  id: Uint8Array,
  r: number,
  n: number,
  encryptMetadata: boolean,
): Uint8Array {
  const pBytes = Uint8Array.from([p & 0xff, (p >> 8) & 0xff, (p >> 16) & 0xff, (p >>> 24) & 0xff]);
  const extra = r >= 4 && !encryptMetadata ? Uint8Array.from([0xff, 0xff, 0xff, 0xff]) : new Uint8Array(0);
  let hash = md5(concatBytes(padPassword(password), o.subarray(0, 32), pBytes, id, extra));
  if (r >= 3) for (let i = 0; i < 50; i++) hash = md5(hash.subarray(0, n));
  return hash.subarray(0, n);
}

/** Algorithms 4 and 5: does the key reproduce /U? */
function checkUserKey(key: Uint8Array, u: Uint8Array, id: Uint8Array, r: number): boolean {
  if (r === 2) return equal(rc4(key, PASSWORD_PAD), u.subarray(0, 32));
  let value = md5(concatBytes(PASSWORD_PAD, id));
  for (let i = 0; i < 20; i++) value = rc4(xorKey(key, i), value);
  return equal(value.subarray(0, 16), u.subarray(0, 16));
}

/** Algorithm 7: the user password recovered from /O with an owner password. */
function userPasswordFromOwner(owner: Uint8Array, o: Uint8Array, r: number, n: number): Uint8Array {
  let hash = md5(padPassword(owner));
  if (r >= 3) for (let i = 0; i < 50; i++) hash = md5(hash);
  const key = hash.subarray(0, n);
  let value: Uint8Array = o.subarray(0, 32);
  if (r === 2) return rc4(key, value);
  for (let i = 19; i >= 0; i--) value = rc4(xorKey(key, i), value);
  return value;
}

function xorKey(key: Uint8Array, i: number): Uint8Array {
  return key.map((byte) => byte ^ i);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** AES-256 (R5 and R6): the file key from /UE (user) or /OE (owner). */
async function aes256Key(
  r: number,
  pw: Uint8Array,
  o: Uint8Array,
  u: Uint8Array,
  oe: Uint8Array,
  ue: Uint8Array,
): Promise<Uint8Array | undefined> {
  const u48 = u.subarray(0, 48);
  const zeroIv = new Uint8Array(16);
  if (equal(await hash2b(r, pw, u.subarray(32, 40), new Uint8Array(0)), u.subarray(0, 32))) {
    const intermediate = await hash2b(r, pw, u.subarray(40, 48), new Uint8Array(0));
    return aesCbcDecryptNoPad(intermediate, zeroIv, ue.subarray(0, 32));
  }
  if (equal(await hash2b(r, pw, o.subarray(32, 40), u48), o.subarray(0, 32))) {
    const intermediate = await hash2b(r, pw, o.subarray(40, 48), u48);
    return aesCbcDecryptNoPad(intermediate, zeroIv, oe.subarray(0, 32));
  }
  return undefined;
}

/** Algorithm 2.B (R6), or plain SHA-256 (R5). */
async function hash2b(r: number, pw: Uint8Array, salt: Uint8Array, udata: Uint8Array): Promise<Uint8Array> {
  let k = sha('SHA-256', concatBytes(pw, salt, udata));
  if (r < 6) return k;
  for (let round = 0; ; round++) {
    const k1 = concatBytes(pw, k, udata);
    const repeated = new Uint8Array(k1.length * 64);
    for (let i = 0; i < 64; i++) repeated.set(k1, i * k1.length);
    const e = await aesCbcEncryptNoPad(k.subarray(0, 16), k.subarray(16, 32), repeated);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i] ?? 0;
    const which = sum % 3;
    k = sha(which === 0 ? 'SHA-256' : which === 1 ? 'SHA-384' : 'SHA-512', e);
    if (round >= 63 && (e[e.length - 1] ?? 0) <= round + 1 - 32) break;
  }
  return k.subarray(0, 32);
}
