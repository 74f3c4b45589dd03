/**
 * `POST /v1/extract-images`: the spec's PDF service (section 7) for every document kind. The
 * upload is read as it arrives and refused the moment it passes its kind's limit; the same engine
 * the browser runs reads it; every image comes back inline as a `data:` URL, so the server keeps
 * nothing between requests (DESIGN section 9).
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOAD_FIELDS,
  ExtractImagesErrorSchema,
  ExtractImagesResponseSchema,
} from 'shared-contracts';
import { documentPoolOptions } from '../../../config.ts';
import { createDocumentPool, type DocumentPool } from '../../../extractors/document/documentPool.ts';
import { DocumentLimitError, describeDocumentFailure, uploadLimitFor } from '../../../extractors/document/index.ts';
import { PDF_HEADER_WINDOW } from '../../../extractors/document/uploadLimit.ts';
import { clientGoneSignal } from '../../api/downloads.ts';

export type ExtractImagesRouteOptions = {
  /**
   * The worker threads that read documents (bounded in heap, time and queue); buildApp passes the
   * app's. Without one the route makes its own with the default settings and closes it with the app.
   */
  pool?: DocumentPool;
  /** Most image bytes one answer carries (before base64), so one answer can't exhaust the server's memory. */
  maxAnswerBytes?: number;
};

export const MAX_ANSWER_BYTES_DEFAULT = 256 * 1024 * 1024;
/**
 * Longest password taken, in characters. A PDF password counts its first 127 bytes (revision 6)
 * or 32 (older revisions), an Office one up to 255 characters; 1,024 leaves room for any real one
 * and refuses a field that is something else.
 */
export const PASSWORD_MAX_CHARS = 1024;
const UPLOAD_SHAPE = `send one document in the multipart field ${DOCUMENT_UPLOAD_FIELDS.file} and, for an encrypted one, its password in the field ${DOCUMENT_UPLOAD_FIELDS.password}`;

class BadUploadError extends Error {}

/** The file part's bytes, refused as soon as they pass the limit of the kind their first bytes say. */
async function readUpload(part: MultipartFile): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  let limit: ReturnType<typeof uploadLimitFor> | undefined;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    total += chunk.length;
    if (!limit && total >= PDF_HEADER_WINDOW + 5) limit = uploadLimitFor(Buffer.concat(chunks));
    if (limit && total > limit.maxBytes) {
      part.file.destroy();
      throw DocumentLimitError.tooLarge(limit.pdf);
    }
  }
  const bytes = Buffer.concat(chunks);
  limit ??= uploadLimitFor(bytes);
  // busboy stops at the largest limit of all (a PDF's) and marks the stream truncated
  if (part.file.truncated || bytes.length > limit.maxBytes) throw DocumentLimitError.tooLarge(limit.pdf);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

export function extractImagesRoutes(options: ExtractImagesRouteOptions = {}): FastifyPluginAsyncZod {
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES_DEFAULT;
  return async (app) => {
    const pool = options.pool ?? createDocumentPool(documentPoolOptions({}));
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
          summary: 'Every embedded image of a PDF, Word (.docx, .doc) or PowerPoint (.pptx, .ppt) file',
          description: `multipart/form-data with the document in the field \`${DOCUMENT_UPLOAD_FIELDS.file}\` (a PDF up to 100 MB, Word or PowerPoint up to 50 MB) and, for an encrypted document, its password in the field \`${DOCUMENT_UPLOAD_FIELDS.password}\`. Each image's url is a data: URL of its original bytes (JPEG and JPEG 2000 as stored, other PDF images as lossless PNG).`,
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
        const signal = clientGoneSignal(reply);
        let upload: Uint8Array;
        let password: string | undefined;
        try {
          ({ upload, password } = await readParts(request.parts()));
        } catch (error) {
          if (error instanceof DocumentLimitError) return fail(error.status, error.message);
          if (error instanceof BadUploadError) return fail(400, error.message);
          // busboy's and @fastify/multipart's own refusals: a second file, too many parts, a
          // boundary that is not the one announced, a body cut short.
          return fail(400, `This upload could not be read (${(error as Error).message}): ${UPLOAD_SHAPE}.`);
        }
        try {
          const answer = await pool.readAnswer(upload, { password, signal, maxAnswerBytes });
          request.log.info(
            { kind: answer.kind, images: answer.imageCount, workerHeapBytes: answer.heapBytes },
            'document read',
          );
          // The worker wrote the JSON (ExtractImagesResponseSchema's shape): sent as it is.
          return reply.type('application/json; charset=utf-8').send(answer.body as never);
        } catch (error) {
          const failure = describeDocumentFailure(error);
          if (failure.status >= 500 && failure.status !== 503)
            request.log.error({ err: error }, 'document extraction failed');
          else if ((error as Error).cause) request.log.warn({ err: error }, 'document worker lost');
          return fail(failure.status, failure.message, failure.code);
        }
      },
    );
  };
}

/** The upload's document and password; throws BadUploadError, DocumentLimitError or multipart's own errors. */
async function readParts(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
): Promise<{ upload: Uint8Array; password: string | undefined }> {
  let bytes: Uint8Array | undefined;
  let password: string | undefined;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== DOCUMENT_UPLOAD_FIELDS.file) {
        part.file.resume();
        throw new BadUploadError(
          `Unexpected file field "${part.fieldname}": send the document in the field ${DOCUMENT_UPLOAD_FIELDS.file}.`,
        );
      }
      bytes = await readUpload(part);
    } else if (part.fieldname === DOCUMENT_UPLOAD_FIELDS.password && typeof part.value === 'string') {
      if (part.valueTruncated || [...part.value].length > PASSWORD_MAX_CHARS) {
        throw new BadUploadError(
          `The password is longer than ${PASSWORD_MAX_CHARS.toLocaleString('en')} characters, more than any document takes: send the document's password in the field ${DOCUMENT_UPLOAD_FIELDS.password}.`,
        );
      }
      password = part.value || undefined;
    }
  }
  if (!bytes || bytes.length === 0) {
    throw new BadUploadError(
      `No document received: send a PDF, Word or PowerPoint file in the multipart field ${DOCUMENT_UPLOAD_FIELDS.file}.`,
    );
  }
  return { upload: bytes, password };
}
