/**
 * The parts of a Word 97-2003 file (MS-DOC) that lead to its pictures:
 *   - the FIB at the start of the WordDocument stream: which table stream, where things are;
 *   - the piece table (Clx) that maps text positions (CP) to file positions (FC);
 *   - the character property runs (PlcfBteChpx → CHPX FKPs) whose sprmCPicLocation points an
 *     inline picture's special character at its PICF in the Data stream;
 *   - PlcfHdd, to tell header stories from footer stories.
 */
import { DocumentError } from '../../errors.ts';
import { i16, u8, u16, u32 } from '../bytes.ts';

const WORD_IDENT = 0xa5ec;
/** Word 97 and later (nFib 0x00C1, with 0x00C0/0x00C2 written by some betas and tools). */
const MIN_WORD97_NFIB = 0xc0;

const FibFlag = { encrypted: 0x0100, whichTable: 0x0200, obfuscated: 0x8000 } as const;

/** FibRgFcLcb97 pair indexes. */
export const FcLcb = { PlcfHdd: 11, PlcfBteChpx: 12, Clx: 33, DggInfo: 50 } as const;
/** FibRgLw97 indexes of the story lengths, in story order after ccpText. */
const CcpIndex = { text: 3, ftn: 4, hdd: 5, mcr: 6, atn: 7, edn: 8, txbx: 9, hdrTxbx: 10 } as const;

export type Fib = {
  nFib: number;
  encrypted: boolean;
  obfuscated: boolean;
  tableStreamName: '0Table' | '1Table';
  /** Size of the encryption header at the start of the table stream (when encrypted). */
  lKey: number;
  fcLcb(index: number): { fc: number; lcb: number };
  /** Story lengths in CPs: main text, footnotes, headers, macros, comments, endnotes, text boxes, header text boxes. */
  ccp: Record<keyof typeof CcpIndex, number>;
};

export function readFib(word: Uint8Array): Fib {
  if (word.length < 0x22 || u16(word, 0) !== WORD_IDENT) throw new DocumentError('invalid');
  const nFib = u16(word, 2);
  if (nFib < MIN_WORD97_NFIB) throw new DocumentError('unsupported', 'Word 6 and Word 95 documents are not supported.');
  const flags = u16(word, 0x0a);
  const csw = u16(word, 0x20);
  const rgLw = 0x22 + csw * 2 + 2;
  const cslw = u16(word, rgLw - 2);
  const rgFcLcb = rgLw + cslw * 4 + 2;
  const cbRgFcLcb = u16(word, rgFcLcb - 2);
  if (rgFcLcb > word.length) throw new DocumentError('invalid');
  const ccp = {} as Record<keyof typeof CcpIndex, number>;
  for (const [name, index] of Object.entries(CcpIndex) as [keyof typeof CcpIndex, number][]) {
    ccp[name] = index < cslw ? u32(word, rgLw + index * 4) : 0;
  }
  return {
    nFib,
    encrypted: (flags & FibFlag.encrypted) !== 0,
    obfuscated: (flags & FibFlag.obfuscated) !== 0,
    tableStreamName: flags & FibFlag.whichTable ? '1Table' : '0Table',
    lKey: u32(word, 0x0e),
    fcLcb(index) {
      if (index >= cbRgFcLcb) return { fc: 0, lcb: 0 };
      return { fc: u32(word, rgFcLcb + index * 8), lcb: u32(word, rgFcLcb + index * 8 + 4) };
    },
    ccp,
  };
}

/** A slice of the document text: CPs [cpStart, cpEnd) stored from file offset `fc`. */
export type Piece = { cpStart: number; cpEnd: number; fc: number; compressed: boolean };

/** The piece table from the Clx (skipping its Prc entries); empty when it cannot be read. */
export function readPieces(table: Uint8Array, fib: Fib): Piece[] {
  const { fc, lcb } = fib.fcLcb(FcLcb.Clx);
  const end = Math.min(table.length, fc + lcb);
  let at = fc;
  while (at < end && u8(table, at) === 0x01) at += 3 + Math.max(0, i16(table, at + 1));
  if (at >= end || u8(table, at) !== 0x02) return [];
  const size = u32(table, at + 1);
  const start = at + 5;
  if (start + size > end || size < 4) return [];
  const count = Math.floor((size - 4) / 12);
  const pieces: Piece[] = [];
  for (let i = 0; i < count; i++) {
    const cpStart = u32(table, start + i * 4);
    const cpEnd = u32(table, start + (i + 1) * 4);
    const raw = u32(table, start + (count + 1) * 4 + i * 8 + 2);
    const compressed = (raw & 0x40000000) !== 0;
    const pieceFc = compressed ? (raw & 0x3fffffff) / 2 : raw;
    if (cpEnd > cpStart) pieces.push({ cpStart, cpEnd, fc: pieceFc, compressed });
  }
  return pieces;
}

/** The part of a run's file range [fcStart, fcEnd) that one piece of live text holds. */
export type TextSpan = { cp: number; fc: number; chars: number; compressed: boolean };

/** Where a run's bytes are part of the document text, as CP spans; empty for text no piece uses. */
export function textSpansOf(pieces: Piece[], fcStart: number, fcEnd: number): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const piece of pieces) {
    const width = piece.compressed ? 1 : 2;
    const pieceEnd = piece.fc + (piece.cpEnd - piece.cpStart) * width;
    let from = Math.max(fcStart, piece.fc);
    const to = Math.min(fcEnd, pieceEnd);
    from += (from - piece.fc) % width;
    if (to <= from) continue;
    spans.push({
      cp: piece.cpStart + (from - piece.fc) / width,
      fc: from,
      chars: Math.ceil((to - from) / width),
      compressed: piece.compressed,
    });
  }
  return spans;
}

/** Character properties of one run that matter for pictures. */
export type PictureRun = {
  fcStart: number;
  fcEnd: number;
  /** sprmCPicLocation: the PICF's offset in the Data stream. */
  picLocation: number;
  special: boolean;
  ole2: boolean;
  data: boolean;
  obj: boolean;
};

const Sprm = {
  CPicLocation: 0x6a03,
  CFSpec: 0x0855,
  CFOle2: 0x080a,
  CFData: 0x0806,
  CFObj: 0x085a,
} as const;
const FKP_BYTES = 512;

/** The runs, from every CHPX FKP, that carry a picture location. */
export function readPictureRuns(word: Uint8Array, table: Uint8Array, fib: Fib): PictureRun[] {
  const { fc, lcb } = fib.fcLcb(FcLcb.PlcfBteChpx);
  if (lcb < 8 || fc + lcb > table.length) return [];
  const count = Math.floor((lcb - 4) / 8);
  const runs: PictureRun[] = [];
  const pages = new Set<number>();
  for (let i = 0; i < count; i++) {
    const pn = u32(table, fc + (count + 1) * 4 + i * 4) & 0x3fffff;
    if (pages.has(pn)) continue;
    pages.add(pn);
    const page = pn * FKP_BYTES;
    if (page + FKP_BYTES > word.length) continue;
    const crun = u8(word, page + FKP_BYTES - 1);
    for (let k = 0; k < crun; k++) {
      const wordOffset = u8(word, page + (crun + 1) * 4 + k);
      if (wordOffset === 0) continue;
      const chpx = page + wordOffset * 2;
      const size = u8(word, chpx);
      const run = readChpx(word, chpx + 1, Math.min(chpx + 1 + size, page + FKP_BYTES));
      if (run.picLocation === undefined) continue;
      runs.push({
        ...run,
        picLocation: run.picLocation,
        fcStart: u32(word, page + k * 4),
        fcEnd: u32(word, page + (k + 1) * 4),
      });
    }
  }
  return runs;
}

function readChpx(word: Uint8Array, start: number, end: number) {
  const run = { picLocation: undefined as number | undefined, special: false, ole2: false, data: false, obj: false };
  let at = start;
  while (at + 2 <= end) {
    const sprm = u16(word, at);
    const size = operandSize(word, sprm, at + 2);
    const operand = at + 2;
    if (sprm === Sprm.CPicLocation) run.picLocation = u32(word, operand);
    else if (sprm === Sprm.CFSpec) run.special = u8(word, operand) !== 0;
    else if (sprm === Sprm.CFOle2) run.ole2 = u8(word, operand) !== 0;
    else if (sprm === Sprm.CFData) run.data = u8(word, operand) !== 0;
    else if (sprm === Sprm.CFObj) run.obj = u8(word, operand) !== 0;
    at = operand + size;
  }
  return run;
}

/** MS-DOC 2.2.5.1: the operand size from the sprm's spra bits. */
function operandSize(data: Uint8Array, sprm: number, operand: number): number {
  switch (sprm >>> 13) {
    case 0:
    case 1:
      return 1;
    case 2:
    case 4:
    case 5:
      return 2;
    case 3:
      return 4;
    case 7:
      return 3;
    default:
      // Variable: sprmTDefTable and sprmPChgTabs have a two-byte size, the rest one byte.
      if (sprm === 0xd608) return u16(data, operand) + 1;
      return u8(data, operand) + 1;
  }
}

/** The character at a file position (one byte or UTF-16LE). */
export function charAt(word: Uint8Array, fc: number, compressed: boolean): number {
  return compressed ? u8(word, fc) : u16(word, fc);
}

/** Where a CP lies: 'body', 'footnote', 'header', 'footer' or 'comment'. */
export function storyRoleOf(cp: number, fib: Fib, headerStories: number[]): string {
  const { ccp } = fib;
  let start = 0;
  const stories: [number, string][] = [
    [ccp.text, 'body'],
    [ccp.ftn, 'footnote'],
    [ccp.hdd, 'header-story'],
    [ccp.mcr, 'body'],
    [ccp.atn, 'comment'],
    [ccp.edn, 'footnote'],
    [ccp.txbx, 'body'],
    [ccp.hdrTxbx, 'header'],
  ];
  for (const [length, role] of stories) {
    if (cp < start + length) {
      return role === 'header-story' ? headerOrFooter(cp - start, headerStories) : role;
    }
    start += length;
  }
  return 'body';
}

/** PlcfHdd: the CP boundaries of the header stories, relative to the header document. */
export function readHeaderStories(table: Uint8Array, fib: Fib): number[] {
  const { fc, lcb } = fib.fcLcb(FcLcb.PlcfHdd);
  if (lcb < 8 || fc + lcb > table.length) return [];
  const cps: number[] = [];
  for (let at = fc; at + 4 <= fc + lcb; at += 4) cps.push(u32(table, at));
  return cps;
}

/** Stories 0-5 are note separators; then six a section: even/odd header, even/odd footer, first header, first footer. */
function headerOrFooter(cp: number, boundaries: number[]): string {
  for (let i = 0; i + 1 < boundaries.length; i++) {
    if (cp >= (boundaries[i] ?? 0) && cp < (boundaries[i + 1] ?? 0)) {
      if (i < 6) return 'header';
      const kind = (i - 6) % 6;
      return kind === 2 || kind === 3 || kind === 5 ? 'footer' : 'header';
    }
  }
  return 'header';
}
