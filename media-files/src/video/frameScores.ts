/**
 * Per-frame scores on small grey pictures, the same arithmetic wherever the frames were decoded
 * (WebCodecs in the browser, ffmpeg on the server): a scene score to find cuts, a sharpness score
 * to pick the clear frame among blurred ones.
 */

/** The size frames are scored at: enough to see a cut or a blur, small enough to cost nothing next to decoding. */
export const SCENE_SCORE_SIZE = { width: 64, height: 36 } as const;
export const SHARPNESS_SIZE = { width: 320, height: 180 } as const;

/** Rec. 601 luma of RGBA pixels (ImageData), as ffmpeg's `format=gray` computes it, in limited range ignored. */
export function lumaOfRgba(rgba: Uint8Array | Uint8ClampedArray): Uint8Array {
  const luma = new Uint8Array(rgba.length >> 2);
  for (let i = 0, p = 0; p < luma.length; i += 4, p += 1) {
    luma[p] = ((rgba[i] ?? 0) * 77 + (rgba[i + 1] ?? 0) * 150 + (rgba[i + 2] ?? 0) * 29 + 128) >> 8;
  }
  return luma;
}

/** A decoded frame's luma (Y') plane as WebCodecs' `copyTo` lays it out: 8-bit bytes, or 10/12-bit in 16-bit words. */
export type LumaPlane = {
  data: Uint8Array | Uint16Array;
  width: number;
  height: number;
  /** Samples (not bytes) from one row to the next. */
  stride: number;
  bitDepth: number;
  /** Full-range (0–255) code values; limited range (16–235, the usual) is stretched to 0–255. */
  fullRange: boolean;
};

/**
 * The luma plane box-averaged to a `gridWidth` x `gridHeight` grey picture, 0–255: each cell the mean
 * of the plane's pixels under it, limited range stretched to full, so a grey comes out as
 * `lumaOfRgba` gives it from the same frame drawn into a canvas (the scene score's scale is kept).
 * Written into `out` when given (a scan reuses one buffer).
 */
export function lumaGridOfPlane(
  plane: LumaPlane,
  gridWidth: number,
  gridHeight: number,
  out = new Uint8Array(gridWidth * gridHeight),
): Uint8Array {
  const { data, width, height, stride } = plane;
  const cells = gridWidth * gridHeight;
  if (width < gridWidth || height < gridHeight || out.length < cells) return out.fill(0);
  const columnStart = new Int32Array(gridWidth + 1);
  for (let cx = 0; cx <= gridWidth; cx += 1) columnStart[cx] = Math.floor((cx * width) / gridWidth);
  // 8-bit rows are summed four bytes to a word (two 16-bit lanes), four times the speed of byte by byte
  const bytes = data instanceof Uint8Array && data.byteOffset % 4 === 0 ? data : undefined;
  const words = bytes && new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const sum =
    bytes && words
      ? (from: number, to: number) => wordSum(bytes, words, from, to)
      : (from: number, to: number) => {
          let total = 0;
          for (let x = from; x < to; x += 1) total += data[x] as number;
          return total;
        };
  const sums = new Float64Array(cells);
  for (let cy = 0; cy < gridHeight; cy += 1) {
    const top = Math.floor((cy * height) / gridHeight);
    const bottom = Math.floor(((cy + 1) * height) / gridHeight);
    const cellRow = cy * gridWidth;
    for (let y = top; y < bottom; y += 1) {
      const row = y * stride;
      for (let cx = 0; cx < gridWidth; cx += 1) {
        const cell = cellRow + cx;
        sums[cell] =
          (sums[cell] as number) + sum(row + (columnStart[cx] as number), row + (columnStart[cx + 1] as number));
      }
    }
  }
  const scale = 2 ** (plane.bitDepth - 8);
  const [black, range] = plane.fullRange ? [0, 255] : [16, 219];
  for (let cy = 0; cy < gridHeight; cy += 1) {
    const rows = Math.floor(((cy + 1) * height) / gridHeight) - Math.floor((cy * height) / gridHeight);
    for (let cx = 0; cx < gridWidth; cx += 1) {
      const count = rows * ((columnStart[cx + 1] as number) - (columnStart[cx] as number));
      const mean = (sums[cy * gridWidth + cx] as number) / count / scale;
      out[cy * gridWidth + cx] = Math.min(255, Math.max(0, Math.round(((mean - black) * 255) / range)));
    }
  }
  return out;
}

/** The sum of bytes `from` to `to` (exclusive), whole words read as two 16-bit lanes of byte pairs. */
function wordSum(bytes: Uint8Array, words: Uint32Array, from: number, to: number): number {
  let total = 0;
  let x = from;
  for (; x < to && (x & 3) !== 0; x += 1) total += bytes[x] as number;
  while (x + 4 <= to) {
    // at most 128 words per batch: a lane then holds at most 2 * 255 * 128 < 65,536
    const end = Math.min(to & ~3, x + 512);
    let lanes = 0;
    for (; x < end; x += 4) {
      const word = words[x >> 2] as number;
      lanes += (word & 0x00ff00ff) + ((word >>> 8) & 0x00ff00ff);
    }
    total += (lanes & 0xffff) + (lanes >>> 16);
  }
  for (; x < to; x += 1) total += bytes[x] as number;
  return total;
}

/**
 * ffmpeg's scene score (libavfilter/f_select.c): with MAD the mean absolute difference of a frame
 * from the one before (0–255), the score is min(MAD, |MAD − previous MAD|) / 100, clipped to 0–1. The
 * second term keeps steady motion (a pan: every MAD large, but alike) from reading as cuts. Call
 * it with each frame in order; the first frame scores 0.
 */
export function createSceneScorer() {
  // the previous picture is kept as a copy: a scan may hand over one buffer it rewrites each frame
  let before: Uint8Array | undefined;
  let previousMad = 0;
  return (luma: Uint8Array): number => {
    if (!before || before.length !== luma.length || luma.length === 0) {
      before = Uint8Array.from(luma);
      return 0;
    }
    let sad = 0;
    for (let i = 0; i < luma.length; i += 1) sad += Math.abs((luma[i] ?? 0) - (before[i] ?? 0));
    before.set(luma);
    const mad = sad / luma.length;
    const diff = Math.abs(mad - previousMad);
    previousMad = mad;
    return Math.min(1, Math.max(0, Math.min(mad, diff) / 100));
  };
}

/**
 * Variance of the Laplacian (4-neighbour kernel) over the inside of a grey picture: edges give a
 * sharp frame large second derivatives, blur flattens them. Only comparable between frames of
 * one video at one size.
 */
export function sharpness(luma: Uint8Array, width: number, height: number): number {
  if (width < 3 || height < 3 || luma.length < width * height) return 0;
  let sum = 0;
  let sumSquares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 1) {
    const row = y * width;
    for (let x = 1; x < width - 1; x += 1) {
      const i = row + x;
      const value =
        (luma[i - 1] ?? 0) + (luma[i + 1] ?? 0) + (luma[i - width] ?? 0) + (luma[i + width] ?? 0) - 4 * (luma[i] ?? 0);
      sum += value;
      sumSquares += value * value;
      n += 1;
    }
  }
  const mean = sum / n;
  return sumSquares / n - mean * mean;
}

/** Among candidates `{ seconds, score }`, the sharpest; a tie goes to the one nearest `target`. */
export function sharpestOf<T extends { seconds: number; score: number }>(
  candidates: readonly T[],
  target: number,
): T | undefined {
  let best: T | undefined;
  for (const candidate of candidates) {
    if (
      !best ||
      candidate.score > best.score * (1 + 1e-9) ||
      (Math.abs(candidate.score - best.score) <= best.score * 1e-9 &&
        Math.abs(candidate.seconds - target) < Math.abs(best.seconds - target))
    ) {
      best = candidate;
    }
  }
  return best;
}
