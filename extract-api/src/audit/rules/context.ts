import { formatBytes } from 'media-files';
import type {
  AUDIT_DEFAULTS,
  AuditRule,
  EncodedCopy,
  ExtractedImage,
  ImageFetchFacts,
  ImageUse,
} from 'shared-contracts';

/** What the image pass learnt of one image: the whole file read once, hashed and re-encoded. */
export type ImagePassResult = {
  url: string;
  sha256?: string;
  /** 64-bit difference hash, 16 hex digits. */
  dhash?: string;
  animated?: boolean;
  frames?: number;
  bytes?: number;
  width?: number;
  height?: number;
  format?: string;
  encoded?: EncodedCopy[];
  error?: string;
};

export type AuditThresholds = { -readonly [K in keyof typeof AUDIT_DEFAULTS]: number };

/** One image's facts, from the image pass first (the whole file), else from the scan's measure. */
export interface ImageFacts {
  url: string;
  bytes?: number;
  width?: number;
  height?: number;
  /** Upper case, as `ExtractedImage.format`: `JPEG`, `PNG`, `GIF`… */
  format?: string;
  animated?: boolean;
  frames?: number;
  sha256?: string;
  dhash?: string;
  encoded: EncodedCopy[];
  fetch?: ImageFetchFacts;
  /** The page the scan first found it on, for images no element use names (a stylesheet's). */
  pageUrl?: string;
  /** Another image's srcset candidate: one of its sizes by design, never its duplicate. */
  variantOf?: string;
}

/** A finding before it is numbered and its pages are bounded. */
export interface DraftFinding {
  rule: AuditRule;
  imageUrl: string;
  /** The element uses that show the problem; the first one names the element. */
  uses: ImageUse[];
  /** Pages known from elsewhere (an image no element use names). */
  pages?: string[];
  detail: string;
  bytesSaved?: number;
  encoded?: EncodedCopy[];
  sameAs?: string[];
  /** What tells two findings of one rule and image apart (alt-duplicate: the alt text). */
  key?: string;
}

export interface RuleContext {
  thresholds: AuditThresholds;
  /** Element uses by image URL, in input order. */
  usesByImage: ReadonlyMap<string, ImageUse[]>;
  facts: ReadonlyMap<string, ImageFacts>;
  /** Every image URL the audit knows, uses' first, in a stable order. */
  imageUrls: readonly string[];
  /** Whether display sizes were measured from layout (render) or read from markup. */
  render: boolean;
}

export function factsOf(context: RuleContext, url: string): ImageFacts | undefined {
  return context.facts.get(url);
}

/** The image facts by URL: the pass's numbers win over the scan's, which came from a partial read. */
export function collectFacts(
  images: readonly ExtractedImage[],
  pass: readonly ImagePassResult[],
  fetches: readonly ImageFetchFacts[],
): Map<string, ImageFacts> {
  const facts = new Map<string, ImageFacts>();
  const entry = (url: string): ImageFacts => {
    let found = facts.get(url);
    if (!found) {
      found = { url, encoded: [] };
      facts.set(url, found);
    }
    return found;
  };
  for (const image of images) {
    const f = entry(image.url);
    f.bytes ??= image.size;
    f.width ??= image.width;
    f.height ??= image.height;
    f.format ??= image.format?.toUpperCase();
    f.pageUrl ??= image.pageUrl;
  }
  for (const result of pass) {
    const f = entry(result.url);
    if (result.bytes !== undefined) f.bytes = result.bytes;
    if (result.width !== undefined) f.width = result.width;
    if (result.height !== undefined) f.height = result.height;
    if (result.format !== undefined) f.format = result.format.toUpperCase();
    if (result.animated !== undefined) f.animated = result.animated;
    if (result.frames !== undefined) f.frames = result.frames;
    if (result.sha256 !== undefined) f.sha256 = result.sha256;
    if (result.dhash !== undefined && /^[0-9a-f]{16}$/i.test(result.dhash)) f.dhash = result.dhash.toLowerCase();
    if (result.encoded) f.encoded = result.encoded;
  }
  for (const fetch of fetches) entry(fetch.url).fetch = fetch;
  for (const image of images) {
    for (const variant of image.variants ?? []) {
      const f = variant.url !== image.url ? facts.get(variant.url) : undefined;
      if (f) f.variantOf ??= image.url;
    }
  }
  return facts;
}

/** The smallest of the copies, or undefined. */
export function smallest(copies: readonly EncodedCopy[]): EncodedCopy | undefined {
  let best: EncodedCopy | undefined;
  for (const copy of copies) if (!best || copy.bytes < best.bytes) best = copy;
  return best;
}

export const IMAGE_FORMATS = new Set(['WEBP', 'AVIF']);
export const VIDEO_FORMATS = new Set(['MP4', 'WEBM']);

/** Bytes as the image cards write them: 512 B, 14 KB, 1.3 MB. */
export function bytesText(bytes: number): string {
  return formatBytes(bytes) ?? `${bytes} B`;
}

/** Text from a page or a server, in a sentence: one line, bounded, quoted by the caller. */
export function shortText(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The uses of an image that match a test, grouped into one draft when there are any. */
export function usesWhere(context: RuleContext, url: string, test: (use: ImageUse) => boolean): ImageUse[] {
  return (context.usesByImage.get(url) ?? []).filter(test);
}
