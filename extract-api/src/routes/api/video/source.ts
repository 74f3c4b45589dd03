import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { containerMimeType, sniffVideoContainer, VIDEO_SNIFF_BYTES, videoPlatformOf } from 'media-files';
import { API_PATHS, ApiErrorSchema, MESSAGES, VIDEO_MAX_BYTES, VideoSourceQuerySchema } from 'shared-contracts';
import type { SafeFetch, SafeResponse } from '../../../plugins/app/safeFetch/index.ts';
import { isClearlyNotVideo } from '../../../video/index.ts';
import { binaryResponse, clientGoneSignal, fetchFailure, sendStream } from '../downloads.ts';

export const VIDEO_ACCEPT = 'video/*, application/octet-stream;q=0.9, */*;q=0.5';

/** Headers of the upstream answer a player needs to seek, passed on as they are. */
const PASSED_HEADERS = ['content-range', 'content-length', 'accept-ranges', 'etag', 'last-modified'] as const;

function header(response: SafeResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `bytes=start-` or `bytes=start-end`. Other forms (suffix, several ranges) are ignored: a full 200 is a valid answer. */
export function parseRange(value: string | undefined): { start: number; end?: number } | undefined {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  if (end !== undefined && end < start) return undefined;
  return end === undefined ? { start } : { start, end };
}

/** The whole file's size: Content-Range's total for a 206, Content-Length for a 200. */
function totalSize(response: SafeResponse): number | undefined {
  const range = /\/(\d+)\s*$/.exec(header(response, 'content-range') ?? '');
  const text = response.status === 206 ? range?.[1] : header(response, 'content-length');
  const size = Number(text);
  return text && Number.isFinite(size) ? size : undefined;
}

/** Where the body starts in the file: 0 for a 200, the range start for a 206. */
function bodyStart(response: SafeResponse): number | undefined {
  if (response.status === 200) return 0;
  const match = /^bytes (\d+)-/.exec(header(response, 'content-range') ?? '');
  return match ? Number(match[1]) : undefined;
}

async function readHead(chunks: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < VIDEO_SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) return { head: Buffer.concat(parts), done: true };
    parts.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(parts), done: false };
}

async function* replay(head: Buffer, done: boolean, chunks: AsyncIterator<Buffer>, upstream: SafeResponse) {
  try {
    if (head.length > 0) yield head;
    if (done) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    upstream.body.destroy();
  }
}

function refuse(reply: FastifyReply, status: number, error: string, upstream?: SafeResponse): FastifyReply {
  upstream?.body.destroy();
  return reply.code(status).send({ success: false, error });
}

/**
 * `GET|HEAD /api/video/source?url=…`: a video file on another site, streamed through the safe
 * fetch so the page can play and demux it (browsers can't read other sites' bytes: CORS). Range
 * requests go upstream as they are, so the player and the demuxer fetch only what they read.
 * Refused: video platforms' pages, answers that are not video (by Content-Type, then by the first
 * bytes whenever the answer starts at byte 0), files over VIDEO_MAX_BYTES, private addresses.
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
        description: `For the browser's player and demuxer. Answers 200 or 206 with the upstream's Content-Range, Accept-Ranges and Content-Length. Refuses video platforms (YouTube, Vimeo, TikTok…), answers that are not video (415) and files over ${VIDEO_MAX_BYTES} bytes (413).`,
        querystring: VideoSourceQuerySchema,
        response: {
          200: binaryResponse('The video’s bytes', ['video/*', 'application/octet-stream']),
          206: binaryResponse('The requested byte range', ['video/*', 'application/octet-stream']),
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
        if (videoPlatformOf(url)) return refuse(reply, 400, MESSAGES.video.platformUnsupported);
        const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
        const range = parseRange(request.headers.range);
        const signal = clientGoneSignal(reply);
        let upstream: SafeResponse;
        try {
          upstream = await fetch(url, {
            kind: 'video',
            method,
            signal,
            headers: { accept: VIDEO_ACCEPT },
            maxBytes: VIDEO_MAX_BYTES,
            throwHttpErrors: false,
            ...(range ? { range } : {}),
          });
        } catch (error) {
          const failure = fetchFailure(error);
          if (!failure) throw error;
          const message = failure.status === 413 ? MESSAGES.video.tooLarge : MESSAGES.video.fetchFailed(failure.error);
          return refuse(reply, failure.status, message);
        }

        if (upstream.status === 416) {
          const contentRange = header(upstream, 'content-range');
          if (contentRange) reply.header('content-range', contentRange);
          return refuse(reply, 416, 'The requested range is outside the video file.', upstream);
        }
        if (upstream.status !== 200 && upstream.status !== 206) {
          return refuse(
            reply,
            502,
            MESSAGES.video.fetchFailed(
              `the video’s server answered with HTTP ${upstream.status}. Check the address, or try again later.`,
            ),
            upstream,
          );
        }
        const declaredType = header(upstream, 'content-type')?.split(';')[0]?.trim();
        if (isClearlyNotVideo(declaredType)) {
          return refuse(reply, 415, MESSAGES.video.notAVideoUrl(declaredType ?? 'an unknown type'), upstream);
        }
        const total = totalSize(upstream);
        if (total !== undefined && total > VIDEO_MAX_BYTES)
          return refuse(reply, 413, MESSAGES.video.tooLarge, upstream);

        let contentType =
          declaredType && /^(video\/|application\/(mp4|x-matroska|ogg|octet-stream))/i.test(declaredType)
            ? declaredType
            : 'application/octet-stream';
        let body: Readable | undefined;
        if (method === 'GET') {
          const chunks = upstream.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
          let head: Buffer = Buffer.alloc(0);
          let done = false;
          // Only an answer that starts at byte 0 shows the container's signature.
          if (bodyStart(upstream) === 0) {
            try {
              ({ head, done } = await readHead(chunks));
            } catch (error) {
              upstream.body.destroy();
              const failure = fetchFailure(error);
              if (!failure) throw error;
              return refuse(reply, failure.status, MESSAGES.video.fetchFailed(failure.error));
            }
            const container = sniffVideoContainer(head);
            if (!container) {
              return refuse(reply, 415, MESSAGES.video.notAVideoUrl(declaredType ?? 'an unknown type'), upstream);
            }
            contentType = containerMimeType(container);
          }
          body = Readable.from(replay(head, done, chunks, upstream), { objectMode: false });
        } else {
          upstream.body.destroy();
        }

        reply
          .code(upstream.status)
          .header('content-type', contentType)
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff');
        for (const name of PASSED_HEADERS) {
          const value = header(upstream, name);
          if (value) reply.header(name, value);
        }
        // HEAD: the headers alone (Content-Length stays the file's).
        return sendStream(reply, body ?? Readable.from([]));
      },
    });
  };
}
