/**
 * What the download routes (`GET /api/image`, `POST /api/zip`) share: the error answer, the
 * Content-Disposition header, the status for each safe-fetch failure, the first bytes of a body,
 * and cancelling upstream work when the client goes away.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { SVG_SNIFF_MAX_BYTES, sniffNeedsMore } from '../../extractors/probe/index.ts';
import { isSafeFetchError, type SafeFetchErrorCode } from '../../plugins/app/safeFetch/index.ts';

/** The error answer of every route: `{success: false, error}` (and per-field messages for a bad request). */

/** The OpenAPI description of a 200 answer that is bytes of the given media types, not JSON. */
export function binaryResponse(description: string, mediaTypes: readonly string[]) {
  const schema = z.string().meta({ format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/** RFC 5987 attr-char: what may stand unescaped in `filename*`. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/**
 * `inline|attachment; filename="ascii fallback"; filename*=UTF-8''…` (RFC 6266): every browser
 * takes the UTF-8 name; the quoted one is for the rest. `name` is made safe by the caller.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\%]/g, '_')
      .trim() || 'download';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

const STATUS_BY_CODE: Readonly<Record<SafeFetchErrorCode, number>> = {
  'bad-url': 400,
  'bad-scheme': 400,
  'blocked-address': 400,
  'too-large': 413,
  timeout: 504,
  'http-status': 502,
  network: 502,
  'too-many-redirects': 502,
  // The client left; nobody reads this answer.
  aborted: 499,
};

/** The status and message to answer when fetching the address failed. */
export function fetchFailure(error: unknown): { status: number; error: string } | undefined {
  if (!isSafeFetchError(error)) return undefined;
  const status = STATUS_BY_CODE[error.code];
  if (error.code === 'http-status' && error.status !== undefined) {
    return { status, error: `The image’s server answered with HTTP ${error.status}, so it could not be fetched.` };
  }
  return { status, error: error.message };
}

/** Sends the answer for a failed fetch, or rethrows what is not a fetch failure (the error handler takes it). */
export function sendFetchFailure(reply: FastifyReply, error: unknown): FastifyReply {
  const failure = fetchFailure(error);
  if (!failure) throw error;
  return reply.code(failure.status).send({ success: false, error: failure.error });
}

/**
 * A signal that fires when the client goes away before the answer is complete. The response's
 * 'close' is the one to watch: the request's own 'close' fires as soon as its body has been read.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Sends a byte stream. The routes' typed replies only know their JSON error answers (a stream has no
 * schema: Fastify pipes it unserialized), hence this one untyped door.
 */
export function sendStream(reply: FastifyReply, stream: Readable): FastifyReply {
  return reply.send(stream);
}

/** The first bytes of a body, enough to tell its format, and the rest still to read. */
export type PeekedBody = {
  head: Buffer;
  /** True when the body ended within `head`. */
  done: boolean;
};

/**
 * Reads from `chunks` until the format can be told: one chunk for a binary image, further (up to
 * SVG_SNIFF_MAX_BYTES) while the bytes could still be an SVG's prologue. The iterator stays open.
 */
export async function peekFormatBytes(chunks: AsyncIterator<Buffer>): Promise<PeekedBody> {
  const parts: Buffer[] = [];
  let length = 0;
  for (;;) {
    const head = Buffer.concat(parts, length);
    if (length >= SVG_SNIFF_MAX_BYTES || (length > 0 && !sniffNeedsMore(head))) return { head, done: false };
    const next = await chunks.next();
    if (next.done) return { head, done: true };
    parts.push(next.value);
    length += next.value.length;
  }
}
