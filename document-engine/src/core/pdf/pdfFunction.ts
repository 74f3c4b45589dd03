/**
 * PDF functions (ISO 32000-1 §7.10), for Separation and DeviceN tint transforms: type 0
 * (sampled, multilinear over the first input only when there are several — nearest sample
 * otherwise), type 2 (exponential), type 3 (stitching) and type 4 (PostScript calculator).
 */
import { Lexer } from './lexer.ts';
import { numberOf, PdfCommand, PdfDict, type PdfObject, PdfStream } from './objects.ts';
import type { PdfDocument } from './xref.ts';

export type PdfFunction = (input: number[]) => number[];

const MAX_FUNCTION_DEPTH = 8;
/** Most operations one PostScript function may run per call. */
const MAX_PS_STEPS = 10_000;

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
): Promise<PdfFunction | undefined> {
  if (depth > MAX_FUNCTION_DEPTH) return undefined;
  const resolved = await doc.resolve(value);
  if (Array.isArray(resolved)) {
    // one function per output component
    const parts = await Promise.all(resolved.map((item) => readFunction(doc, item, depth + 1)));
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
      const x = clipInput(input)[0] ?? 0;
      const t = x ** n;
      return clipOutput(zero.map((a, i) => a + t * ((one[i] ?? 0) - a)));
    };
  }
  if (type === 3) {
    const functions = plain.get('Functions');
    const parts = Array.isArray(functions)
      ? await Promise.all(functions.map((item) => readFunction(doc, item, depth + 1)))
      : [];
    if (!parts.length || parts.some((part) => !part)) return undefined;
    const bounds = numbers(plain.get('Bounds'));
    const encode = numbers(plain.get('Encode'));
    return (input) => {
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
    const samples = (await doc.decodeStream(resolved)).data;
    const size = numbers(plain.get('Size'));
    const bps = numberOf(plain.get('BitsPerSample')) ?? 8;
    const outputs = range.length / 2;
    const encode = numbers(plain.get('Encode'));
    const decode = numbers(plain.get('Decode'));
    const maxSample = 2 ** bps - 1;
    const readSample = (index: number): number => {
      const bit = index * bps;
      let value = 0;
      for (let b = 0; b < bps; b++) {
        const p = bit + b;
        value = value * 2 + (((samples[p >> 3] ?? 0) >> (7 - (p & 7))) & 1);
      }
      return value;
    };
    return (input) => {
      const x = clipInput(input);
      // nearest sample in every input dimension
      let index = 0;
      let stride = 1;
      for (let i = 0; i < size.length; i++) {
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
    const outputs = range.length / 2;
    return (input) => {
      const stack = clipInput(input);
      runPostScript(program, stack, { steps: 0 });
      return clipOutput(stack.slice(Math.max(0, stack.length - outputs)));
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

function runPostScript(ops: PsOp[], stack: number[], budget: { steps: number }): void {
  const pop = () => stack.pop() ?? 0;
  for (const op of ops) {
    if (++budget.steps > MAX_PS_STEPS) return;
    if (typeof op === 'number') {
      stack.push(op);
      continue;
    }
    if (typeof op === 'object') {
      const condition = pop();
      if (condition) runPostScript(op.ifTrue, stack, budget);
      else if (op.ifFalse) runPostScript(op.ifFalse, stack, budget);
      continue;
    }
    let b: number;
    let a: number;
    switch (op) {
      case 'true':
        stack.push(1);
        break;
      case 'false':
        stack.push(0);
        break;
      case 'add':
        stack.push(pop() + pop());
        break;
      case 'sub':
        b = pop();
        stack.push(pop() - b);
        break;
      case 'mul':
        stack.push(pop() * pop());
        break;
      case 'div':
        b = pop();
        a = pop();
        stack.push(b === 0 ? 0 : a / b);
        break;
      case 'idiv':
        b = pop();
        a = pop();
        stack.push(b === 0 ? 0 : Math.trunc(a / b));
        break;
      case 'mod':
        b = pop();
        a = pop();
        stack.push(b === 0 ? 0 : a % b);
        break;
      case 'neg':
        stack.push(-pop());
        break;
      case 'abs':
        stack.push(Math.abs(pop()));
        break;
      case 'sqrt':
        stack.push(Math.sqrt(Math.max(0, pop())));
        break;
      case 'sin':
        stack.push(Math.sin((pop() * Math.PI) / 180));
        break;
      case 'cos':
        stack.push(Math.cos((pop() * Math.PI) / 180));
        break;
      case 'atan': {
        b = pop();
        a = pop();
        const angle = (Math.atan2(a, b) * 180) / Math.PI;
        stack.push(angle < 0 ? angle + 360 : angle);
        break;
      }
      case 'exp':
        b = pop();
        stack.push(pop() ** b);
        break;
      case 'ln':
        stack.push(Math.log(pop()));
        break;
      case 'log':
        stack.push(Math.log10(pop()));
        break;
      case 'ceiling':
        stack.push(Math.ceil(pop()));
        break;
      case 'floor':
        stack.push(Math.floor(pop()));
        break;
      case 'round':
        stack.push(Math.round(pop()));
        break;
      case 'truncate':
      case 'cvi':
        stack.push(Math.trunc(pop()));
        break;
      case 'cvr':
        break;
      case 'eq':
        b = pop();
        stack.push(pop() === b ? 1 : 0);
        break;
      case 'ne':
        b = pop();
        stack.push(pop() !== b ? 1 : 0);
        break;
      case 'gt':
        b = pop();
        stack.push(pop() > b ? 1 : 0);
        break;
      case 'ge':
        b = pop();
        stack.push(pop() >= b ? 1 : 0);
        break;
      case 'lt':
        b = pop();
        stack.push(pop() < b ? 1 : 0);
        break;
      case 'le':
        b = pop();
        stack.push(pop() <= b ? 1 : 0);
        break;
      case 'and':
        stack.push(pop() & pop());
        break;
      case 'or':
        stack.push(pop() | pop());
        break;
      case 'xor':
        stack.push(pop() ^ pop());
        break;
      case 'not':
        stack.push(~pop());
        break;
      case 'bitshift':
        b = pop();
        a = pop();
        stack.push(b >= 0 ? a << b : a >> -b);
        break;
      case 'pop':
        pop();
        break;
      case 'exch':
        b = pop();
        a = pop();
        stack.push(b, a);
        break;
      case 'dup':
        stack.push(stack[stack.length - 1] ?? 0);
        break;
      case 'copy': {
        const n = pop();
        stack.push(...stack.slice(Math.max(0, stack.length - n)));
        break;
      }
      case 'index':
        stack.push(stack[stack.length - 1 - pop()] ?? 0);
        break;
      case 'roll': {
        const j = pop();
        const n = pop();
        if (n > 0 && n <= stack.length) {
          const part = stack.splice(stack.length - n, n);
          const shift = ((j % n) + n) % n;
          stack.push(...part.slice(n - shift), ...part.slice(0, n - shift));
        }
        break;
      }
    }
    if (stack.length > 100) return;
  }
}
