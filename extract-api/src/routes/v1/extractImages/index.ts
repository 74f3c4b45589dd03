/**
 * `POST /v1/extract-images`: the PDF service's call shape, for every document and container kind. A place in the
 * document pool is taken before the upload is read (a full pool refuses it unread); the upload is
 * read as it arrives, refused the moment it passes its kind's limit, and kept in memory only up to
 * `memoryBytes` (past that in a temporary file, deleted when the request ends); the same engine the
 * browser runs reads it; every image comes back inline as a `data:` URL, so the server keeps
 * nothing between requests. `find=figures|both` (a field or the query) asks for a PDF's figures and
 * tables too, each a PNG render at `dpi` with its vector PDF as the original.
 */
import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  DOCUMENT_FINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOAD_FIELDS,
  type DocumentFind,
  ExtractImagesErrorSchema,
  ExtractImagesResponseSchema,
  FIGURE_DPIS,
  type FigureDpi,
  parseFigureDpi,
} from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { documentPoolOptions, loadConfig } from '../../../config.ts';
import { toHttpFailure } from '../../../errors.ts';
import {
  createDocumentPool,
  type DocumentInput,
  type DocumentPlace,
  type DocumentPool,
} from '../../../extractors/document/documentPool.ts';
import { DocumentLimitError, uploadLimitFor } from '../../../extractors/document/index.ts';
import { PDF_HEADER_WINDOW } from '../../../extractors/document/uploadLimit.ts';
import { clientGoneSignal } from '../../../http/index.ts';

export type ExtractImagesRouteOptions = {
  /**
   * The worker threads that read documents (bounded in heap, time and queue); buildApp passes the
   * app's. Without one the route makes its own with the default settings and closes it with the app.
   */
  pool?: DocumentPool;
  /** Most image bytes one answer carries (before base64), so one answer can't exhaust the server's memory. */
  maxAnswerBytes?: number;
  /** An upload larger than this waits in a temporary file rather than in memory (EXTRACT_API_UPLOAD_MEMORY_MB). */
  memoryBytes?: number;
  /** Where those files are written (EXTRACT_API_TMP_DIR); the OS's temporary folder when unset. */
  tmpDir?: string | undefined;
};

export const UPLOAD_FILE_PREFIX = 'image-extractor-upload-';

export const MAX_ANSWER_BYTES_DEFAULT = 256 * 1024 * 1024;
/**
 * Longest password taken, in characters. A PDF password counts its first 127 bytes (revision 6)
 * or 32 (older revisions), an Office one up to 255 characters; 1,024 leaves room for any real one
 * and refuses a field that is something else.
 */
export const PASSWORD_MAX_CHARS = 1024;
const UPLOAD_SHAPE = `send one document in the multipart field ${DOCUMENT_UPLOAD_FIELDS.file} and, for an encrypted one, its password in the field ${DOCUMENT_UPLOAD_FIELDS.password}`;

class BadUploadError extends Error {}

/** What to find and at what resolution, as the fields or the query say: a wrong word is a BadUploadError. */
type Wanted = { find: DocumentFind; dpi: FigureDpi };

function findOf(text: string): DocumentFind {
  const find = DOCUMENT_FINDS.find((one) => one === text.trim().toLowerCase());
  if (!find) throw new BadUploadError(MESSAGES.documents.findChoices(text.slice(0, 40)));
  return find;
}

function dpiOf(text: string): FigureDpi {
  const dpi = parseFigureDpi(text);
  if (!dpi) throw new BadUploadError(MESSAGES.documents.figureDpiChoices(text.slice(0, 40), FIGURE_DPIS));
  return dpi;
}

/** The query's `find` and `dpi` (each a string when given once); the fields, read later, override them. */
function wantedOf(query: unknown): Wanted {
  const { find, dpi } = (query ?? {}) as Record<string, unknown>;
  const text = (value: unknown, name: string) => {
    if (value === undefined || typeof value === 'string') return value;
    throw new BadUploadError(
      `Send ${name} once in the query, not ${Array.isArray(value) ? value.length : 'several'} times.`,
    );
  };
  const findText = text(find, DOCUMENT_UPLOAD_FIELDS.find);
  const dpiText = text(dpi, DOCUMENT_UPLOAD_FIELDS.dpi);
  return {
    find: findText === undefined ? 'images' : findOf(findText),
    dpi: dpiText === undefined ? FIGURE_DPIS[0] : dpiOf(dpiText),
  };
}

/** Where an upload waits: in memory up to `memoryBytes`, in a file of `dir` past that. */
type Spill = { memoryBytes: number; dir: string };

/** An upload as the pool takes it, and the removal of its temporary file (if it has one). */
type Upload = { input: DocumentInput; size: number; remove: () => Promise<void> };

const nothingToRemove = async () => {};

/**
 * The file part, refused as soon as it passes the limit of the kind its first bytes say. A large
 * one is written to a temporary file as it arrives, so that uploads waiting for a worker hold the
 * server's disk, not its memory.
 */
async function readUpload(part: MultipartFile, spill: Spill): Promise<Upload> {
  let chunks: Buffer[] = [];
  let total = 0;
  let limit: ReturnType<typeof uploadLimitFor> | undefined;
  let file: { path: string; handle: FileHandle } | undefined;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (!limit && total >= PDF_HEADER_WINDOW + 5) limit = uploadLimitFor(Buffer.concat([...chunks, chunk]));
      if (limit && total > limit.maxBytes) {
        part.file.destroy();
        throw DocumentLimitError.tooLarge(limit.pdf);
      }
      if (file) {
        await file.handle.write(chunk);
        continue;
      }
      chunks.push(chunk);
      if (limit && total > spill.memoryBytes) {
        await mkdir(spill.dir, { recursive: true });
        const at = path.join(spill.dir, `${UPLOAD_FILE_PREFIX}${randomUUID()}`);
        file = { path: at, handle: await open(at, 'wx', 0o600) };
        await file.handle.write(Buffer.concat(chunks));
        chunks = [];
      }
    }
    // All of a small upload; nothing when it went to a file (its limit is known then).
    const bytes = Buffer.concat(chunks);
    limit ??= uploadLimitFor(bytes);
    // busboy stops at the largest limit of all (a PDF's) and marks the stream truncated
    if (part.file.truncated || total > limit.maxBytes) throw DocumentLimitError.tooLarge(limit.pdf);
    if (file) {
      await file.handle.close();
      const written = file.path;
      return { input: { file: written }, size: total, remove: () => rm(written, { force: true }) };
    }
    return {
      input: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      size: total,
      remove: nothingToRemove,
    };
  } catch (error) {
    if (file) {
      await file.handle.close().catch(() => undefined);
      await rm(file.path, { force: true });
    }
    throw error;
  }
}

export function extractImagesRoutes(options: ExtractImagesRouteOptions = {}): FastifyPluginAsyncZod {
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES_DEFAULT;
  const spill: Spill = {
    // Alone (a test, an embedder), the route takes the settings' defaults: loadConfig's of no environment.
    memoryBytes: options.memoryBytes ?? loadConfig({}).uploadMemoryBytes,
    dir: options.tmpDir ?? tmpdir(),
  };
  return async (app) => {
    const pool = options.pool ?? createDocumentPool(documentPoolOptions(loadConfig({})));
    if (!options.pool) app.addHook('onClose', () => pool.close());
    // Scoped to this plugin: no other route accepts multipart bodies.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: DOCUMENT_MAX_BYTES.pdf,
        files: 1,
        fields: 4,
        // bytes: up to 4 per character in UTF-8; the characters are counted below
        fieldSize: PASSWORD_MAX_CHARS * 4,
        parts: 5,
      },
    });

    app.post(
      API_PATHS.extractImages,
      {
        // base64 of images that are compressed already: gzip would spend seconds to save a quarter.
        compress: false,
        schema: {
          summary:
            'Every embedded image of a PDF, Word (.docx, .doc, .odt, .rtf), PowerPoint (.pptx, .ppt, .odp), spreadsheet (.xlsx, .xls, .ods), drawing (.odg), e-book (.epub), e-mail (.eml, .msg), saved page (.mhtml) or archive of images (.cbz, .zip)',
          description: `multipart/form-data with the document in the field \`${DOCUMENT_UPLOAD_FIELDS.file}\` (a PDF up to 100 MB, any other file up to 50 MB) and, for an encrypted document, its password in the field \`${DOCUMENT_UPLOAD_FIELDS.password}\`. Each image's url is a data: URL of its original bytes (JPEG and JPEG 2000 as stored, other PDF images as lossless PNG); a workbook's picture carries its \`sheet\` and \`cell\`, an e-book's its \`chapter\` and \`chapterTitle\`, an e-mail's its \`contentId\` and \`fileName\`, a saved page's its \`sourceUrl\`. \`${DOCUMENT_UPLOAD_FIELDS.find}\` (a field or the query): \`images\` (the default), \`figures\` or \`both\`: a PDF's figures and tables found by their captions, each with \`figure\` set, its url a PNG render at \`${DOCUMENT_UPLOAD_FIELDS.dpi}\` (${FIGURE_DPIS.join(', ')}; default ${FIGURE_DPIS[0]}) and its original the vector PDF.`,
          consumes: ['multipart/form-data'],
          response: {
            '2xx': ExtractImagesResponseSchema,
            '4xx': ExtractImagesErrorSchema,
            '5xx': ExtractImagesErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const fail = (status: number, message: string, code?: string) =>
          reply.code(status).send({ success: false, error: message, message, ...(code ? { code } : {}) });
        if (!request.isMultipart()) {
          return fail(
            415,
            `Send the document as multipart/form-data, in a field named ${DOCUMENT_UPLOAD_FIELDS.file}.`,
          );
        }
        let asked: Wanted;
        try {
          asked = wantedOf(request.query);
        } catch (error) {
          return fail(400, (error as Error).message);
        }
        // A place first: when every worker and the queue are taken, the upload is refused unread
        // (and its connection closed with the answer, see guardSlowClients).
        let place: DocumentPlace;
        try {
          place = pool.reserve();
        } catch (error) {
          const failure = toHttpFailure(error);
          return fail(failure.status, failure.message, failure.code);
        }
        const signal = clientGoneSignal(reply);
        let upload: Upload;
        let password: string | undefined;
        let wanted: Wanted;
        try {
          ({ upload, password, wanted } = await readParts(request.parts(), spill, asked));
        } catch (error) {
          place.release();
          // Cut for arriving too slowly: its 408 is sent already.
          if (reply.sent) return;
          if (error instanceof DocumentLimitError) return fail(error.status, error.message);
          if (error instanceof BadUploadError) return fail(400, error.message);
          // busboy's and @fastify/multipart's own refusals: a second file, too many parts, a
          // boundary that is not the one announced, a body cut short.
          return fail(400, `This upload could not be read (${(error as Error).message}): ${UPLOAD_SHAPE}.`);
        }
        const read = await pool.readAnswer(upload.input, { password, signal, place, maxAnswerBytes, ...wanted }).then(
          (answer) => ({ answer }),
          (error: unknown) => ({ error }),
        );
        // The worker is done with the upload: its place and its file go before the answer does.
        place.release();
        await upload.remove();
        if ('error' in read) {
          const failure = toHttpFailure(read.error);
          if (failure.status >= 500 && failure.status !== 503)
            request.log.error({ err: read.error }, 'document extraction failed');
          else if ((read.error as Error).cause) request.log.warn({ err: read.error }, 'document worker lost');
          return fail(failure.status, failure.message, failure.code);
        }
        const { answer } = read;
        request.log.info(
          {
            kind: answer.kind,
            images: answer.imageCount,
            ...(wanted.find === 'images' ? {} : { find: wanted.find, dpi: wanted.dpi }),
            workerHeapBytes: answer.heapBytes,
            bytes: upload.size,
          },
          'document read',
        );
        // The worker wrote the JSON (ExtractImagesResponseSchema's shape): sent as it is.
        return reply.type('application/json; charset=utf-8').send(answer.body as never);
      },
    );
  };
}

/**
 * The upload's document, password and what to find in it (`asked`, the query's, unless a field says
 * otherwise); throws BadUploadError, DocumentLimitError or multipart's own errors (the document's
 * temporary file removed then).
 */
async function readParts(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
  spill: Spill,
  asked: Wanted,
): Promise<{ upload: Upload; password: string | undefined; wanted: Wanted }> {
  let upload: Upload | undefined;
  let password: string | undefined;
  const wanted = { ...asked };
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== DOCUMENT_UPLOAD_FIELDS.file) {
          part.file.resume();
          throw new BadUploadError(
            `Unexpected file field "${part.fieldname}": send the document in the field ${DOCUMENT_UPLOAD_FIELDS.file}.`,
          );
        }
        upload = await readUpload(part, spill);
      } else if (part.fieldname === DOCUMENT_UPLOAD_FIELDS.password && typeof part.value === 'string') {
        if (part.valueTruncated || [...part.value].length > PASSWORD_MAX_CHARS) {
          throw new BadUploadError(
            `The password is longer than ${PASSWORD_MAX_CHARS.toLocaleString('en')} characters, more than any document takes: send the document's password in the field ${DOCUMENT_UPLOAD_FIELDS.password}.`,
          );
        }
        password = part.value || undefined;
      } else if (part.fieldname === DOCUMENT_UPLOAD_FIELDS.find && typeof part.value === 'string') {
        wanted.find = findOf(part.value);
      } else if (part.fieldname === DOCUMENT_UPLOAD_FIELDS.dpi && typeof part.value === 'string') {
        wanted.dpi = dpiOf(part.value);
      }
    }
    if (!upload || upload.size === 0) {
      throw new BadUploadError(
        `No document received: send a PDF, Word, PowerPoint, spreadsheet, e-book, e-mail or other file the service reads in the multipart field ${DOCUMENT_UPLOAD_FIELDS.file}.`,
      );
    }
    return { upload, password, wanted };
  } catch (error) {
    await upload?.remove();
    throw error;
  }
}
