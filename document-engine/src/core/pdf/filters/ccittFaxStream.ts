/**
 * CCITTFaxDecode (ITU-T T.4 and T.6; ISO 32000-1 §7.4.6): Group 3 one-dimensional (K = 0),
 * mixed one/two-dimensional (K > 0) and Group 4 (K < 0). Output rows are packed 1-bit, black
 * as 0 unless /BlackIs1. Damaged data ends the image: rows not decoded stay white.
 */
import { ByteSink, MAX_DECODED_STREAM_BYTES } from './sizeBudget.ts';

export type CcittParams = {
  k: number;
  columns: number;
  rows: number;
  blackIs1: boolean;
  encodedByteAlign: boolean;
};

type Code = [run: number, length: number, bits: number];

// T.4 Table 2 (terminating) and Table 3 (make-up) codes, as [run length, code length, code].
const WHITE_CODES: Code[] = [
  [0, 8, 0x35],
  [1, 6, 0x7],
  [2, 4, 0x7],
  [3, 4, 0x8],
  [4, 4, 0xb],
  [5, 4, 0xc],
  [6, 4, 0xe],
  [7, 4, 0xf],
  [8, 5, 0x13],
  [9, 5, 0x14],
  [10, 5, 0x7],
  [11, 5, 0x8],
  [12, 6, 0x8],
  [13, 6, 0x3],
  [14, 6, 0x34],
  [15, 6, 0x35],
  [16, 6, 0x2a],
  [17, 6, 0x2b],
  [18, 7, 0x27],
  [19, 7, 0xc],
  [20, 7, 0x8],
  [21, 7, 0x17],
  [22, 7, 0x3],
  [23, 7, 0x4],
  [24, 7, 0x28],
  [25, 7, 0x2b],
  [26, 7, 0x13],
  [27, 7, 0x24],
  [28, 7, 0x18],
  [29, 8, 0x2],
  [30, 8, 0x3],
  [31, 8, 0x1a],
  [32, 8, 0x1b],
  [33, 8, 0x12],
  [34, 8, 0x13],
  [35, 8, 0x14],
  [36, 8, 0x15],
  [37, 8, 0x16],
  [38, 8, 0x17],
  [39, 8, 0x28],
  [40, 8, 0x29],
  [41, 8, 0x2a],
  [42, 8, 0x2b],
  [43, 8, 0x2c],
  [44, 8, 0x2d],
  [45, 8, 0x4],
  [46, 8, 0x5],
  [47, 8, 0xa],
  [48, 8, 0xb],
  [49, 8, 0x52],
  [50, 8, 0x53],
  [51, 8, 0x54],
  [52, 8, 0x55],
  [53, 8, 0x24],
  [54, 8, 0x25],
  [55, 8, 0x58],
  [56, 8, 0x59],
  [57, 8, 0x5a],
  [58, 8, 0x5b],
  [59, 8, 0x4a],
  [60, 8, 0x4b],
  [61, 8, 0x32],
  [62, 8, 0x33],
  [63, 8, 0x34],
  [64, 5, 0x1b],
  [128, 5, 0x12],
  [192, 6, 0x17],
  [256, 7, 0x37],
  [320, 8, 0x36],
  [384, 8, 0x37],
  [448, 8, 0x64],
  [512, 8, 0x65],
  [576, 8, 0x68],
  [640, 8, 0x67],
  [704, 9, 0xcc],
  [768, 9, 0xcd],
  [832, 9, 0xd2],
  [896, 9, 0xd3],
  [960, 9, 0xd4],
  [1024, 9, 0xd5],
  [1088, 9, 0xd6],
  [1152, 9, 0xd7],
  [1216, 9, 0xd8],
  [1280, 9, 0xd9],
  [1344, 9, 0xda],
  [1408, 9, 0xdb],
  [1472, 9, 0x98],
  [1536, 9, 0x99],
  [1600, 9, 0x9a],
  [1664, 6, 0x18],
  [1728, 9, 0x9b],
];

const BLACK_CODES: Code[] = [
  [0, 10, 0x37],
  [1, 3, 0x2],
  [2, 2, 0x3],
  [3, 2, 0x2],
  [4, 3, 0x3],
  [5, 4, 0x3],
  [6, 4, 0x2],
  [7, 5, 0x3],
  [8, 6, 0x5],
  [9, 6, 0x4],
  [10, 7, 0x4],
  [11, 7, 0x5],
  [12, 7, 0x7],
  [13, 8, 0x4],
  [14, 8, 0x7],
  [15, 9, 0x18],
  [16, 10, 0x17],
  [17, 10, 0x18],
  [18, 10, 0x8],
  [19, 11, 0x67],
  [20, 11, 0x68],
  [21, 11, 0x6c],
  [22, 11, 0x37],
  [23, 11, 0x28],
  [24, 11, 0x17],
  [25, 11, 0x18],
  [26, 12, 0xca],
  [27, 12, 0xcb],
  [28, 12, 0xcc],
  [29, 12, 0xcd],
  [30, 12, 0x68],
  [31, 12, 0x69],
  [32, 12, 0x6a],
  [33, 12, 0x6b],
  [34, 12, 0xd2],
  [35, 12, 0xd3],
  [36, 12, 0xd4],
  [37, 12, 0xd5],
  [38, 12, 0xd6],
  [39, 12, 0xd7],
  [40, 12, 0x6c],
  [41, 12, 0x6d],
  [42, 12, 0xda],
  [43, 12, 0xdb],
  [44, 12, 0x54],
  [45, 12, 0x55],
  [46, 12, 0x56],
  [47, 12, 0x57],
  [48, 12, 0x64],
  [49, 12, 0x65],
  [50, 12, 0x52],
  [51, 12, 0x53],
  [52, 12, 0x24],
  [53, 12, 0x37],
  [54, 12, 0x38],
  [55, 12, 0x27],
  [56, 12, 0x28],
  [57, 12, 0x58],
  [58, 12, 0x59],
  [59, 12, 0x2b],
  [60, 12, 0x2c],
  [61, 12, 0x5a],
  [62, 12, 0x66],
  [63, 12, 0x67],
  [64, 10, 0xf],
  [128, 12, 0xc8],
  [192, 12, 0xc9],
  [256, 12, 0x5b],
  [320, 12, 0x33],
  [384, 12, 0x34],
  [448, 12, 0x35],
  [512, 13, 0x6c],
  [576, 13, 0x6d],
  [640, 13, 0x4a],
  [704, 13, 0x4b],
  [768, 13, 0x4c],
  [832, 13, 0x4d],
  [896, 13, 0x72],
  [960, 13, 0x73],
  [1024, 13, 0x74],
  [1088, 13, 0x75],
  [1152, 13, 0x76],
  [1216, 13, 0x77],
  [1280, 13, 0x52],
  [1344, 13, 0x53],
  [1408, 13, 0x54],
  [1472, 13, 0x55],
  [1536, 13, 0x5a],
  [1600, 13, 0x5b],
  [1664, 13, 0x64],
  [1728, 13, 0x65],
];

/** Extended make-up codes, shared by both colours. */
const COMMON_CODES: Code[] = [
  [1792, 11, 0x8],
  [1856, 11, 0xc],
  [1920, 11, 0xd],
  [1984, 12, 0x12],
  [2048, 12, 0x13],
  [2112, 12, 0x14],
  [2176, 12, 0x15],
  [2240, 12, 0x16],
  [2304, 12, 0x17],
  [2368, 12, 0x1c],
  [2432, 12, 0x1d],
  [2496, 12, 0x1e],
  [2560, 12, 0x1f],
];

const PASS = 100;
const HORIZONTAL = 101;
/** T.4 Table 4: two-dimensional mode codes; vertical modes as their offset a1 − b1. */
const MODE_CODES: Code[] = [
  [PASS, 4, 0x1],
  [HORIZONTAL, 3, 0x1],
  [0, 1, 0x1],
  [1, 3, 0x3],
  [2, 6, 0x3],
  [3, 7, 0x3],
  [-1, 3, 0x2],
  [-2, 6, 0x2],
  [-3, 7, 0x2],
];

/** The longest code, in bits: a code is read by looking up the next this-many bits at once. */
const MAX_CODE_BITS = 13;

/**
 * Every MAX_CODE_BITS-bit value that starts with a code, mapped to that code: `(value + 8) << 4 |
 * length` (0: no code starts there). One lookup per code instead of a bit and a search per bit
 * length, which made the decoder the slowest step of a scanned page. Shorter codes are written
 * last, so were the tables ever not prefix-free, the shortest match would win, as bit by bit.
 */
function table(codes: Code[]): Int32Array {
  const entries = new Int32Array(1 << MAX_CODE_BITS);
  for (const [run, length, bits] of [...codes].sort((a, b) => b[1] - a[1])) {
    const from = bits << (MAX_CODE_BITS - length);
    entries.fill(((run + 8) << 4) | length, from, from + (1 << (MAX_CODE_BITS - length)));
  }
  return entries;
}

const WHITE = table([...WHITE_CODES, ...COMMON_CODES]);
const BLACK = table([...BLACK_CODES, ...COMMON_CODES]);
const MODES = table(MODE_CODES);

class BitReader {
  private pos = 0;
  constructor(private readonly data: Uint8Array) {}
  get done(): boolean {
    return this.pos >= this.data.length * 8;
  }
  bit(): number {
    const byte = this.data[this.pos >> 3] ?? 0;
    const value = (byte >> (7 - (this.pos & 7))) & 1;
    this.pos++;
    return value;
  }
  peek(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) {
      const p = this.pos + i;
      value = (value << 1) | (((this.data[p >> 3] ?? 0) >> (7 - (p & 7))) & 1);
    }
    return value;
  }
  skip(count: number): void {
    this.pos += count;
  }
  align(): void {
    this.pos = (this.pos + 7) & ~7;
  }
  /** Reads a code from `codes` (up to 13 bits; past the end of the data, zeros); undefined when none matches. */
  code(codes: Int32Array): number | undefined {
    const { data, pos } = this;
    const at = pos >> 3;
    const window = ((data[at] ?? 0) << 16) | ((data[at + 1] ?? 0) << 8) | (data[at + 2] ?? 0);
    const entry = codes[(window >> (24 - MAX_CODE_BITS - (pos & 7))) & ((1 << MAX_CODE_BITS) - 1)] ?? 0;
    if (entry === 0) {
      // as far as a bit-by-bit search reads before it gives up
      this.pos = pos + MAX_CODE_BITS;
      return undefined;
    }
    this.pos = pos + (entry & 15);
    return (entry >> 4) - 8;
  }
  /** Skips an EOL (eleven or more zeros, then 1) when one comes next. */
  skipEol(): boolean {
    if (this.peek(12) !== 1) {
      // fill bits before the EOL: more zeros
      let zeros = 0;
      while (zeros < 64 && this.peek(zeros + 1) === 0 && !this.done) zeros++;
      if (zeros < 11 || this.peek(zeros + 1) !== 1) return false;
      this.skip(zeros + 1);
      return true;
    }
    this.skip(12);
    return true;
  }
}

function readRun(reader: BitReader, color: number): number | undefined {
  let total = 0;
  for (;;) {
    const run = reader.code(color === 0 ? WHITE : BLACK);
    if (run === undefined) return undefined;
    total += run;
    if (run < 64) return total;
  }
}

export function ccittFaxDecode(data: Uint8Array, params: CcittParams): Uint8Array {
  const columns = Math.max(1, Math.min(params.columns, 1 << 20));
  const rowBytes = Math.ceil(columns / 8);
  const sink = new ByteSink(rowBytes * Math.max(1, params.rows), MAX_DECODED_STREAM_BYTES);
  const reader = new BitReader(data);
  const packed = new Uint8Array(rowBytes);
  let reference: number[] = [columns, columns];
  const maxRows = params.rows > 0 ? params.rows : Number.POSITIVE_INFINITY;
  for (let row = 0; row < maxRows && !reader.done; row++) {
    if (params.encodedByteAlign && params.k < 0) reader.align();
    let twoDimensional = params.k < 0;
    if (params.k >= 0) {
      if (params.encodedByteAlign) reader.align();
      reader.skipEol();
      if (params.k > 0) twoDimensional = reader.bit() === 0;
    } else if (reader.peek(12) === 1) break; // EOFB
    const changes = twoDimensional ? decode2d(reader, reference, columns) : decode1d(reader, columns);
    if (!changes) break;
    sink.append(packRow(changes, columns, packed, params.blackIs1));
    changes.push(columns, columns);
    reference = changes;
  }
  if (params.rows > 0) {
    // rows the data did not reach: white
    const white = packRow([], columns, packed, params.blackIs1);
    while (sink.length < rowBytes * params.rows) sink.append(white);
  }
  return sink.bytes();
}

function decode1d(reader: BitReader, columns: number): number[] | undefined {
  const changes: number[] = [];
  let pos = 0;
  let color = 0;
  while (pos < columns) {
    const run = readRun(reader, color);
    if (run === undefined) return changes.length ? changes : undefined;
    pos = Math.min(columns, pos + run);
    if (pos < columns) changes.push(pos);
    color ^= 1;
  }
  return changes;
}

function decode2d(reader: BitReader, reference: number[], columns: number): number[] | undefined {
  const changes: number[] = [];
  let a0 = -1;
  let color = 0;
  let refIndex = 0;
  while (a0 < columns) {
    const mode = reader.code(MODES);
    if (mode === undefined) return changes.length ? changes : undefined;
    // b1: the first change on the reference line right of a0 with the colour opposite to a0's
    while (refIndex > 0 && (reference[refIndex - 1] ?? columns) > a0) refIndex--;
    while ((reference[refIndex] ?? columns) <= a0 && refIndex < reference.length - 2) refIndex++;
    if (refIndex % 2 !== color) refIndex++;
    const b1 = reference[refIndex] ?? columns;
    const b2 = reference[refIndex + 1] ?? columns;
    if (mode === PASS) {
      a0 = b2;
    } else if (mode === HORIZONTAL) {
      const first = readRun(reader, color);
      const second = readRun(reader, color ^ 1);
      if (first === undefined || second === undefined) return changes.length ? changes : undefined;
      const start = Math.max(a0, 0);
      const a1 = Math.min(columns, start + first);
      const a2 = Math.min(columns, a1 + second);
      changes.push(a1, a2);
      a0 = a2;
    } else {
      const a1 = Math.max(Math.max(a0, 0), Math.min(columns, b1 + mode));
      changes.push(a1);
      a0 = a1;
      color ^= 1;
    }
  }
  // changes at the right edge are not changes
  while (changes.length && (changes[changes.length - 1] ?? 0) >= columns) changes.pop();
  return changes;
}

/**
 * A row from its changing elements, white from 0 and alternating at each change, packed into
 * `row` (overwritten and returned): black runs set in 1 bits (/BlackIs1) or cleared from white 1s.
 */
function packRow(changes: number[], columns: number, row: Uint8Array, blackIs1: boolean): Uint8Array {
  row.fill(blackIs1 ? 0 : 0xff);
  const fill = blackIs1 ? 0xff : 0;
  for (let i = 0; i < changes.length; i += 2) {
    const start = changes[i] ?? columns;
    const end = Math.min(columns, changes[i + 1] ?? columns);
    let x = start;
    let bits = 0;
    while (x < end && x & 7) bits |= 0x80 >> (x++ & 7);
    if (bits) setBits(row, (x - 1) >> 3, bits, blackIs1);
    if (x + 8 <= end) {
      row.fill(fill, x >> 3, end >> 3);
      x = end & ~7;
    }
    bits = 0;
    for (; x < end; x++) bits |= 0x80 >> (x & 7);
    if (bits) setBits(row, (x - 1) >> 3, bits, blackIs1);
  }
  return row;
}

/** Marks the pixels `bits` of byte `at` black. */
function setBits(row: Uint8Array, at: number, bits: number, blackIs1: boolean): void {
  const byte = row[at] ?? 0;
  row[at] = blackIs1 ? byte | bits : byte & ~bits;
}
