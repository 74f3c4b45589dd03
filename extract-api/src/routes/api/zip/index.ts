import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  safeEntryPath,
  safeFileName,
  withFormatExtension,
  type ZipEntry,
  type ZipFailure,
  zipStream,
} from 'media-files';
import { API_PATHS, ApiErrorSchema, type ManifestFacts, ZipRequestSchema } from 'shared-contracts';
import type { z } from 'zod';
import { decodeDataUrl, imageAccept, sniffImageFormat } from '../../../extractors/probe/index.ts';
import {
  binaryResponse,
  clientGoneSignal,
  contentDisposition,
  peekFormatBytes,
  relayHeaders,
  sendStream,
} from '../../../http/index.ts';
import { isSafeFetchError, type SafeFetch } from '../../../services/safeFetch/index.ts';

type ZipImage = z.infer<typeof ZipRequestSchema>['images'][number];

/** Images fetched ahead of the one being written, in order; each held whole only up to ZIP_BUFFER_BYTES. */
export const ZIP_PREFETCH = 3;
/**
 * An image up to this size is read whole before it goes in, so a failure is listed cleanly in the
 * text file. A larger one is fetched again when the archive reaches it and streamed through.
 */
export const ZIP_BUFFER_BYTES = 4 * 1024 * 1024;
/** A large image streamed into the archive may take as long as the client takes to read it. */
export const ZIP_STREAM_TOTAL_MS = 10 * 60_000;
/** JSON of up to 2,000 entries, some of them inline SVGs as data: URLs, form-encoded. */
export const ZIP_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
export const ZIP_DEFAULT_NAME = 'images.zip';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The archive's own file name: safe, ending in .zip. */
export function zipFileName(name: string | undefined): string {
  const safe = safeFileName(name ?? ZIP_DEFAULT_NAME, 'images');
  return /\.zip$/i.test(safe) ? safe : `${safe}.zip`;
}

function badRequest(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** A form post carries the request as JSON in its `payload` field; it is validated like a JSON body. */
async function unwrapFormPayload(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_TYPE) return;
  const payload = (request.body as Record<string, unknown> | undefined)?.payload;
  if (typeof payload !== 'string')
    throw badRequest('Invalid request: the form must carry its images in a payload field.');
  try {
    request.body = JSON.parse(payload);
  } catch {
    throw badRequest('Invalid request: the payload field is not valid JSON.');
  }
}

function reasonOf(error: unknown, url: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const where = url.startsWith('data:') ? '' : ` (${url})`;
  if (isSafeFetchError(error) && error.code === 'http-status' && error.status !== undefined) {
    return `the server answered with HTTP ${error.status}${where}`;
  }
  return `${message}${where}`;
}

/** An entry that fails when the archive reaches it, so zipStream lists it in its text file. */
function failing(name: string, reason: string): ZipEntry {
  return { name, input: () => Promise.reject(new Error(reason)) };
}

function notAnImage(image: ZipImage): ZipEntry {
  return failing(safeEntryPath(image.name), reasonOf(new Error('this address is not an image'), image.url));
}

/** No range is asked: a 206 starts wherever the site chose, so its first bytes prove nothing. */
const PARTIAL_ANSWER = new Error('the server sent only part of the file (HTTP 206) when the whole was asked for');

/** Lets zipStream know about a stream that broke off after its bytes began to go into the archive. */
type BrokenStreams = ZipFailure[];

/**
 * A large image's body as a web stream for the archive. A body that breaks off ends its entry
 * there (the archive stays whole) and is reported, to be listed as incomplete.
 */
function streamEntry(image: ZipImage, name: string, fetch: SafeFetch, signal: AbortSignal, broken: BrokenStreams) {
  return async (): Promise<ReadableStream<Uint8Array>> => {
    const response = await fetch(image.url, {
      kind: 'image',
      signal,
      headers: { accept: imageAccept(image.originalFormat) },
      timeouts: { totalMs: ZIP_STREAM_TOTAL_MS },
    });
    if (response.status === 206) {
      response.body.destroy();
      throw new Error(reasonOf(PARTIAL_ANSWER, image.url));
    }
    const chunks = response.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    let written = 0;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            controller.close();
            return;
          }
          written += next.value.length;
          controller.enqueue(next.value);
        } catch (error) {
          broken.push({
            name,
            reason: `the download broke off after ${written} bytes, so the file in the archive is incomplete: ${reasonOf(error, image.url)}`,
          });
          controller.close();
        }
      },
      cancel() {
        response.body.destroy();
      },
    });
  };
}

/**
 * The image's manifest line as the client describes it (source, page, alt…), with the format read
 * from its bytes; a web image without one is known by its address. zipStream adds the name, size
 * and SHA-256 of what it writes, so every archive holds manifest.csv and manifest.json.
 */
function factsOf(image: ZipImage, format: string): ManifestFacts {
  const source = image.facts?.source ?? (image.url.startsWith('data:') ? undefined : image.url);
  return { ...image.facts, source, format };
}

/** One image, fetched (or decoded) and sniffed, ready for the archive or failing with its reason. */
async function prepare(
  image: ZipImage,
  fetch: SafeFetch,
  signal: AbortSignal,
  broken: BrokenStreams,
): Promise<ZipEntry> {
  if (image.url.startsWith('data:')) {
    const decoded = decodeDataUrl(image.url);
    const sniffed = decoded && sniffImageFormat(decoded.bytes);
    if (!decoded || !sniffed) return notAnImage(image);
    return {
      name: withFormatExtension(safeEntryPath(image.name), sniffed.format),
      input: decoded.bytes,
      facts: factsOf(image, sniffed.format),
    };
  }
  let response: Awaited<ReturnType<SafeFetch>>;
  try {
    response = await fetch(image.url, {
      kind: 'image',
      signal,
      headers: { accept: imageAccept(image.originalFormat) },
    });
  } catch (error) {
    return failing(safeEntryPath(image.name), reasonOf(error, image.url));
  }
  const chunks = response.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    if (response.status === 206) return failing(safeEntryPath(image.name), reasonOf(PARTIAL_ANSWER, image.url));
    const peeked = await peekFormatBytes(chunks);
    const sniffed = sniffImageFormat(peeked.head);
    if (!sniffed) return notAnImage(image);
    const name = withFormatExtension(safeEntryPath(image.name), sniffed.format);
    const parts = [peeked.head];
    let length = peeked.head.length;
    if (!peeked.done) {
      for (;;) {
        if (length > ZIP_BUFFER_BYTES) {
          return {
            name,
            input: streamEntry(image, name, fetch, signal, broken),
            facts: factsOf(image, sniffed.format),
          };
        }
        const next = await chunks.next();
        if (next.done) break;
        parts.push(next.value);
        length += next.value.length;
      }
    }
    return { name, input: new Uint8Array(Buffer.concat(parts, length)), facts: factsOf(image, sniffed.format) };
  } catch (error) {
    return failing(safeEntryPath(image.name), reasonOf(error, image.url));
  } finally {
    response.body.destroy();
  }
}

/**
 * The archive's entries in request order, fetched ZIP_PREFETCH ahead of the one being written.
 * Nothing here throws: a failure becomes an entry that zipStream lists in its text file.
 */
async function* zipEntries(images: readonly ZipImage[], fetch: SafeFetch, signal: AbortSignal) {
  const broken: BrokenStreams = [];
  const ahead: Promise<ZipEntry>[] = [];
  let next = 0;
  const fill = () => {
    while (ahead.length < ZIP_PREFETCH && next < images.length && !signal.aborted) {
      ahead.push(prepare(images[next++] as ZipImage, fetch, signal, broken));
    }
  };
  function* reportBroken() {
    for (const failure of broken.splice(0)) yield failing(failure.name, failure.reason);
  }
  fill();
  for (let entry = ahead.shift(); entry; entry = ahead.shift()) {
    const ready = await entry;
    fill();
    yield* reportBroken();
    yield ready;
  }
  yield* reportBroken();
}

/**
 * `POST /api/zip`: the images fetched one after another (a few ahead, in order) and streamed out as
 * one ZIP while they come, ending with its manifest (manifest.csv, manifest.json). The archive is never held in memory; a failed image is listed in
 * `could-not-download.txt` inside it instead of breaking the download.
 */
export function zipRoutes(fetch: SafeFetch): FastifyPluginAsyncZod {
  return async (app) => {
    // The browser posts a hidden form so the download streams to disk; only this route takes forms.
    await app.register(fastifyFormbody, { bodyLimit: ZIP_BODY_LIMIT_BYTES });
    app.post(
      API_PATHS.zip,
      {
        bodyLimit: ZIP_BODY_LIMIT_BYTES,
        compress: false,
        preValidation: unwrapFormPayload,
        schema: {
          summary: 'Stream a ZIP of images fetched from their addresses',
          description:
            'JSON `{images:[{url,name}], name?}`, or an HTML form post with that JSON in its `payload` field. Names are made safe and unique, extensions follow the true format, and images that fail are listed in could-not-download.txt inside the archive.',
          consumes: ['application/json', FORM_TYPE],
          body: ZipRequestSchema,
          response: {
            200: binaryResponse('A stored ZIP, streamed while the images are fetched', ['application/zip']),
            400: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const signal = clientGoneSignal(reply);
        const { images, name } = request.body;
        const archive = zipStream(zipEntries(images, fetch, signal), (failure) =>
          request.log.info({ entry: failure.name, reason: failure.reason }, 'zip entry left out'),
        );
        const body = Readable.fromWeb(archive as NodeReadableStream<Uint8Array>);
        // A client that leaves stops the archive and, through the signal, every fetch in flight.
        signal.addEventListener('abort', () => body.destroy(), { once: true });
        relayHeaders(reply, {
          bytes: { made: 'application/zip' },
          disposition: contentDisposition('attachment', zipFileName(name)),
        }).header('cache-control', 'no-store');
        return sendStream(reply, body);
      },
    );
  };
}
