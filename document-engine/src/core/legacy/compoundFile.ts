/**
 * The OLE compound file (MS-CFB) that holds a .doc or .ppt (and an encrypted .docx/.pptx), read
 * by our own small reader from bytes in memory: plain TypeScript over a Uint8Array, no fs, no
 * Buffer, since the browser Worker runs it too.
 *
 * Why our own reader and not the `cfb` package we used before: hostile files made `cfb` abort
 * the whole Node process (V8 "invalid size error", 7-9 s in) from inside sniffDocumentKind,
 * where no try/catch helps: it follows a FAT chain entered from inside a loop with no visited
 * check, and its directory path builder re-queues siblings that point back at each other without
 * end. A guard in front of it would keep the library but would have to be a full MS-CFB parser
 * itself (header, DIFAT, FAT, directory) and also know cfb's internals: cfb walks the chain of
 * *every* sector to name it (quadratic when chains merge: a 2 MB file took 11 s to sniff) and its
 * path builder is quadratic in the directory size even on a well-formed but degenerate tree, so
 * the guard would have to refuse files that are valid MS-CFB. What is left for the library once
 * the guard exists is joining sectors. MS-CFB is a small, fixed-layout format (like the ZIP
 * directory zipReader.ts reads itself), we need only the root storage's streams by name, and the
 * reader below reads only what is asked for, lazily (cfb copied every stream up front).
 *
 * What is bounded, and why (every walk is linear in the file's size):
 *   - the DIFAT chain: a visited set, at most the sectors the header counts; a loop makes every
 *     stream read 'invalid' (the FAT is not to be trusted);
 *   - the FAT: only the entries for sectors that exist in the file are read, whatever the DIFAT
 *     lists; a sector number past the end of the file ends a chain;
 *   - every FAT chain (directory, mini FAT, mini stream, each stream) and every mini FAT chain:
 *     a visited set, so each is at most as long as the file has sectors; a loop is 'invalid';
 *   - the directory tree: the root's children are walked with an explicit stack and a visited
 *     set, so each entry is reached once; an id past the directory, or one reached twice (a
 *     cycle), makes every stream read 'invalid' (the names still tell what the file is). A storage
 *     below the root is walked only when asked for (an e-mail's attachments), once, under the
 *     same rule: an entry reached twice anywhere in the file is a cycle;
 *   - a stream's copy is at most what its chain holds, whatever size its entry declares.
 */
import { DocumentError } from '../../errors.ts';
import { u16, u32 } from '../bytes.ts';

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const HEADER_BYTES = 512;
const ENTRY_BYTES = 128;
const MINI_SECTOR_BYTES = 64;
const MINI_STREAM_CUTOFF = 4096;
const HEADER_DIFAT_ENTRIES = 109;
/** Sector numbers above this are markers (DIFSECT, FATSECT, ENDOFCHAIN, FREESECT). */
const MAXREGSECT = 0xfffffffa;
const ENDOFCHAIN = 0xfffffffe;
const NOSTREAM = 0xffffffff;
const EntryType = { storage: 1, stream: 2, root: 5 } as const;
/** Entry names are at most 31 UTF-16 code units and a terminating NUL. */
const NAME_BYTES = 64;

export type CompoundFile = {
  /** A top-level stream's bytes by name (e.g. "WordDocument", "Pictures"), or undefined. */
  stream(name: string): Uint8Array | undefined;
  /** Whether a top-level stream or storage of that name exists. */
  has(name: string): boolean;
  /** A top-level storage, read as a compound file of its own (an e-mail's attachment), or undefined. */
  storage(name: string): CompoundFile | undefined;
  /** The names of the top-level streams and storages, in directory order. */
  names(): string[];
};

type Entry = { id: number; name: string; type: number; start: number; size: number; child: number };

export function isCompoundFile(bytes: Uint8Array): boolean {
  return CFB_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

function damaged(detail: string): DocumentError {
  return new DocumentError('invalid', undefined, { cause: new Error(`Compound file: ${detail}.`) });
}

/** Opens the compound file; DocumentError 'invalid' when the bytes are not one or it is damaged. */
export function openCompoundFile(bytes: Uint8Array): CompoundFile {
  if (!isCompoundFile(bytes) || bytes.length < HEADER_BYTES) throw new DocumentError('invalid');
  const major = u16(bytes, 0x1a);
  const sectorShift = u16(bytes, 0x1e);
  if (!((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12))) {
    throw damaged(`version ${major} with sector shift ${sectorShift}`);
  }
  if (u16(bytes, 0x20) !== 6) throw damaged('mini sector shift is not 6');
  if (u32(bytes, 0x38) !== MINI_STREAM_CUTOFF) throw damaged('mini stream cutoff is not 4096');

  const sectorBytes = 1 << sectorShift;
  const entriesPerSector = sectorBytes / 4;
  // Sector n starts at (n + 1) * sectorBytes: the header takes the first sector's room.
  const sectorCount = Math.max(0, Math.ceil((bytes.length - sectorBytes) / sectorBytes));
  const sectorStart = (sector: number) => (sector + 1) * sectorBytes;

  // DIFAT: where the FAT's sectors are. The header holds the first 109, a chain of DIFAT
  // sectors the rest (the last entry of each names the next).
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) {
    const sector = u32(bytes, 0x4c + i * 4);
    if (sector > MAXREGSECT) break;
    fatSectors.push(sector);
  }
  // Damage found while opening that still leaves the directory readable: reading any stream
  // refuses the file, but its names still tell sniffDocumentKind what it is.
  let damage: DocumentError | undefined;
  const difatCount = u32(bytes, 0x48);
  const difatSeen = new Set<number>();
  for (let sector = u32(bytes, 0x44); sector < sectorCount && difatSeen.size < difatCount; ) {
    if (difatSeen.has(sector)) {
      damage = damaged('the DIFAT chain loops');
      break;
    }
    difatSeen.add(sector);
    const at = sectorStart(sector);
    for (let i = 0; i < entriesPerSector - 1; i++) {
      const fatSector = u32(bytes, at + i * 4);
      if (fatSector === ENDOFCHAIN) break;
      fatSectors.push(fatSector);
    }
    sector = u32(bytes, at + sectorBytes - 4);
  }

  // The FAT, for the sectors the file has (entries for sectors past its end could only point
  // past it too). A FAT sector that is missing leaves its entries as ends of chains.
  const fat = new Uint32Array(Math.ceil(sectorCount / entriesPerSector) * entriesPerSector).fill(ENDOFCHAIN);
  for (let k = 0; k * entriesPerSector < sectorCount && k < fatSectors.length; k++) {
    const sector = fatSectors[k] as number;
    if (sector >= sectorCount) continue;
    const at = sectorStart(sector);
    for (let i = 0; i < entriesPerSector; i++) fat[k * entriesPerSector + i] = u32(bytes, at + i * 4);
  }

  /** The sectors of the chain from `start`, in order; 'invalid' when it loops. */
  const chainOf = (start: number): number[] => {
    const chain: number[] = [];
    const seen = new Set<number>();
    for (let sector = start; sector < sectorCount; sector = fat[sector] as number) {
      if (seen.has(sector)) throw damaged('a FAT chain loops');
      seen.add(sector);
      chain.push(sector);
    }
    return chain;
  };
  /** The chain's bytes, at most `limit` of them. */
  const readChain = (start: number, limit = Number.POSITIVE_INFINITY): Uint8Array => {
    const chain = chainOf(start);
    const out = new Uint8Array(Math.min(limit, chain.length * sectorBytes));
    chain.forEach((sector, i) => {
      const from = sectorStart(sector);
      const length = Math.min(sectorBytes, out.length - i * sectorBytes, bytes.length - from);
      if (length > 0) out.set(bytes.subarray(from, from + length), i * sectorBytes);
    });
    return out;
  };

  const directory = readChain(u32(bytes, 0x30));
  const entryCount = Math.floor(directory.length / ENTRY_BYTES);
  if (entryCount === 0) throw damaged('no directory');
  const entryAt = (id: number): Entry => {
    const at = id * ENTRY_BYTES;
    const nameBytes = Math.min(u16(directory, at + 0x40), NAME_BYTES);
    let name = '';
    for (let i = 0; i + 1 < nameBytes; i += 2) name += String.fromCharCode(u16(directory, at + i));
    const size = u32(directory, at + 0x78);
    return {
      id,
      name: name.replace(/\0/g, ''),
      type: directory[at + 0x42] ?? 0,
      start: u32(directory, at + 0x74),
      // As cfb read it (a signed 32-bit size): 2 GiB and over is no size at all.
      size: size > 0x7fffffff ? 0 : size,
      child: u32(directory, at + 0x4c),
    };
  };

  // A storage's children: a red-black tree of siblings under its child pointer. Each entry is
  // reached once in the whole file: a damaged tree (an id past the directory, or one reached
  // twice: a cycle, or a storage inside itself) is damage as above.
  const reached = new Uint8Array(entryCount);
  reached[0] = 1;
  const childrenOf = (childPointer: number): Map<string, Entry> => {
    const children: number[] = [];
    const pending = [childPointer];
    while (pending.length > 0) {
      const id = pending.pop() as number;
      if (id === NOSTREAM) continue;
      if (id >= entryCount || reached[id]) {
        damage ??= damaged(
          id >= entryCount ? 'a directory entry points outside the directory' : 'the directory tree has a cycle',
        );
        continue;
      }
      reached[id] = 1;
      children.push(id);
      const at = id * ENTRY_BYTES;
      pending.push(u32(directory, at + 0x48), u32(directory, at + 0x44));
    }
    // Directory order, so that of two entries with one name the later wins, as with cfb.
    const named = new Map<string, Entry>();
    for (const id of children.sort((a, b) => a - b)) {
      const entry = entryAt(id);
      if (entry.type === EntryType.stream || entry.type === EntryType.storage) named.set(entry.name, entry);
    }
    return named;
  };
  const topLevel = childrenOf(u32(directory, 0x4c));

  const root = entryAt(0);
  let miniStream: Uint8Array | undefined;
  let miniFat: Uint8Array | undefined;
  const readMiniStream = (entry: Entry): Uint8Array => {
    miniStream ??= readChain(root.start);
    miniFat ??= readChain(u32(bytes, 0x3c));
    const [container, table] = [miniStream, miniFat];
    const miniSectors = Math.min(table.length / 4, container.length / MINI_SECTOR_BYTES);
    const chain: number[] = [];
    const seen = new Set<number>();
    for (let sector = entry.start; sector < miniSectors; sector = u32(table, sector * 4)) {
      if (seen.has(sector)) throw damaged('a mini FAT chain loops');
      seen.add(sector);
      chain.push(sector);
    }
    const out = new Uint8Array(Math.min(entry.size, chain.length * MINI_SECTOR_BYTES));
    chain.forEach((sector, i) => {
      const length = Math.min(MINI_SECTOR_BYTES, out.length - i * MINI_SECTOR_BYTES);
      if (length > 0) {
        const from = sector * MINI_SECTOR_BYTES;
        out.set(container.subarray(from, from + length), i * MINI_SECTOR_BYTES);
      }
    });
    return out;
  };

  const readStream = (entry: Entry): Uint8Array => {
    if (damage) throw damage;
    if (entry.size === 0) return new Uint8Array(0);
    return entry.size < MINI_STREAM_CUTOFF ? readMiniStream(entry) : readChain(entry.start, entry.size);
  };
  // A storage's children are walked once, when it is first asked for (a second walk would meet
  // entries already reached and call them a cycle).
  const storages = new Map<number, CompoundFile>();
  const storageOf = (entries: Map<string, Entry>): CompoundFile => ({
    has: (name) => entries.has(name),
    names: () => [...entries.keys()],
    stream(name) {
      const entry = entries.get(name);
      return entry?.type === EntryType.stream ? readStream(entry) : undefined;
    },
    storage(name) {
      const entry = entries.get(name);
      if (entry?.type !== EntryType.storage) return undefined;
      const known = storages.get(entry.id);
      if (known) return known;
      const storage = storageOf(childrenOf(entry.child));
      storages.set(entry.id, storage);
      return storage;
    },
  });
  return storageOf(topLevel);
}
