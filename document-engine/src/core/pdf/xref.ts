/**
 * The cross-reference layer (ISO 32000-1 §7.5): classic xref tables and xref streams (/W,
 * /Index), object streams (/Type /ObjStm), incremental updates (the /Prev chain), and a recovery
 * scan for `N G obj` when the table is missing or wrong. `PdfDocument` fetches and resolves
 * objects, decrypts and decodes streams.
 */
import { DocumentError } from '../../errors.ts';
import { type DecodeBudget, type DecodedStream, decodeFilters } from './filters/decodeFilters.ts';
import { looksLikePdf } from './header.ts';
import { nameOf, numberOf, PdfCommand, PdfDict, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.ts';
import { indexOfAscii, lastIndexOfAscii, Parser } from './parser.ts';
import { SecurityHandler } from './securityHandler.ts';

/** Most objects a PDF may declare. */
export const MAX_OBJECTS = 5_000_000;
/** Longest chain of references followed in one resolve (loops, bombs). */
const MAX_RESOLVE_CHAIN = 64;
/** Most xref sections followed through /Prev. */
const MAX_XREF_SECTIONS = 1024;
/** Most bytes all the streams of one document may decode to, together: 1 GiB. */
export const MAX_DOCUMENT_DECODED_BYTES = 1024 * 1024 * 1024;
/** Most decoded bytes kept for streams used again (content streams, forms, masks): 256 MiB. */
const MAX_KEPT_DECODED_BYTES = 256 * 1024 * 1024;
/** Largest decoded image kept (a mask shared by several images): 16 MiB. */
const MAX_KEPT_IMAGE_BYTES = 16 * 1024 * 1024;

type Entry = { type: 1; offset: number; gen: number } | { type: 2; streamNum: number; index: number };

export class PdfDocument {
  private readonly entries = new Map<number, Entry>();
  private readonly cache = new Map<string, PdfObject>();
  private readonly objectStreams = new Map<number, Promise<Map<number, PdfObject>>>();
  trailer = new PdfDict();
  private security: SecurityHandler | undefined;
  private encryptNum = -1;
  private recovered = false;
  private headers: ObjectHeaders | undefined;
  private readonly decoded = new WeakMap<PdfStream, Promise<DecodedStream>>();
  private keptBytes = 0;
  private readonly budget: DecodeBudget = { remaining: MAX_DOCUMENT_DECODED_BYTES };
  private spent: DocumentError | undefined;

  private constructor(readonly bytes: Uint8Array) {}

  static async open(bytes: Uint8Array, password?: string): Promise<PdfDocument> {
    // with its header or without it (junk or nothing before the first object), as pdf.js opens it
    if (!looksLikePdf(bytes)) throw new DocumentError('invalid', 'This file is not a PDF.');
    const doc = new PdfDocument(bytes);
    try {
      doc.readXrefChain();
    } catch (error) {
      if (error instanceof DocumentError && error.code !== 'invalid') throw error;
      doc.entries.clear();
    }
    if (!(doc.trailer.get('Root') instanceof PdfRef) || doc.entries.size === 0) doc.recover();
    await doc.setUpEncryption(password);
    const root = await doc.resolve(doc.trailer.get('Root'));
    if (!(root instanceof PdfDict) && !doc.recovered) {
      doc.recover();
      await doc.setUpEncryption(password);
    }
    return doc;
  }

  private async setUpEncryption(password?: string): Promise<void> {
    const encryptValue = this.trailer.get('Encrypt');
    if (!encryptValue) return;
    if (encryptValue instanceof PdfRef) this.encryptNum = encryptValue.num;
    const encrypt = await this.resolve(encryptValue);
    if (!(encrypt instanceof PdfDict)) return;
    const ids = this.trailer.get('ID');
    const first = Array.isArray(ids) ? ids[0] : undefined;
    const id = first instanceof PdfString ? first.bytes : new Uint8Array(0);
    // no password given: the empty user password, so files protected only against editing open silently
    this.security = await SecurityHandler.open(encrypt, id, password ?? '');
  }

  // ---- xref reading ----

  private readXrefChain(): void {
    const data = this.bytes;
    const at = lastIndexOfAscii(data, 'startxref');
    if (at < 0) throw new DocumentError('invalid');
    const parser = new Parser(data, at + 9);
    let offset = parser.parse();
    const seen = new Set<number>();
    let first = true;
    while (typeof offset === 'number' && !seen.has(offset) && seen.size < MAX_XREF_SECTIONS) {
      seen.add(offset);
      const trailer = this.readXrefSection(offset);
      if (first) {
        this.trailer = trailer;
        first = false;
      } else {
        for (const [key, value] of trailer.map) if (!this.trailer.has(key)) this.trailer.set(key, value);
      }
      // hybrid files: the table's trailer points at an xref stream too
      const xrefStm = numberOf(trailer.get('XRefStm'));
      if (xrefStm !== undefined && !seen.has(xrefStm)) {
        seen.add(xrefStm);
        try {
          this.readXrefSection(xrefStm);
        } catch {
          // a broken hybrid stream is not fatal
        }
      }
      offset = trailer.get('Prev') ?? undefined;
    }
  }

  private readXrefSection(offset: number): PdfDict {
    const data = this.bytes;
    if (offset < 0 || offset >= data.length) throw new DocumentError('invalid');
    let start = offset;
    while (start < data.length && (data[start] === 0x20 || data[start] === 0x0a || data[start] === 0x0d)) start++;
    if (indexOfAscii(data.subarray(start, start + 4), 'xref') === 0) return this.readXrefTable(start + 4);
    const parser = new Parser(data, start);
    const num = parser.parse();
    parser.parse();
    const keyword = parser.parse();
    if (typeof num !== 'number' || !(keyword instanceof PdfCommand) || keyword.name !== 'obj') {
      throw new DocumentError('invalid');
    }
    const stream = parser.parse();
    if (!(stream instanceof PdfStream)) throw new DocumentError('invalid');
    this.readXrefStream(stream);
    return stream.dict;
  }

  private readXrefTable(start: number): PdfDict {
    const parser = new Parser(this.bytes, start);
    const lexer = parser.lexer;
    for (;;) {
      const save = lexer.pos;
      const first = lexer.next();
      if (first instanceof PdfCommand && first.name === 'trailer') break;
      const count = lexer.next();
      if (typeof first !== 'number' || typeof count !== 'number') {
        lexer.pos = save;
        throw new DocumentError('invalid');
      }
      if (count < 0 || first + count > MAX_OBJECTS) throw new DocumentError('invalid');
      for (let i = 0; i < count; i++) {
        const offset = lexer.next();
        const gen = lexer.next();
        const kind = lexer.next();
        if (typeof offset !== 'number' || typeof gen !== 'number' || !(kind instanceof PdfCommand)) {
          throw new DocumentError('invalid');
        }
        const num = first + i;
        // a broken first section often starts at 1 instead of 0: the free head entry tells
        if (i === 0 && num === 1 && kind.name === 'f' && offset === 0 && gen === 65535) continue;
        if (this.entries.has(num)) continue; // a newer section already said
        if (kind.name === 'n') this.entries.set(num, { type: 1, offset, gen });
      }
    }
    const trailer = parser.parse();
    if (!(trailer instanceof PdfDict)) throw new DocumentError('invalid');
    return trailer;
  }

  private readXrefStream(stream: PdfStream): void {
    const dict = stream.dict;
    const w = dict.get('W');
    if (!Array.isArray(w) || w.length < 3) throw new DocumentError('invalid');
    const widths = w.map((value) => numberOf(value) ?? 0);
    const size = numberOf(dict.get('Size')) ?? 0;
    const indexValue = dict.get('Index');
    const index = Array.isArray(indexValue) ? indexValue.map((value) => numberOf(value) ?? 0) : [0, size];
    const decoded = decodeFilters(stream.raw, dict.get('Filter'), dict.get('DecodeParms'), this.budget).data;
    const rowLength = widths.reduce((sum, value) => sum + value, 0);
    if (rowLength <= 0) throw new DocumentError('invalid');
    let at = 0;
    const field = (width: number, fallback: number): number => {
      if (width === 0) return fallback;
      let value = 0;
      for (let i = 0; i < width; i++) value = value * 256 + (decoded[at++] ?? 0);
      return value;
    };
    for (let s = 0; s + 1 < index.length; s += 2) {
      const first = index[s] ?? 0;
      const count = index[s + 1] ?? 0;
      if (count < 0 || first + count > MAX_OBJECTS) throw new DocumentError('invalid');
      for (let i = 0; i < count && at + rowLength <= decoded.length; i++) {
        const type = field(widths[0] ?? 0, 1);
        const second = field(widths[1] ?? 0, 0);
        const third = field(widths[2] ?? 0, 0);
        const num = first + i;
        if (this.entries.has(num)) continue;
        if (type === 1) this.entries.set(num, { type: 1, offset: second, gen: third });
        else if (type === 2) this.entries.set(num, { type: 2, streamNum: second, index: third });
      }
    }
  }

  /** Rebuilds the table from every `N G obj` in the file (the last definition wins). */
  private recover(): void {
    this.recovered = true;
    this.entries.clear();
    this.cache.clear();
    this.objectStreams.clear();
    const data = this.bytes;
    const headers = this.objectHeaders();
    if (headers.starts.length > MAX_OBJECTS) throw new DocumentError('too-large');
    for (let i = 0; i < headers.starts.length; i++) {
      this.entries.set(headers.nums[i] ?? 0, { type: 1, offset: headers.starts[i] ?? 0, gen: headers.gens[i] ?? 0 });
    }
    // trailers: the last one with a /Root; else a catalog found by type. Each is read up to the
    // next trailer or object, so an unterminated one cannot make the scan quadratic.
    const trailer = new PdfDict();
    const trailers: number[] = [];
    for (let at = indexOfAscii(data, 'trailer'); at >= 0; at = indexOfAscii(data, 'trailer', at + 7)) trailers.push(at);
    for (const [i, at] of trailers.entries()) {
      const end = Math.min(trailers[i + 1] ?? data.length, this.nextHeaderAfter(at + 7));
      const parsed = new Parser(data.subarray(0, end), at + 7).parse();
      if (parsed instanceof PdfDict) for (const [key, value] of parsed.map) trailer.set(key, value);
    }
    // object streams and xref streams hold entries too
    for (const [num, entry] of [...this.entries]) {
      if (entry.type !== 1) continue;
      const object = this.parseAt(entry.offset, num);
      if (!(object instanceof PdfStream)) continue;
      const type = object.dict.get('Type');
      if (type instanceof Object && 'name' in type && type.name === 'XRef') {
        for (const [key, value] of object.dict.map) if (!trailer.has(key)) trailer.set(key, value);
      }
    }
    if (!(trailer.get('Root') instanceof PdfRef)) {
      for (const [num, entry] of this.entries) {
        if (entry.type !== 1) continue;
        const object = this.parseAt(entry.offset, num);
        const type = object instanceof PdfDict ? object.get('Type') : undefined;
        if (type instanceof Object && 'name' in type && type.name === 'Catalog') {
          trailer.set('Root', new PdfRef(num, entry.gen));
          break;
        }
      }
    }
    this.trailer = trailer;
    if (!(trailer.get('Root') instanceof PdfRef)) throw new DocumentError('invalid');
  }

  // ---- objects ----

  // ---- where objects are ----

  /**
   * Every `N G obj` header in the file, in order (found in one pass, once). An object is read
   * no further than the next header: a stream without its `endstream`, or a string without its
   * `)`, ends there instead of at the end of the file, so reading every object stays linear.
   */
  private objectHeaders(): ObjectHeaders {
    this.headers ??= scanObjectHeaders(this.bytes);
    return this.headers;
  }

  /** Start of the first object header after the object (or keyword) at `offset`. */
  private nextHeaderAfter(offset: number): number {
    const data = this.bytes;
    let p = offset;
    while (p < data.length && isWhiteByte(data[p] ?? 0)) p++;
    const starts = this.objectHeaders().starts;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((starts[mid] ?? 0) > p) hi = mid;
      else lo = mid + 1;
    }
    return starts[lo] ?? data.length;
  }

  /** A parser over the object at `offset` only (up to the next object header). */
  private parserAt(offset: number): Parser {
    const end = this.nextHeaderAfter(offset);
    return new Parser(this.bytes.subarray(0, end), offset, (ref) => this.plainNumber(ref), undefined, this.bytes);
  }

  private parseAt(offset: number, expectedNum: number): PdfObject | undefined {
    try {
      const parser = this.parserAt(offset);
      const num = parser.parse();
      const gen = parser.parse();
      const keyword = parser.parse();
      if (
        num !== expectedNum ||
        typeof gen !== 'number' ||
        !(keyword instanceof PdfCommand) ||
        keyword.name !== 'obj'
      ) {
        return undefined;
      }
      parser.owner = { num, gen };
      const value = parser.parse();
      return value instanceof PdfCommand ? null : (value ?? null);
    } catch (error) {
      if (error instanceof DocumentError && error.code !== 'invalid') throw error;
      return undefined;
    }
  }

  /** A stream's indirect /Length: a plain number object, read synchronously. */
  private plainNumber(ref: PdfRef): number | undefined {
    const entry = this.entries.get(ref.num);
    if (entry?.type !== 1) return undefined;
    const parser = new Parser(this.bytes.subarray(0, this.nextHeaderAfter(entry.offset)), entry.offset);
    parser.parse();
    parser.parse();
    parser.parse();
    const value = parser.parse();
    return typeof value === 'number' ? value : undefined;
  }

  async fetch(ref: PdfRef): Promise<PdfObject> {
    const key = ref.key;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const entry = this.entries.get(ref.num);
    let value: PdfObject | undefined = null;
    if (entry?.type === 1) {
      value = this.parseAt(entry.offset, ref.num);
      if (value === undefined && !this.recovered) {
        this.recover();
        return this.fetch(ref);
      }
    } else if (entry?.type === 2) {
      const objects = await this.objectStream(entry.streamNum);
      value = objects.get(ref.num) ?? null;
    }
    const result = value ?? null;
    this.cache.set(key, result);
    return result;
  }

  private objectStream(streamNum: number): Promise<Map<number, PdfObject>> {
    let pending = this.objectStreams.get(streamNum);
    if (!pending) {
      pending = this.readObjectStream(streamNum);
      this.objectStreams.set(streamNum, pending);
    }
    return pending;
  }

  private async readObjectStream(streamNum: number): Promise<Map<number, PdfObject>> {
    const out = new Map<number, PdfObject>();
    const entry = this.entries.get(streamNum);
    if (entry?.type !== 1) return out;
    const stream = this.parseAt(entry.offset, streamNum);
    if (!(stream instanceof PdfStream)) return out;
    const data = (await this.decodeStream(stream)).data;
    const n = numberOf(stream.dict.get('N')) ?? 0;
    const first = numberOf(stream.dict.get('First')) ?? 0;
    if (n < 0 || n > MAX_OBJECTS) throw new DocumentError('invalid');
    const header = new Parser(data, 0);
    const pairs: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const num = header.parse();
      const offset = header.parse();
      if (typeof num !== 'number' || typeof offset !== 'number') break;
      pairs.push([num, offset]);
    }
    // each object is read up to the next one's offset (an unterminated one cannot run on)
    const offsets = [...new Set(pairs.map(([, offset]) => offset))].sort((a, b) => a - b);
    const nextOffset = new Map(offsets.map((offset, i) => [offset, offsets[i + 1] ?? data.length - first]));
    for (const [num, offset] of pairs) {
      const end = Math.min(data.length, Math.max(0, first + (nextOffset.get(offset) ?? data.length)));
      const parser = new Parser(data.subarray(0, end), first + offset);
      const value = parser.parse();
      out.set(num, value instanceof PdfCommand || value === undefined ? null : value);
    }
    return out;
  }

  /** Follows references to a direct object. */
  async resolve(value: PdfObject | undefined): Promise<PdfObject | undefined> {
    let current = value;
    for (let i = 0; current instanceof PdfRef; i++) {
      if (i > MAX_RESOLVE_CHAIN) throw new DocumentError('invalid');
      current = await this.fetch(current);
    }
    return current;
  }

  /** Resolves a value and, inside arrays and dictionaries, its members (depth-bounded). */
  async resolveDeep(value: PdfObject | undefined, depth = 0): Promise<PdfObject | undefined> {
    const resolved = await this.resolve(value);
    if (depth > 8) return resolved;
    if (Array.isArray(resolved))
      return Promise.all(resolved.map(async (item) => (await this.resolveDeep(item, depth + 1)) ?? null));
    if (resolved instanceof PdfDict) {
      const copy = new PdfDict();
      for (const [key, item] of resolved.map) copy.set(key, (await this.resolveDeep(item, depth + 1)) ?? null);
      return copy;
    }
    return resolved;
  }

  async string(value: PdfObject | undefined): Promise<Uint8Array | undefined> {
    const resolved = await this.resolve(value);
    if (!(resolved instanceof PdfString)) return undefined;
    if (!this.security || resolved.owner?.num === this.encryptNum) return resolved.bytes;
    return this.security.decryptString(resolved);
  }

  /**
   * Decrypts and runs the filter chain up to (not through) an image codec. Each stream is decoded
   * once however often it is drawn (the result, or the error, is kept), and all the streams of
   * the document together may decode to MAX_DOCUMENT_DECODED_BYTES at most: past that, this and
   * every later decode fail with `too-large` (see `throwIfSpent`).
   */
  decodeStream(stream: PdfStream): Promise<DecodedStream> {
    if (this.spent) return Promise.reject(this.spent);
    let pending = this.decoded.get(stream);
    if (!pending) {
      pending = this.decodeOnce(stream).then(
        (result) => {
          // Kept while the kept results stay under MAX_KEPT_DECODED_BYTES; not a large image's
          // samples (each image is converted once). A later use of one not kept decodes it again.
          const size = result.data.length;
          const image = nameOf(stream.dict.get('Subtype')) === 'Image';
          if ((image && size > MAX_KEPT_IMAGE_BYTES) || size + this.keptBytes > MAX_KEPT_DECODED_BYTES) {
            this.decoded.delete(stream);
          } else this.keptBytes += size;
          return result;
        },
        (error: unknown) => {
          if (error instanceof DocumentError && error.code === 'too-large' && this.budget.remaining <= 0) {
            this.spent = new DocumentError(
              'too-large',
              'This PDF unpacks to more data than the extractor will handle (over 1 GiB in all).',
            );
            throw this.spent;
          }
          throw error;
        },
      );
      this.decoded.set(stream, pending);
    }
    return pending;
  }

  /** Throws once the document's decode budget is spent (callers that skip a broken stream call it). */
  throwIfSpent(): void {
    if (this.spent) throw this.spent;
  }

  private async decodeOnce(stream: PdfStream): Promise<DecodedStream> {
    let raw = stream.raw;
    const type = stream.dict.get('Type');
    const isXref = type instanceof Object && 'name' in type && type.name === 'XRef';
    if (this.security && !isXref && !hasIdentityCrypt(stream.dict))
      raw = await this.security.decryptStream(raw, stream.owner);
    const filter = await this.resolveDeep(stream.dict.get('Filter'));
    const parms = await this.resolveDeep(stream.dict.get('DecodeParms') ?? stream.dict.get('DP'));
    return decodeFilters(raw, filter, parms, this.budget);
  }
}

function hasIdentityCrypt(dict: PdfDict): boolean {
  const filter = dict.get('Filter');
  const first = Array.isArray(filter) ? filter[0] : filter;
  return first instanceof Object && 'name' in first && first.name === 'Crypt';
}

function ascii(data: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(data[i] ?? 0);
  return text;
}

type ObjectHeaders = { starts: number[]; nums: number[]; gens: number[] };

function isWhiteByte(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}

/** Every `N G obj` (white space between, digits only), in one forward pass. */
function scanObjectHeaders(data: Uint8Array): ObjectHeaders {
  const headers: ObjectHeaders = { starts: [], nums: [], gens: [] };
  for (let at = data.indexOf(0x6f); at >= 0 && at + 2 < data.length; at = data.indexOf(0x6f, at + 1)) {
    if (data[at + 1] !== 0x62 || data[at + 2] !== 0x6a) continue; // 'obj'
    // walk back over `N G ` before `obj`
    let p = at - 1;
    while (p >= 0 && isWhiteByte(data[p] ?? 0) && at - p < 64) p--;
    let genEnd = p + 1;
    while (p >= 0 && isDigit(data[p] ?? 0) && genEnd - p < 16) p--;
    if (p + 1 === genEnd) continue;
    const gen = Number(ascii(data, p + 1, genEnd));
    while (p >= 0 && isWhiteByte(data[p] ?? 0) && genEnd - p < 64) p--;
    genEnd = p + 1;
    while (p >= 0 && isDigit(data[p] ?? 0) && genEnd - p < 16) p--;
    if (p + 1 === genEnd) continue;
    headers.starts.push(p + 1);
    headers.nums.push(Number(ascii(data, p + 1, genEnd)));
    headers.gens.push(gen);
  }
  return headers;
}
