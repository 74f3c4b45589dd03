/**
 * PDF lexer (ISO 32000-1 §7.2–7.3): numbers, names with #xx escapes, literal and hex strings,
 * delimiters and keywords. Works on bytes; `pos` is public so the parser can look ahead and back.
 */
import { DocumentError } from '../../errors.ts';
import { PdfCommand, PdfName, PdfString } from './objects.ts';

export type Token = number | PdfName | PdfString | PdfCommand | '[' | ']' | '<<' | '>>' | '{' | '}' | null;

/** Longest literal or hex string we accept. */
const MAX_STRING_BYTES = 64 * 1024 * 1024;

export function isWhite(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

const WHITE = Uint8Array.from({ length: 256 }, (_, byte) => (isWhite(byte) ? 1 : 0));

export function isDelimiter(byte: number): boolean {
  return (
    byte === 0x28 ||
    byte === 0x29 ||
    byte === 0x3c ||
    byte === 0x3e ||
    byte === 0x5b ||
    byte === 0x5d ||
    byte === 0x7b ||
    byte === 0x7d ||
    byte === 0x2f ||
    byte === 0x25
  );
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

export class Lexer {
  pos: number;
  constructor(
    readonly data: Uint8Array,
    start = 0,
  ) {
    this.pos = start;
  }

  skipWhiteAndComments(): void {
    const data = this.data;
    const end = data.length;
    // a local position and a table: content streams can be hundreds of megabytes of white space
    let pos = this.pos;
    while (pos < end) {
      const byte = data[pos] as number;
      if (WHITE[byte] === 1) pos++;
      else if (byte === 0x25) {
        while (pos < end && data[pos] !== 0x0a && data[pos] !== 0x0d) pos++;
      } else break;
    }
    this.pos = pos;
  }

  /** The next token; `null` at the end of the data. */
  next(): Token {
    const data = this.data;
    let byte = 0;
    for (;;) {
      this.skipWhiteAndComments();
      if (this.pos >= data.length) return null;
      byte = data[this.pos] ?? 0;
      // a stray `)` or single `>` is skipped
      if (byte === 0x29 || (byte === 0x3e && data[this.pos + 1] !== 0x3e)) {
        this.pos++;
        continue;
      }
      break;
    }
    switch (byte) {
      case 0x5b:
        this.pos++;
        return '[';
      case 0x5d:
        this.pos++;
        return ']';
      case 0x7b:
        this.pos++;
        return '{';
      case 0x7d:
        this.pos++;
        return '}';
      case 0x28:
        return this.literalString();
      case 0x2f:
        return this.name();
      case 0x3c:
        if (data[this.pos + 1] === 0x3c) {
          this.pos += 2;
          return '<<';
        }
        return this.hexString();
      case 0x3e:
        this.pos += 2;
        return '>>';
    }
    if ((byte >= 0x30 && byte <= 0x39) || byte === 0x2b || byte === 0x2d || byte === 0x2e) {
      const number = this.number();
      if (number !== undefined) return number;
    }
    const start = this.pos;
    while (this.pos < data.length) {
      const b = data[this.pos] ?? 0;
      if (isWhite(b) || isDelimiter(b)) break;
      this.pos++;
    }
    if (this.pos === start) this.pos++;
    let word = '';
    for (let i = start; i < this.pos; i++) word += String.fromCharCode(data[i] ?? 0);
    return new PdfCommand(word);
  }

  private number(): number | undefined {
    const data = this.data;
    const start = this.pos;
    let text = '';
    let sawDigit = false;
    const first = data[this.pos] ?? 0;
    if (first === 0x2b || first === 0x2d) {
      if (first === 0x2d) text = '-';
      this.pos++;
    }
    while (this.pos < data.length) {
      const b = data[this.pos] ?? 0;
      if (b >= 0x30 && b <= 0x39) sawDigit = true;
      else if (b !== 0x2e && b !== 0x2d) break;
      // a minus inside a number (`5-3`) is ignored, as other readers do
      if (b !== 0x2d) text += String.fromCharCode(b);
      this.pos++;
    }
    if (!sawDigit) {
      this.pos = start;
      return undefined;
    }
    const value = Number.parseFloat(text);
    return Number.isFinite(value) ? value : 0;
  }

  private name(): PdfName {
    const data = this.data;
    this.pos++;
    const bytes: number[] = [];
    while (this.pos < data.length) {
      const b = data[this.pos] ?? 0;
      if (isWhite(b) || isDelimiter(b)) break;
      if (b === 0x23) {
        const hi = hexValue(data[this.pos + 1] ?? 0);
        const lo = hexValue(data[this.pos + 2] ?? 0);
        if (hi >= 0 && lo >= 0) {
          bytes.push(hi * 16 + lo);
          this.pos += 3;
          continue;
        }
      }
      bytes.push(b);
      this.pos++;
    }
    return new PdfName(String.fromCharCode(...bytes));
  }

  private literalString(): PdfString {
    const data = this.data;
    this.pos++;
    // Most strings (a page's text) hold no escape: their bytes as they are, in one copy.
    for (let i = this.pos, depth = 1; i < data.length; i++) {
      const b = data[i];
      if (b === 0x5c) break;
      if (b === 0x28) depth++;
      else if (b === 0x29 && --depth === 0) {
        if (i - this.pos > MAX_STRING_BYTES) throw new DocumentError('too-large');
        const bytes = data.slice(this.pos, i);
        this.pos = i + 1;
        return new PdfString(bytes);
      }
    }
    const out: number[] = [];
    let depth = 1;
    while (this.pos < data.length) {
      let b = data[this.pos++] ?? 0;
      if (b === 0x28) depth++;
      else if (b === 0x29) {
        depth--;
        if (depth === 0) break;
      } else if (b === 0x5c) {
        const e = data[this.pos++] ?? 0;
        switch (e) {
          case 0x6e:
            b = 0x0a;
            break;
          case 0x72:
            b = 0x0d;
            break;
          case 0x74:
            b = 0x09;
            break;
          case 0x62:
            b = 0x08;
            break;
          case 0x66:
            b = 0x0c;
            break;
          case 0x0d:
            if (data[this.pos] === 0x0a) this.pos++;
            continue;
          case 0x0a:
            continue;
          default:
            if (e >= 0x30 && e <= 0x37) {
              let value = e - 0x30;
              for (let k = 0; k < 2; k++) {
                const d = data[this.pos] ?? 0;
                if (d < 0x30 || d > 0x37) break;
                value = value * 8 + (d - 0x30);
                this.pos++;
              }
              b = value & 0xff;
            } else b = e;
        }
      }
      out.push(b);
      if (out.length > MAX_STRING_BYTES) throw new DocumentError('too-large');
    }
    return new PdfString(Uint8Array.from(out));
  }

  private hexString(): PdfString {
    const data = this.data;
    this.pos++;
    const out: number[] = [];
    let high = -1;
    while (this.pos < data.length) {
      const b = data[this.pos++] ?? 0;
      if (b === 0x3e) break;
      const v = hexValue(b);
      if (v < 0) continue;
      if (high < 0) high = v;
      else {
        out.push(high * 16 + v);
        high = -1;
      }
    }
    if (high >= 0) out.push(high * 16);
    return new PdfString(Uint8Array.from(out));
  }
}
