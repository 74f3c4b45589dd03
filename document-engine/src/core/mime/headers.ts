/**
 * MIME header fields: unfolding, RFC 2047 encoded-words, and parameters with RFC 2231's
 * extended values (`filename*=utf-8''%E2%82%AC.png`, continuations `name*0*=`, `name*1=`).
 * Header bytes are read as UTF-8 where they are valid (mailers send raw UTF-8 names), else as
 * Latin-1, so no byte is ever lost or refused.
 */

export type HeaderFields = {
  /** The first field of that name (lower case), unfolded; undefined when the part has none. */
  get(name: string): string | undefined;
  /** Whether any field was read at all (the bytes started with a header block). */
  readonly count: number;
};

export type HeaderBlock = { fields: HeaderFields; bodyStart: number };

/** A header block longer than this is not one a mailer wrote; the rest is read as the body. */
export const MAX_HEADER_BYTES = 256 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

export function decodeText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/** The header block at `start`: its fields, and where the body begins (after the blank line). */
export function readHeaderBlock(data: Uint8Array, start: number, end: number): HeaderBlock {
  const limit = Math.min(end, start + MAX_HEADER_BYTES);
  let at = start;
  let bodyStart = end;
  const lines: string[] = [];
  while (at < limit) {
    let lineEnd = at;
    while (lineEnd < limit && data[lineEnd] !== 0x0a) lineEnd++;
    const next = lineEnd + 1;
    const contentEnd = lineEnd > at && data[lineEnd - 1] === 0x0d ? lineEnd - 1 : lineEnd;
    if (contentEnd === at) {
      bodyStart = Math.min(next, end);
      break;
    }
    lines.push(decodeText(data.subarray(at, contentEnd)));
    at = next;
    if (at >= limit) bodyStart = Math.min(at, end);
  }
  const map = new Map<string, string>();
  let count = 0;
  let current: { name: string; value: string } | undefined;
  const flush = () => {
    if (current && !map.has(current.name)) map.set(current.name, current.value.trim());
    current = undefined;
  };
  for (const line of lines) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && current) {
      // Folding: the line break goes, the white space stays (RFC 5322 unfolding).
      current.value += line;
      continue;
    }
    flush();
    const colon = line.indexOf(':');
    if (colon <= 0 || !/^[!-9;-~]+$/.test(line.slice(0, colon))) continue;
    current = { name: line.slice(0, colon).toLowerCase(), value: line.slice(colon + 1) };
    count++;
  }
  flush();
  return { fields: { get: (name) => map.get(name.toLowerCase()), count }, bodyStart };
}

/** Decodes RFC 2047 encoded-words; white space between two adjacent encoded-words goes. */
export function decodeEncodedWords(value: string): string {
  const pattern = /=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g;
  let out = '';
  let last = 0;
  let previousWasWord = false;
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const between = value.slice(last, match.index);
    if (!(previousWasWord && /^\s*$/.test(between))) out += between;
    const [, charset = '', encoding = '', text = ''] = match;
    const bytes =
      encoding.toUpperCase() === 'B' ? base64Bytes(text) : qBytes(text.replace(/_/g, ' '), /* header */ true);
    out += decodeCharset(bytes, charset.replace(/\*.*$/, ''));
    last = match.index + match[0].length;
    previousWasWord = true;
  }
  return out + value.slice(last);
}

export function decodeCharset(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || 'utf-8').decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/** A structured field's value (`image/png`, `attachment`) and its parameters, names in lower case. */
export type ParsedField = { value: string; params: Map<string, string> };

/** `type/subtype; a=b; c="d"`, with RFC 2231 values decoded and continuations joined. */
export function parseStructuredField(field: string | undefined): ParsedField {
  if (field === undefined) return { value: '', params: new Map() };
  const tokens = splitParameters(field);
  const value = (tokens.shift() ?? '').trim().toLowerCase();
  const plain = new Map<string, string>();
  // name → section number → { text, encoded }
  const sections = new Map<string, Map<number, { text: string; encoded: boolean }>>();
  for (const token of tokens) {
    const eq = token.indexOf('=');
    if (eq <= 0) continue;
    const rawName = token.slice(0, eq).trim().toLowerCase();
    const text = unquote(token.slice(eq + 1).trim());
    const extended = /^([^*]+)\*(?:(\d+)(\*)?)?$/.exec(rawName);
    if (!extended) {
      if (!plain.has(rawName)) plain.set(rawName, text);
      continue;
    }
    const [, name = '', section, sectionStar] = extended;
    const index = section === undefined ? 0 : Number(section);
    const encoded = section === undefined || sectionStar === '*';
    const parts = sections.get(name) ?? new Map<number, { text: string; encoded: boolean }>();
    sections.set(name, parts);
    if (!parts.has(index) && index < 1000) parts.set(index, { text, encoded });
  }
  const params = new Map(plain);
  for (const [name, parts] of sections) {
    params.set(name, joinRfc2231(parts));
  }
  for (const [name, text] of params) params.set(name, decodeEncodedWords(text));
  return { value, params };
}

function joinRfc2231(parts: Map<number, { text: string; encoded: boolean }>): string {
  let charset = 'us-ascii';
  const bytes: number[] = [];
  for (let index = 0; parts.has(index); index++) {
    const part = parts.get(index) as { text: string; encoded: boolean };
    let text = part.text;
    if (index === 0 && part.encoded) {
      const quote = /^([^']*)'[^']*'/.exec(text);
      if (quote) {
        charset = quote[1] || 'us-ascii';
        text = text.slice(quote[0].length);
      }
    }
    for (let i = 0; i < text.length; i++) {
      const hex = part.encoded && text[i] === '%' ? /^[0-9a-fA-F]{2}/.exec(text.slice(i + 1, i + 3)) : null;
      if (hex) {
        bytes.push(Number.parseInt(hex[0], 16));
        i += 2;
      } else {
        for (const byte of new TextEncoder().encode(text[i] as string)) bytes.push(byte);
      }
    }
  }
  return decodeCharset(Uint8Array.from(bytes), charset === 'us-ascii' ? 'utf-8' : charset);
}

/** Splits on `;` outside quoted strings and comments. */
function splitParameters(field: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  let comment = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field[i] as string;
    if (quoted) {
      current += c;
      if (c === '\\' && i + 1 < field.length) current += field[++i];
      else if (c === '"') quoted = false;
    } else if (comment > 0) {
      if (c === '(') comment++;
      else if (c === ')') comment--;
    } else if (c === '"') {
      quoted = true;
      current += c;
    } else if (c === '(') {
      comment = 1;
    } else if (c === ';') {
      tokens.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  tokens.push(current);
  return tokens;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

const BASE64_VALUES = (() => {
  const table = new Int16Array(256).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  // URL-safe letters too: data: URLs written by scripts use them.
  table[0x2d] = 62;
  table[0x5f] = 63;
  return table;
})();

/** Base64 as mail readers take it: characters outside the alphabet are skipped, `=` ends the data. */
export function base64Bytes(input: string | Uint8Array): Uint8Array {
  const length = input.length;
  const out = new Uint8Array(Math.floor((length * 3) / 4) + 3);
  let written = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < length; i++) {
    const code = typeof input === 'string' ? input.charCodeAt(i) : (input[i] as number);
    if (code === 0x3d) break;
    const value = code < 256 ? (BASE64_VALUES[code] as number) : -1;
    if (value < 0) continue;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[written++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, written);
}

/** Quoted-printable (`=XX`, soft line breaks `=` at a line's end); a stray `=` is kept as it is. */
export function qBytes(input: string | Uint8Array, header = false): Uint8Array {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const out = new Uint8Array(bytes.length);
  let written = 0;
  const hex = (c: number | undefined) =>
    c === undefined
      ? -1
      : c >= 0x30 && c <= 0x39
        ? c - 0x30
        : c >= 0x41 && c <= 0x46
          ? c - 0x37
          : c >= 0x61 && c <= 0x66
            ? c - 0x57
            : -1;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (c !== 0x3d) {
      out[written++] = c;
      continue;
    }
    if (!header) {
      // soft line break: `=`, optional trailing white space, then LF or CRLF; a store that turned
      // LF into CRLF twice leaves CR CR LF, which mail readers still take as one line break
      let j = i + 1;
      while (bytes[j] === 0x20 || bytes[j] === 0x09) j++;
      let lineFeed = j;
      while (bytes[lineFeed] === 0x0d) lineFeed++;
      if (bytes[lineFeed] === 0x0a) {
        i = lineFeed;
        continue;
      }
      if (j >= bytes.length) break;
    }
    const high = hex(bytes[i + 1]);
    const low = hex(bytes[i + 2]);
    if (high >= 0 && low >= 0) {
      out[written++] = (high << 4) | low;
      i += 2;
    } else {
      out[written++] = c;
    }
  }
  return out.subarray(0, written);
}

/**
 * A uuencoded body (`begin 644 name`, lines whose first character counts their bytes, `end`), as
 * old mailers sent attachments; undefined without a `begin` line, when the body is not uuencoded.
 */
export function uuBytes(body: Uint8Array): Uint8Array | undefined {
  const out = new Uint8Array(Math.floor((body.length * 3) / 4) + 3);
  let written = 0;
  let begun = false;
  for (let at = 0; at < body.length; ) {
    let end = body.indexOf(0x0a, at);
    if (end < 0) end = body.length;
    let lineEnd = end;
    while (lineEnd > at && (body[lineEnd - 1] === 0x0d || body[lineEnd - 1] === 0x20 || body[lineEnd - 1] === 0x09))
      lineEnd--;
    const line = body.subarray(at, lineEnd);
    at = end + 1;
    if (!begun) {
      begun = /^begin [0-7]+(?: |$)/.test(latin1.decode(line.subarray(0, 16)));
      continue;
    }
    if (line.length === 3 && latin1.decode(line) === 'end') break;
    if (line.length === 0) continue;
    // each character carries six bits, offset by 32 (a backtick stands for zero, as a space does);
    // a line cut short (trailing spaces lost in transit) reads as zeros, but never past 3/4 of
    // the body, so a hostile body of one-letter lines makes no more bytes than it holds
    const count = ((line[0] as number) - 32) & 63;
    let bits = 0;
    let buffer = 0;
    for (let i = 1, taken = 0; taken < count && written < out.length; i++) {
      const value = i < line.length ? ((line[i] as number) - 32) & 63 : 0;
      buffer = ((buffer << 6) | value) & 0xffffff;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out[written++] = (buffer >> bits) & 0xff;
        taken++;
      }
    }
  }
  return begun ? out.subarray(0, written) : undefined;
}
