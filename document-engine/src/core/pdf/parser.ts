/**
 * PDF object parser (ISO 32000-1 §7.3): arrays, dictionaries, indirect references and streams
 * on top of the lexer. Bounded: nesting depth and stream lengths are checked.
 */
import { DocumentError } from '../../errors.ts';
import { Lexer, type Token } from './lexer.ts';
import {
  type ObjectId,
  PdfCommand,
  PdfDict,
  PdfName,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
} from './objects.ts';

/** Deepest array/dictionary nesting we accept. */
export const MAX_NESTING = 256;

/** Resolves a stream's /Length when it is an indirect reference. */
export type LengthResolver = (ref: PdfRef) => number | undefined;

export class Parser {
  readonly lexer: Lexer;
  constructor(
    data: Uint8Array,
    start = 0,
    private readonly resolveLength?: LengthResolver,
    /** The indirect object being parsed: strings and streams remember it (for decryption). */
    public owner?: ObjectId,
    /**
     * The whole file, when `data` is cut short at the next object: a stream whose /Length is
     * right may run past that point (an object header inside its data).
     */
    private readonly whole: Uint8Array = data,
  ) {
    this.lexer = new Lexer(data, start);
  }

  /** The next object; a command (operator/keyword) comes back as a `PdfCommand`. */
  parse(depth = 0): PdfObject | PdfCommand | undefined {
    for (;;) {
      const token = this.lexer.next();
      // stray '>>', '{', '}' are skipped
      if (token === '>>' || token === '{' || token === '}' || token === ']') continue;
      return this.fromToken(token, depth);
    }
  }

  private fromToken(token: Token, depth: number): PdfObject | PdfCommand | undefined {
    if (depth > MAX_NESTING) throw new DocumentError('invalid', 'This PDF nests objects too deeply.');
    if (token === null) return undefined;
    if (typeof token === 'number') return this.maybeRef(token);
    if (token instanceof PdfString) return this.owner ? new PdfString(token.bytes, this.owner) : token;
    if (token instanceof PdfName) return token;
    if (token === '[') {
      const items: PdfObject[] = [];
      for (;;) {
        const inner = this.lexer.next();
        if (inner === ']' || inner === null) break;
        const value = this.fromToken(inner, depth + 1);
        if (value instanceof PdfCommand) {
          if (value.name === 'endobj') break;
          continue;
        }
        if (value !== undefined) items.push(value);
      }
      return items;
    }
    if (token === '<<') return this.dictionary(depth);
    if (token instanceof PdfCommand) {
      switch (token.name) {
        case 'true':
          return true;
        case 'false':
          return false;
        case 'null':
          return null;
      }
      return token;
    }
    return undefined; // a stray '>>', '{', '}' or ']' inside a container
  }

  private dictionary(depth: number): PdfDict | PdfStream {
    const dict = new PdfDict();
    for (;;) {
      const key = this.lexer.next();
      if (key === '>>' || key === null) break;
      if (!(key instanceof PdfName)) {
        if (key instanceof PdfCommand && key.name === 'endobj') break;
        continue;
      }
      const save = this.lexer.pos;
      const valueToken = this.lexer.next();
      if (valueToken === '>>') {
        dict.set(key.name, null);
        break;
      }
      const value = this.fromToken(valueToken, depth + 1);
      if (value instanceof PdfCommand) {
        if (value.name === 'endobj' || value.name === 'stream') {
          this.lexer.pos = save;
          break;
        }
        continue;
      }
      dict.set(key.name, value ?? null);
    }
    // a stream follows its dictionary
    const save = this.lexer.pos;
    const next = this.lexer.next();
    if (next instanceof PdfCommand && next.name === 'stream') return this.stream(dict);
    this.lexer.pos = save;
    return dict;
  }

  private stream(dict: PdfDict): PdfStream {
    const data = this.lexer.data;
    let start = this.lexer.pos;
    if (data[start] === 0x0d) start++;
    if (data[start] === 0x0a) start++;
    let length: number | undefined;
    const lengthValue = dict.get('Length');
    if (typeof lengthValue === 'number') length = lengthValue;
    else if (lengthValue instanceof PdfRef) length = this.resolveLength?.(lengthValue);
    const whole = this.whole.length >= data.length ? this.whole : data;
    if (length !== undefined && Number.isInteger(length) && length >= 0 && start + length <= whole.length) {
      if (hasKeywordAt(whole, start + length, 'endstream')) {
        const raw = whole.subarray(start, start + length);
        const after = indexOfAscii(
          whole.subarray(0, start + length + 4 + 'endstream'.length),
          'endstream',
          start + length,
        );
        this.lexer.pos = Math.min(data.length, after < 0 ? data.length : after + 'endstream'.length);
        return new PdfStream(dict, raw, this.owner);
      }
    }
    // no usable /Length: the data runs to `endstream` (or the end of what we may read)
    const found = indexOfAscii(data, 'endstream', start);
    let end = found < 0 ? data.length : found;
    // the EOL before endstream is not data
    if (data[end - 1] === 0x0a) end--;
    if (data[end - 1] === 0x0d) end--;
    if (end < start) end = start;
    const raw = data.subarray(start, end);
    const after = indexOfAscii(data, 'endstream', end);
    this.lexer.pos = after < 0 ? data.length : after + 'endstream'.length;
    return new PdfStream(dict, raw, this.owner);
  }

  /** `n g R` after a number: an indirect reference. */
  private maybeRef(first: number): PdfObject {
    if (!Number.isInteger(first) || first < 0) return first;
    const save = this.lexer.pos;
    const second = this.lexer.next();
    if (typeof second === 'number' && Number.isInteger(second) && second >= 0) {
      const third = this.lexer.next();
      if (third instanceof PdfCommand && third.name === 'R') return new PdfRef(first, second);
    }
    this.lexer.pos = save;
    return first;
  }
}

/** True when `keyword` follows at `at` after optional whitespace. */
function hasKeywordAt(data: Uint8Array, at: number, keyword: string): boolean {
  let pos = at;
  while (pos < data.length && pos < at + 4 && (data[pos] === 0x0a || data[pos] === 0x0d || data[pos] === 0x20)) pos++;
  for (let i = 0; i < keyword.length; i++) if (data[pos + i] !== keyword.charCodeAt(i)) return false;
  return true;
}

export function indexOfAscii(data: Uint8Array, text: string, from = 0): number {
  const first = text.charCodeAt(0);
  const last = data.length - text.length;
  outer: for (let i = Math.max(0, from); i <= last; i++) {
    if (data[i] !== first) continue;
    for (let k = 1; k < text.length; k++) if (data[i + k] !== text.charCodeAt(k)) continue outer;
    return i;
  }
  return -1;
}

export function lastIndexOfAscii(data: Uint8Array, text: string, from = data.length - text.length): number {
  const first = text.charCodeAt(0);
  outer: for (let i = Math.min(from, data.length - text.length); i >= 0; i--) {
    if (data[i] !== first) continue;
    for (let k = 1; k < text.length; k++) if (data[i + k] !== text.charCodeAt(k)) continue outer;
    return i;
  }
  return -1;
}
