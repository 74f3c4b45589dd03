/**
 * PDF functions (ISO 32000-1 §7.10), for Separation and DeviceN tint transforms: type 0
 * (sampled, multilinear over the first input only when there are several — nearest sample
 * otherwise), type 2 (exponential), type 3 (stitching) and type 4 (PostScript calculator).
 *
 * Bounded: a sampled function must have a BitsPerSample the standard allows and a sample table
 * of sane size, else it is refused (`invalid`); every function read for one image shares one
 * budget of work (`FunctionBudget`), so a costly function run for every pixel of a large image
 * ends in `too-large` instead of running for minutes. Callers remember colours already computed
 * (pdfImage.ts), so real images, which have few distinct colours, stay far below it.
 */
import { DocumentError } from '../../errors.ts';
import { Lexer } from './lexer.ts';
import { numberOf, PdfCommand, PdfDict, type PdfObject, PdfStream } from './objects.ts';
import type { PdfDocument } from './xref.ts';

export type PdfFunction = (input: number[]) => number[];

const MAX_FUNCTION_DEPTH = 8;
/** Most operations one PostScript function may run per call. */
const MAX_PS_STEPS = 10_000;
/** Most work (PostScript operations, function calls) all the functions of one image may do. */
export const MAX_FUNCTION_STEPS = 50_000_000;
/** Sample sizes a sampled function may have (ISO 32000-1 Table 39). */
const SAMPLE_BITS = new Set([1, 2, 4, 8, 12, 16, 24, 32]);
/** Most entries (samples per output) a sampled function's table may declare: 16 Mi. */
const MAX_SAMPLE_TABLE = 16 * 1024 * 1024;
/** Most inputs or outputs of a function. */
const MAX_FUNCTION_ARITY = 32;

/** Work done so far by the functions sharing it, and the most they may do. */
export type FunctionBudget = { steps: number; limit: number };

export function functionBudget(limit = MAX_FUNCTION_STEPS): FunctionBudget {
  return { steps: 0, limit };
}

function charge(budget: FunctionBudget, steps: number): void {
  budget.steps += steps;
  if (budget.steps > budget.limit) {
    throw new DocumentError('too-large', 'An image in this PDF needs too much work to compute its colours.');
  }
}

function damaged(why: string): DocumentError {
  return new DocumentError('invalid', `An image in this PDF has a damaged colour function: ${why}.`);
}

function numbers(value: PdfObject | undefined): number[] {
  return Array.isArray(value) ? value.map((item) => numberOf(item) ?? 0) : [];
}

function clip(value: number, lo: number | undefined, hi: number | undefined): number {
  if (lo === undefined || hi === undefined) return value;
  return Math.min(Math.max(value, lo), hi);
}

export async function readFunction(
  doc: PdfDocument,
  value: PdfObject | undefined,
  depth = 0,
  budget: FunctionBudget = functionBudget(),
): Promise<PdfFunction | undefined> {
  if (depth > MAX_FUNCTION_DEPTH) return undefined;
  const resolved = await doc.resolve(value);
  if (Array.isArray(resolved)) {
    if (resolved.length > MAX_FUNCTION_ARITY) throw damaged('too many outputs');
    // one function per output component
    const parts = await Promise.all(resolved.map((item) => readFunction(doc, item, depth + 1, budget)));
    if (parts.some((part) => !part)) return undefined;
    return (input) => parts.map((part) => part?.(input)[0] ?? 0);
  }
  const dict = resolved instanceof PdfStream ? resolved.dict : resolved instanceof PdfDict ? resolved : undefined;
  if (!dict) return undefined;
  const plain = (await doc.resolveDeep(dict)) as PdfDict;
  const type = numberOf(plain.get('FunctionType'));
  const domain = numbers(plain.get('Domain'));
  const range = numbers(plain.get('Range'));
  const clipOutput = (out: number[]) =>
    range.length ? out.map((v, i) => clip(v, range[2 * i], range[2 * i + 1])) : out;
  const clipInput = (input: number[]) => input.map((v, i) => clip(v, domain[2 * i], domain[2 * i + 1]));
  if (type === 2) {
    const c0 = numbers(plain.get('C0'));
    const c1 = numbers(plain.get('C1'));
    const n = numberOf(plain.get('N')) ?? 1;
    const zero = c0.length ? c0 : [0];
    const one = c1.length ? c1 : [1];
    return (input) => {
      charge(budget, 1);
      const x = clipInput(input)[0] ?? 0;
      const t = x ** n;
      return clipOutput(zero.map((a, i) => a + t * ((one[i] ?? 0) - a)));
    };
  }
  if (type === 3) {
    const functions = plain.get('Functions');
    const parts = Array.isArray(functions)
      ? await Promise.all(functions.slice(0, 256).map((item) => readFunction(doc, item, depth + 1, budget)))
      : [];
    if (!parts.length || parts.some((part) => !part)) return undefined;
    const bounds = numbers(plain.get('Bounds'));
    const encode = numbers(plain.get('Encode'));
    return (input) => {
      charge(budget, 1);
      const x = clipInput(input)[0] ?? 0;
      let k = 0;
      while (k < bounds.length && x >= (bounds[k] ?? 0)) k++;
      const lo = k === 0 ? (domain[0] ?? 0) : (bounds[k - 1] ?? 0);
      const hi = k === bounds.length ? (domain[1] ?? 1) : (bounds[k] ?? 1);
      const e0 = encode[2 * k] ?? 0;
      const e1 = encode[2 * k + 1] ?? 1;
      const t = hi === lo ? e0 : e0 + ((x - lo) * (e1 - e0)) / (hi - lo);
      return clipOutput(parts[k]?.([t]) ?? [0]);
    };
  }
  if (type === 0 && resolved instanceof PdfStream) {
    // checked before the samples are decoded: the table's declared shape
    const size = numbers(plain.get('Size'));
    const bps = numberOf(plain.get('BitsPerSample')) ?? 0;
    const inputs = domain.length / 2;
    const outputs = range.length / 2;
    if (!SAMPLE_BITS.has(bps)) throw damaged(`BitsPerSample ${bps}`);
    if (!Number.isInteger(inputs) || inputs < 1 || inputs > MAX_FUNCTION_ARITY || size.length !== inputs) {
      throw damaged('its Domain and Size do not agree');
    }
    if (!Number.isInteger(outputs) || outputs < 1 || outputs > MAX_FUNCTION_ARITY) throw damaged('no valid Range');
    let entries = outputs;
    for (const s of size) {
      if (!Number.isInteger(s) || s < 1) throw damaged('a Size that is not a positive whole number');
      entries *= s;
      if (entries > MAX_SAMPLE_TABLE) throw damaged('a sample table too large');
    }
    const samples = (await doc.decodeStream(resolved)).data;
    const encode = numbers(plain.get('Encode'));
    const decode = numbers(plain.get('Decode'));
    const maxSample = 2 ** bps - 1;
    // samples past the end of a short table read as 0
    const readSample = (index: number): number => {
      if (bps === 8) return samples[index] ?? 0;
      if (bps === 16) return ((samples[2 * index] ?? 0) << 8) | (samples[2 * index + 1] ?? 0);
      const bit = index * bps;
      let value = 0;
      for (let b = 0; b < bps; b++) {
        const p = bit + b;
        value = value * 2 + (((samples[p >> 3] ?? 0) >> (7 - (p & 7))) & 1);
      }
      return value;
    };
    return (input) => {
      charge(budget, inputs + outputs);
      const x = clipInput(input);
      // nearest sample in every input dimension
      let index = 0;
      let stride = 1;
      for (let i = 0; i < inputs; i++) {
        const d0 = domain[2 * i] ?? 0;
        const d1 = domain[2 * i + 1] ?? 1;
        const s = size[i] ?? 1;
        const e0 = encode[2 * i] ?? 0;
        const e1 = encode[2 * i + 1] ?? s - 1;
        const e = d1 === d0 ? e0 : e0 + (((x[i] ?? 0) - d0) * (e1 - e0)) / (d1 - d0);
        index += Math.round(Math.min(Math.max(e, 0), s - 1)) * stride;
        stride *= s;
      }
      const out: number[] = [];
      for (let j = 0; j < outputs; j++) {
        const r0 = decode[2 * j] ?? range[2 * j] ?? 0;
        const r1 = decode[2 * j + 1] ?? range[2 * j + 1] ?? 1;
        out.push(r0 + (readSample(index * outputs + j) * (r1 - r0)) / maxSample);
      }
      return clipOutput(out);
    };
  }
  if (type === 4 && resolved instanceof PdfStream) {
    const program = parsePostScript((await doc.decodeStream(resolved)).data);
    if (!program) return undefined;
    const code = compilePostScript(program);
    const outputs = range.length / 2;
    const stack = new Float64Array(MAX_PS_STACK + 2);
    return (input) => {
      const x = clipInput(input);
      let sp = Math.min(x.length, MAX_PS_STACK);
      for (let i = 0; i < sp; i++) stack[i] = x[i] ?? 0;
      const run = runPostScript(code, stack, sp);
      charge(budget, run.steps);
      sp = run.sp;
      const out: number[] = [];
      for (let i = Math.max(0, sp - outputs); i < sp; i++) out.push(stack[i] ?? 0);
      return clipOutput(out);
    };
  }
  return undefined;
}

type PsOp = number | string | { ifTrue: PsOp[]; ifFalse?: PsOp[] };

function parsePostScript(data: Uint8Array): PsOp[] | undefined {
  const lexer = new Lexer(data);
  const parseBlock = (): PsOp[] | undefined => {
    const ops: PsOp[] = [];
    const blocks: PsOp[][] = [];
    for (;;) {
      const token = lexer.next();
      if (token === null || token === '}') return ops;
      if (token === '{') {
        const block = parseBlock();
        if (!block) return undefined;
        blocks.push(block);
        continue;
      }
      if (typeof token === 'number') ops.push(token);
      else if (token instanceof PdfCommand) {
        if (token.name === 'if' && blocks.length >= 1) ops.push({ ifTrue: blocks.pop() ?? [] });
        else if (token.name === 'ifelse' && blocks.length >= 2) {
          const ifFalse = blocks.pop() ?? [];
          ops.push({ ifTrue: blocks.pop() ?? [], ifFalse });
        } else ops.push(token.name);
      }
    }
  };
  const first = lexer.next();
  if (first !== '{') return undefined;
  return parseBlock();
}

const MAX_PS_STACK = 100;

/** Operators, numbered; a program is compiled to a flat list of them (with jumps for if/ifelse). */
const OPS = [
  // control and stack
  'push',
  'jumpIfFalse',
  'jump',
  'true',
  'false',
  'pop',
  'exch',
  'dup',
  'copy',
  'index',
  'roll',
  // one operand
  'neg',
  'abs',
  'sqrt',
  'sin',
  'cos',
  'ln',
  'log',
  'ceiling',
  'floor',
  'round',
  'truncate',
  'cvi',
  'cvr',
  'not',
  // two operands
  'add',
  'sub',
  'mul',
  'div',
  'idiv',
  'mod',
  'atan',
  'exp',
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'and',
  'or',
  'xor',
  'bitshift',
] as const;
const OP = Object.fromEntries(OPS.map((name, i) => [name, i])) as Record<(typeof OPS)[number], number>;

/** Flat code: each instruction an opcode, `push` and the jumps followed by their operand. */
function compilePostScript(ops: PsOp[]): Float64Array {
  const code: number[] = [];
  const emit = (block: PsOp[]): void => {
    for (const op of block) {
      if (typeof op === 'number') code.push(OP.push, op);
      else if (typeof op === 'object') {
        code.push(OP.jumpIfFalse, 0);
        const toElse = code.length - 1;
        emit(op.ifTrue);
        if (op.ifFalse) {
          code.push(OP.jump, 0);
          const toEnd = code.length - 1;
          code[toElse] = code.length;
          emit(op.ifFalse);
          code[toEnd] = code.length;
        } else code[toElse] = code.length;
      } else {
        const opcode = (OP as Record<string, number | undefined>)[op];
        if (opcode !== undefined && opcode > OP.jump) code.push(opcode);
      }
    }
  };
  emit(ops);
  return Float64Array.from(code);
}

/**
 * Runs compiled code on `stack` (its first `sp` entries); at most MAX_PS_STEPS instructions and
 * MAX_PS_STACK entries. Missing operands read as 0.
 */
function runPostScript(code: Float64Array, stack: Float64Array, start: number): { sp: number; steps: number } {
  let sp = start;
  let steps = 0;
  let pc = 0;
  const end = code.length;
  let a = 0;
  let b = 0;
  while (pc < end) {
    if (++steps > MAX_PS_STEPS || sp > MAX_PS_STACK) break;
    const op = code[pc++] ?? 0;
    switch (op) {
      case OP.push:
        stack[sp++] = code[pc++] ?? 0;
        break;
      case OP.jumpIfFalse:
        a = sp > 0 ? (stack[--sp] ?? 0) : 0;
        if (a) pc++;
        else pc = code[pc] ?? end;
        break;
      case OP.jump:
        pc = code[pc] ?? end;
        break;
      case OP.true:
        stack[sp++] = 1;
        break;
      case OP.false:
        stack[sp++] = 0;
        break;
      case OP.pop:
        if (sp > 0) sp--;
        break;
      case OP.dup:
        stack[sp] = sp > 0 ? (stack[sp - 1] ?? 0) : 0;
        sp++;
        break;
      case OP.exch:
        b = sp > 0 ? (stack[--sp] ?? 0) : 0;
        a = sp > 0 ? (stack[--sp] ?? 0) : 0;
        stack[sp++] = b;
        stack[sp++] = a;
        break;
      case OP.copy: {
        const n = Math.trunc(sp > 0 ? (stack[--sp] ?? 0) : 0);
        if (n > 0 && n <= sp && sp + n <= MAX_PS_STACK) {
          stack.copyWithin(sp, sp - n, sp);
          sp += n;
        }
        break;
      }
      case OP.index: {
        const n = Math.trunc(sp > 0 ? (stack[--sp] ?? 0) : 0);
        stack[sp] = n >= 0 && n < sp ? (stack[sp - 1 - n] ?? 0) : 0;
        sp++;
        break;
      }
      case OP.roll: {
        const j = Math.trunc(sp > 0 ? (stack[--sp] ?? 0) : 0);
        const n = Math.trunc(sp > 0 ? (stack[--sp] ?? 0) : 0);
        if (n > 0 && n <= sp) {
          const part = stack.slice(sp - n, sp);
          const shift = ((j % n) + n) % n;
          for (let i = 0; i < n; i++) stack[sp - n + ((i + shift) % n)] = part[i] ?? 0;
        }
        break;
      }
      default: {
        // the rest take one or two operands and leave one result
        const unary = op >= OP.neg && op <= OP.not;
        b = sp > 0 ? (stack[--sp] ?? 0) : 0;
        if (!unary) a = sp > 0 ? (stack[--sp] ?? 0) : 0;
        stack[sp++] = unary ? unaryOp(op, b) : binaryOp(op, a, b);
      }
    }
  }
  return { sp: Math.min(sp, MAX_PS_STACK), steps };
}

function unaryOp(op: number, x: number): number {
  switch (op) {
    case OP.neg:
      return -x;
    case OP.abs:
      return Math.abs(x);
    case OP.sqrt:
      return Math.sqrt(Math.max(0, x));
    case OP.sin:
      return Math.sin((x * Math.PI) / 180);
    case OP.cos:
      return Math.cos((x * Math.PI) / 180);
    case OP.ln:
      return Math.log(x);
    case OP.log:
      return Math.log10(x);
    case OP.ceiling:
      return Math.ceil(x);
    case OP.floor:
      return Math.floor(x);
    case OP.round:
      return Math.round(x);
    case OP.truncate:
    case OP.cvi:
      return Math.trunc(x);
    case OP.not:
      return ~x;
    default:
      return x; // cvr
  }
}

function binaryOp(op: number, a: number, b: number): number {
  switch (op) {
    case OP.add:
      return a + b;
    case OP.sub:
      return a - b;
    case OP.mul:
      return a * b;
    case OP.div:
      return b === 0 ? 0 : a / b;
    case OP.idiv:
      return b === 0 ? 0 : Math.trunc(a / b);
    case OP.mod:
      return b === 0 ? 0 : a % b;
    case OP.atan: {
      const angle = (Math.atan2(a, b) * 180) / Math.PI;
      return angle < 0 ? angle + 360 : angle;
    }
    case OP.exp:
      return a ** b;
    case OP.eq:
      return a === b ? 1 : 0;
    case OP.ne:
      return a !== b ? 1 : 0;
    case OP.gt:
      return a > b ? 1 : 0;
    case OP.ge:
      return a >= b ? 1 : 0;
    case OP.lt:
      return a < b ? 1 : 0;
    case OP.le:
      return a <= b ? 1 : 0;
    case OP.and:
      return a & b;
    case OP.or:
      return a | b;
    case OP.xor:
      return a ^ b;
    case OP.bitshift:
      return b >= 0 ? a << b : a >> -b;
    default:
      return 0;
  }
}
