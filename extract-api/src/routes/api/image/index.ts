import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileNameFromUrl, safeFileName, withFormatExtension } from 'media-files';
import { API_PATHS, ApiErrorSchema, ImageProxyQuerySchema } from 'shared-contracts';
import { toHttpFailure } from '../../../errors.ts';
import { imageAccept, sniffImageFormat } from '../../../extractors/probe/index.ts';
import {
  binaryResponse,
  clientGoneSignal,
  contentDisposition,
  type PeekedBody,
  peekFormatBytes,
  relayHeaders,
  sendStream,
} from '../../../http/index.ts';
import { isSafeFetchError, type SafeFetch, type SafeResponse } from '../../../services/safeFetch/index.ts';

/**
 * The answer when fetching the image failed, its status named since the visitor asked for that one
 * file; anything else is rethrown for the app's error handler.
 */
function sendFetchFailure(reply: FastifyReply, error: unknown): FastifyReply {
  if (!isSafeFetchError(error)) throw error;
  const failure = toHttpFailure(error, { fetched: 'image' });
  return reply.code(failure.status).send({ success: false, error: failure.message });
}

function header(response: SafeResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The peeked bytes, then the rest of the body as it comes; the upstream closes with the reply. */
async function* replay(peeked: PeekedBody, chunks: AsyncIterator<Buffer>, upstream: SafeResponse) {
  try {
    if (peeked.head.length > 0) yield peeked.head;
    if (peeked.done) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    upstream.body.destroy();
  }
}

/**
 * `GET /api/image?url=…[&download=name]`: one image streamed through the safe fetch, for Open (inline)
 * and Download (attachment). Its Content-Type comes from its magic bytes, whatever the site said;
 * an answer that is not an image is refused with 415, and so is a part of a file (206) nobody asked
 * for, whose first bytes are not the file's. Nothing is buffered beyond the first bytes.
 */
export function imageRoutes(fetch: SafeFetch): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API_PATHS.image,
      {
        // Images are compressed already (and an SVG is small); a stream is passed through as it is.
        compress: false,
        schema: {
          summary: 'Stream one image from a public address, typed by its magic bytes',
          description:
            'Open (inline) or download (`download=name`: attachment, the extension corrected to the true format). Non-images are refused with 415.',
          querystring: ImageProxyQuerySchema,
          response: {
            200: binaryResponse('The image’s bytes, typed by their magic bytes', ['image/*']),
            400: ApiErrorSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            502: ApiErrorSchema,
            504: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { url, download } = request.query;
        const signal = clientGoneSignal(reply);
        let upstream: SafeResponse;
        try {
          upstream = await fetch(url, {
            kind: 'image',
            signal,
            headers: { accept: imageAccept(request.query.format === 'original') },
          });
        } catch (error) {
          return sendFetchFailure(reply, error);
        }
        // No range was asked: a 206 starts wherever the site chose, so its first bytes prove nothing.
        if (upstream.status === 206) {
          upstream.body.destroy();
          return reply.code(502).send({
            success: false,
            error:
              'The image’s server sent only part of the file (HTTP 206) when the whole was asked for, so it was not passed on. Try again later.',
          });
        }

        const chunks = upstream.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        let peeked: PeekedBody;
        try {
          peeked = await peekFormatBytes(chunks);
        } catch (error) {
          upstream.body.destroy();
          return sendFetchFailure(reply, error);
        }

        const sniffed = sniffImageFormat(peeked.head);
        if (!sniffed) {
          upstream.body.destroy();
          const declared = header(upstream, 'content-type')?.split(';')[0]?.trim();
          return reply.code(415).send({
            success: false,
            error: `This address is not an image${declared ? ` (the site sent ${declared})` : ''}, so it cannot be opened or downloaded as one.`,
          });
        }

        const name = download
          ? withFormatExtension(safeFileName(download), sniffed.format)
          : fileNameFromUrl(url, sniffed.format);
        relayHeaders(reply, {
          bytes: { image: sniffed.format },
          disposition: contentDisposition(download ? 'attachment' : 'inline', name),
        }).header('cache-control', 'private, max-age=300');
        const length = header(upstream, 'content-length');
        if (length && /^\d+$/.test(length)) reply.header('content-length', length);
        return sendStream(reply, Readable.from(replay(peeked, chunks, upstream), { objectMode: false }));
      },
    );
  };
}
