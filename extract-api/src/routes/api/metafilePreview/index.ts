import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { metafileContent } from 'document-engine/metafile';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sniffImageFormat } from 'media-files';
import { API_PATHS, ApiErrorSchema, MESSAGES } from 'shared-contracts';
import { binaryResponse, clientGoneSignal, relayHeaders, sendStream } from '../../../http/index.ts';
import {
  answerInkscapeFailure,
  convertMetafile,
  gateOf,
  type InkscapeGateOption,
  inkscapeJob,
  PREVIEW_LONG_SIDE,
} from '../../../services/inkscape/index.ts';

export { aspectOf, convertMetafile, PREVIEW_LONG_SIDE } from '../../../services/inkscape/index.ts';

/**
 * The app's gate of Inkscape jobs (`gate`), or this route's own from the limits: conversions at
 * once (EXTRACT_API_METAFILE_JOBS), those that may wait for their turn (more are told to retry:
 * 503, EXTRACT_API_METAFILE_QUEUE), and each one's limit from when it starts
 * (EXTRACT_API_METAFILE_TIME_LIMIT_S).
 */
export type MetafilePreviewRouteOptions = InkscapeGateOption & {
  /** Debian's Inkscape; a name is looked up on PATH. */
  inkscapePath: string;
  /** Parent of each job's own temporary folder. */
  tmpDir?: string | undefined;
};

/** The largest metafile converted: Office's are kilobytes; a scan in a wrapper, a few megabytes. */
export const METAFILE_MAX_BYTES = 32 * 1024 * 1024;
export const METAFILE_JOB_DIR_PREFIX = 'image-extractor-metafile-';

const m = MESSAGES.documents.metafile;

/**
 * `POST /api/metafile-preview`: the request body, an EMF or WMF picture (up to METAFILE_MAX_BYTES),
 * drawn to a PNG (long side PREVIEW_LONG_SIDE) by Inkscape, for the documents screens when the
 * browser's renderer cannot draw it whole. Bounded like the video conversions: a few jobs at once
 * with a queue and a time limit (an admission gate), a folder per job deleted when it ends,
 * Inkscape started without a shell, in its own home, under an address-space limit.
 */
export function metafilePreviewRoutes(options: MetafilePreviewRouteOptions): FastifyPluginAsyncZod {
  const conversions = gateOf(options);
  const tmpRoot = options.tmpDir ?? tmpdir();
  return async (app) => {
    // Scoped to this plugin: any body is taken as the picture's bytes.
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: METAFILE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ success: false, error: m.tooLarge(METAFILE_MAX_BYTES / 1024 ** 2) });
      }
      throw error;
    });

    app.post(
      API_PATHS.metafilePreview,
      {
        compress: false,
        schema: {
          summary: 'An EMF or WMF picture drawn to PNG (Inkscape), for a preview the browser cannot draw',
          description: `The request body is the picture's bytes (any content type; up to ${METAFILE_MAX_BYTES} bytes). Answers image/png, its long side ${PREVIEW_LONG_SIDE} pixels. 400/415 when the body is not an EMF or WMF, 422 when it draws nothing (empty) or cannot be drawn, 503 when Inkscape is not installed or busy, 504 past the time limit.`,
          response: {
            200: binaryResponse('The picture as PNG', ['image/png']),
            '4xx': ApiErrorSchema,
            '5xx': ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const fail = (status: number, error: string) => reply.code(status).send({ success: false, error });
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) return fail(400, m.notMetafile);
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
        const format = sniffImageFormat(bytes)?.format;
        if (format !== 'EMF' && format !== 'WMF') return fail(415, m.notMetafile);
        if (metafileContent(bytes, format).drawing === 0) return fail(422, MESSAGES.documents.previewEmpty(format));

        const clientGone = clientGoneSignal(reply);
        // The job's folder is gone and its place free before the answer is sent.
        const outcome = await inkscapeJob(
          conversions,
          { tmpRoot, prefix: METAFILE_JOB_DIR_PREFIX, signal: clientGone },
          (workDir, signal) => convertMetafile({ inkscapePath: options.inkscapePath, bytes, format, workDir, signal }),
        );
        if ('done' in outcome) {
          const png = outcome.done;
          relayHeaders(reply.code(200), { bytes: { made: 'image/png' } }).header('cache-control', 'no-store');
          return sendStream(reply, Readable.from([Buffer.from(png.buffer, png.byteOffset, png.byteLength)]));
        }
        return answerInkscapeFailure(request, reply, outcome, clientGone, m.unreadable);
      },
    );
  };
}
