/**
 * Is this a PDF, from its first bytes? As PDF readers judge it: the `%PDF-` header anywhere in
 * the first 1024 bytes; or, for a file that lost its header (junk, or nothing, before the first
 * object), an object header `N G obj` starting there. pdf.js opens such a file as it opens one
 * with a header: offsets then count from the file's first byte, and when the cross-reference
 * table does not fit, the objects are found by scanning for `obj` (xref.ts `recover`).
 */

/** PDF readers accept the header anywhere in the first 1024 bytes, and so do we. */
export const PDF_HEADER_WINDOW = 1024;

const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - HEADER.length, PDF_HEADER_WINDOW);
  outer: for (let i = 0; i <= end; i++) {
    for (let k = 0; k < HEADER.length; k++) if (bytes[i + k] !== HEADER[k]) continue outer;
    return true;
  }
  return false;
}

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
const isWhite = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
/** A byte that may end the `obj` keyword: end of data, white space or a delimiter. */
const endsKeyword = (byte: number | undefined) =>
  byte === undefined || isWhite(byte) || '<[(/%'.includes(String.fromCharCode(byte));

/**
 * True when an object header (`N G obj`: digits, white space, digits, white space, `obj`)
 * starts within the first PDF_HEADER_WINDOW bytes: a PDF without its header.
 */
export function startsWithObject(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, PDF_HEADER_WINDOW);
  for (let i = 0; i < end; i++) {
    if (!isDigit(bytes[i]) || isDigit(bytes[i - 1])) continue;
    let p = i;
    while (isDigit(bytes[p]) && p - i < 10) p++;
    if (!isWhite(bytes[p])) continue;
    while (isWhite(bytes[p]) && p - i < 64) p++;
    const gen = p;
    while (isDigit(bytes[p]) && p - gen < 5) p++;
    if (p === gen || !isWhite(bytes[p])) continue;
    while (isWhite(bytes[p]) && p - i < 128) p++;
    if (bytes[p] === 0x6f && bytes[p + 1] === 0x62 && bytes[p + 2] === 0x6a && endsKeyword(bytes[p + 3])) return true;
  }
  return false;
}

/** A PDF by its header, or one whose header is missing (see the module comment). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return hasPdfHeader(bytes) || startsWithObject(bytes);
}
