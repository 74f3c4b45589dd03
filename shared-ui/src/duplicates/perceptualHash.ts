/**
 * Duplicate images, the pure half (the Worker and the tests run it): a difference hash (dHash) of
 * a picture scaled to 9x8 grey pixels, the distance between two, and the grouping of a result set
 * into exact duplicates (same bytes) and near-duplicates (the same picture at another size or
 * encoding) kept under the largest copy.
 */

/** The hash's grid: 9 columns give 8 left-right differences a row, 8 rows: 64 bits. */
export const HASH_WIDTH = 9;
export const HASH_HEIGHT = 8;

/**
 * Two pictures whose hashes differ in at most this many of 64 bits are taken for the same picture.
 * Resized and re-encoded copies measure 0-4 in practice; unrelated photos 20 and more.
 */
export const NEAR_DUPLICATE_BITS = 6;
/** Nor may their shapes differ by more than this ratio (a crop is not the same picture). */
const ASPECT_TOLERANCE = 0.08;

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

/** What the Worker measured of one image; a hash it could not make is absent. */
export type ImageFingerprint = {
  id: string;
  /** SHA-256 of the file's bytes (hex). */
  sha256?: string | undefined;
  /** dHash of the decoded picture (hex). */
  dhash?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  bytes?: number | undefined;
};

/** The result set's duplicates, by image id. */
export type Duplicates = {
  /** A file found more than once: the first keeps its card; `alsoAt` lists the other ids (same bytes). */
  alsoAt: ReadonlyMap<string, readonly string[]>;
  /** Ids whose card is folded into another's: exact copies. */
  folded: ReadonlySet<string>;
  /** Near-duplicate groups: the largest copy's id → the smaller copies' ids, largest first. */
  smallerCopies: ReadonlyMap<string, readonly string[]>;
  /** A smaller copy's id → the largest copy's id. */
  largerCopyOf: ReadonlyMap<string, string>;
};

const area = (f: ImageFingerprint) => (f.width ?? 0) * (f.height ?? 0);
const aspect = (f: ImageFingerprint) => (f.width && f.height ? f.width / f.height : undefined);

function sameShape(a: ImageFingerprint, b: ImageFingerprint): boolean {
  const ra = aspect(a);
  const rb = aspect(b);
  if (ra === undefined || rb === undefined) return true;
  return Math.abs(ra - rb) / Math.max(ra, rb) <= ASPECT_TOLERANCE;
}

/**
 * Groups fingerprints given in the order found: same SHA-256 → one card (the first), the others
 * listed on it; then among those cards, pictures within NEAR_DUPLICATE_BITS of each other and of
 * the same shape → one group under the largest (by pixels, then bytes), joined transitively.
 */
export function findDuplicates(fingerprints: readonly ImageFingerprint[]): Duplicates {
  const alsoAt = new Map<string, string[]>();
  const folded = new Set<string>();
  const firstBySha = new Map<string, string>();
  const kept: ImageFingerprint[] = [];
  for (const each of fingerprints) {
    const first = each.sha256 ? firstBySha.get(each.sha256) : undefined;
    if (first !== undefined) {
      folded.add(each.id);
      alsoAt.set(first, [...(alsoAt.get(first) ?? []), each.id]);
      continue;
    }
    if (each.sha256) firstBySha.set(each.sha256, each.id);
    kept.push(each);
  }

  // Union-find over the kept cards, joined where their hashes are near: n² comparisons of 64-bit
  // hashes, 12.5 million pairs for 5,000 images, each two popcounts.
  const hashed = kept.filter((f) => f.dhash);
  const words = hashed.map((f) => hashWords(f.dhash as string));
  const parent = hashed.map((_f, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    parent[i] = r;
    return r;
  };
  for (let i = 0; i < hashed.length; i += 1) {
    for (let j = i + 1; j < hashed.length; j += 1) {
      if (hammingDistance(words[i] as HashWords, words[j] as HashWords) > NEAR_DUPLICATE_BITS) continue;
      if (sameShape(hashed[i] as ImageFingerprint, hashed[j] as ImageFingerprint)) {
        parent[root(j)] = root(i);
      }
    }
  }
  const groups = new Map<number, ImageFingerprint[]>();
  hashed.forEach((f, i) => {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), f]);
  });
  const smallerCopies = new Map<string, string[]>();
  const largerCopyOf = new Map<string, string>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const [largest, ...smaller] = [...members].sort((a, b) => area(b) - area(a) || (b.bytes ?? 0) - (a.bytes ?? 0));
    if (!largest) continue;
    smallerCopies.set(
      largest.id,
      smaller.map((f) => f.id),
    );
    for (const f of smaller) largerCopyOf.set(f.id, largest.id);
  }
  return { alsoAt, folded, smallerCopies, largerCopyOf };
}
