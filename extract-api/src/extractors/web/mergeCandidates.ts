import type { ImageVariant } from 'shared-contracts';
import type { ImageCandidate } from '../page/index.ts';

/**
 * Joins candidate lists that describe one page (its HTML, its stylesheets, its rendered DOM) into
 * one list, one entry per URL, in first-seen order: every place it was found, every variant, the
 * first alt text, the largest declared size.
 */
export function mergeCandidates(lists: readonly (readonly ImageCandidate[])[]): ImageCandidate[] {
  const byUrl = new Map<string, ImageCandidate>();
  for (const list of lists) {
    for (const candidate of list) {
      const known = byUrl.get(candidate.url);
      if (!known) {
        byUrl.set(candidate.url, { ...candidate, foundIn: [...candidate.foundIn], variants: [...candidate.variants] });
        continue;
      }
      for (const place of candidate.foundIn) if (!known.foundIn.includes(place)) known.foundIn.push(place);
      known.variants = mergeVariants(known.variants, candidate.variants);
      known.alt ??= candidate.alt;
      known.declaredWidth = max(known.declaredWidth, candidate.declaredWidth);
      known.declaredHeight = max(known.declaredHeight, candidate.declaredHeight);
    }
  }
  return [...byUrl.values()];
}

function mergeVariants(a: readonly ImageVariant[], b: readonly ImageVariant[]): ImageVariant[] {
  const seen = new Set(a.map((v) => v.url));
  return [...a, ...b.filter((v) => !seen.has(v.url))];
}

function max(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

/** A plain URL seen some other way (a response the rendering browser loaded, a computed background). */
export function urlCandidate(url: string, foundIn: string): ImageCandidate {
  return { url, foundIn: [foundIn], variants: [] };
}
