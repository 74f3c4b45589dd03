/** What the safe fetch sends and how far it goes, in one place. Units are in the names. */

const KiB = 1024;
const MiB = 1024 * KiB;

/** Sent on every request, so site owners can see who fetched and where to read about it. */
export const USER_AGENT = 'ImageExtractor/0.1 (+https://github.com/image-extractor)';

/** What is being fetched; it picks the body limit and the whole-exchange deadline. */
export type FetchKind = 'html' | 'css' | 'image' | 'robots' | 'video';

/** Body limits by kind. A video is stream-only: never read whole, so it has no byte bound. */
export const BODY_LIMIT_BYTES: Readonly<Record<FetchKind, number>> = {
  html: 10 * MiB,
  css: 2 * MiB,
  image: 50 * MiB,
  robots: 512 * KiB,
  video: Number.POSITIVE_INFINITY,
};

/** Deadline for the whole exchange (redirects, headers and body) by kind; none for a video stream. */
export const TOTAL_TIMEOUT_MS: Readonly<Record<FetchKind, number | undefined>> = {
  html: 30_000,
  css: 20_000,
  image: 60_000,
  robots: 10_000,
  video: undefined,
};

/** TCP (and TLS) connect. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** From sending the request to the first byte of the answer's headers. */
export const HEADERS_TIMEOUT_MS = 15_000;
/** Longest silence between two chunks of a body. */
export const IDLE_TIMEOUT_MS = 20_000;

export const MAX_REDIRECTS = 5;
