import { tmpdir } from 'node:os';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, ApiErrorSchema, MESSAGES } from 'shared-contracts';
import { binaryResponse, clientGoneSignal, contentDisposition } from '../../../http/index.ts';
import {
  activeContentOf,
  answerInkscapeFailure,
  gateOf,
  type InkscapeGateOption,
  inkscapeJob,
  pdfPageToSvg,
} from '../../../services/inkscape/index.ts';

export type FigureSvgRouteOptions = InkscapeGateOption & {
  /** Debian's Inkscape; a name is looked up on PATH. */
  inkscapePath: string;
  /** The largest PDF taken (EXTRACT_API_FIGURE_SVG_MAX_MB). */
  maxBytes: number;
  /** Parent of each job's own temporary folder. */
  tmpDir?: string | undefined;
};

export const FIGURE_SVG_JOB_DIR_PREFIX = 'image-extractor-figure-svg-';
/**
 * An SVG opened from the download is a document of our origin's making: it may style itself and
 * show its own data: pictures, and nothing else (no script, no fetch, no frame, sandboxed).
 */
export const FIGURE_SVG_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

const m = MESSAGES.figures.svgRoute;
const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * `POST /api/figure-svg`: the request body, a figure's one-page vector PDF (the card's "Vector
 * PDF", up to `maxBytes`), its first page drawn as SVG by Inkscape with its text as paths. The SVG
 * is checked before it is sent (activeContentOf), since
 * a hostile PDF decides what Inkscape writes. Inkscape runs under the app's one gate of Inkscape
 * jobs, in a folder of its own, as the metafile previews do.
 */
export function figureSvgRoutes(options: FigureSvgRouteOptions): FastifyPluginAsyncZod {
  const conversions = gateOf(options);
  const tmpRoot = options.tmpDir ?? tmpdir();
  const megabytes = Math.round((options.maxBytes / 1024 ** 2) * 10) / 10;
  return async (app) => {
    // Scoped to this plugin: any body is taken as the PDF's bytes.
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.maxBytes }, (_request, body, done) =>
      done(null, body),
    );
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ success: false, error: m.tooLarge(megabytes) });
      }
      throw error;
    });

    app.post(
      API_PATHS.figureSvg,
      {
        compress: false,
        schema: {
          summary: "A figure's one-page vector PDF drawn as SVG (Inkscape), its text as paths",
          description: `The request body is a one-page PDF (any content type; up to ${options.maxBytes} bytes), as the figures' "original" gives it. Answers image/svg+xml as an attachment, its size the page's in points, every glyph a path. 413 when larger, 415 when the body is not a PDF, of several pages gives its first; 422 when it cannot be read or drawn, or its SVG would hold active content (script, event handlers, links to other files), 503 when Inkscape is not installed or busy, 504 past the time limit.`,
          response: {
            200: binaryResponse('The figure as SVG', ['image/svg+xml']),
            '4xx': ApiErrorSchema,
            '5xx': ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const fail = (status: number, error: string) => reply.code(status).send({ success: false, error });
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length < PDF_MAGIC.length) return fail(415, m.notPdf);
        if (!body.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return fail(415, m.notPdf);
        // Not parsed here: a hostile PDF's structure is Inkscape's to read, in its own bounded process;
        // the engine's reader on this thread stalled the server 300 ms on a recovery bomb.
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);

        const clientGone = clientGoneSignal(reply);
        // The job's folder is gone and its place free before the answer is sent.
        const outcome = await inkscapeJob(
          conversions,
          { tmpRoot, prefix: FIGURE_SVG_JOB_DIR_PREFIX, signal: clientGone },
          (workDir, signal) => pdfPageToSvg({ inkscapePath: options.inkscapePath, bytes, workDir, signal }),
        );
        if (!('done' in outcome)) return answerInkscapeFailure(request, reply, outcome, clientGone, m.unreadable);
        const svg = outcome.done;
        const active = activeContentOf(svg);
        if (active) {
          request.log.warn({ active }, 'figure SVG: refused, it would carry active content');
          return fail(422, m.activeContent);
        }
        return reply
          .code(200)
          .header('content-type', 'image/svg+xml')
          .header('content-disposition', contentDisposition('attachment', 'figure.svg'))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', FIGURE_SVG_CONTENT_SECURITY_POLICY)
          .header('cross-origin-resource-policy', 'same-origin')
          .header('cache-control', 'no-store')
          .send(svg);
      },
    );
  };
}
