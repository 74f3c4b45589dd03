/**
 * A small ZIP reader for OOXML packages: it reads the central directory once, bounds it against
 * zip bombs before anything is inflated, and inflates one entry when asked (fflate's `Inflate`).
 *
 * We read the directory ourselves (it is a fixed-layout table) rather than through fflate's
 * `unzipSync` filter: that would re-scan the whole directory for every part we open, and this way
 * every lookup is one map access. fflate does the DEFLATE work.
 *
 * Stored entries come back as a copy of the stored bytes, deflated ones as the inflated bytes: in
 * both cases exactly the file that was zipped. CRCs are not checked (a damaged deflate stream still
 * fails to inflate).
 *
 * Media (most of a package's bytes) go through `readAsync`, which hands DEFLATE to native code: the
 * caller's inflater (Node passes zlib's) or the platform's DecompressionStream. fflate in
 * JavaScript inflated about 5x slower than `unzip` on a 56 MB DOCX (bench/RESULTS.md).
 */
import { Inflate } from 'fflate';
import { DocumentError } from '../../errors.ts';
import type { RawInflater } from '../types.ts';

/** Refuse an archive that declares more than this, all entries together. */
export const MAX_ZIP_TOTAL_BYTES = 1024 * 1024 * 1024; // 1 GiB
/** Refuse an archive with one entry larger than this. */
export const MAX_ZIP_ENTRY_BYTES = 200 * 1024 * 1024; // 200 MiB
/** Refuse an entry that declares more than this many bytes out per byte in… */
export const MAX_ZIP_COMPRESSION_RATIO = 1000;
/** …once it is large enough to matter (below this even a 1000:1 entry is harmless). */
export const ZIP_RATIO_CHECK_FROM_BYTES = 1024 * 1024; // 1 MiB
export const MAX_ZIP_ENTRIES = 20_000;
/** Compressed bytes handed to the inflater at a time, so a lying entry is caught early. */
const INFLATE_CHUNK_BYTES = 64 * 1024; // 64 KiB

export type ZipEntry = {
  /** The entry's name as stored (forward slashes, no leading slash). */
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** Declared uncompressed size. */
  size: number;
  flags: number;
  localHeaderOffset: number;
};

export type ZipReader = {
  readonly entries: readonly ZipEntry[];
  /** Finds an entry by name, ignoring ASCII case (OPC part names are case-insensitive). */
  find(name: string): ZipEntry | undefined;
  /** The entry's original bytes (inflated when deflated). */
  read(entry: ZipEntry): Uint8Array;
  /** The same, inflated by native code: `inflate` when given, else DecompressionStream where the platform has it. */
  readAsync(entry: ZipEntry, inflate?: RawInflater): Promise<Uint8Array>;
};

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const EOCD_MIN_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const FLAG_ENCRYPTED = 0x1;
const FLAG_UTF8 = 0x800;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && readU32(bytes, 0) === LOCAL_HEADER_SIGNATURE;
}

/**
 * Opens a ZIP archive: throws DocumentError 'invalid' for a non-ZIP, 'too-large' past the bounds.
 * `namesOnly`: for telling what a file is from its entry names, the size bounds are checked per
 * entry when it is read rather than up front, so that a zip bomb is still told by its kind (and
 * then refused by its reader).
 */
export function openZip(bytes: Uint8Array, { namesOnly = false }: { namesOnly?: boolean } = {}): ZipReader {
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) throw new DocumentError('invalid', 'This file is not a ZIP package.');
  let entryCount = readU16(bytes, eocd + 10);
  let directorySize = readU32(bytes, eocd + 12);
  let directoryOffset = readU32(bytes, eocd + 16);

  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const zip64 = readZip64End(bytes, eocd);
    if (zip64) ({ entryCount, directorySize, directoryOffset } = zip64);
  }
  if (entryCount > MAX_ZIP_ENTRIES) {
    throw new DocumentError('too-large', `This package holds more than ${MAX_ZIP_ENTRIES} entries.`);
  }
  // Some writers put data before the archive (self-extractors): the directory then sits
  // `shift` bytes further than it says, and so does every local header.
  let shift = 0;
  if (readU32(bytes, directoryOffset) !== CENTRAL_HEADER_SIGNATURE && entryCount > 0) {
    const actual = eocd - directorySize;
    if (actual >= 0 && readU32(bytes, actual) === CENTRAL_HEADER_SIGNATURE) shift = actual - directoryOffset;
    else throw new DocumentError('invalid', 'The ZIP directory is damaged.');
  }

  const entries = readCentralDirectory(bytes, directoryOffset + shift, entryCount, shift);
  if (!namesOnly) checkBounds(entries);
  const byName = new Map<string, ZipEntry>();
  for (const entry of entries) {
    const key = entry.name.toLowerCase();
    if (!byName.has(key)) byName.set(key, entry);
  }
  return {
    entries,
    find: (name) => byName.get(name.replace(/^\/+/, '').toLowerCase()),
    read: (entry) => {
      if (namesOnly) checkBounds([entry]);
      return inflateEntry(entryData(bytes, entry), entry);
    },
    readAsync: async (entry, inflate) => {
      if (namesOnly) checkBounds([entry]);
      const data = entryData(bytes, entry);
      if (entry.method === 0) return data;
      const inflater = inflate ?? platformInflater();
      if (!inflater) return inflateEntry(data, entry);
      let out: Uint8Array;
      try {
        out = await inflater(data, entry.size);
      } catch (error) {
        if (error instanceof DocumentError) throw error;
        throw new DocumentError('invalid', `The package entry ${entry.name} is damaged.`, { cause: error });
      }
      if (out.length > entry.size) {
        throw new DocumentError('too-large', `The package entry ${entry.name} unpacks to more than it declares.`);
      }
      if (out.length !== entry.size)
        throw new DocumentError('invalid', `The package entry ${entry.name} is cut short.`);
      return out;
    },
  };
}

let platformSupport: boolean | undefined;

/**
 * DecompressionStream('deflate-raw') (Chrome 103, Firefox 113, Safari 16.4, Node 20): native
 * inflate, output read chunk by chunk and refused as soon as it passes the declared size.
 * Undefined on older browsers, which keep fflate.
 */
function platformInflater(): RawInflater | undefined {
  if (platformSupport === undefined) {
    try {
      new DecompressionStream('deflate-raw');
      platformSupport = true;
    } catch {
      platformSupport = false;
    }
  }
  if (!platformSupport) return undefined;
  return async (data, size) => {
    const stream = new DecompressionStream('deflate-raw');
    const writer = stream.writable.getWriter();
    // errors surface on the reading side
    writer.write(data as Uint8Array<ArrayBuffer>).catch(() => undefined);
    writer.close().catch(() => undefined);
    const reader = stream.readable.getReader();
    const out = new Uint8Array(size);
    let written = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (written + value.length > size) {
        await reader.cancel().catch(() => undefined);
        return new Uint8Array(size + 1);
      }
      out.set(value, written);
      written += value.length;
    }
    return written === size ? out : out.subarray(0, written);
  };
}

function findEndOfCentralDirectory(bytes: Uint8Array): number {
  const last = bytes.length - EOCD_MIN_BYTES;
  const first = Math.max(0, last - MAX_COMMENT_BYTES);
  for (let at = last; at >= first; at--) {
    if (bytes[at] === 0x50 && readU32(bytes, at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

function readZip64End(bytes: Uint8Array, eocd: number) {
  const locator = eocd - 20;
  if (locator < 0 || readU32(bytes, locator) !== ZIP64_LOCATOR_SIGNATURE) return undefined;
  const record = readU64(bytes, locator + 8);
  if (record + 56 > bytes.length || readU32(bytes, record) !== ZIP64_EOCD_SIGNATURE) {
    throw new DocumentError('invalid', 'The ZIP64 directory is damaged.');
  }
  return {
    entryCount: readU64(bytes, record + 32),
    directorySize: readU64(bytes, record + 40),
    directoryOffset: readU64(bytes, record + 48),
  };
}

/** The upper half of IBM code page 437, which the ZIP format names for names without the UTF-8 flag. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A name without the UTF-8 flag: UTF-8 all the same when its bytes are (Info-ZIP on Linux and
 * macOS's Archive Utility write their locale's UTF-8 without saying so, and "café" read as code
 * page 437 would be "cafÃ©", so a book's page would not find its picture); code page 437 otherwise,
 * as the format says (DOS and older Windows tools).
 */
function unflaggedName(nameBytes: Uint8Array): string {
  try {
    return strictUtf8.decode(nameBytes);
  } catch {
    let name = '';
    for (const byte of nameBytes) name += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80];
    return name;
  }
}

function readCentralDirectory(bytes: Uint8Array, start: number, count: number, shift: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  const utf8 = new TextDecoder('utf-8');
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || readU32(bytes, at) !== CENTRAL_HEADER_SIGNATURE) {
      throw new DocumentError('invalid', 'The ZIP directory is damaged.');
    }
    const flags = readU16(bytes, at + 8);
    const method = readU16(bytes, at + 10);
    let compressedSize = readU32(bytes, at + 20);
    let size = readU32(bytes, at + 24);
    const nameLength = readU16(bytes, at + 28);
    const extraLength = readU16(bytes, at + 30);
    const commentLength = readU16(bytes, at + 32);
    let localHeaderOffset = readU32(bytes, at + 42);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = flags & FLAG_UTF8 || isAscii(nameBytes) ? utf8.decode(nameBytes) : unflaggedName(nameBytes);

    if (size === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      // ZIP64 extended information: only the fields saturated above are present, in this order.
      const extra = findExtraField(bytes, at + 46 + nameLength, extraLength, 0x0001);
      if (extra) {
        let field = extra;
        if (size === 0xffffffff) {
          size = readU64(bytes, field);
          field += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = readU64(bytes, field);
          field += 8;
        }
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = readU64(bytes, field);
      }
    }
    entries.push({ name, method, compressedSize, size, flags, localHeaderOffset: localHeaderOffset + shift });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findExtraField(bytes: Uint8Array, start: number, length: number, id: number): number | undefined {
  let at = start;
  while (at + 4 <= start + length) {
    const fieldId = readU16(bytes, at);
    const fieldLength = readU16(bytes, at + 2);
    if (fieldId === id) return at + 4;
    at += 4 + fieldLength;
  }
  return undefined;
}

function checkBounds(entries: readonly ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.size > MAX_ZIP_ENTRY_BYTES) {
      throw new DocumentError('too-large', `The package entry ${entry.name} unpacks to more than 200 MiB.`);
    }
    const ratio = entry.size / Math.max(1, entry.compressedSize);
    if (entry.size >= ZIP_RATIO_CHECK_FROM_BYTES && ratio > MAX_ZIP_COMPRESSION_RATIO) {
      throw new DocumentError('too-large', `The package entry ${entry.name} is compressed more than 1000:1.`);
    }
    total += entry.size;
    if (total > MAX_ZIP_TOTAL_BYTES) {
      throw new DocumentError('too-large', 'This package unpacks to more than 1 GiB.');
    }
  }
}

/** The entry's bytes as stored: a copy for a stored entry, a view of the compressed data for a deflated one. */
function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || readU32(bytes, header) !== LOCAL_HEADER_SIGNATURE) {
    throw new DocumentError('invalid', `The package entry ${entry.name} is damaged.`);
  }
  if (entry.flags & FLAG_ENCRYPTED) {
    throw new DocumentError('unsupported', `The package entry ${entry.name} is encrypted.`);
  }
  const dataStart = header + 30 + readU16(bytes, header + 26) + readU16(bytes, header + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.length) throw new DocumentError('invalid', `The package entry ${entry.name} is cut short.`);
  const data = bytes.subarray(dataStart, dataEnd);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) {
      throw new DocumentError('invalid', `The package entry ${entry.name} is damaged.`);
    }
    return data.slice();
  }
  if (entry.method !== 8) {
    throw new DocumentError('unsupported', `The package entry ${entry.name} uses compression method ${entry.method}.`);
  }
  return data;
}

/**
 * Inflates into a buffer of the declared size, a chunk of input at a time: an entry that inflates
 * to more than it declared is refused as soon as it does, so a lying directory cannot make us
 * produce (or spin on) more than the bounds allow.
 */
function inflateEntry(data: Uint8Array, entry: ZipEntry): Uint8Array {
  if (entry.method === 0) return data;
  const out = new Uint8Array(entry.size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > out.length) {
      throw new DocumentError('too-large', `The package entry ${entry.name} unpacks to more than it declares.`);
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    if (data.length === 0) inflater.push(data, true);
    for (let at = 0; at < data.length; at += INFLATE_CHUNK_BYTES) {
      const end = Math.min(at + INFLATE_CHUNK_BYTES, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('invalid', `The package entry ${entry.name} is damaged.`, { cause: error });
  }
  if (written !== out.length) throw new DocumentError('invalid', `The package entry ${entry.name} is cut short.`);
  return out;
}

function isAscii(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte > 0x7f) return false;
  return true;
}

function readU16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function readU32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0
  );
}

function readU64(bytes: Uint8Array, at: number): number {
  // Exact up to 2^53, far beyond any archive we accept.
  return readU32(bytes, at) + readU32(bytes, at + 4) * 0x100000000;
}
