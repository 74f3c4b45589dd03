/**
 * `POST /v1/extract-images`: the spec's PDF service (section 7) for every document kind. The
 * upload is read as it arrives and refused the moment it passes its kind's limit; the same engine
 * the browser runs reads it; every image comes back inline as a `data:` URL, so the server keeps
 * nothing between requests (DESIGN section 9).
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { DocumentImage } from 'document-engine';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  createNameAllocator,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOAD_FIELDS,
  type DocumentApiImage,
  ExtractImagesErrorSchema,
  ExtractImagesResponseSchema,
  safeFileName,
} from 'shared-contracts';
import {
  DocumentLimitError,
  dataUrlOf,
  describeDocumentFailure,
  readDocumentImages,
  toApiImage,
  uploadLimitFor,
} from '../../../extractors/document/index.ts';
import { PDF_HEADER_WINDOW } from '../../../extractors/document/uploadLimit.ts';
import { createLimiter } from '../../../extractors/probe/index.ts';
import { clientGoneSignal } from '../../api/downloads.ts';

export type ExtractImagesRouteOptions = {
  /** Documents read at once; the engine is CPU-bound, so more than the cores only queues inside V8. */
  concurrency?: number;
  /** Most image bytes one answer carries (before base64), so one answer can't exhaust the server's memory. */
  maxAnswerBytes?: number;
  /** How long one document may keep the engine busy. */
  timeLimitMs?: number;
};

export const MAX_ANSWER_BYTES_DEFAULT = 256 * 1024 * 1024;
const PASSWORD_MAX_CHARS = 1024;

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
  const limit = createLimiter(options.concurrency ?? 2);
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES_DEFAULT;
  return async (app) => {
    // Scoped to this plugin: no other route accepts multipart bodies.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: DOCUMENT_MAX_BYTES.pdf,
        files: 1,
        fields: 4,
        fieldSize: PASSWORD_MAX_CHARS,
        parts: 5,
      },
    });

    app.post(
      API_PATHS.extractImages,
      {
        // base64 of images that are compressed already: gzip would spend seconds to save a quarter.
        config: { compress: false },
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
        try {
          let bytes: Uint8Array | undefined;
          let password: string | undefined;
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== DOCUMENT_UPLOAD_FIELDS.file) {
                part.file.resume();
                throw new BadUploadError(
                  `Unexpected file field "${part.fieldname}": send the document in the field ${DOCUMENT_UPLOAD_FIELDS.file}.`,
                );
              }
              bytes = await readUpload(part);
            } else if (part.fieldname === DOCUMENT_UPLOAD_FIELDS.password && typeof part.value === 'string') {
              password = part.value;
            }
          }
          const upload = bytes;
          if (!upload || upload.length === 0) {
            throw new BadUploadError(
              `No document received: send a PDF, Word or PowerPoint file in the multipart field ${DOCUMENT_UPLOAD_FIELDS.file}.`,
            );
          }
          // Only the engine's work waits its turn: a slow upload must not hold a slot others need.
          return await limit(async () => {
            const { kind, images } = readDocumentImages(upload, {
              password: password || undefined,
              signal,
              timeLimitMs: options.timeLimitMs,
            });
            const answer: DocumentApiImage[] = [];
            const allocate = createNameAllocator();
            let answerBytes = 0;
            for await (const image of images) {
              answerBytes += image.bytes.length;
              if (answerBytes > maxAnswerBytes) throw DocumentLimitError.answerTooLarge(maxAnswerBytes);
              answer.push(toApiImage(image, allocate(safeFileName(image.name)), urlOf(image)));
            }
            return { success: true as const, kind, images: answer };
          });
        } catch (error) {
          if (error instanceof BadUploadError) return fail(400, error.message);
          const multipartStatus = (error as { statusCode?: number; code?: string }).code?.startsWith('FST_')
            ? (error as { statusCode?: number }).statusCode
            : undefined;
          if (multipartStatus) {
            return fail(
              multipartStatus,
              `This upload could not be read (${(error as Error).message}): send one file in the field ${DOCUMENT_UPLOAD_FIELDS.file} and at most a ${DOCUMENT_UPLOAD_FIELDS.password} field.`,
            );
          }
          const failure = describeDocumentFailure(error);
          if (failure.status >= 500) request.log.error({ err: error }, 'document extraction failed');
          return fail(failure.status, failure.message, failure.code);
        }
      },
    );
  };
}

function urlOf(image: DocumentImage): string {
  return image.linkedUrl ? image.linkedUrl : dataUrlOf(image);
}
