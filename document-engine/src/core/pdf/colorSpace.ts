/**
 * Image colour spaces (ISO 32000-1 §8.6) reduced to what a PNG needs: every space maps its
 * decoded components (0–1, or an index for Indexed) to gray or sRGB.
 *
 * - DeviceGray, CalGray → gray; DeviceRGB, CalRGB → RGB (calibration ignored).
 * - DeviceCMYK → RGB by the simple formula R = (1−C)(1−K), G = (1−M)(1−K), B = (1−Y)(1−K).
 * - ICCBased → by /N (1 gray, 3 RGB, 4 CMYK), or its /Alternate when given. A gray or RGB profile
 *   is kept (`icc`) and written into the PNG as iCCP, so viewers apply it; a CMYK one is not applied.
 * - Lab → CIE XYZ (the space's /WhitePoint) → Bradford-adapted to D65 (a D50 Lab image would
 *   otherwise turn yellow) → linear sRGB → sRGB gamma.
 * - Indexed → its base space through the lookup table (a string or a stream).
 * - Separation and DeviceN: the tint transform (pdfFunction.ts) into the alternate space. When
 *   the function cannot be read: one component shows as gray (tint 1 = black), three as RGB,
 *   four as CMYK, others by their first component.
 */

import { DocumentError } from '../../errors.ts';
import { nameOf, numberOf, PdfDict, type PdfObject, PdfStream } from './objects.ts';
import { type PdfFunction, readFunction } from './pdfFunction.ts';
import type { PdfDocument } from './xref.ts';

export type ColorSpace =
  | { kind: 'gray'; n: 1; icc?: Uint8Array }
  | { kind: 'rgb'; n: 3; icc?: Uint8Array }
  | { kind: 'cmyk'; n: 4 }
  | {
      kind: 'lab';
      n: 3;
      whitePoint: [number, number, number];
      range: [number, number, number, number];
      /** XYZ under the white point → linear sRGB (D65), row-major 3x3. */
      toRgb: Float64Array;
    }
  | { kind: 'indexed'; n: 1; base: ColorSpace; hival: number; lookup: Uint8Array }
  | { kind: 'tint'; n: number; alternate?: ColorSpace; transform?: PdfFunction };

const MAX_COLOR_SPACE_DEPTH = 8;
/** Larger ICC profiles are not kept (real ones are a few KB; a CMYK one with tables under 1 MB). */
const MAX_ICC_BYTES = 4 * 1024 * 1024;

export async function readColorSpace(
  doc: PdfDocument,
  value: PdfObject | undefined,
  resources: PdfDict | undefined,
  depth = 0,
): Promise<ColorSpace> {
  const resolved = await doc.resolve(value);
  if (depth > MAX_COLOR_SPACE_DEPTH) return { kind: 'gray', n: 1 };
  const name = nameOf(resolved);
  if (name !== undefined) {
    switch (name) {
      case 'DeviceGray':
      case 'G':
      case 'CalGray':
        return { kind: 'gray', n: 1 };
      case 'DeviceRGB':
      case 'RGB':
      case 'CalRGB':
        return { kind: 'rgb', n: 3 };
      case 'DeviceCMYK':
      case 'CMYK':
        return { kind: 'cmyk', n: 4 };
    }
    // a named resource (inline images, or a name used by a Form)
    const table = await doc.resolve(resources?.get('ColorSpace'));
    if (table instanceof PdfDict && table.has(name)) return readColorSpace(doc, table.get(name), undefined, depth + 1);
    return { kind: 'gray', n: 1 };
  }
  if (!Array.isArray(resolved) || resolved.length === 0) return { kind: 'gray', n: 1 };
  const family = nameOf(await doc.resolve(resolved[0]));
  switch (family) {
    case 'CalGray':
    case 'DeviceGray':
      return { kind: 'gray', n: 1 };
    case 'CalRGB':
    case 'DeviceRGB':
      return { kind: 'rgb', n: 3 };
    case 'DeviceCMYK':
      return { kind: 'cmyk', n: 4 };
    case 'ICCBased': {
      const stream = await doc.resolve(resolved[1]);
      const dict = stream instanceof PdfStream ? stream.dict : undefined;
      const alternate = dict?.get('Alternate');
      const n = numberOf(await doc.resolve(dict?.get('N'))) ?? 3;
      const space = alternate ? await readColorSpace(doc, alternate, resources, depth + 1) : deviceSpace(n);
      if ((space.kind === 'gray' && n === 1) || (space.kind === 'rgb' && n === 3)) {
        const icc = stream instanceof PdfStream ? await iccProfileOf(doc, stream, n) : undefined;
        if (icc) return { ...space, icc };
      }
      return space;
    }
    case 'Lab': {
      const dict = await doc.resolveDeep(resolved[1]);
      const wp = dict instanceof PdfDict ? dict.get('WhitePoint') : undefined;
      const range = dict instanceof PdfDict ? dict.get('Range') : undefined;
      const nums = (v: PdfObject | undefined, fallback: number[]) =>
        Array.isArray(v) ? fallback.map((f, i) => numberOf(v[i]) ?? f) : fallback;
      const [x = 0.9505, y = 1, z = 1.089] = nums(wp, [0.9505, 1, 1.089]);
      const [a0 = -100, a1 = 100, b0 = -100, b1 = 100] = nums(range, [-100, 100, -100, 100]);
      return { kind: 'lab', n: 3, whitePoint: [x, y, z], range: [a0, a1, b0, b1], toRgb: labToRgbMatrix([x, y, z]) };
    }
    case 'Indexed':
    case 'I': {
      const base = await readColorSpace(doc, resolved[1], resources, depth + 1);
      const hival = Math.max(0, Math.min(255, numberOf(await doc.resolve(resolved[2])) ?? 0));
      const lookupValue = await doc.resolve(resolved[3]);
      const lookup =
        lookupValue instanceof PdfStream
          ? (await doc.decodeStream(lookupValue)).data
          : ((await doc.string(lookupValue)) ?? new Uint8Array(0));
      return { kind: 'indexed', n: 1, base, hival, lookup };
    }
    case 'Separation':
    case 'DeviceN': {
      const names = await doc.resolve(resolved[1]);
      const n = family === 'Separation' ? 1 : Array.isArray(names) ? Math.max(1, Math.min(32, names.length)) : 1;
      const alternate = await readColorSpace(doc, resolved[2], resources, depth + 1);
      // A function that cannot be read shows with the fallback colours below; one that is
      // damaged in a way that would make it run away (or a bomb in its data) fails the image.
      const transform = await readFunction(doc, resolved[3]).catch((error: unknown) => {
        if (error instanceof DocumentError && error.code !== 'unsupported') throw error;
        return undefined;
      });
      if (!transform || alternate.kind === 'tint' || alternate.kind === 'indexed') return { kind: 'tint', n };
      return { kind: 'tint', n, alternate, transform };
    }
    case 'Pattern':
      return resolved[1] ? readColorSpace(doc, resolved[1], resources, depth + 1) : { kind: 'gray', n: 1 };
  }
  return { kind: 'gray', n: 1 };
}

/** The device space of `n` components: gray for 1, CMYK for 4, RGB for any other count. */
export function deviceSpace(n: number): ColorSpace {
  return n === 1 ? { kind: 'gray', n: 1 } : n === 4 ? { kind: 'cmyk', n: 4 } : { kind: 'rgb', n: 3 };
}

/** Output channels (without alpha) for a colour space. */
export function outputChannels(space: ColorSpace): 1 | 3 {
  if (space.kind === 'gray') return 1;
  if (space.kind === 'tint') return space.alternate ? outputChannels(space.alternate) : space.n === 1 ? 1 : 3;
  return 3;
}

/** Writes one pixel's colour as 0–255 values into `out` at `at`; `c` holds decoded components. */
export function toOutput(space: ColorSpace, c: Float64Array, out: Uint8Array, at: number): void {
  switch (space.kind) {
    case 'gray':
      out[at] = clamp255(c[0] ?? 0);
      return;
    case 'rgb':
      out[at] = clamp255(c[0] ?? 0);
      out[at + 1] = clamp255(c[1] ?? 0);
      out[at + 2] = clamp255(c[2] ?? 0);
      return;
    case 'cmyk': {
      const k = 1 - (c[3] ?? 0);
      out[at] = clamp255((1 - (c[0] ?? 0)) * k);
      out[at + 1] = clamp255((1 - (c[1] ?? 0)) * k);
      out[at + 2] = clamp255((1 - (c[2] ?? 0)) * k);
      return;
    }
    case 'lab':
      labToRgb(space, c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, out, at);
      return;
    case 'indexed': {
      const index = Math.max(0, Math.min(space.hival, Math.round(c[0] ?? 0)));
      const n = space.base.n;
      const base = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const byte = space.lookup[index * n + i] ?? 0;
        base[i] = space.base.kind === 'lab' ? labComponent(space.base, i, byte) : byte / 255;
      }
      if (outputChannels(space.base) === 1) {
        toOutput(space.base, base, out, at);
        out[at + 1] = out[at] ?? 0;
        out[at + 2] = out[at] ?? 0;
      } else toOutput(space.base, base, out, at);
      return;
    }
    case 'tint': {
      if (space.alternate && space.transform) {
        const input: number[] = [];
        for (let i = 0; i < space.n; i++) input.push(c[i] ?? 0);
        toOutput(space.alternate, Float64Array.from(space.transform(input)), out, at);
        return;
      }
      if (space.n === 1) out[at] = clamp255(1 - (c[0] ?? 0));
      else if (space.n === 3) toOutput({ kind: 'rgb', n: 3 }, c, out, at);
      else if (space.n === 4) toOutput({ kind: 'cmyk', n: 4 }, c, out, at);
      else {
        const v = clamp255(1 - (c[0] ?? 0));
        out[at] = v;
        out[at + 1] = v;
        out[at + 2] = v;
      }
      return;
    }
  }
}

/** Lab lookup bytes: L 0–100, a and b across the space's range. */
function labComponent(space: Extract<ColorSpace, { kind: 'lab' }>, i: number, byte: number): number {
  if (i === 0) return (byte / 255) * 100;
  const [lo, hi] = i === 1 ? [space.range[0], space.range[1]] : [space.range[2], space.range[3]];
  return lo + (byte / 255) * (hi - lo);
}

function labToRgb(
  space: Extract<ColorSpace, { kind: 'lab' }>,
  l: number,
  a: number,
  b: number,
  out: Uint8Array,
  at: number,
): void {
  const g = (x: number) => (x >= 6 / 29 ? x * x * x : (108 / 841) * (x - 4 / 29));
  const m = (l + 16) / 116;
  const [xw, yw, zw] = space.whitePoint;
  const x = xw * g(m + a / 500);
  const y = yw * g(m);
  const z = zw * g(m - b / 200);
  const t = space.toRgb;
  const r = (t[0] ?? 0) * x + (t[1] ?? 0) * y + (t[2] ?? 0) * z;
  const gg = (t[3] ?? 0) * x + (t[4] ?? 0) * y + (t[5] ?? 0) * z;
  const bb = (t[6] ?? 0) * x + (t[7] ?? 0) * y + (t[8] ?? 0) * z;
  const gamma = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
  out[at] = clamp255(gamma(r));
  out[at + 1] = clamp255(gamma(gg));
  out[at + 2] = clamp255(gamma(bb));
}

function clamp255(v: number): number {
  return v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
}

/** The profile's bytes when they look like an ICC profile of `n` channels' colour space, else undefined. */
async function iccProfileOf(doc: PdfDocument, stream: PdfStream, n: 1 | 3): Promise<Uint8Array | undefined> {
  const length = numberOf(await doc.resolve(stream.dict.get('Length'))) ?? 0;
  if (length > MAX_ICC_BYTES) return undefined;
  const profile = await doc
    .decodeStream(stream)
    .then((decoded) => (decoded.codec ? undefined : decoded.data))
    .catch(() => undefined);
  if (!profile || profile.length < 132 || profile.length > MAX_ICC_BYTES) return undefined;
  // 'acsp' at 36; the data colour space at 16: 'GRAY' or 'RGB '
  const tag = (at: number) => String.fromCharCode(...profile.subarray(at, at + 4));
  if (tag(36) !== 'acsp') return undefined;
  return tag(16) === (n === 1 ? 'GRAY' : 'RGB ') ? profile : undefined;
}

/** sRGB's D65 white, and XYZ → linear sRGB (IEC 61966-2-1). */
const D65: readonly [number, number, number] = [0.95047, 1, 1.08883];
const XYZ_TO_SRGB = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.204, 1.057];
/** Bradford cone response, and its inverse. */
const BRADFORD = [0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296];
const BRADFORD_INVERSE = [
  0.9869929, -0.1470543, 0.1599627, 0.4323053, 0.5183603, 0.0492912, -0.0085287, 0.0400428, 0.9684867,
];

function multiply(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += (a[r * 3 + k] ?? 0) * (b[k * 3 + c] ?? 0);
      out.push(sum);
    }
  }
  return out;
}

/** XYZ under `white` → linear sRGB: Bradford adaptation from `white` to D65, then sRGB's matrix. */
function labToRgbMatrix(white: readonly [number, number, number]): Float64Array {
  const cone = (xyz: readonly number[]) =>
    [0, 1, 2].map(
      (r) =>
        (BRADFORD[r * 3] ?? 0) * (xyz[0] ?? 0) +
        (BRADFORD[r * 3 + 1] ?? 0) * (xyz[1] ?? 0) +
        (BRADFORD[r * 3 + 2] ?? 0) * (xyz[2] ?? 0),
    );
  const from = cone(white);
  const to = cone(D65);
  const scale = [
    (to[0] ?? 1) / (from[0] || 1),
    0,
    0,
    0,
    (to[1] ?? 1) / (from[1] || 1),
    0,
    0,
    0,
    (to[2] ?? 1) / (from[2] || 1),
  ];
  const adapt = multiply(BRADFORD_INVERSE, multiply(scale, BRADFORD));
  return Float64Array.from(multiply(XYZ_TO_SRGB, adapt));
}
