import type { ImageVariant } from 'shared-contracts';
import type { ImageCandidate } from './types.ts';

export type SizeHint = 'larger' | 'smaller';

/** One sighting of an image URL on a page. */
export interface ImageHit {
  /** The resolved URL, which is also the merge key (see `resolveImageUrl`). */
  url: string;
  foundIn: readonly string[];
  alt?: string;
  /** srcset descriptor as written, and its numbers. */
  descriptor?: string;
  width?: number;
  density?: number;
  declaredWidth?: number;
  declaredHeight?: number;
  inlineSvg?: string;
  /**
   * What the markup says of its size beside its group's other URLs, when it states no width: a larger copy
   * (a lightbox link, `data-zoom-image`) or a smaller one (`data-thumb`).
   */
  sizeHint?: SizeHint;
  /**
   * Hits sharing a group are the same picture at other sizes (one srcset, one `<picture>`): merged into
   * one candidate reporting the largest. Groups that share a URL merge too.
   */
  group?: number;
}

interface UrlSummary {
  url: string;
  firstIndex: number;
  width?: number;
  density?: number;
  descriptor?: string;
  /** The w descriptor, as written. */
  srcsetWidth?: number;
  /** 1 for a larger copy, -1 for a smaller one, 0 when the markup does not say. */
  hint: number;
  https: boolean;
}

/** Union-find over URLs. */
class UrlSets {
  private readonly parent = new Map<string, string>();
  find(url: string): string {
    let root = url;
    for (let next = this.parent.get(root); next !== undefined && next !== root; next = this.parent.get(root)) {
      root = next;
    }
    if (!this.parent.has(url)) this.parent.set(url, url);
    // path compression
    let node = url;
    while (node !== root) {
      const next = this.parent.get(node) as string;
      this.parent.set(node, root);
      node = next;
    }
    return root;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
  }
}

/**
 * Size rank of a URL in its group: one the markup calls larger (the zoom or lightbox copy, whose width
 * is not written anywhere) first and one it calls smaller (a thumbnail) last; then a known width
 * (w descriptor, or x density times the declared width) beats none; then the larger width, the larger
 * density, https over http, and the earlier one.
 */
function compareSize(a: UrlSummary, b: UrlSummary): number {
  if (a.hint !== b.hint) return b.hint - a.hint;
  const aw = a.width ?? -1;
  const bw = b.width ?? -1;
  if (aw !== bw) return bw - aw;
  const ad = a.density ?? 1;
  const bd = b.density ?? 1;
  if (ad !== bd) return bd - ad;
  if (a.https !== b.https) return a.https ? -1 : 1;
  return a.firstIndex - b.firstIndex;
}

function hintRank(hint: SizeHint | undefined): number {
  return hint === 'larger' ? 1 : hint === 'smaller' ? -1 : 0;
}

function effectiveWidth(hit: ImageHit): number | undefined {
  if (hit.width !== undefined) return hit.width;
  if (hit.declaredWidth !== undefined) return Math.round((hit.density ?? 1) * hit.declaredWidth);
  return undefined;
}

function maxDefined(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

/**
 * Merges sightings into candidates: one per URL, and one per group of URLs that are the same picture,
 * reporting the largest with the others as variants. `foundIn` is the union of every sighting's, `alt` the
 * first non-empty one. Candidates come in the order their first sighting came.
 */
export function mergeImageHits(hits: readonly ImageHit[]): ImageCandidate[] {
  const sets = new UrlSets();
  const groupFirstUrl = new Map<number, string>();
  for (const hit of hits) {
    sets.find(hit.url);
    if (hit.group === undefined) continue;
    const first = groupFirstUrl.get(hit.group);
    if (first === undefined) groupFirstUrl.set(hit.group, hit.url);
    else sets.union(first, hit.url);
  }

  const components = new Map<string, ImageHit[]>();
  for (const hit of hits) {
    const root = sets.find(hit.url);
    const list = components.get(root);
    if (list) list.push(hit);
    else components.set(root, [hit]);
  }

  const candidates: ImageCandidate[] = [];
  for (const componentHits of components.values()) {
    const summaries = new Map<string, UrlSummary>();
    componentHits.forEach((hit, index) => {
      const summary = summaries.get(hit.url);
      if (!summary) {
        summaries.set(hit.url, {
          url: hit.url,
          firstIndex: index,
          width: effectiveWidth(hit),
          density: hit.density,
          descriptor: hit.descriptor,
          srcsetWidth: hit.width,
          hint: hintRank(hit.sizeHint),
          https: hit.url.startsWith('https:'),
        });
        return;
      }
      summary.hint = Math.max(summary.hint, hintRank(hit.sizeHint));
      summary.width = maxDefined(summary.width, effectiveWidth(hit));
      summary.density = maxDefined(summary.density, hit.density);
      summary.descriptor ??= hit.descriptor;
      summary.srcsetWidth ??= hit.width;
    });
    const ranked = [...summaries.values()].sort(compareSize);
    const primary = ranked[0] as UrlSummary;

    const foundIn: string[] = [];
    for (const hit of componentHits) for (const tag of hit.foundIn) if (!foundIn.includes(tag)) foundIn.push(tag);
    const candidate: ImageCandidate = {
      url: primary.url,
      foundIn,
      variants: ranked.slice(1).map(toVariant),
    };
    const alt = componentHits.find((hit) => hit.alt?.trim())?.alt?.trim();
    if (alt) candidate.alt = alt;
    const declared =
      componentHits.find((hit) => hit.url === primary.url && hit.declaredWidth !== undefined) ??
      componentHits.find((hit) => hit.declaredWidth !== undefined || hit.declaredHeight !== undefined);
    if (declared?.declaredWidth !== undefined) candidate.declaredWidth = declared.declaredWidth;
    if (declared?.declaredHeight !== undefined) candidate.declaredHeight = declared.declaredHeight;
    const svg = componentHits.find((hit) => hit.inlineSvg !== undefined)?.inlineSvg;
    if (svg !== undefined) candidate.inlineSvg = svg;
    candidates.push(candidate);
  }
  return candidates;
}

function toVariant(summary: UrlSummary): ImageVariant {
  const variant: ImageVariant = { url: summary.url };
  if (summary.descriptor) variant.descriptor = summary.descriptor;
  if (summary.srcsetWidth !== undefined) variant.width = summary.srcsetWidth;
  return variant;
}
