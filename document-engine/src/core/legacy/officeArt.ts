/**
 * OfficeArt (MS-ODRAW) records as both legacy formats store them: record headers, the BStore of
 * picture entries (OfficeArtFBSE) and the BLIP records that hold the pictures, decoded back to
 * the picture files they came from.
 *
 * What a decoded BLIP gives, per type:
 *   PNG, JPEG (RGB or CMYK), TIFF: the stored bytes, unchanged.
 *   DIB: a BITMAPFILEHEADER is added, so the file is a valid .bmp.
 *   EMF: the metafile, inflated when the metafile header says it is compressed.
 *   WMF: inflated, as stored: a standard metafile (MS-WMF META_HEADER first). Office drops the
 *        optional 22-byte placeable (Aldus) header when it stores a WMF, and nothing is put back:
 *        Apache POI's HWPF gives the same bytes; POI's HSLF prepends a placeable header it builds
 *        from the BLIP's rcBounds at 72 units per inch (so POI's .ppt WMFs are 22 bytes longer).
 *   PICT: inflated, after the 512-byte zero header a PICT file starts with.
 */
import { Unzlib } from 'fflate';
import { DocumentError } from '../../errors.ts';
import { concatBytes, i32, u8, u16, u32 } from '../bytes.ts';

export const RecordType = {
  DggContainer: 0xf000,
  BStoreContainer: 0xf001,
  DgContainer: 0xf002,
  SpgrContainer: 0xf003,
  SpContainer: 0xf004,
  FBSE: 0xf007,
  FSP: 0xf00a,
  FOPT: 0xf00b,
  SecondaryFOPT: 0xf121,
  TertiaryFOPT: 0xf122,
  BlipFirst: 0xf018,
  BlipLast: 0xf117,
} as const;

/** Largest metafile we inflate (zip-bomb bound). */
export const MAX_METAFILE_BYTES = 100 * 1024 * 1024; // 100 MiB

/** Deepest record nesting we follow; real files nest a handful of levels. */
const MAX_DEPTH = 32;

export type OfficeArtRecord = {
  /** Offset of the 8-byte header. */
  offset: number;
  version: number;
  instance: number;
  type: number;
  length: number;
  /** First byte after the header. */
  bodyStart: number;
  /** First byte after the record. */
  end: number;
};

/** The record at `offset`, or undefined when its header or body runs past `limit`. */
export function readRecord(data: Uint8Array, offset: number, limit = data.length): OfficeArtRecord | undefined {
  if (offset < 0 || offset + 8 > limit) return undefined;
  const verInst = u16(data, offset);
  const length = u32(data, offset + 4);
  const end = offset + 8 + length;
  if (end > limit) return undefined;
  return {
    offset,
    version: verInst & 0xf,
    instance: verInst >>> 4,
    type: u16(data, offset + 2),
    length,
    bodyStart: offset + 8,
    end,
  };
}

export function isContainer(record: OfficeArtRecord): boolean {
  return record.version === 0xf;
}

/** The records inside a container, in order; stops at the first one that runs past its parent. */
export function* childRecords(data: Uint8Array, parent: OfficeArtRecord): Generator<OfficeArtRecord> {
  let at = parent.bodyStart;
  while (at + 8 <= parent.end) {
    const record = readRecord(data, at, parent.end);
    if (!record) return;
    yield record;
    at = record.end;
  }
}

/** Every record in the container, depth first (pre-order), containers included. */
export function* allRecords(data: Uint8Array, parent: OfficeArtRecord, depth = 0): Generator<OfficeArtRecord> {
  if (depth > MAX_DEPTH) return;
  for (const record of childRecords(data, parent)) {
    yield record;
    if (isContainer(record)) yield* allRecords(data, record, depth + 1);
  }
}

export function findChild(data: Uint8Array, parent: OfficeArtRecord, type: number): OfficeArtRecord | undefined {
  for (const record of childRecords(data, parent)) if (record.type === type) return record;
  return undefined;
}

export function isBlipType(type: number): boolean {
  return type >= RecordType.BlipFirst && type <= RecordType.BlipLast;
}

/** An OfficeArtFBSE: one BStore entry. Its BLIP is embedded, or at `foDelay` in the delay stream. */
export type Fbse = {
  record: OfficeArtRecord;
  blipTypeWin32: number;
  size: number;
  refCount: number;
  foDelay: number;
  /** The BLIP record inside the FBSE, when there is one. */
  embeddedBlip?: OfficeArtRecord;
};

export function readFbse(data: Uint8Array, record: OfficeArtRecord): Fbse | undefined {
  if (record.type !== RecordType.FBSE || record.length < 36) return undefined;
  const body = record.bodyStart;
  const nameBytes = u8(data, body + 33);
  const fbse: Fbse = {
    record,
    blipTypeWin32: u8(data, body),
    size: u32(data, body + 20),
    refCount: u32(data, body + 24),
    foDelay: u32(data, body + 28),
  };
  const blip = readRecord(data, body + 36 + nameBytes, record.end);
  if (blip && isBlipType(blip.type)) fbse.embeddedBlip = blip;
  return fbse;
}

/** The FBSEs of a BStore container, in order: index i is the shapes' `pib` i + 1. */
export function readBStore(data: Uint8Array, bstore: OfficeArtRecord): (Fbse | undefined)[] {
  const entries: (Fbse | undefined)[] = [];
  for (const record of childRecords(data, bstore)) {
    // A BStore may also hold bare BLIPs; they take a slot all the same.
    entries.push(record.type === RecordType.FBSE ? readFbse(data, record) : undefined);
  }
  return entries;
}

/** What a BLIP holds once decoded (a DIB comes out as a BMP file). */
export type BlipKind = 'PNG' | 'JPEG' | 'BMP' | 'TIFF' | 'EMF' | 'WMF' | 'PICT';

/** The zero block a PICT file starts with (left out when a PICT is stored in a document). */
const PICT_FILE_HEADER_BYTES = 512;

type BlipLayout = { kind: Exclude<BlipKind, 'BMP'> | 'DIB'; metafile: boolean; singleUidInstances: number[] };

/** MS-ODRAW 2.2.23-2.2.31: the BLIP record types and the recInstance values that mean one UID. */
const BLIP_LAYOUTS: Record<number, BlipLayout> = {
  61466: { kind: 'EMF', metafile: true, singleUidInstances: [0x3d4] },
  61467: { kind: 'WMF', metafile: true, singleUidInstances: [0x216] },
  61468: { kind: 'PICT', metafile: true, singleUidInstances: [0x542] },
  61469: { kind: 'JPEG', metafile: false, singleUidInstances: [0x46a, 0x6e2] },
  61470: { kind: 'PNG', metafile: false, singleUidInstances: [0x6e0] },
  61471: { kind: 'DIB', metafile: false, singleUidInstances: [0x7a8] },
  61481: { kind: 'TIFF', metafile: false, singleUidInstances: [0x6e4] },
};

const UID_BYTES = 16;
const BITMAP_TAG_BYTES = 1;
const METAFILE_HEADER_BYTES = 34;
const METAFILE_DEFLATE = 0x00;

export type DecodedBlip = {
  /** What the BLIP record says it holds (DIB comes out as BMP). */
  declaredKind: BlipKind;
  bytes: Uint8Array;
  /** Metafiles: the display size the metafile header gives (ptSize), in pixels at 96 dpi. */
  displaySize?: { width: number; height: number };
};

const EMU_PER_PIXEL = 9525; // 914400 EMU per inch / 96 dpi

/**
 * The picture file inside a BLIP record, or undefined when the record type is unknown or its
 * data is unreadable. Throws DocumentError 'too-large' for a metafile that inflates past the bound.
 */
export function decodeBlip(data: Uint8Array, record: OfficeArtRecord): DecodedBlip | undefined {
  const layout = BLIP_LAYOUTS[record.type];
  if (!layout) return undefined;
  const uidCount = layout.singleUidInstances.includes(record.instance)
    ? 1
    : layout.singleUidInstances.includes(record.instance - 1)
      ? 2
      : 1 + (record.instance & 1);
  const headerStart = record.bodyStart + uidCount * UID_BYTES;
  if (!layout.metafile) {
    const start = headerStart + BITMAP_TAG_BYTES;
    if (start > record.end) return undefined;
    const bytes = data.slice(start, record.end);
    if (layout.kind === 'DIB') {
      const bmp = dibToBmp(bytes);
      return bmp ? { declaredKind: 'BMP', bytes: bmp } : undefined;
    }
    return { declaredKind: layout.kind, bytes };
  }

  // OfficeArtMetafileHeader: cbSize, rcBounds (4 x int32), ptSize (2 x int32), cbSave, compression, filter.
  const dataStart = headerStart + METAFILE_HEADER_BYTES;
  if (dataStart > record.end) return undefined;
  const declaredSize = u32(data, headerStart);
  const displaySize = {
    width: Math.round(i32(data, headerStart + 20) / EMU_PER_PIXEL),
    height: Math.round(i32(data, headerStart + 24) / EMU_PER_PIXEL),
  };
  const sized = displaySize.width > 0 && displaySize.height > 0 ? { displaySize } : {};
  const savedSize = u32(data, headerStart + 28);
  const compression = u8(data, headerStart + 32);
  const dataEnd = savedSize > 0 ? Math.min(record.end, dataStart + savedSize) : record.end;
  const stored = data.subarray(dataStart, dataEnd);

  let metafile: Uint8Array | undefined;
  if (compression === METAFILE_DEFLATE) {
    if (declaredSize > MAX_METAFILE_BYTES) throw new DocumentError('too-large');
    metafile = inflateBounded(stored, MAX_METAFILE_BYTES);
  } else {
    metafile = stored.slice();
  }
  if (!metafile || metafile.length === 0) return undefined;

  if (layout.kind === 'WMF') return { declaredKind: 'WMF', bytes: metafile, ...sized };
  if (layout.kind === 'PICT') {
    const file = new Uint8Array(PICT_FILE_HEADER_BYTES + metafile.length);
    file.set(metafile, PICT_FILE_HEADER_BYTES);
    return { declaredKind: 'PICT', bytes: file, ...sized };
  }
  return { declaredKind: 'EMF', bytes: metafile, ...sized };
}

/** Zlib-inflates `input`, refusing output past `limit` bytes; undefined when the data is corrupt. */
export function inflateBounded(input: Uint8Array, limit: number): Uint8Array | undefined {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooLarge = false;
  const stream = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > limit) tooLarge = true;
    else chunks.push(chunk);
  });
  // Small input slices keep each push's output small (deflate expands at most ~1000x).
  const SLICE = 16 * 1024;
  try {
    for (let at = 0; at < input.length && !tooLarge; at += SLICE) {
      const end = Math.min(input.length, at + SLICE);
      stream.push(input.subarray(at, end), end === input.length);
    }
  } catch {
    // Corrupt or truncated deflate data. A stream that stopped early still gives what it had.
    if (total === 0) return undefined;
  }
  if (tooLarge) throw new DocumentError('too-large');
  return concatBytes(chunks);
}

const BMP_FILE_HEADER_BYTES = 14;

/** A DIB (BITMAPINFOHEADER or BITMAPCOREHEADER, palette, pixels) with a BITMAPFILEHEADER in front. */
export function dibToBmp(dib: Uint8Array): Uint8Array | undefined {
  const headerSize = u32(dib, 0);
  if (dib.length < 12 || headerSize < 12 || headerSize > dib.length) return undefined;
  let paletteBytes = 0;
  if (headerSize === 12) {
    const bitCount = u16(dib, 10);
    if (bitCount <= 8) paletteBytes = (1 << bitCount) * 3;
  } else {
    const bitCount = u16(dib, 14);
    const compression = u32(dib, 16);
    const colorsUsed = u32(dib, 32);
    const colors = colorsUsed || (bitCount <= 8 ? 1 << bitCount : 0);
    paletteBytes = colors * 4;
    // BI_BITFIELDS with a plain BITMAPINFOHEADER: three colour masks follow it.
    if (headerSize === 40 && (compression === 3 || compression === 6)) paletteBytes += compression === 3 ? 12 : 16;
  }
  const pixelOffset = Math.min(BMP_FILE_HEADER_BYTES + headerSize + paletteBytes, BMP_FILE_HEADER_BYTES + dib.length);
  const file = new Uint8Array(BMP_FILE_HEADER_BYTES + dib.length);
  const view = new DataView(file.buffer);
  file[0] = 0x42; // B
  file[1] = 0x4d; // M
  view.setUint32(2, file.length, true);
  view.setUint32(10, pixelOffset, true);
  file.set(dib, BMP_FILE_HEADER_BYTES);
  return file;
}
