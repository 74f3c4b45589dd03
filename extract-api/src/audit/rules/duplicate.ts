import { type HashWords, hammingDistance, hashWords } from 'media-files';
import type { ImageUse } from 'shared-contracts';
import { bytesText, type DraftFinding, type ImageFacts, type RuleContext } from './context.ts';

/** dHashes at most this many bits apart, with the same shape, are one picture (resized, re-encoded). */
const SAME_PICTURE_BITS = 4;
/** Aspect ratios this close (relative) are the same shape. */
const SAME_ASPECT = 0.02;
/**
 * Bands the 64-bit hash is cut into to find near pairs without comparing every pair: hashes at
 * most SAME_PICTURE_BITS apart agree on at least one of SAME_PICTURE_BITS + 1 bands.
 */
const BANDS = SAME_PICTURE_BITS + 1;
/** Other addresses listed in one finding. */
const SAME_AS_MAX = 20;

function band(words: HashWords, index: number): string {
  const bits = (BigInt(words[0] >>> 0) << 32n) | BigInt(words[1] >>> 0);
  const size = Math.ceil(64 / BANDS);
  const shift = BigInt(index * size);
  return `${index}:${((bits >> shift) & ((1n << BigInt(size)) - 1n)).toString(16)}`;
}

function sameShape(a: ImageFacts, b: ImageFacts): boolean {
  if (!a.width || !a.height || !b.width || !b.height) return false;
  const ra = a.width / a.height;
  const rb = b.width / b.height;
  return Math.abs(ra - rb) / Math.max(ra, rb) <= SAME_ASPECT;
}

/**
 * The same picture at two or more addresses: the same bytes (sha256), or a near dHash with the same
 * shape (a resized copy). One finding per group, named by its largest copy (pixels, then bytes),
 * saving the bytes of all the other copies. An image's own srcset candidates are its sizes by
 * design: they are left out.
 */
export function duplicateRule(context: RuleContext): DraftFinding[] {
  const images = context.imageUrls
    .map((url) => context.facts.get(url))
    .filter(
      (f): f is ImageFacts =>
        f !== undefined && f.variantOf === undefined && (f.sha256 !== undefined || f.dhash !== undefined),
    );
  const parent = images.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[i] !== root) {
      const next = parent[i] as number;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  const join = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };

  const bySha = new Map<string, number>();
  const buckets = new Map<string, number[]>();
  const words = images.map((f) => (f.dhash ? hashWords(f.dhash) : undefined));
  images.forEach((f, i) => {
    if (f.sha256) {
      const seen = bySha.get(f.sha256);
      if (seen === undefined) bySha.set(f.sha256, i);
      else join(seen, i);
    }
    const w = words[i];
    if (!w) return;
    for (let b = 0; b < BANDS; b++) {
      const key = band(w, b);
      const list = buckets.get(key);
      if (list) {
        for (const j of list) {
          const other = words[j] as HashWords;
          if (hammingDistance(w, other) <= SAME_PICTURE_BITS && sameShape(f, images[j] as ImageFacts)) join(i, j);
        }
        list.push(i);
      } else buckets.set(key, [i]);
    }
  });

  const groups = new Map<number, ImageFacts[]>();
  images.forEach((f, i) => {
    const root = find(i);
    const list = groups.get(root);
    if (list) list.push(f);
    else groups.set(root, [f]);
  });

  const out: DraftFinding[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // Of copies the same size, the one most used stays, then the first met.
    const usesOf = (f: ImageFacts) => context.usesByImage.get(f.url)?.length ?? 0;
    const ranked = [...group].sort(
      (a, b) =>
        (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0) ||
        (b.bytes ?? 0) - (a.bytes ?? 0) ||
        usesOf(b) - usesOf(a),
    );
    const [largest, ...others] = ranked as [ImageFacts, ...ImageFacts[]];
    const saved = others.reduce((sum, f) => sum + (f.bytes ?? 0), 0);
    const uses: ImageUse[] = [];
    const pages: string[] = [];
    for (const f of ranked) {
      const found = context.usesByImage.get(f.url);
      if (found?.length) uses.push(...found);
      else if (f.pageUrl) pages.push(f.pageUrl);
    }
    out.push({
      rule: 'duplicate',
      imageUrl: largest.url,
      uses,
      ...(pages.length ? { pages } : {}),
      detail: `The same picture is at ${group.length} addresses; one copy would save ${bytesText(saved)}.`,
      bytesSaved: saved,
      sameAs: others.slice(0, SAME_AS_MAX).map((f) => f.url),
    });
  }
  return out;
}
