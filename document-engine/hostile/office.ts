/**
 * Hostile Word and PowerPoint files, each built from scratch here and then corrupted in one
 * place, so that a test shows exactly one class:
 *
 *   - compound files (.doc, .ppt; MS-CFB) whose sector chains or directory tree loop: the `cfb`
 *     package the engine once used followed them with no visited check until V8 aborted the whole
 *     process ("invalid size error") or the heap ran out, 7-9 s in, from inside sniffDocumentKind;
 *   - compound files whose FAT chains all merge into one (linear to store, quadratic for a reader
 *     that walks each chain from every sector);
 *   - OOXML packages (.docx, .pptx) with a chain of 6,000 chart parts, each relating to the next,
 *     which overflowed the stack of the recursive relationship walk;
 *   - password-protected packages (ECMA-376 encryption) declaring sizes and counts that would
 *     spin for hours or allocate gigabytes: refused as damaged before anything is derived.
 *
 * The compound files come from a minimal MS-CFB writer (version 3: 512-byte sectors, one FAT,
 * a directory with the Root Entry and the streams, a mini stream for streams under 4096 bytes).
 */
import { zipSync } from 'fflate';
import type { HostileDocument } from './hostileDocument.ts';

// --- A minimal compound file writer --------------------------------------------------------------

const SECTOR_BYTES = 512;
const MINI_SECTOR_BYTES = 64;
const MINI_STREAM_CUTOFF = 4096;
const ENTRY_BYTES = 128;
const FAT_ENTRIES_PER_SECTOR = SECTOR_BYTES / 4;
const HEADER_DIFAT_ENTRIES = 109;
const ENDOFCHAIN = 0xfffffffe;
const FREESECT = 0xffffffff;
const FATSECT = 0xfffffffd;
const DIFSECT = 0xfffffffc;
const NOSTREAM = 0xffffffff;

type StreamSpec = {
  name: string;
  data: Uint8Array;
  /**
   * Store the stream's last sector before its first (writers reuse freed sectors, so a chain need
   * not run forwards). A loop from the last sector back to the first is then entered from inside
   * by a reader that starts a chain at the lowest sector it meets.
   */
  tailFirst?: boolean;
};

type WriterOptions = {
  /** Add one (empty) DIFAT sector after the FAT: what a file with more than 109 FAT sectors has. */
  difatSector?: boolean;
};

/** A written compound file and where its structures are, for a builder to corrupt. */
type CompoundFileImage = {
  bytes: Uint8Array;
  /** FAT sector chains by stream name, in chain order. */
  chains: Map<string, number[]>;
  /** Mini FAT chains of the streams kept in the mini stream. */
  miniChains: Map<string, number[]>;
  /** Directory entry ids by name ('Root Entry' is 0). */
  entryIds: Map<string, number>;
  difatSector?: number;
  firstMiniFatSector?: number;
};

function sectorOffset(sector: number): number {
  return SECTOR_BYTES * (sector + 1);
}

function writeCompoundFile(streams: readonly StreamSpec[], options: WriterOptions = {}): CompoundFileImage {
  const small = streams.filter((stream) => stream.data.length < MINI_STREAM_CUTOFF);
  const big = streams.filter((stream) => stream.data.length >= MINI_STREAM_CUTOFF);
  const miniSectorsOf = (data: Uint8Array) => Math.ceil(data.length / MINI_SECTOR_BYTES);
  const sectorsOf = (length: number) => Math.ceil(length / SECTOR_BYTES);

  const miniSectorCount = small.reduce((sum, stream) => sum + miniSectorsOf(stream.data), 0);
  const miniFatSectors = sectorsOf(miniSectorCount * 4);
  const miniStreamSectors = sectorsOf(miniSectorCount * MINI_SECTOR_BYTES);
  const directorySectors = sectorsOf((1 + streams.length) * ENTRY_BYTES);
  const difatSectors = options.difatSector ? 1 : 0;
  const dataSectors =
    difatSectors +
    directorySectors +
    miniFatSectors +
    miniStreamSectors +
    big.reduce((sum, stream) => sum + sectorsOf(stream.data.length), 0);
  let fatSectors = 1;
  while (fatSectors * FAT_ENTRIES_PER_SECTOR < fatSectors + dataSectors) fatSectors++;
  const totalSectors = fatSectors + dataSectors;

  const bytes = new Uint8Array(sectorOffset(totalSectors));
  const view = new DataView(bytes.buffer);
  const fat = new Uint32Array(fatSectors * FAT_ENTRIES_PER_SECTOR).fill(FREESECT);
  let next = 0;
  const allocate = (count: number) => Array.from({ length: count }, () => next++);
  const link = (chain: readonly number[]) => {
    chain.forEach((sector, i) => {
      fat[sector] = chain[i + 1] ?? ENDOFCHAIN;
    });
  };

  for (const sector of allocate(fatSectors)) fat[sector] = FATSECT;
  const difat = allocate(difatSectors);
  for (const sector of difat) fat[sector] = DIFSECT;
  const directory = allocate(directorySectors);
  link(directory);
  const miniFat = allocate(miniFatSectors);
  link(miniFat);
  const miniStream = allocate(miniStreamSectors);
  link(miniStream);

  const chains = new Map<string, number[]>();
  for (const stream of big) {
    const chain = allocate(sectorsOf(stream.data.length));
    if (stream.tailFirst && chain.length > 1) chain.push(chain.shift() as number);
    link(chain);
    chains.set(stream.name, chain);
    chain.forEach((sector, i) => {
      bytes.set(stream.data.subarray(i * SECTOR_BYTES, (i + 1) * SECTOR_BYTES), sectorOffset(sector));
    });
  }

  // The mini stream and its FAT.
  const miniChains = new Map<string, number[]>();
  const miniBytes = new Uint8Array(miniStreamSectors * SECTOR_BYTES);
  const miniFatTable = new Uint32Array((miniFatSectors * SECTOR_BYTES) / 4).fill(FREESECT);
  let nextMini = 0;
  for (const stream of small) {
    const chain = Array.from({ length: miniSectorsOf(stream.data) }, () => nextMini++);
    chain.forEach((sector, i) => {
      miniFatTable[sector] = chain[i + 1] ?? ENDOFCHAIN;
    });
    miniChains.set(stream.name, chain);
    miniBytes.set(stream.data, (chain[0] ?? 0) * MINI_SECTOR_BYTES);
  }
  miniStream.forEach((sector, i) => {
    bytes.set(miniBytes.subarray(i * SECTOR_BYTES, (i + 1) * SECTOR_BYTES), sectorOffset(sector));
  });
  miniFat.forEach((sector, i) => {
    for (let k = 0; k < FAT_ENTRIES_PER_SECTOR; k++) {
      view.setUint32(sectorOffset(sector) + k * 4, miniFatTable[i * FAT_ENTRIES_PER_SECTOR + k] ?? FREESECT, true);
    }
  });
  for (const sector of difat) {
    for (let k = 0; k < FAT_ENTRIES_PER_SECTOR; k++) view.setUint32(sectorOffset(sector) + k * 4, FREESECT, true);
    view.setUint32(sectorOffset(sector) + SECTOR_BYTES - 4, ENDOFCHAIN, true);
  }

  // The directory: Root Entry, then the streams; siblings in a balanced tree, ordered as MS-CFB
  // says (shorter names first, then by upper-case code units).
  const entryIds = new Map<string, number>([['Root Entry', 0]]);
  streams.forEach((stream, i) => {
    entryIds.set(stream.name, i + 1);
  });
  const entryAt = (id: number) => sectorOffset(directory[Math.floor(id / 4)] as number) + (id % 4) * ENTRY_BYTES;
  const writeEntry = (id: number, name: string, type: number, start: number, size: number) => {
    const at = entryAt(id);
    for (let i = 0; i < name.length; i++) view.setUint16(at + i * 2, name.charCodeAt(i), true);
    view.setUint16(at + 0x40, (name.length + 1) * 2, true);
    bytes[at + 0x42] = type;
    bytes[at + 0x43] = 1; // black
    view.setUint32(at + 0x44, NOSTREAM, true);
    view.setUint32(at + 0x48, NOSTREAM, true);
    view.setUint32(at + 0x4c, NOSTREAM, true);
    view.setUint32(at + 0x74, start, true);
    view.setUint32(at + 0x78, size, true);
  };
  for (let id = 0; id < directorySectors * 4; id++) {
    const at = entryAt(id);
    view.setUint32(at + 0x44, NOSTREAM, true);
    view.setUint32(at + 0x48, NOSTREAM, true);
    view.setUint32(at + 0x4c, NOSTREAM, true);
  }
  writeEntry(0, 'Root Entry', 5, miniStream[0] ?? ENDOFCHAIN, miniSectorCount * MINI_SECTOR_BYTES);
  for (const stream of streams) {
    const start = chains.get(stream.name)?.[0] ?? miniChains.get(stream.name)?.[0] ?? ENDOFCHAIN;
    writeEntry(entryIds.get(stream.name) as number, stream.name, 2, start, stream.data.length);
  }
  const ordered = [...streams].sort(
    (a, b) => a.name.length - b.name.length || (a.name.toUpperCase() < b.name.toUpperCase() ? -1 : 1),
  );
  const tree = (from: number, to: number): number => {
    if (from >= to) return NOSTREAM;
    const middle = (from + to) >> 1;
    const id = entryIds.get((ordered[middle] as StreamSpec).name) as number;
    view.setUint32(entryAt(id) + 0x44, tree(from, middle), true);
    view.setUint32(entryAt(id) + 0x48, tree(middle + 1, to), true);
    return id;
  };
  view.setUint32(entryAt(0) + 0x4c, tree(0, ordered.length), true);

  // The FAT, and the header.
  for (let sector = 0; sector < fatSectors; sector++) {
    for (let k = 0; k < FAT_ENTRIES_PER_SECTOR; k++) {
      view.setUint32(sectorOffset(sector) + k * 4, fat[sector * FAT_ENTRIES_PER_SECTOR + k] as number, true);
    }
  }
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, fatSectors, true);
  view.setUint32(0x30, directory[0] as number, true);
  view.setUint32(0x38, MINI_STREAM_CUTOFF, true);
  view.setUint32(0x3c, miniFat[0] ?? ENDOFCHAIN, true);
  view.setUint32(0x40, miniFatSectors, true);
  view.setUint32(0x44, difat[0] ?? ENDOFCHAIN, true);
  view.setUint32(0x48, difatSectors, true);
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) view.setUint32(0x4c + i * 4, i < fatSectors ? i : FREESECT, true);

  return {
    bytes,
    chains,
    miniChains,
    entryIds,
    ...(difat[0] === undefined ? {} : { difatSector: difat[0] }),
    ...(miniFat[0] === undefined ? {} : { firstMiniFatSector: miniFat[0] }),
  };
}

/** Sets the FAT entry of `sector` (the FAT is written from sector 0 on). */
function setFatEntry(file: CompoundFileImage, sector: number, value: number): void {
  new DataView(file.bytes.buffer).setUint32(sectorOffset(0) + sector * 4, value, true);
}

const EntryField = { left: 0x44, right: 0x48, child: 0x4c } as const;

function setEntryField(file: CompoundFileImage, name: string, field: keyof typeof EntryField, value: number): void {
  const id = file.entryIds.get(name) as number;
  // The directory follows the FAT (and the DIFAT sector, when there is one).
  const directoryStart = new DataView(file.bytes.buffer).getUint32(0x30, true);
  const at = sectorOffset(directoryStart + Math.floor(id / 4)) + (id % 4) * ENTRY_BYTES + EntryField[field];
  new DataView(file.bytes.buffer).setUint32(at, value, true);
}

// --- Streams that make the compound file a .doc or a .ppt ----------------------------------------

/** A Word 97 FIB (wIdent, nFib, fWhichTblStm) and zeros: a document with no text and no pictures. */
function wordDocumentStream(length = 9 * SECTOR_BYTES): Uint8Array {
  const word = new Uint8Array(length);
  const view = new DataView(word.buffer);
  view.setUint16(0, 0xa5ec, true);
  view.setUint16(2, 0xc1, true);
  view.setUint16(0x0a, 0x0200, true);
  return word;
}

function docStreams(): StreamSpec[] {
  return [
    { name: 'WordDocument', data: wordDocumentStream(), tailFirst: true },
    { name: '1Table', data: new Uint8Array(1024) },
  ];
}

/** A CurrentUserAtom (MS-PPT 2.3.2) pointing at no edit: the reader then scans for one. */
function currentUserStream(): Uint8Array {
  const user = new Uint8Array(200);
  const view = new DataView(user.buffer);
  view.setUint16(2, 0x0ff6, true);
  view.setUint32(4, user.length - 8, true);
  view.setUint32(8, 0x14, true);
  view.setUint32(12, 0xe391c05f, true);
  return user;
}

function pptStreams(): StreamSpec[] {
  return [
    { name: 'PowerPoint Document', data: new Uint8Array(9 * SECTOR_BYTES) },
    { name: 'Current User', data: currentUserStream() },
  ];
}

// --- The compound file classes -------------------------------------------------------------------

/** The .doc the corrupted ones start from, well formed: a Word 97 document with no pictures. */
export function wellFormedDoc(): Uint8Array {
  return writeCompoundFile(docStreams()).bytes;
}

/** The .ppt the corrupted ones start from, well formed: a presentation with no pictures. */
export function wellFormedPpt(): Uint8Array {
  return writeCompoundFile(pptStreams()).bytes;
}

/**
 * A .doc whose WordDocument stream's FAT chain loops: its last sector points back to its first.
 * (The stream's last sector is stored before its first, so a reader that starts chains at the
 * lowest sector it meets enters the loop from inside: `cfb` then walked it with no visited check.)
 */
export function loopingFatDoc(): Uint8Array {
  const file = writeCompoundFile(docStreams());
  const chain = file.chains.get('WordDocument') as number[];
  setFatEntry(file, chain[chain.length - 1] as number, chain[0] as number);
  return file.bytes;
}

/** A .ppt whose directory tree has a cycle: a sibling's right pointer leads back to its parent. */
export function directoryCyclePpt(): Uint8Array {
  const file = writeCompoundFile(pptStreams());
  // 'Current User' sorts before 'PowerPoint Document', so it is the left child of the tree's root.
  setEntryField(file, 'Current User', 'right', file.entryIds.get('PowerPoint Document') as number);
  return file.bytes;
}

/**
 * A .doc whose DIFAT chain loops: the header counts 100,000 DIFAT sectors, and the one there is
 * names itself as the next.
 */
export function loopingDifatDoc(): Uint8Array {
  const file = writeCompoundFile(docStreams(), { difatSector: true });
  const sector = file.difatSector as number;
  const view = new DataView(file.bytes.buffer);
  view.setUint32(sectorOffset(sector) + SECTOR_BYTES - 4, sector, true);
  view.setUint32(0x48, 100_000, true);
  return file.bytes;
}

/** A .ppt whose 'Current User' stream (in the mini stream) has a mini FAT chain that loops. */
export function loopingMiniFatPpt(): Uint8Array {
  const file = writeCompoundFile(pptStreams());
  const chain = file.miniChains.get('Current User') as number[];
  const at = sectorOffset(file.firstMiniFatSector as number) + (chain[chain.length - 1] as number) * 4;
  new DataView(file.bytes.buffer).setUint32(at, chain[0] as number, true);
  return file.bytes;
}

/**
 * A 2 MB .doc whose free sectors' FAT entries each point at the sector before: 4,000 chains that
 * all merge into one. Each sector is in one chain, so the file is small, but a reader that walks
 * the chain of every sector (as `cfb` does, to name them all) walks and copies n²/2 sectors.
 */
export function mergingFatChainsDoc(): Uint8Array {
  const filler = 4000;
  const file = writeCompoundFile([...docStreams(), { name: 'Data', data: new Uint8Array(filler * SECTOR_BYTES) }]);
  const chain = file.chains.get('Data') as number[];
  // Reverse the Data stream's chain: every sector points at the one stored before it.
  chain.forEach((sector, i) => {
    setFatEntry(file, sector, i === 0 ? ENDOFCHAIN : (chain[i - 1] as number));
  });
  return file.bytes;
}

// --- Word picture runs over overlapping pieces ---------------------------------------------------

/**
 * A .doc of 30 KB whose 20 CHPX pages hold 1,000 picture runs over one picture character, and
 * whose 1,000 pieces all cover that character: a reader that pairs every run with every piece
 * lists a million inline pictures (each a copy of the one PICF's PNG).
 */
export function overlappingPiecesDoc(): Uint8Array {
  const pageCount = 20;
  const pieceCount = 1000;
  const firstPage = 10;
  const pictureChar = 0x1000;
  const word = wordDocumentStream((firstPage + pageCount) * SECTOR_BYTES);
  const wordView = new DataView(word.buffer);
  // FIB: csw 14, cslw 22 (ccpText), cbRgFcLcb 93 (PlcfBteChpx is pair 12, Clx pair 33).
  wordView.setUint16(0x20, 14, true);
  wordView.setUint16(0x3e, 22, true);
  wordView.setUint32(0x40 + 3 * 4, 1_000_000, true);
  wordView.setUint16(0x98, 93, true);
  const fcLcb = (index: number, fc: number, lcb: number) => {
    wordView.setUint32(0x9a + index * 8, fc, true);
    wordView.setUint32(0x9a + index * 8 + 4, lcb, true);
  };
  word[pictureChar] = 0x01;
  // CHPX FKPs: 99 runs a page, alternately [c, c + 1) and [c + 1, c), all with one CHPX:
  // sprmCFSpec 1, sprmCPicLocation 0.
  const runsPerPage = 99;
  for (let p = 0; p < pageCount; p++) {
    const page = (firstPage + p) * SECTOR_BYTES;
    for (let k = 0; k <= runsPerPage; k++) wordView.setUint32(page + k * 4, pictureChar + (k % 2), true);
    for (let k = 0; k < runsPerPage; k++) word[page + (runsPerPage + 1) * 4 + k] = 250;
    word.set([9, 0x55, 0x08, 1, 0x03, 0x6a, 0, 0, 0, 0], page + 500);
    word[page + 511] = runsPerPage;
  }
  // The table stream: PlcfBteChpx (the pages), then the Clx (the pieces).
  const plcf = new Uint8Array(8 * pageCount + 4);
  const plcfView = new DataView(plcf.buffer);
  for (let p = 0; p < pageCount; p++) plcfView.setUint32((pageCount + 1) * 4 + p * 4, firstPage + p, true);
  const plcPcd = new Uint8Array((pieceCount + 1) * 4 + pieceCount * 8);
  const pcdView = new DataView(plcPcd.buffer);
  for (let i = 0; i <= pieceCount; i++) pcdView.setUint32(i * 4, i, true);
  for (let i = 0; i < pieceCount; i++) {
    pcdView.setUint32((pieceCount + 1) * 4 + i * 8 + 2, (0x40000000 | (pictureChar * 2)) >>> 0, true);
  }
  const clx = concat([new Uint8Array([0x02, ...le32(plcPcd.length)]), plcPcd]);
  const table = concat([plcf, clx]);
  fcLcb(12, 0, plcf.length);
  fcLcb(33, plcf.length, clx.length);
  // The Data stream: one PICF (MM_SHAPE), its shape, and a PNG BLIP.
  const blip = pptRecord(0xf01e, concat([new Uint8Array(17), tinyPng()]), { instance: 0x6e0 });
  const shape = pptRecord(0xf004, new Uint8Array(0), { container: true });
  const picf = new Uint8Array(0x44);
  const picfView = new DataView(picf.buffer);
  picfView.setUint32(0, 0x44 + shape.length + blip.length, true);
  picfView.setUint16(4, 0x44, true);
  picfView.setUint16(6, 0x64, true);
  return writeCompoundFile([
    { name: 'WordDocument', data: word },
    { name: '1Table', data: table },
    { name: 'Data', data: concat([picf, shape, blip]) },
  ]).bytes;
}

function le32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
}

// --- PowerPoint records that many others point at ------------------------------------------------

/** A PowerPoint record header (MS-PPT 2.3.1): version and instance, type, length. */
function pptRecord(type: number, body: Uint8Array, options: { container?: boolean; instance?: number } = {}) {
  const out = new Uint8Array(8 + body.length);
  const view = new DataView(out.buffer);
  view.setUint16(0, ((options.instance ?? 0) << 4) | (options.container ? 0xf : 0), true);
  view.setUint16(2, type, true);
  view.setUint32(4, body.length, true);
  out.set(body, 8);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A UserEditAtom (MS-PPT 2.3.3): the previous edit, the persist directory, the document's persist id. */
function userEditAtom(previous: number, directory: number, docPersistIdRef: number): Uint8Array {
  const body = new Uint8Array(28);
  const view = new DataView(body.buffer);
  view.setUint32(8, previous, true);
  view.setUint32(12, directory, true);
  view.setUint32(16, docPersistIdRef, true);
  return pptRecord(0x0ff5, body);
}

/** A CurrentUserAtom pointing at the edit at `offset`. */
function currentUserAt(offset: number): Uint8Array {
  const user = currentUserStream();
  new DataView(user.buffer).setUint32(16, offset, true);
  return user;
}

/**
 * A .ppt whose 4,096 edits (the most the reader follows) all name one 1 MB persist directory:
 * each edit is 36 bytes, but a reader that reads each edit's directory reads 4 GB of entries.
 */
export function sharedPersistDirectoryPpt(): Uint8Array {
  const edits = 4096;
  const entries = new Uint8Array(1024 * 1024);
  const view = new DataView(entries.buffer);
  // One run of 4,095 persist ids after another: (id | count << 20), then the offsets.
  for (let at = 0, id = 1; at + 4 * 4096 <= entries.length; at += 4 * 4096, id += 4095) {
    view.setUint32(at, (id | (4095 << 20)) >>> 0, true);
  }
  const directory = pptRecord(0x1772, entries);
  const parts: Uint8Array[] = [directory];
  let offset = directory.length;
  let previous = 0;
  for (let i = 0; i < edits; i++) {
    parts.push(userEditAtom(previous, 0, 1));
    previous = offset;
    offset += 36;
  }
  return writeCompoundFile([
    { name: 'PowerPoint Document', data: concat(parts) },
    { name: 'Current User', data: currentUserAt(previous) },
  ]).bytes;
}

/**
 * A .ppt with 20,000 slides that all name one slide whose drawing holds 20,000 shapes: 1 MB,
 * but a reader that walks each slide's drawing walks 800 million records.
 */
export function sharedSlideDrawingPpt(): Uint8Array {
  const count = 20_000;
  // A shape: SpContainer with an FOPT holding one pib property (BStore entry 1).
  const fopt = new Uint8Array(6);
  new DataView(fopt.buffer).setUint16(0, 0x4104, true);
  new DataView(fopt.buffer).setUint32(2, 1, true);
  const shape = pptRecord(0xf004, pptRecord(0xf00b, fopt, { instance: 1 }), { container: true });
  const shapes = concat(Array.from({ length: count }, () => shape));
  const drawing = pptRecord(0x040c, pptRecord(0xf002, shapes, { container: true }), { container: true });
  const slide = pptRecord(0x03ee, drawing, { container: true });
  // SlidePersistAtoms, each naming persist id 2 (the slide).
  const persistAtom = new Uint8Array(20);
  new DataView(persistAtom.buffer).setUint32(0, 2, true);
  const slideList = pptRecord(0x0ff0, concat(Array.from({ length: count }, () => pptRecord(0x03f3, persistAtom))), {
    container: true,
  });
  const documentContainer = pptRecord(0x03e8, slideList, { container: true });
  const slideAt = 0;
  const documentAt = slide.length;
  const directoryAt = documentAt + documentContainer.length;
  const directoryBody = new Uint8Array(12);
  const view = new DataView(directoryBody.buffer);
  view.setUint32(0, (1 | (2 << 20)) >>> 0, true);
  view.setUint32(4, documentAt, true);
  view.setUint32(8, slideAt, true);
  const directory = pptRecord(0x1772, directoryBody);
  const editAt = directoryAt + directory.length;
  return writeCompoundFile([
    {
      name: 'PowerPoint Document',
      data: concat([slide, documentContainer, directory, userEditAtom(0, directoryAt, 1)]),
    },
    { name: 'Current User', data: currentUserAt(editAt) },
  ]).bytes;
}

// --- OOXML packages with a chain of chart parts --------------------------------------------------

const CHART_CHAIN_LENGTH = 6000;
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CHART_NS = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
const A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main';

function relsXml(list: readonly { id: string; kind: string; target: string }[]): string {
  const items = list.map(
    ({ id, kind, target }) => `<Relationship Id="${id}" Type="${R_NS}/${kind}" Target="${target}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_RELS_NS}">${items.join('')}</Relationships>`;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/></Types>`;

/** A 1×1 PNG's signature and IHDR (all the engine reads of it). */
function tinyPng(): Uint8Array {
  return new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
    0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
  ]);
}

/** chart1.xml … chartN.xml in `folder`, each relating to the next; the last one to a picture. */
function chartChain(folder: string, mediaTarget: string): Record<string, Uint8Array> {
  const encoder = new TextEncoder();
  const parts: Record<string, Uint8Array> = {};
  for (let i = 1; i <= CHART_CHAIN_LENGTH; i++) {
    parts[`${folder}/chart${i}.xml`] = encoder.encode(
      `<?xml version="1.0" encoding="UTF-8"?><c:chartSpace xmlns:c="${CHART_NS}" xmlns:r="${R_NS}"><c:userShapes r:id="rId1"/></c:chartSpace>`,
    );
    const next =
      i < CHART_CHAIN_LENGTH
        ? { id: 'rId1', kind: 'chart', target: `chart${i + 1}.xml` }
        : { id: 'rId1', kind: 'image', target: mediaTarget };
    parts[`${folder}/_rels/chart${i}.xml.rels`] = encoder.encode(relsXml([next]));
  }
  return parts;
}

const DRAWING_WITH_CHART = `<a:graphic xmlns:a="${A_NS}"><a:graphicData><c:chart xmlns:c="${CHART_NS}" r:id="rIdChart"/></a:graphicData></a:graphic>`;
const BLIP = `<a:blip xmlns:a="${A_NS}" r:embed="rIdImage"/>`;

/** A DOCX showing one picture and a chart, whose chart relates to a chart … 6,000 deep. */
export function chartChainDocx(): Uint8Array {
  const encoder = new TextEncoder();
  return zipSync(
    {
      '[Content_Types].xml': encoder.encode(CONTENT_TYPES),
      '_rels/.rels': encoder.encode(relsXml([{ id: 'rId1', kind: 'officeDocument', target: 'word/document.xml' }])),
      'word/document.xml': encoder.encode(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${R_NS}"><w:body><w:p><w:r><w:drawing>${BLIP}</w:drawing></w:r><w:r><w:drawing>${DRAWING_WITH_CHART}</w:drawing></w:r></w:p></w:body></w:document>`,
      ),
      'word/_rels/document.xml.rels': encoder.encode(
        relsXml([
          { id: 'rIdImage', kind: 'image', target: 'media/image1.png' },
          { id: 'rIdChart', kind: 'chart', target: 'charts/chart1.xml' },
        ]),
      ),
      'word/media/image1.png': tinyPng(),
      'word/media/image2.png': tinyPng(),
      ...chartChain('word/charts', '../media/image2.png'),
    },
    { level: 1 },
  );
}

/** A PPTX with one slide showing one picture and a chart, whose chart relates to a chart … 6,000 deep. */
export function chartChainPptx(): Uint8Array {
  const encoder = new TextEncoder();
  const P_NS = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  return zipSync(
    {
      '[Content_Types].xml': encoder.encode(CONTENT_TYPES),
      '_rels/.rels': encoder.encode(relsXml([{ id: 'rId1', kind: 'officeDocument', target: 'ppt/presentation.xml' }])),
      'ppt/presentation.xml': encoder.encode(
        `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="${P_NS}" xmlns:r="${R_NS}"><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>`,
      ),
      'ppt/_rels/presentation.xml.rels': encoder.encode(
        relsXml([{ id: 'rId1', kind: 'slide', target: 'slides/slide1.xml' }]),
      ),
      'ppt/slides/slide1.xml': encoder.encode(
        `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:p="${P_NS}" xmlns:r="${R_NS}"><p:cSld><p:spTree><p:pic><p:blipFill>${BLIP}</p:blipFill></p:pic><p:graphicFrame>${DRAWING_WITH_CHART}</p:graphicFrame></p:spTree></p:cSld></p:sld>`,
      ),
      'ppt/slides/_rels/slide1.xml.rels': encoder.encode(
        relsXml([
          { id: 'rIdImage', kind: 'image', target: '../media/image1.png' },
          { id: 'rIdChart', kind: 'chart', target: '../charts/chart1.xml' },
        ]),
      ),
      'ppt/media/image1.png': tinyPng(),
      'ppt/media/image2.png': tinyPng(),
      ...chartChain('ppt/charts', '../media/image2.png'),
    },
    { level: 1 },
  );
}

// --- Password-protected packages (ECMA-376 encryption) whose declared values are hostile ---------

/**
 * An agile EncryptionInfo (version 4.4) whose values are all well formed (zero keys and salts of
 * the right sizes) but for the overrides; the encrypted package is 4 KB of zeros declaring `declared` bytes.
 */
function encryptedPackageDocx(
  options: {
    keyData?: Record<string, string>;
    encryptedKey?: Record<string, string>;
    info?: Uint8Array;
    declared?: bigint;
  } = {},
): Uint8Array {
  const zeros = (bytes: number) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
  const attributes = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => `${name}="${value}"`)
      .join(' ');
  const cipher = {
    saltSize: '16',
    blockSize: '16',
    keyBits: '256',
    hashSize: '64',
    cipherAlgorithm: 'AES',
    cipherChaining: 'ChainingModeCBC',
    hashAlgorithm: 'SHA512',
    saltValue: zeros(16),
  };
  const keyData = { ...cipher, ...options.keyData };
  const encryptedKey = {
    spinCount: '100000',
    ...cipher,
    encryptedVerifierHashInput: zeros(16),
    encryptedVerifierHashValue: zeros(64),
    encryptedKeyValue: zeros(32),
    ...options.encryptedKey,
  };
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><encryption xmlns="http://schemas.microsoft.com/office/2006/encryption" xmlns:p="http://schemas.microsoft.com/office/2006/keyEncryptor/password">' +
    `<keyData ${attributes(keyData)}/><keyEncryptors><keyEncryptor uri="http://schemas.microsoft.com/office/2006/keyEncryptor/password">` +
    `<p:encryptedKey ${attributes(encryptedKey)}/></keyEncryptor></keyEncryptors></encryption>`;
  const info = options.info ?? new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0, ...new TextEncoder().encode(xml)]);
  const encrypted = new Uint8Array(8 + 4096);
  new DataView(encrypted.buffer).setBigUint64(0, options.declared ?? 4096n, true);
  return writeCompoundFile([
    { name: 'EncryptionInfo', data: info },
    { name: 'EncryptedPackage', data: encrypted },
  ]).bytes;
}

/** spinCount 4,294,967,295: hours of SHA-512 before the password could even be checked. */
export function hugeSpinCountDocx(): Uint8Array {
  return encryptedPackageDocx({ encryptedKey: { spinCount: '4294967295' } });
}

/** An AES key of 2^31 bits, and a salt said to be a gigabyte. */
export function hugeKeyAndSaltDocx(): Uint8Array {
  return encryptedPackageDocx({ keyData: { keyBits: '2147483648' }, encryptedKey: { saltSize: '1073741824' } });
}

/** An encrypted package declaring 2^64 - 1 bytes, holding 4 KB. */
export function hugeDeclaredPackageDocx(): Uint8Array {
  return encryptedPackageDocx({ declared: 0xffff_ffff_ffff_ffffn });
}

/** A standard (version 3.2) EncryptionInfo whose header says it is 4 GB long. */
export function hugeStandardHeaderDocx(): Uint8Array {
  const info = new Uint8Array(12 + 32 + 100);
  const view = new DataView(info.buffer);
  view.setUint16(0, 3, true);
  view.setUint16(2, 2, true);
  view.setUint32(4, 0x24, true);
  view.setUint32(8, 0xfffffff0, true);
  return encryptedPackageDocx({ info });
}

/** Hostile Word and PowerPoint files, one per class the Office side of the engine is bounded against. */
export const OFFICE_HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  { name: 'a .doc whose FAT chain loops', kind: 'doc', fileName: 'looping-fat.doc', build: loopingFatDoc },
  {
    name: 'a .ppt whose directory tree has a cycle',
    kind: 'ppt',
    fileName: 'directory-cycle.ppt',
    build: directoryCyclePpt,
  },
  { name: 'a .doc whose DIFAT chain loops', kind: 'doc', fileName: 'looping-difat.doc', build: loopingDifatDoc },
  {
    name: 'a .ppt whose mini FAT chain loops',
    kind: 'ppt',
    fileName: 'looping-minifat.ppt',
    build: loopingMiniFatPpt,
  },
  {
    name: 'a .doc whose 4,000 FAT chains all merge into one',
    kind: 'doc',
    fileName: 'merging-fat-chains.doc',
    build: mergingFatChainsDoc,
  },
  {
    name: 'a .doc whose 1,000 picture runs each overlap 1,000 pieces',
    kind: 'doc',
    fileName: 'overlapping-pieces.doc',
    build: overlappingPiecesDoc,
  },
  {
    name: 'a .ppt whose 4,096 edits all name one 1 MB persist directory',
    kind: 'ppt',
    fileName: 'shared-persist-directory.ppt',
    build: sharedPersistDirectoryPpt,
  },
  {
    name: 'a .ppt whose 20,000 slides all name one drawing of 20,000 shapes',
    kind: 'ppt',
    fileName: 'shared-slide-drawing.ppt',
    build: sharedSlideDrawingPpt,
  },
  {
    name: 'a .docx with a chain of 6,000 chart parts',
    kind: 'docx',
    fileName: 'chart-chain.docx',
    build: chartChainDocx,
  },
  {
    name: 'a .pptx with a chain of 6,000 chart parts',
    kind: 'pptx',
    fileName: 'chart-chain.pptx',
    build: chartChainPptx,
  },
  {
    name: 'a password-protected .docx whose key derivation spins 4,294,967,295 times',
    kind: 'docx',
    fileName: 'encrypted-huge-spin-count.docx',
    build: hugeSpinCountDocx,
  },
  {
    name: 'a password-protected .docx with a 2^31-bit key and a 1 GB salt',
    kind: 'docx',
    fileName: 'encrypted-huge-key-and-salt.docx',
    build: hugeKeyAndSaltDocx,
  },
  {
    name: 'a password-protected .docx whose 4 KB package declares 2^64 bytes',
    kind: 'docx',
    fileName: 'encrypted-huge-declared-size.docx',
    build: hugeDeclaredPackageDocx,
  },
  {
    name: 'a password-protected .docx whose standard encryption header claims 4 GB',
    kind: 'docx',
    fileName: 'encrypted-huge-standard-header.docx',
    build: hugeStandardHeaderDocx,
  },
];
