/**
 * How a route passes on bytes fetched from a site or sent by a visitor (`GET /api/image`,
 * `GET /api/video/source`, `POST /api/zip`, `POST /api/metafile-preview`, `POST /api/video/frames`):
 * the headers of every relayed answer, its Content-Disposition, its OpenAPI description, and the
 * first bytes of a body, read to tell its format before any is sent.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { containerMimeType, type VideoContainer } from 'media-files';
import { z } from 'zod';
import { mimeTypeFor, SVG_SNIFF_MAX_BYTES, sniffNeedsMore } from '../extractors/probe/index.ts';
import { NDJSON_CONTENT_TYPE } from './ndjson.ts';

/**
 * What a relayed answer holds, as the route established it: an image format its magic bytes
 * showed (`PNG`, `SVG`…: sniffImageFormat's names), a video container its first bytes showed, or
 * bytes this server wrote itself. The Content-Type follows from this alone, from fixed tables:
 * whatever the site that sent the bytes declared is never passed on.
 */
export type RelayedBytes = { image: string } | { video: VideoContainer } | { made: MadeType };

/** The answers this server writes itself (the image audit's re-encoded files and exports among them). */
const MADE_TYPES = [
  'application/zip',
  'image/png',
  NDJSON_CONTENT_TYPE,
  'image/webp',
  'image/avif',
  'video/mp4',
  'video/webm',
  'text/csv; charset=utf-8',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/html; charset=utf-8',
] as const;
export type MadeType = (typeof MADE_TYPES)[number];

/**
 * A relayed answer opened as a page runs nothing and loads nothing: `sandbox` gives it an opaque
 * origin without script, so even bytes a browser would render as HTML cannot reach our origin's
 * storage or call the API as the visitor.
 */
export const RELAY_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";
/**
 * An opened image keeps inline styles and nothing more: an SVG is mostly drawn with them, and the
 * browser's own viewer of a PNG or JPEG styles its page inline (without them it reports a violation
 * and shows the picture unstyled). A style runs no script.
 */
export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Made answers a browser may show styled (still sandboxed, without script): pictures, the audit's report. */
const STYLED_MADE_TYPES: ReadonlySet<string> = new Set(['image/webp', 'image/avif', 'text/html; charset=utf-8']);

function relayedType(bytes: RelayedBytes): string {
  const type =
    'image' in bytes
      ? mimeTypeFor(bytes.image)
      : 'video' in bytes
        ? containerMimeType(bytes.video)
        : MADE_TYPES.find((made) => made === bytes.made);
  if (!type) throw new TypeError(`[relayHeaders] no Content-Type for ${JSON.stringify(bytes)}`);
  return type;
}

/**
 * The headers of every answer that passes on bytes fetched from a site or sent by a visitor: the
 * type chosen from what was checked in them, `nosniff` so the browser keeps to it, the sandbox
 * policy, and CORP. CORP is `same-origin`: everything that loads these answers is a page of the
 * site's own origin (the remotes' code runs in the shell's page, and their Workers start from a
 * blob: of it, see startModuleWorker), so no other site, nor another port of the same host as
 * `same-site` would allow, has cause to embed them.
 */
export function relayHeaders(
  reply: FastifyReply,
  options: { bytes: RelayedBytes; disposition?: string },
): FastifyReply {
  const type = relayedType(options.bytes);
  reply
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      'image' in options.bytes || ('made' in options.bytes && STYLED_MADE_TYPES.has(options.bytes.made))
        ? IMAGE_CONTENT_SECURITY_POLICY
        : RELAY_CONTENT_SECURITY_POLICY,
    )
    .header('cross-origin-resource-policy', 'same-origin');
  if (options.disposition) reply.header('content-disposition', options.disposition);
  return reply;
}

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
