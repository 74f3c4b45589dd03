import { createHash } from 'node:crypto';
import { fileNameFromUrl } from 'media-files';
import { type ExtractedImage, type ImageFetchFacts, type ImageSourceKind, MESSAGES } from 'shared-contracts';
import { isByteBudgetError, isSafeFetchError, type SafeFetch } from '../../services/safeFetch/index.ts';
import { type FullSizeChecks, findFullSize, warmFullSize } from '../originals/index.ts';
import type { ImageCandidate } from '../page/index.ts';
import { createLimiter, type ImageFacts, imageAccept, type Limiter, probeDataUrl, probeImage } from '../probe/index.ts';
import type { HostGate } from './hostGate.ts';

/**
 * Images one extraction measures at once (each probe is one small range request); how many of
 * them one host sees at once, from every extraction together, is the probe gate's to say.
 */
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
  /**
   * Candidates measured, in order: what the extraction's budget grants this page. The rest are
   * counted as not checked and never fetched. All of them when left out.
   */
  limit?: number;
  /**
   * The gate of image probes per host that every extraction of the process (or, on Redis, of
   * every worker) passes through, so concurrent extractions cannot add up against one host.
   */
  probeGate?: HostGate;
  /** The extraction's probes at once, shared by the pages of a scan; PROBE_CONCURRENCY for this call alone by default. */
  limiter?: Limiter;
  /** Ask for JPEG/PNG where a server would send WebP/AVIF ("Prefer original formats"); each image says so. */
  originalFormat?: boolean;
  /** Full-size originals wanted: each measured image's larger original, checked, is given instead (the page's copy kept as `shownOnPage`). */
  fullSize?: FullSizeChecks;
  /**
   * Hears the bytes of a measured image whose probe read the whole file (a small one), just before
   * the image is given: a caller that saves the images writes these instead of fetching them again.
   */
  onWholeFile?: (url: string, bytes: Uint8Array) => void;
  /** Hears what fetching each http(s) candidate told (status, redirects, type), as the image audit needs it. */
  onFetch?: (facts: ImageFetchFacts) => void;
};

export type ProbeOutcome = {
  images: ExtractedImage[];
  unreadable: number;
  /** Candidates never fetched: past `limit`, or left when the extraction's byte budget ran out. */
  notChecked: number;
  uncheckedUrls: string[];
};

/** The sentence a result carries when a budget left candidates unchecked. */
export function notCheckedMessage(notChecked: number): string | undefined {
  return notChecked > 0 ? MESSAGES.budget.notChecked(notChecked) : undefined;
}

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
 * counted; so are the candidates a budget leaves unchecked. `onImage` hears each image as soon as
 * it is measured; the result keeps page order.
 */
export async function toExtractedImages(
  candidates: readonly ImageCandidate[],
  options: ProbeOptions,
  onImage?: (image: ExtractedImage) => void,
): Promise<ProbeOutcome> {
  const limit = options.limiter ?? createLimiter(PROBE_CONCURRENCY);
  const granted = Math.max(0, Math.min(candidates.length, options.limit ?? candidates.length));
  const uncheckedUrls = candidates.slice(granted).map((candidate) => candidate.url);
  let unreadable = 0;
  let bytesSpent = false;
  // Originals given so far, and the addresses the page names itself: an original is given once, and
  // one the page also shows as it is is left to that card.
  const givenOriginals = new Set<string>(candidates.map((candidate) => candidate.url));
  const results = await Promise.all(
    candidates.slice(0, granted).map((candidate) =>
      limit(async () => {
        // Once the byte budget is spent, every fetch of the extraction is refused: not even tried.
        if (options.fullSize && !bytesSpent) warmFullSize(candidate.url, fullSizeOptions(options, options.fullSize));
        const facts = bytesSpent && !isDataUrl(candidate.url) ? NOT_CHECKED : await measure(candidate, options);
        if (facts === NOT_CHECKED) {
          bytesSpent = true;
          uncheckedUrls.push(candidate.url);
          return undefined;
        }
        if (!facts?.format) {
          unreadable += 1;
          return undefined;
        }
        const found = options.fullSize ? await fullSizeOf(candidate, facts, options, options.fullSize) : undefined;
        const full = found && !givenOriginals.has(found.url) ? found : undefined;
        if (full) givenOriginals.add(full.url);
        const image = full
          ? withFullSize(describe({ ...candidate, url: full.url }, full, options), candidate, facts)
          : describe(candidate, facts, options);
        if (!full && facts.bytes) options.onWholeFile?.(image.url, facts.bytes);
        onImage?.(image);
        return image;
      }),
    ),
  );
  return {
    images: results.filter((image): image is ExtractedImage => image !== undefined),
    unreadable,
    notChecked: uncheckedUrls.length,
    uncheckedUrls,
  };
}

const NOT_CHECKED = Symbol('not checked');
const isDataUrl = (url: string) => url.startsWith('data:');

async function measure(
  candidate: ImageCandidate,
  options: ProbeOptions,
): Promise<ImageFacts | undefined | typeof NOT_CHECKED> {
  try {
    if (isDataUrl(candidate.url)) return probeDataUrl(candidate.url);
    const probe = () =>
      probeImage(candidate.url, options.fetch, options.signal, {
        headers: { accept: imageAccept(options.originalFormat) },
        // A full-size check compares the copy's picture: a small copy read whole is not fetched again.
        keepWhole: options.fullSize !== undefined || options.onWholeFile !== undefined,
      });
    const gate = options.probeGate;
    const facts = await (gate ? gate.run(new URL(candidate.url).host, probe, options.signal) : probe());
    options.onFetch?.(fetchFacts(candidate.url, facts));
    return facts;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (isByteBudgetError(error)) return NOT_CHECKED;
    options.onFetch?.(failedFetchFacts(candidate.url, error));
    return undefined;
  }
}

function fetchFacts(url: string, facts: ImageFacts): ImageFetchFacts {
  return {
    url,
    ...(facts.status !== undefined ? { status: facts.status } : {}),
    ...(facts.redirects ? { redirects: facts.redirects } : {}),
    ...(facts.contentType ? { contentType: facts.contentType.slice(0, 200) } : {}),
    ...(facts.format ? {} : { notAnImage: true }),
  };
}

function failedFetchFacts(url: string, error: unknown): ImageFetchFacts {
  const failure = isSafeFetchError(error) ? error : undefined;
  return {
    url,
    ...(failure?.status !== undefined ? { status: failure.status } : {}),
    error: (failure?.message ?? 'The image could not be fetched.').slice(0, 300),
  };
}

/** How this extraction's full-size checks fetch: its fetch, gate and Accept. */
const fullSizeOptions = (options: ProbeOptions, checks: FullSizeChecks) => ({
  fetch: options.fetch,
  checks,
  ...(options.signal ? { signal: options.signal } : {}),
  ...(options.probeGate ? { probeGate: options.probeGate } : {}),
  ...(options.originalFormat ? { headers: { accept: imageAccept(true) } } : {}),
});

/** A candidate's checked original; a check that fails (not an abort) leaves the page's copy. */
async function fullSizeOf(candidate: ImageCandidate, facts: ImageFacts, options: ProbeOptions, checks: FullSizeChecks) {
  if (isDataUrl(candidate.url)) return undefined;
  try {
    return await findFullSize(candidate.url, facts, fullSizeOptions(options, checks));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return undefined;
  }
}

/** The original's image, with the copy the page showed. */
function withFullSize(image: ExtractedImage, shown: ImageCandidate, facts: ImageFacts): ExtractedImage {
  return {
    ...image,
    shownOnPage: {
      url: shown.url,
      ...(facts.width ? { width: facts.width } : {}),
      ...(facts.height ? { height: facts.height } : {}),
      ...(facts.format ? { format: facts.format } : {}),
      ...(facts.size !== undefined ? { size: facts.size } : {}),
    },
  };
}

/** What names a picture with no address of its own: how the rendered page made it. */
const DRAWN_NAMES = ['canvas', 'blob', 'css-sprite'];

function describe(candidate: ImageCandidate, facts: ImageFacts, options: ProbeOptions): ExtractedImage {
  const fallbackName = candidate.inlineSvg
    ? 'inline-svg'
    : (DRAWN_NAMES.find((name) => candidate.foundIn.includes(name)) ?? 'image');
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
    ...(options.originalFormat && !isDataUrl(candidate.url) ? { originalFormat: true } : {}),
  };
}
