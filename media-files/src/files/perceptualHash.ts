/**
 * A picture's perceptual hash, the pure half: a difference hash (dHash) of the picture scaled to
 * 9x8 grey pixels, and the distance between two. The browser's duplicate finder scales with
 * createImageBitmap and the server's original-size check with sharp; both hash here, so that the
 * two sides speak of "the same picture" in the same bits.
 */

/** The hash's grid: 9 columns give 8 left-right differences a row, 8 rows: 64 bits. */
export const HASH_WIDTH = 9;
export const HASH_HEIGHT = 8;

/**
 * Two pictures whose hashes differ in at most this many of 64 bits are taken for the same picture.
 * Resized and re-encoded copies measure 0-4 in practice; unrelated photos 20 and more.
 */
export const NEAR_DUPLICATE_BITS = 6;

/** Luma of RGBA pixels (ITU-R BT.601), alpha composited over white as the card shows it. */
export function greyOf(rgba: Uint8ClampedArray | Uint8Array): Uint8Array {
  const grey = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < grey.length; i += 1) {
    const a = (rgba[i * 4 + 3] ?? 255) / 255;
    const over = (c: number) => c * a + 255 * (1 - a);
    grey[i] = Math.round(
      0.299 * over(rgba[i * 4] ?? 0) + 0.587 * over(rgba[i * 4 + 1] ?? 0) + 0.114 * over(rgba[i * 4 + 2] ?? 0),
    );
  }
  return grey;
}

/** dHash of a 9x8 grey picture: bit set where a pixel is brighter than its right neighbour. 16 hex digits. */
export function differenceHash(grey: Uint8Array): string {
  if (grey.length !== HASH_WIDTH * HASH_HEIGHT) throw new Error(`dHash takes ${HASH_WIDTH}x${HASH_HEIGHT} pixels`);
  let hex = '';
  for (let y = 0; y < HASH_HEIGHT; y += 1) {
    let byte = 0;
    for (let x = 0; x < HASH_WIDTH - 1; x += 1) {
      const left = grey[y * HASH_WIDTH + x] as number;
      const right = grey[y * HASH_WIDTH + x + 1] as number;
      byte = (byte << 1) | (left > right ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

const popcount32 = (v: number) => {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** A 64-bit hash as two 32-bit words: parsed once per image, not once per pair in the n² loop. */
export type HashWords = readonly [number, number];

export const hashWords = (hex: string): HashWords => [
  Number.parseInt(hex.slice(0, 8), 16),
  Number.parseInt(hex.slice(8, 16), 16),
];

/** Bits in which two hashes differ. */
export function hammingDistance([a0, a1]: HashWords, [b0, b1]: HashWords): number {
  return popcount32(a0 ^ b0) + popcount32(a1 ^ b1);
}
