/**
 * Duplicate images, the pure half (the Worker and the tests run it): the grouping of a result set
 * into exact duplicates (same bytes) and near-duplicates (the same picture at another size or
 * encoding, by the dHash of media-files/perceptualHash) kept under the largest copy.
 */

import { type HashWords, hammingDistance, hashWords, NEAR_DUPLICATE_BITS } from 'media-files/perceptualHash';

// The hash itself lives in media-files: the server's original-size check hashes the same way.
export {
  differenceHash,
  greyOf,
  HASH_HEIGHT,
  HASH_WIDTH,
  type HashWords,
  hammingDistance,
  hashWords,
  NEAR_DUPLICATE_BITS,
} from 'media-files/perceptualHash';

/** Nor may their shapes differ by more than this ratio (a crop is not the same picture). */
const ASPECT_TOLERANCE = 0.08;

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
