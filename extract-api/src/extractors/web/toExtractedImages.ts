import { createHash } from 'node:crypto';
import { fileNameFromUrl } from 'media-files';
import type { ExtractedImage, ImageSourceKind } from 'shared-contracts';
import type { SafeFetch } from '../../plugins/app/safeFetch/index.ts';
import type { ImageCandidate } from '../page/index.ts';
import { createLimiter, type ImageFacts, probeDataUrl, probeImage } from '../probe/index.ts';

/** Images measured at once. Each probe is one small range request. */
export const PROBE_CONCURRENCY = 8;

export type ProbeOptions = {
  fetch: SafeFetch;
  source: ImageSourceKind;
  signal?: AbortSignal;
  /** Names the result set already uses: each image gets one no other image has. */
  allocateName: (name: string) => string;
  /** Website scans: the page each candidate was first found on. */
  pageUrl?: string;
  /**
   * A scan of several start pages: the start address (as given) this page was reached from. The
   * image is then one per start address (its id says which), so each source's group is whole.
   */
  origin?: string;
  concurrency?: number;
};

export type ProbeOutcome = { images: ExtractedImage[]; unreadable: number };

/** Stable id of an image within results: its URL's hash (with its start address, in a batch). */
export function imageId(url: string, origin?: string): string {
  return createHash('sha256')
    .update(origin === undefined ? url : `${origin}\n${url}`)
    .digest('hex')
    .slice(0, 16);
}

/** What makes an image once in a scan: its address, within its start address in a batch. */
export const imageKey = (url: string, origin?: string) => (origin === undefined ? url : `${origin}\n${url}`);

/**
 * Measures each candidate from its first bytes (true format, width, height, file size) and turns it
 * into an ExtractedImage. What is not an image after all (an error page, a 404) is left out and
 * counted. `onImage` hears each image as soon as it is measured; the result keeps page order.
 */
export async function toExtractedImages(
  candidates: readonly ImageCandidate[],
  options: ProbeOptions,
  onImage?: (image: ExtractedImage) => void,
): Promise<ProbeOutcome> {
  const limit = createLimiter(options.concurrency ?? PROBE_CONCURRENCY);
  let unreadable = 0;
  const results = await Promise.all(
    candidates.map((candidate) =>
      limit(async () => {
        const facts = await measure(candidate, options);
        if (!facts?.format) {
          unreadable += 1;
          return undefined;
        }
        const image = describe(candidate, facts, options);
        onImage?.(image);
        return image;
      }),
    ),
  );
  return { images: results.filter((image): image is ExtractedImage => image !== undefined), unreadable };
}

async function measure(candidate: ImageCandidate, options: ProbeOptions): Promise<ImageFacts | undefined> {
  try {
    if (candidate.url.startsWith('data:')) return probeDataUrl(candidate.url);
    return await probeImage(candidate.url, options.fetch, options.signal);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return undefined;
  }
}

function describe(candidate: ImageCandidate, facts: ImageFacts, options: ProbeOptions): ExtractedImage {
  const fallbackName = candidate.inlineSvg ? 'inline-svg' : 'image';
  return {
    id: imageId(candidate.url, options.origin),
    name: options.allocateName(fileNameFromUrl(candidate.url, facts.format, fallbackName)),
    url: candidate.url,
    source: options.source,
    format: facts.format,
    mimeType: facts.mimeType,
    width: facts.width,
    height: facts.height,
    size: facts.size,
    alt: candidate.alt,
    foundIn: candidate.foundIn,
    variants: candidate.variants.length > 0 ? candidate.variants : undefined,
    pageUrl: options.pageUrl,
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  };
}
