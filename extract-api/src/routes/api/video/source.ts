import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sniffVideoContainer, VIDEO_SNIFF_BYTES, type VideoContainer, videoPlatformOf } from 'media-files';
import { API_PATHS, ApiErrorSchema, MESSAGES, VIDEO_MAX_BYTES, VideoSourceQuerySchema } from 'shared-contracts';
import { toHttpFailure } from '../../../errors.ts';
import { isClearlyNotVideo } from '../../../extractors/video/index.ts';
import { binaryResponse, clientGoneSignal, relayHeaders, sendStream } from '../../../http/index.ts';
import { isSafeFetchError, type SafeFetch, type SafeResponse } from '../../../services/safeFetch/index.ts';

export const VIDEO_ACCEPT = 'video/*, application/octet-stream;q=0.9, */*;q=0.5';

/** Headers of the upstream answer a player needs to seek, passed on once the answer's range was checked. */
const PASSED_HEADERS = ['content-range', 'content-length', 'accept-ranges', 'etag', 'last-modified'] as const;

/** The range asked for the container's signature alone. */
const HEAD_RANGE = { start: 0, end: VIDEO_SNIFF_BYTES - 1 };

type ByteRange = { start: number; end?: number };

function header(response: SafeResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `bytes=start-` or `bytes=start-end`. Other forms (suffix, several ranges) are ignored: a full 200 is a valid answer. */
export function parseRange(value: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  if (end !== undefined && end < start) return undefined;
  return end === undefined ? { start } : { start, end };
}

/**
 * True when a 206's `Content-Range` (and `Content-Length`, when sent) hold exactly the asked range:
 * the same first byte, the asked last byte (or the file's last, for a file shorter than it; any,
 * for an open range), within a stated total. Anything else is bytes from elsewhere in the file,
 * or from another file, under a label the player would trust.
 */
export function answersRange(
  contentRange: string | undefined,
  contentLength: string | undefined,
  asked: ByteRange,
): boolean {
  const match = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(contentRange?.trim() ?? '');
  if (!match) return false;
  const [first, last, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (first !== asked.start || last < first || last >= total) return false;
  if (asked.end !== undefined && last !== Math.min(asked.end, total - 1)) return false;
  return contentLength === undefined || Number(contentLength) === last - first + 1;
}

/** The whole file's size: Content-Range's total for a 206, Content-Length for a 200. */
function totalSize(response: SafeResponse): number | undefined {
  const range = /\/(\d+)\s*$/.exec(header(response, 'content-range') ?? '');
  const text = response.status === 206 ? range?.[1] : header(response, 'content-length');
  const size = Number(text);
  return text && Number.isFinite(size) ? size : undefined;
}

/** A refusal, worded for the visitor; thrown by the steps below and answered by the route. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A 416's `bytes *\/size`, so the player learns the file's size. */
    readonly contentRange?: string,
  ) {
    super(message);
  }
}

/** Through the untyped reply: a fetch failure may carry a status the route's schema does not list (499). */
function refuse(reply: FastifyReply, refusal: Refused): FastifyReply {
  if (refusal.contentRange) reply.header('content-range', refusal.contentRange);
  return reply.code(refusal.status).send({ success: false, error: refusal.message });
}

function refusedFetch(error: unknown): Refused {
  if (!isSafeFetchError(error)) throw error;
  const failure = toHttpFailure(error, { fetched: 'video' });
  return new Refused(
    failure.status,
    failure.status === 413 ? MESSAGES.video.tooLarge : MESSAGES.video.fetchFailed(failure.message),
  );
}

/**
 * Fetches `range` (or the whole file) and checks the answer before a byte of it is read: a status
 * a player can use, a 206 only for a range asked and holding exactly that range, a type that is
 * not clearly something else, a size within VIDEO_MAX_BYTES.
 */
async function openUpstream(
  fetch: SafeFetch,
  url: string,
  signal: AbortSignal,
  range: ByteRange | undefined,
): Promise<SafeResponse> {
  let upstream: SafeResponse;
  try {
    upstream = await fetch(url, {
      kind: 'video',
      method: 'GET',
      signal,
      headers: { accept: VIDEO_ACCEPT },
      maxBytes: VIDEO_MAX_BYTES,
      throwHttpErrors: false,
      ...(range ? { range } : {}),
    });
  } catch (error) {
    throw refusedFetch(error);
  }
  const refusal = checkAnswer(upstream, range);
  if (refusal) {
    upstream.body.destroy();
    throw refusal;
  }
  return upstream;
}

function checkAnswer(upstream: SafeResponse, range: ByteRange | undefined): Refused | undefined {
  const { status } = upstream;
  if (status === 416) {
    return new Refused(416, 'The requested range is outside the video file.', header(upstream, 'content-range'));
  }
  if (status !== 200 && status !== 206) {
    return new Refused(
      502,
      MESSAGES.video.fetchFailed(
        `the video’s server answered with HTTP ${status}. Check the address, or try again later.`,
      ),
    );
  }
  if (
    status === 206 &&
    !(range && answersRange(header(upstream, 'content-range'), header(upstream, 'content-length'), range))
  ) {
    return new Refused(
      502,
      MESSAGES.video.fetchFailed(
        'the video’s server sent a different part of the file than the one asked for. Try again later, or use another link.',
      ),
    );
  }
  const declared = header(upstream, 'content-type')?.split(';')[0]?.trim();
  if (isClearlyNotVideo(declared)) return new Refused(415, MESSAGES.video.notAVideoUrl(declared ?? 'an unknown type'));
  const total = totalSize(upstream);
  if (total !== undefined && total > VIDEO_MAX_BYTES) return new Refused(413, MESSAGES.video.tooLarge);
  return undefined;
}

/** The first bytes of a body that starts at the file's byte 0, and the container they show. */
type Sniffed = { container: VideoContainer; head: Buffer; done: boolean; chunks: AsyncIterator<Buffer> };

async function sniffBody(upstream: SafeResponse): Promise<Sniffed> {
  const chunks = upstream.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const parts: Buffer[] = [];
  let length = 0;
  let done = false;
  try {
    while (length < VIDEO_SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        done = true;
        break;
      }
      parts.push(next.value);
      length += next.value.length;
    }
  } catch (error) {
    upstream.body.destroy();
    throw refusedFetch(error);
  }
  const head = Buffer.concat(parts, length);
  const container = sniffVideoContainer(head);
  if (!container) {
    upstream.body.destroy();
    const declared = header(upstream, 'content-type')?.split(';')[0]?.trim();
    throw new Refused(415, MESSAGES.video.notAVideoUrl(declared ?? 'an unknown type'));
  }
  return { container, head, done, chunks };
}

/** The body as it comes, after the bytes read to sniff it; the upstream closes with the reply. */
async function* replay(sniffed: Sniffed | undefined, upstream: SafeResponse) {
  try {
    if (!sniffed) {
      yield* upstream.body;
      return;
    }
    if (sniffed.head.length > 0) yield sniffed.head;
    if (sniffed.done) return;
    for (;;) {
      const next = await sniffed.chunks.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    upstream.body.destroy();
  }
}

/** The answer: the sniffed container's type whatever the site declared, and the headers a player seeks with. */
function answer(reply: FastifyReply, upstream: SafeResponse, container: VideoContainer, body: Readable): FastifyReply {
  relayHeaders(reply.code(upstream.status), { bytes: { video: container } }).header(
    'cache-control',
    'private, max-age=300',
  );
  for (const name of PASSED_HEADERS) {
    const value = header(upstream, name);
    if (value) reply.header(name, value);
  }
  return sendStream(reply, body);
}

/** HEAD, from the answer to the head's range: the whole file's size, and whether the site serves ranges. */
function answerHead(reply: FastifyReply, head: SafeResponse, container: VideoContainer): FastifyReply {
  relayHeaders(reply.code(200), { bytes: { video: container } }).header('cache-control', 'private, max-age=300');
  const total = totalSize(head);
  if (total !== undefined) reply.header('content-length', String(total));
  const ranges = head.status === 206 ? 'bytes' : header(head, 'accept-ranges');
  if (ranges) reply.header('accept-ranges', ranges);
  for (const name of ['etag', 'last-modified'] as const) {
    const value = header(head, name);
    if (value) reply.header(name, value);
  }
  return sendStream(reply, Readable.from([]));
}

/**
 * `GET|HEAD /api/video/source?url=…`: a video file on another site, streamed through the safe
 * fetch so the page can play and demux it (browsers can't read other sites' bytes: CORS). Range
 * requests go upstream as they are, so the player and the demuxer fetch only what they read.
 *
 * What is passed on is typed by the container its first bytes show, never by the site's label:
 * whatever range is asked, the file's first bytes are checked, read from the answer when it starts
 * at byte 0, else fetched on their own first (and HEAD, which has no body to read, does the same).
 * Refused: video platforms' pages, answers that are not video, a 206 not asked for or holding
 * another range than the one asked, files over VIDEO_MAX_BYTES, private addresses.
 */
export function videoSourceRoutes(fetch: SafeFetch): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: API_PATHS.videoSource,
      // Video is compressed already; gzip would also break byte ranges.
      compress: false,
      schema: {
        summary: 'Stream a video file from a public address, with Range requests passed on',
        description: `For the browser's player and demuxer. Answers 200 or 206 with the upstream's Content-Range, Accept-Ranges and Content-Length, typed by the container the file's first bytes show. Refuses video platforms (YouTube, Vimeo, TikTok…), answers that are not video (415), a part of the file other than the one asked (502) and files over ${VIDEO_MAX_BYTES} bytes (413). HEAD answers 200 with the file's size and type.`,
        querystring: VideoSourceQuerySchema,
        response: {
          200: binaryResponse('The video’s bytes', ['video/*']),
          206: binaryResponse('The requested byte range', ['video/*']),
          400: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          416: ApiErrorSchema,
          502: ApiErrorSchema,
          504: ApiErrorSchema,
        },
      },
      handler: async (request, reply) => {
        const { url } = request.query;
        if (videoPlatformOf(url)) {
          return reply.code(400).send({ success: false, error: MESSAGES.video.platformUnsupported });
        }
        const signal = clientGoneSignal(reply);
        // A range is defined for GET only (RFC 9110): HEAD answers for the whole file.
        const asked = request.method === 'HEAD' ? undefined : parseRange(request.headers.range);
        try {
          // The answer to the asked range will not show the container's signature: read it first.
          const headFirst =
            request.method === 'HEAD' ||
            (asked !== undefined && (asked.start > 0 || (asked.end ?? Number.POSITIVE_INFINITY) < HEAD_RANGE.end));
          let container: VideoContainer | undefined;
          if (headFirst) {
            const head = await openUpstream(fetch, url, signal, HEAD_RANGE).catch((error: unknown) => {
              // Not even byte 0 exists: an empty file.
              if (error instanceof Refused && error.status === 416) {
                throw new Refused(415, MESSAGES.video.notAVideoUrl('an empty file'));
              }
              throw error;
            });
            const sniffed = await sniffBody(head);
            if (request.method === 'HEAD') {
              head.body.destroy();
              return answerHead(reply, head, sniffed.container);
            }
            // The site ignores ranges: this whole file, checked from byte 0, is a valid answer to any range.
            if (head.status === 200) {
              return answer(
                reply,
                head,
                sniffed.container,
                Readable.from(replay(sniffed, head), { objectMode: false }),
              );
            }
            head.body.destroy();
            container = sniffed.container;
          }

          const upstream = await openUpstream(fetch, url, signal, asked);
          // An answer from byte 0 is checked on its own bytes; a later range relies on the head read above.
          let sniffed: Sniffed | undefined;
          if (container === undefined || upstream.status === 200) {
            sniffed = await sniffBody(upstream);
            container = sniffed.container;
          }
          return answer(reply, upstream, container, Readable.from(replay(sniffed, upstream), { objectMode: false }));
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
          return refuse(reply, error);
        }
      },
    });
  };
}
