import { hammingDistance, hashWords } from 'media-files';
import { readBuffer, type SafeFetch } from '../../services/safeFetch/index.ts';
import { IMAGE_ACCEPT, type ImageFacts, probeImage, sniffImageFormat } from '../probe/index.ts';
import { type OriginalCandidate, originalCandidates } from './candidates.ts';
import { HASHABLE_FORMATS, pictureSignature } from './pictureHash.ts';

/**
 * Two pictures whose 64-bit dHashes differ in at most this many bits are the same picture.
 * Measured on the corpus's pictures (photos, scans, gradients, form pages) resized to 80-300 px
 * and re-encoded as JPEG, WebP and PNG at quality 50: a copy is 0-5 bits from its original in
 * most cases and up to 14 under the harshest WebP; different pictures are 12 bits apart at the
 * closest (two pages of one printed form: 13). 8 keeps a margin from the different ones: a copy
 * that measures further keeps the thumbnail, which is only a missed upgrade.
 */
export const SAME_PICTURE_BITS = 8;

/**
 * A mostly flat picture (a pale scan, a banner on a plain ground) flips dHash bits with a copy's
 * encoding noise: up to twice SAME_PICTURE_BITS is still one picture when the grey levels of the
 * two, 16x16 at the copy's size, differ by at most this much on average (of 255). Measured on 25
 * corpus pictures against copies re-encoded as JPEG, WebP and PNG at quality 60: different
 * pictures at most 16 bits apart were 7.8 or more apart in grey; a copy that failed dHash alone
 * was within 4.
 */
export const SAME_PICTURE_GREY = 4;

const meanGreyDistance = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / Math.max(1, a.length);
};

/** One picture at two sizes: dHash within SAME_PICTURE_BITS, or near it with the same grey levels. */
function samePicture(copy: Signature, original: Signature): boolean {
  const bits = hammingDistance(hashWords(copy.hash), hashWords(original.hash));
  if (bits <= SAME_PICTURE_BITS) return true;
  return bits <= 2 * SAME_PICTURE_BITS && meanGreyDistance(copy.grey, original.grey) <= SAME_PICTURE_GREY;
}

/**
 * How far two shapes may differ and still be one picture at two sizes (rounding, a CDN's
 * one-pixel trim): a crop is another picture.
 */
const ASPECT_TOLERANCE = 0.02;

/** The image the page showed, as measured. */
export type Thumbnail = {
  url: string;
  width: number;
  height: number;
  format?: string;
  /** Its bytes, when the caller already read them: then it is not fetched again. */
  bytes?: Uint8Array;
};

/** The original offered instead of the thumbnail. */
export type VerifiedOriginal = {
  url: string;
  width: number;
  height: number;
  format: string;
  /** Its bytes, when this check read them (a check answered from the cache did not). */
  bytes?: Uint8Array;
  /** The rule that guessed it, when the candidate came from originalCandidates. */
  rule?: string;
};

/** The bounds of the checks; their defaults are the service's settings (config.ts). */
export type OriginalLimits = {
  /** Candidates checked per image, in the rules' order; the others are not fetched. */
  maxCandidates: number;
  /** A candidate larger than this is not downloaded, and keeps the thumbnail. */
  maxBytes: number;
  /** A candidate of more pixels than this is not decoded. */
  maxPixels: number;
};

/** What was learnt of one address: its header's facts, and once read whole, its picture. Bytes are not kept. */
type Checked = {
  facts?: Promise<ImageFacts | undefined>;
  picture?: Promise<Picture | undefined>;
};

type Signature = { hash: string; grey: Uint8Array };
type Picture = Signature & { format: string };

/** One scan's checks, by address: a candidate several pages share, or one failed, is fetched once. */
export type OriginalsCache = Map<string, Checked>;

export function createOriginalsCache(): OriginalsCache {
  return new Map();
}

export type VerifyOriginalOptions = {
  /** The caller's fetch: its per-host gate and its extraction's byte budget apply to every check. */
  fetch: SafeFetch;
  cache: OriginalsCache;
  limits: OriginalLimits;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the page as Referer. */
  headers?: Record<string, string>;
};

function entry(cache: OriginalsCache, url: string): Checked {
  let checked = cache.get(url);
  if (!checked) {
    checked = {};
    cache.set(url, checked);
  }
  return checked;
}

/** Larger on both sides, or of the same shape and more pixels. */
function isLarger(candidate: { width: number; height: number }, thumbnail: Thumbnail): boolean {
  if (candidate.width > thumbnail.width && candidate.height > thumbnail.height) return true;
  const a = candidate.width / candidate.height;
  const b = thumbnail.width / thumbnail.height;
  return (
    Math.abs(a - b) / Math.max(a, b) <= ASPECT_TOLERANCE &&
    candidate.width * candidate.height > thumbnail.width * thumbnail.height
  );
}

/**
 * Which original to offer for `thumbnail`, among `candidates` (most likely first): the first
 * whose header says it is an image larger than the thumbnail and whose picture, read whole, has
 * the thumbnail's perceptual hash. Each candidate costs one range request for its header; only one
 * whose size passed is downloaded, within `limits.maxBytes`. Undefined when none passes: the
 * thumbnail stands. Never throws for a candidate's failure (404, HTML, a refused address, a
 * spent budget): only an aborted `signal` ends the check with its error.
 */
export async function verifyOriginal(
  thumbnail: Thumbnail,
  candidates: readonly (OriginalCandidate | string)[],
  options: VerifyOriginalOptions,
): Promise<VerifiedOriginal | undefined> {
  const { limits, signal } = options;
  if (!(thumbnail.width > 0 && thumbnail.height > 0)) return undefined;
  if (thumbnail.format !== undefined && !HASHABLE_FORMATS.has(thumbnail.format)) return undefined;
  let thumbnailSignature: Promise<Signature | undefined> | undefined;
  const signatureOfThumbnail = () => {
    thumbnailSignature ??= thumbnail.bytes
      ? pictureSignature(thumbnail.bytes, limits.maxPixels)
      : readPicture(thumbnail.url, options).then((read) => read.picture);
    return thumbnailSignature;
  };

  for (const each of candidates.slice(0, limits.maxCandidates)) {
    const candidate = typeof each === 'string' ? { url: each } : each;
    if (candidate.url === thumbnail.url) continue;
    const facts = await headerFacts(candidate.url, options);
    signal?.throwIfAborted();
    if (!facts?.format || !HASHABLE_FORMATS.has(facts.format)) continue;
    if (facts.width === undefined || facts.height === undefined) continue;
    const size = { width: facts.width, height: facts.height };
    if (!isLarger(size, thumbnail) || size.width * size.height > limits.maxPixels) continue;
    if (facts.size !== undefined && facts.size > limits.maxBytes) continue;

    // The copy is hashed while the candidate downloads.
    const copy = signatureOfThumbnail();
    const read = await readPicture(candidate.url, options, thumbnail);
    signal?.throwIfAborted();
    if (!read.picture) continue;
    const expected = await copy;
    // A thumbnail that cannot be hashed cannot be compared: it stands.
    if (expected === undefined) return undefined;
    if (!samePicture(expected, read.picture)) continue;
    return {
      url: candidate.url,
      ...size,
      format: read.picture.format,
      ...(read.bytes ? { bytes: read.bytes } : {}),
      ...('rule' in candidate && candidate.rule ? { rule: candidate.rule } : {}),
    };
  }
  return undefined;
}

/**
 * Starts reading the header of `url`'s likeliest original while the copy itself is being measured:
 * the check that follows finds it in the cache, a round trip sooner. Never fails.
 */
export async function warmOriginal(url: string, options: VerifyOriginalOptions): Promise<void> {
  const [first] = originalCandidates(url);
  if (first) await headerFacts(first.url, options).catch(() => undefined);
}

/** The candidate's format and size from its first bytes (probeImage's range request), once per scan. */
function headerFacts(url: string, options: VerifyOriginalOptions): Promise<ImageFacts | undefined> {
  const checked = entry(options.cache, url);
  checked.facts ??= probeImage(url, options.fetch, options.signal, { headers: options.headers ?? {} }).catch(
    (error: unknown) => {
      if (options.signal?.aborted) throw error;
      return undefined;
    },
  );
  return checked.facts;
}

/**
 * The picture at `url`, read whole (at most `maxBytes`) and hashed, once per scan; the bytes go
 * to the call that read them and are not kept.
 */
async function readPicture(
  url: string,
  options: VerifyOriginalOptions,
  seenAt?: { width: number; height: number },
): Promise<{ picture: Picture | undefined; bytes?: Uint8Array }> {
  // A candidate's picture is hashed at the size of the copy it is compared with (pictureHash).
  const checked = entry(options.cache, seenAt ? `${url} ${seenAt.width}x${seenAt.height}` : url);
  if (checked.picture) return { picture: await checked.picture };
  const reading = download(url, options, seenAt);
  checked.picture = reading.then((read) => read.picture);
  return reading;
}

async function download(
  url: string,
  { fetch, signal, headers, limits }: VerifyOriginalOptions,
  seenAt?: { width: number; height: number },
): Promise<{ picture: Picture | undefined; bytes?: Uint8Array }> {
  let bytes: Uint8Array;
  try {
    const response = await fetch(url, {
      kind: 'image',
      maxBytes: limits.maxBytes,
      headers: { accept: IMAGE_ACCEPT, ...headers },
      ...(signal ? { signal } : {}),
    });
    bytes = await readBuffer(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { picture: undefined };
  }
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed || !HASHABLE_FORMATS.has(sniffed.format)) return { picture: undefined };
  const signature = await pictureSignature(
    bytes,
    limits.maxPixels,
    seenAt && { width: seenAt.width, height: seenAt.height },
  );
  return signature === undefined
    ? { picture: undefined }
    : { picture: { ...signature, format: sniffed.format }, bytes };
}
