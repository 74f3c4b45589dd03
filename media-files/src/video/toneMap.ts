/**
 * HDR to SDR: the server's ffmpeg chain (extract-api `toneMapFilters`: zscale to linear light with
 * 100 cd/m² as 1.0, BT.2020 to BT.709 primaries, tonemap's Möbius curve on the brightest channel,
 * BT.1886's 2.4 gamma) as arithmetic on a decoded frame's planes, so a PQ or HLG frame the browser
 * decodes comes out as the server's would. Browsers draw such frames into an sRGB canvas with
 * their own mapping (Chromium's is a third darker than the SDR picture, measured on generated PQ
 * and HLG sources), so the engine tone-maps the planes itself.
 */

/** The HDR transfers we tone-map: PQ (SMPTE ST 2084: HDR10, Dolby Vision's base) and HLG (ARIB STD-B67). */
export type HdrTransfer = 'pq' | 'hlg';

/** The transfer as WebCodecs (`pq`, `hlg`) or ffprobe (`smpte2084`, `arib-std-b67`) names it, when it is HDR. */
export function hdrTransferOf(transfer: string | null | undefined): HdrTransfer | undefined {
  if (transfer === 'pq' || transfer === 'smpte2084') return 'pq';
  if (transfer === 'hlg' || transfer === 'arib-std-b67') return 'hlg';
  return undefined;
}

/** A planar Y'CbCr frame of 8–16 bits per sample, as VideoFrame.copyTo gives it (I420P10, I422P10, I444P12…). */
export type YuvPlanes = {
  width: number;
  height: number;
  bitDepth: number;
  /** Full-range code values; else limited (video) range, as nearly every HDR video is. */
  fullRange: boolean;
  /** The Y'CbCr matrix: BT.2020 non-constant luminance unless the frame says BT.709. */
  matrix: 'bt2020-ncl' | 'bt709';
  y: Uint8Array | Uint16Array;
  u: Uint8Array | Uint16Array;
  v: Uint8Array | Uint16Array;
  /** Samples per row of each plane. */
  yStride: number;
  chromaStride: number;
  /** log2 of the chroma subsampling: 1 and 1 for 4:2:0, 1 and 0 for 4:2:2, 0 and 0 for 4:4:4. */
  chromaShiftX: number;
  chromaShiftY: number;
};

/**
 * The signal peak tonemap assumes, relative to 100 cd/m²: ffmpeg uses the stream's content light
 * level or mastering display when a frame carries them, else 10 (1,000 cd/m²) for a frame already
 * in linear light, as zscale hands it over. WebCodecs exposes neither, and 1,000 cd/m² is what
 * most HDR10 masters and every HLG one state, so the browser uses 10 throughout.
 */
export const TONE_MAP_PEAK = 10;
/** tonemap's default Möbius parameter: below it the signal is left as it is. */
const MOBIUS_J = 0.3;

const ST2084 = { m1: 0.1593017578125, m2: 78.84375, c1: 0.8359375, c2: 18.8515625, c3: 18.6875 };
const HLG = { a: 0.17883277, b: 0.28466892, c: 0.55991073 };
/** The BT.2020 and BT.709 Y'CbCr matrices' weights. */
const KR_2020 = 0.2627;
const KB_2020 = 0.0593;
const KR_709 = 0.2126;
const KB_709 = 0.0722;
/** Linear BT.2020 RGB to linear BT.709 RGB (both D65), row by row. */
const [M00, M01, M02, M10, M11, M12, M20, M21, M22] = [
  1.660491, -0.587641, -0.07285, -0.12455, 1.1329, -0.008349, -0.018151, -0.100579, 1.11873,
] as const;

/** PQ's EOTF: a non-linear value 0–1 to light, 1.0 = 100 cd/m². */
export function pqToLinear(value: number): number {
  const p = Math.max(value, 0) ** (1 / ST2084.m2);
  return (10000 / 100) * (Math.max(p - ST2084.c1, 0) / (ST2084.c2 - ST2084.c3 * p)) ** (1 / ST2084.m1);
}

/** HLG's inverse OETF: a non-linear value 0–1 to scene light 0–1. */
export function hlgToScene(value: number): number {
  const e = Math.max(value, 0);
  return e <= 0.5 ? (e * e) / 3 : (Math.exp((e - HLG.c) / HLG.a) + HLG.b) / 12;
}

/**
 * HLG to display light for a 1,000 cd/m² display, 1.0 = 100 cd/m²: the system gamma 1.2 on each
 * channel, as zimg's display-referred HLG curve does (BT.2100 applies it to luminance; per channel
 * is what the server's zscale computes, measured on generated HLG patches, and keeps saturated
 * colours as saturated as the SDR source).
 */
export function hlgToLinear(value: number): number {
  return 10 * hlgToScene(value) ** 1.2;
}

/** tonemap's Möbius curve (libavfilter/vf_tonemap.c): identity up to `j`, then rolls off to 1.0 at `peak`. */
export function mobius(value: number, peak = TONE_MAP_PEAK, j = MOBIUS_J): number {
  if (value <= j) return value;
  const a = (-j * j * (peak - 1)) / (j * j - 2 * j + peak);
  const b = (j * j - 2 * j * peak + peak) / Math.max(peak - 1, 1e-6);
  return (((b * b + 2 * b * j + j * j) / (b - a)) * (value + a)) / (value + b);
}

/**
 * Display light 0–1 to the value stored, as zscale's `t=bt709` writes it in a display-referred chain:
 * BT.1886's inverse EOTF (a 2.4 power), not BT.709's camera OETF, so an SDR-level region comes
 * back at its SDR value.
 */
export function sdrFromLinear(value: number): number {
  return Math.min(Math.max(value, 0), 1) ** (1 / 2.4);
}

/** Lookup tables: per-pixel pow and exp would cost more than decoding a 1080p frame. */
const EOTF_STEPS = 4096;
const OETF_STEPS = 16384;
const eotfTables = new Map<HdrTransfer, Float32Array>();
let oetfTable: Uint8Array | undefined;

function eotfTable(transfer: HdrTransfer): Float32Array {
  let table = eotfTables.get(transfer);
  if (!table) {
    table = new Float32Array(EOTF_STEPS + 2);
    for (let i = 0; i <= EOTF_STEPS + 1; i += 1) {
      const value = Math.min(i / EOTF_STEPS, 1);
      table[i] = transfer === 'pq' ? pqToLinear(value) : hlgToLinear(value);
    }
    eotfTables.set(transfer, table);
  }
  return table;
}

/** A non-linear value to linear through the table, interpolated (PQ is steep near its top). */
function lookUp(table: Float32Array, value: number): number {
  const x = Math.min(Math.max(value, 0), 1) * EOTF_STEPS;
  const i = x | 0;
  const f = x - i;
  return (table[i] as number) * (1 - f) + (table[i + 1] as number) * f;
}

function toByte(linear: number): number {
  if (!oetfTable) {
    oetfTable = new Uint8Array(OETF_STEPS + 1);
    for (let i = 0; i <= OETF_STEPS; i += 1) oetfTable[i] = Math.round(sdrFromLinear(i / OETF_STEPS) * 255);
  }
  return oetfTable[Math.round(Math.min(Math.max(linear, 0), 1) * OETF_STEPS)] as number;
}

/**
 * A PQ or HLG frame tone-mapped to 8-bit SDR RGBA (opaque), every `step`-th pixel in each direction
 * (1: full size; more for the small pictures scores are taken on, so a scan does not tone-map
 * every pixel of every frame). Chroma is read at the nearest sample, as the picture is scaled after.
 */
export function toneMapToRgba(
  planes: YuvPlanes,
  transfer: HdrTransfer,
  step = 1,
): { data: Uint8ClampedArray; width: number; height: number } {
  const width = Math.ceil(planes.width / step);
  const height = Math.ceil(planes.height / step);
  const data = new Uint8ClampedArray(width * height * 4);
  const table = eotfTable(transfer);
  const scale = 2 ** (planes.bitDepth - 8);
  const yOffset = planes.fullRange ? 0 : 16 * scale;
  const yRange = planes.fullRange ? 255 * scale : 219 * scale;
  const cOffset = 128 * scale;
  const cRange = planes.fullRange ? 255 * scale : 224 * scale;
  const [kr, kb] = planes.matrix === 'bt709' ? [KR_709, KB_709] : [KR_2020, KB_2020];
  const kg = 1 - kr - kb;
  const crToR = 2 * (1 - kr);
  const cbToB = 2 * (1 - kb);
  const cbToG = (2 * kb * (1 - kb)) / kg;
  const crToG = (2 * kr * (1 - kr)) / kg;
  const { y: yPlane, u: uPlane, v: vPlane, yStride, chromaStride, chromaShiftX, chromaShiftY } = planes;
  let out = 0;
  for (let row = 0; row < height; row += 1) {
    const sy = row * step;
    const yRow = sy * yStride;
    const cRow = (sy >> chromaShiftY) * chromaStride;
    for (let col = 0; col < width; col += 1) {
      const sx = col * step;
      const c = cRow + (sx >> chromaShiftX);
      const luma = ((yPlane[yRow + sx] as number) - yOffset) / yRange;
      const cb = ((uPlane[c] as number) - cOffset) / cRange;
      const cr = ((vPlane[c] as number) - cOffset) / cRange;
      const r = lookUp(table, luma + crToR * cr);
      const g = lookUp(table, luma - cbToG * cb - crToG * cr);
      const b = lookUp(table, luma + cbToB * cb);
      const r709 = M00 * r + M01 * g + M02 * b;
      const g709 = M10 * r + M11 * g + M12 * b;
      const b709 = M20 * r + M21 * g + M22 * b;
      // the brightest channel sets the curve's gain for all three, so hues do not shift
      const signal = Math.max(r709, g709, b709, 1e-6);
      const gain = mobius(signal) / signal;
      data[out] = toByte(r709 * gain);
      data[out + 1] = toByte(g709 * gain);
      data[out + 2] = toByte(b709 * gain);
      data[out + 3] = 255;
      out += 4;
    }
  }
  return { data, width, height };
}
