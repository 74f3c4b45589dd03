import { describe, expect, it } from 'vitest';
import {
  differenceHash,
  findDuplicates,
  greyOf,
  hammingDistance,
  hashWords,
  type ImageFingerprint,
} from '../src/duplicates/perceptualHash.ts';

const bitsApart = (a: string, b: string) => hammingDistance(hashWords(a), hashWords(b));

/** A 9x8 grey picture from a function of x and y. */
const picture = (f: (x: number, y: number) => number) =>
  Uint8Array.from({ length: 72 }, (_v, i) => Math.max(0, Math.min(255, Math.round(f(i % 9, Math.floor(i / 9))))));

describe('difference hash', () => {
  it('sets a bit where a pixel is brighter than its right neighbour', () => {
    expect(differenceHash(picture((x) => 255 - x * 20))).toBe('ffffffffffffffff');
    expect(differenceHash(picture((x) => x * 20))).toBe('0000000000000000');
    // Row y alternates: the first row falls then rises.
    expect(differenceHash(picture((x, y) => (y === 0 ? (x % 2 ? 0 : 200) : x)))).toBe('aa00000000000000');
  });

  it('hardly changes for the same picture brighter or with noise, and a lot for another picture', () => {
    const scene = (x: number, y: number) => 128 + 90 * Math.sin(x * 1.3 + y * 0.7) + 20 * Math.cos(y * 2.1);
    const base = differenceHash(picture(scene));
    const brighter = differenceHash(picture((x, y) => scene(x, y) * 1.1 + 8));
    const noisy = differenceHash(picture((x, y) => scene(x, y) + (((x * 7 + y * 13) % 5) - 2)));
    const other = differenceHash(picture((x, y) => 128 + 90 * Math.cos(x * 0.4 - y * 1.9)));
    expect(bitsApart(base, brighter)).toBeLessThanOrEqual(2);
    expect(bitsApart(base, noisy)).toBeLessThanOrEqual(6);
    expect(bitsApart(base, other)).toBeGreaterThan(16);
  });

  it('reads RGBA over white: a transparent pixel is white', () => {
    expect([...greyOf(new Uint8Array([0, 0, 0, 0, 255, 0, 0, 255]))]).toEqual([255, 76]);
  });

  it('counts differing bits', () => {
    expect(bitsApart('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(bitsApart('8000000000000001', '0000000000000000')).toBe(2);
  });
});

describe('grouping duplicates', () => {
  const f = (id: string, extra: Partial<ImageFingerprint>): ImageFingerprint => ({ id, ...extra });

  it('folds the same bytes into the first card, and lists where else it appears', () => {
    const found = findDuplicates([
      f('a', { sha256: 's1' }),
      f('b', { sha256: 's2' }),
      f('c', { sha256: 's1' }),
      f('d', { sha256: 's1' }),
    ]);
    expect(found.alsoAt.get('a')).toEqual(['c', 'd']);
    expect([...found.folded]).toEqual(['c', 'd']);
  });

  it('groups near pictures of the same shape under the largest, transitively, and leaves others alone', () => {
    const found = findDuplicates([
      f('thumb', { dhash: '0f0f0f0f0f0f0f0f', width: 160, height: 90, bytes: 5 }),
      f('full', { dhash: '0f0f0f0f0f0f0f0e', width: 1600, height: 900, bytes: 500 }),
      f('mid', { dhash: '0f0f0f0f0f0f0f1e', width: 640, height: 360, bytes: 50 }),
      // Same hash, another shape: a crop, not a copy.
      f('square', { dhash: '0f0f0f0f0f0f0f0f', width: 90, height: 90 }),
      f('other', { dhash: 'f0f0f0f0f0f0f0f0', width: 160, height: 90 }),
    ]);
    expect(found.smallerCopies.get('full')).toEqual(['mid', 'thumb']);
    expect(found.largerCopyOf.get('thumb')).toBe('full');
    expect(found.largerCopyOf.has('square')).toBe(false);
    expect(found.largerCopyOf.has('other')).toBe(false);
    expect(found.smallerCopies.size).toBe(1);
  });
});
