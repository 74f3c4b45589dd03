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

/**
 * ffmpeg's scene score (libavfilter/f_select.c): with MAD the mean absolute difference of a frame
 * from the one before (0–255), the score is min(MAD, |MAD − previous MAD|) / 100, clipped to 0–1. The
 * second term keeps steady motion (a pan: every MAD large, but alike) from reading as cuts. Call
 * it with each frame in order; the first frame scores 0.
 */
export function createSceneScorer() {
  let previous: Uint8Array | undefined;
  let previousMad = 0;
  return (luma: Uint8Array): number => {
    const before = previous;
    previous = luma;
    if (!before || before.length !== luma.length || luma.length === 0) return 0;
    let sad = 0;
    for (let i = 0; i < luma.length; i += 1) sad += Math.abs((luma[i] ?? 0) - (before[i] ?? 0));
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
