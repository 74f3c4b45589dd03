/**
 * One document job, inside a pool worker thread (see documentPool.ts): the engine reads the bytes
 * and the images go back on the job's port, either one by one or as the finished JSON answer.
 * Whatever the engine does here (loop, exhaust its heap, crash) costs this thread, never the
 * server's event loop: the pool kills and replaces it.
 */
import { readFile } from 'node:fs/promises';
import { getHeapStatistics } from 'node:v8';
import type { DocumentImage, SkippedImage } from 'document-engine';
import { createNameAllocator, safeFileName, withFormatExtension } from 'media-files';
import type { ExtractKind } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { FIGURE_LIMITS, type FigureLimits } from './defaults.ts';
import { DocumentLimitError } from './failure.ts';
import { readDocumentImages } from './readDocument.ts';
import { toApiImage } from './toApiImage.ts';
import type { DocumentJob, JobMessage, SerializedFailure } from './workerProtocol.ts';

export default async function readDocumentJob(job: DocumentJob): Promise<void> {
  const { port } = job;
  const post = (message: JobMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  post({ type: 'start' });
  try {
    // The pool's termination is the time limit: no clock inside.
    const skipped: SkippedImage[] = [];
    const bytes = job.file === undefined ? (job.bytes ?? new Uint8Array()) : await readUpload(job.file);
    const figures = job.figures ?? FIGURE_LIMITS;
    const { kind, images } = await readDocumentImages(bytes, {
      password: job.password,
      timeLimitMs: Number.POSITIVE_INFINITY,
      onSkipped: (one) => skipped.push(one),
      find: job.find,
      figures: { ...(job.dpi ? { dpi: job.dpi } : {}), ...figures },
    });
    post({ type: 'kind', kind });
    if (job.answer === 'images') {
      let imageCount = 0;
      for await (const image of images) {
        // its own buffer: the engine's bytes may be a view into the document it is still reading
        const bytes = image.bytes.slice();
        const original = image.original && { ...image.original, bytes: image.original.bytes.slice() };
        imageCount += 1;
        post({ type: 'image', image: { ...image, bytes, ...(original ? { original } : {}) } }, [
          bytes.buffer as ArrayBuffer,
          ...(original ? [original.bytes.buffer as ArrayBuffer] : []),
        ]);
      }
      post({ type: 'done', kind, imageCount, heapBytes: getHeapStatistics().total_heap_size });
    } else {
      const { body, imageCount } = await jsonAnswer(kind, images, {
        maxAnswerBytes: job.maxAnswerBytes,
        skipped,
        maxFigures: figures.maxFigures,
        linkImages: job.find === 'both',
      });
      post({ type: 'done', kind, imageCount, body, heapBytes: getHeapStatistics().total_heap_size }, [
        body.buffer as ArrayBuffer,
      ]);
    }
  } catch (error) {
    post({ type: 'failed', failure: serialize(error) });
  } finally {
    port.close();
  }
}

/**
 * `{success, kind, images}` as UTF-8 bytes, each data: URL base64-encoded straight into a Buffer
 * a slice at a time: outside V8's heap, so a large answer does not count against the worker's heap limit.
 * Figures past `maxFigures` are not rendered: the answer gives the first ones and says so in
 * `skipped`. With `linkImages` (find=both) each figure names the images it draws, which came first.
 */
async function jsonAnswer(
  kind: ExtractKind,
  images: AsyncGenerator<DocumentImage>,
  {
    maxAnswerBytes,
    skipped,
    maxFigures,
    linkImages,
  }: {
    maxAnswerBytes: number;
    skipped: SkippedImage[];
    maxFigures: FigureLimits['maxFigures'];
    linkImages: boolean;
  },
): Promise<{ body: Uint8Array; imageCount: number }> {
  const parts: Uint8Array[] = [Buffer.from(`{"success":true,"kind":${JSON.stringify(kind)},"images":[`)];
  const allocate = createNameAllocator();
  const namesByKey = linkImages ? new Map<string, string>() : undefined;
  let answerBytes = 0;
  let imageCount = 0;
  let figureCount = 0;
  for await (const image of images) {
    if (image.figure) {
      // this one is rendered already; the ones after it are not (leaving the loop ends the extractor)
      if (figureCount >= maxFigures) {
        skipped.push({ reason: MESSAGES.documents.figuresCapped(maxFigures) });
        break;
      }
      figureCount += 1;
    }
    answerBytes += image.bytes.length + (image.original?.bytes.length ?? 0);
    if (answerBytes > maxAnswerBytes) throw DocumentLimitError.answerTooLarge(maxAnswerBytes);
    if (imageCount > 0) parts.push(Buffer.from(','));
    imageCount += 1;
    const name = allocate(safeFileName(image.name));
    const originalName = image.original && allocate(withFormatExtension(name, image.original.format));
    if (image.key && !image.figure) namesByKey?.set(image.key, name);
    const { url, original, ...rest } = toApiImage(
      image,
      name,
      '',
      originalName ? { name: originalName, url: '' } : undefined,
      namesByKey,
    );
    if (image.linkedUrl) {
      parts.push(Buffer.from(JSON.stringify({ url, ...rest })));
      continue;
    }
    // `url` first, as toApiImage orders it; base64 needs no JSON escaping
    parts.push(Buffer.from(`{"url":${JSON.stringify(`data:${image.mimeType};base64,`).slice(0, -1)}`));
    parts.push(base64(image.bytes));
    parts.push(Buffer.from(`",${JSON.stringify(rest).slice(1, -1)}`));
    if (original && image.original) {
      const { url: _empty, ...originalRest } = original;
      parts.push(Buffer.from(`,"original":{"url":"data:${image.original.mimeType};base64,`));
      parts.push(base64(image.original.bytes));
      parts.push(Buffer.from(`",${JSON.stringify(originalRest).slice(1)}`));
    }
    parts.push(Buffer.from('}'));
  }
  // filled while the images were read: complete once they are
  parts.push(Buffer.from(skipped.length > 0 ? `],"skipped":${JSON.stringify(skipped)}}` : ']}'));
  // one ArrayBuffer of exactly the answer (never a slice of Node's shared pool), so it can be transferred
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return { body, imageCount };
}

/** A plain Uint8Array over the file's bytes: a Buffer's slice() is a view, where the engine expects a copy. */
async function readUpload(file: string): Promise<Uint8Array> {
  const read = await readFile(file);
  return new Uint8Array(read.buffer, read.byteOffset, read.length);
}

const BASE64_SLICE = 3 * 1024 * 1024;

function base64(bytes: Uint8Array): Buffer {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const out = Buffer.allocUnsafeSlow(Math.ceil(bytes.length / 3) * 4);
  let at = 0;
  for (let start = 0; start < source.length; start += BASE64_SLICE) {
    at += out.write(source.subarray(start, start + BASE64_SLICE).toString('base64'), at, 'latin1');
  }
  return out;
}

function serialize(error: unknown): SerializedFailure {
  if (error instanceof Error) {
    const { code, status } = error as Error & { code?: unknown; status?: unknown };
    return {
      name: error.name,
      message: error.message,
      code: typeof code === 'string' ? code : undefined,
      status: typeof status === 'number' ? status : undefined,
    };
  }
  return { name: 'Error', message: String(error) };
}
