/**
 * PDF: every image a page draws (content streams, nested Form XObjects, annotation appearances,
 * inline images), each XObject once with all its pages, as the page draws it (a JPEG as stored
 * where that is what the page shows; else a lossless PNG with masks, Decode and colour applied,
 * the stored JPEG or JPEG 2000 beside it as the original: pdfImage.ts).
 *
 * Images come out while the pages are walked (progress in pages), each as soon as no later page
 * can draw it (imageReach.ts, from the resource dictionaries alone), so it still carries all its
 * page numbers, and the first image of a long PDF does not wait for its last page. Among those
 * ready together, the order is the order first drawn. An image that cannot be read (an unknown
 * filter, damaged data, a colour function past its work budget) is reported by `readPdfImages`
 * as `skipped` with its reason and left out by `extractPdf`; a damaged page loses only its own
 * images; the document fails as `invalid` only when nothing can be read.
 */
import { extensionFor } from 'media-files/extensions';
import { DocumentError, PasswordRequiredError, throwIfAborted } from '../../errors.ts';
import type { DocumentExtractor, DocumentImage, EngineOptions } from '../types.ts';
import { lastPageOfImages } from './imageReach.ts';
import { type ImageUse, imagesOnPage } from './imageWalk.ts';
import { readPages } from './pageTree.ts';
import { convertImage } from './pdfImage.ts';
import { PdfDocument } from './xref.ts';

export type SkippedPdfImage = { width: number; height: number; pageNumbers: number[]; reason: string };

export type PdfImageEvent =
  /** `imageSize`: the image's own size, where the view is drawn larger (at its mask's resolution). */
  | { kind: 'image'; image: DocumentImage; imageSize: { width: number; height: number } }
  | { kind: 'skipped'; skipped: SkippedPdfImage };

export async function* readPdfImages(bytes: Uint8Array, options: EngineOptions = {}): AsyncGenerator<PdfImageEvent> {
  const { signal, onProgress } = options;
  throwIfAborted(signal);
  let doc: PdfDocument;
  try {
    doc = await PdfDocument.open(bytes, options.password);
  } catch (error) {
    throw asDocumentError(error);
  }
  const pages = await readPages(doc).catch((error: unknown) => {
    throw asDocumentError(error);
  });
  // Each image is converted as soon as no later page can draw it: its page list is then complete.
  const lastPage = await lastPageOfImages(doc, pages).catch(() => undefined);
  const pending = new Map<string, Pending>();
  const yielded = new Set<string>();
  let counter = 0;
  let failedPages = 0;
  let firstFailure: unknown;
  const convert = async (entry: Pending): Promise<PdfImageEvent> => {
    yielded.add(entry.use.key);
    pending.delete(entry.use.key);
    return toEvent(doc, entry, () => counter++);
  };
  for (const [index, page] of pages.entries()) {
    throwIfAborted(signal);
    const pageNumber = index + 1;
    let uses: ImageUse[] = [];
    try {
      uses = await imagesOnPage(doc, page, pageNumber);
    } catch (error) {
      // a damaged page loses its own images only
      if (error instanceof DocumentError && error.code !== 'invalid') throw error;
      failedPages++;
      firstFailure ??= error;
    }
    for (const use of uses) {
      if (yielded.has(use.key)) continue;
      const entry = pending.get(use.key);
      if (!entry) pending.set(use.key, { use, pageNumbers: [pageNumber], last: lastPageOf(use.key, index) });
      else if (!entry.pageNumbers.includes(pageNumber)) entry.pageNumbers.push(pageNumber);
    }
    onProgress?.({ done: pageNumber, total: pages.length, unit: 'pages' });
    for (const entry of [...pending.values()]) {
      if (entry.last > index) continue;
      throwIfAborted(signal);
      yield await convert(entry);
    }
  }
  if (pages.length > 0 && failedPages === pages.length) throw asDocumentError(firstFailure);
  for (const entry of [...pending.values()]) {
    throwIfAborted(signal);
    yield await convert(entry);
  }

  /** The last page that may draw `key`; an inline or direct image lives on its own page only. */
  function lastPageOf(key: string, index: number): number {
    if (key.startsWith('inline:') || key.startsWith('direct:')) return index;
    const last = lastPage?.get(key);
    // not where the resources said (or no map): wait for the end to be sure of every page
    return last === undefined || last < index ? Number.POSITIVE_INFINITY : last;
  }
}

type Pending = { use: ImageUse; pageNumbers: number[]; last: number };

/** One image converted (or reported as skipped, with why), named after its first page. */
async function toEvent(doc: PdfDocument, { use, pageNumbers }: Pending, next: () => number): Promise<PdfImageEvent> {
  let result: Awaited<ReturnType<typeof convertImage>>;
  try {
    result = await convertImage(doc, use.stream, use.resources);
  } catch (error) {
    // one bad image is reported and skipped; cancelling, passwords and a spent document stop everything
    doc.throwIfSpent();
    const failure = asDocumentError(error);
    if (failure.code === 'aborted' || failure instanceof PasswordRequiredError) throw failure;
    const dict = use.stream.dict;
    const width = typeof dict.get('Width') === 'number' ? (dict.get('Width') as number) : 0;
    const height = typeof dict.get('Height') === 'number' ? (dict.get('Height') as number) : 0;
    return { kind: 'skipped', skipped: { width, height, pageNumbers, reason: failure.message } };
  }
  if (result.kind === 'skipped') {
    return {
      kind: 'skipped',
      skipped: { width: result.width, height: result.height, pageNumbers, reason: result.reason },
    };
  }
  const first = String(pageNumbers[0] ?? 0).padStart(3, '0');
  const name = `page-${first}-image-${String(next()).padStart(3, '0')}.${extensionFor(result.format)}`;
  return {
    kind: 'image',
    imageSize: result.drawnFrom ?? { width: result.width, height: result.height },
    image: {
      name,
      bytes: result.bytes,
      format: result.format,
      mimeType: result.mimeType,
      width: result.width,
      height: result.height,
      pageNumbers,
      key: use.key,
      ...(result.note ? { note: result.note } : {}),
      ...(result.original ? { original: result.original, viewChanges: result.viewChanges ?? [] } : {}),
    },
  };
}

export const extractPdf: DocumentExtractor = async function* extractPdf(
  bytes: Uint8Array,
  options: EngineOptions = {},
): AsyncGenerator<DocumentImage> {
  for await (const event of readPdfImages(bytes, options)) {
    if (event.kind === 'image') yield event.image;
    else options.onSkipped?.(event.skipped);
  }
};

function asDocumentError(error: unknown): DocumentError {
  if (error instanceof DocumentError) return error;
  return new DocumentError('invalid', undefined, { cause: error });
}
