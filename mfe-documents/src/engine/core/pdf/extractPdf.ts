/**
 * PDF: every image a page draws (content streams, nested Form XObjects, annotation appearances,
 * inline images), each XObject once with all its pages, in the order first drawn. JPEG and JPEG
 * 2000 come out as stored; other images as lossless PNG with their masks as alpha (pdfImage.ts).
 *
 * Two passes: the pages are walked first (progress in pages), so each image carries all its page
 * numbers; then the images are converted and yielded one by one. JBIG2 and CCITT images are not
 * decoded yet: `readPdfImages` reports them as `skipped`, `extractPdf` leaves them out. So it
 * does for one image that fails (an unknown filter, damaged data), and a damaged page loses only
 * its own images; the document fails as `invalid` only when nothing can be read.
 */
import { DocumentError, PasswordRequiredError, throwIfAborted } from '../../errors.ts';
import type { DocumentExtractor, DocumentImage, EngineOptions } from '../types.ts';
import { type ImageUse, imagesOnPage } from './imageWalk.ts';
import { readPages } from './pageTree.ts';
import { convertImage, fileExtension } from './pdfImage.ts';
import { PdfDocument } from './xref.ts';

export type SkippedPdfImage = { width: number; height: number; pageNumbers: number[]; reason: string };

export type PdfImageEvent = { kind: 'image'; image: DocumentImage } | { kind: 'skipped'; skipped: SkippedPdfImage };

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
  const found = new Map<string, { use: ImageUse; pageNumbers: number[] }>();
  let failedPages = 0;
  let firstFailure: unknown;
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
      const entry = found.get(use.key);
      if (!entry) found.set(use.key, { use, pageNumbers: [pageNumber] });
      else if (!entry.pageNumbers.includes(pageNumber)) entry.pageNumbers.push(pageNumber);
    }
    onProgress?.({ done: pageNumber, total: pages.length, unit: 'pages' });
  }
  if (pages.length > 0 && failedPages === pages.length) throw asDocumentError(firstFailure);
  let counter = 0;
  for (const { use, pageNumbers } of found.values()) {
    throwIfAborted(signal);
    let result: Awaited<ReturnType<typeof convertImage>>;
    try {
      result = await convertImage(doc, use.stream, use.resources);
    } catch (error) {
      // one bad image is reported and skipped; cancelling and passwords stop everything
      const failure = asDocumentError(error);
      if (failure.code === 'aborted' || failure instanceof PasswordRequiredError) throw failure;
      const dict = use.stream.dict;
      const width = typeof dict.get('Width') === 'number' ? (dict.get('Width') as number) : 0;
      const height = typeof dict.get('Height') === 'number' ? (dict.get('Height') as number) : 0;
      yield { kind: 'skipped', skipped: { width, height, pageNumbers, reason: failure.message } };
      continue;
    }
    if (result.kind === 'skipped') {
      yield {
        kind: 'skipped',
        skipped: { width: result.width, height: result.height, pageNumbers, reason: result.reason },
      };
      continue;
    }
    const first = String(pageNumbers[0] ?? 0).padStart(3, '0');
    const name = `page-${first}-image-${String(counter++).padStart(3, '0')}.${fileExtension(result.format)}`;
    yield {
      kind: 'image',
      image: {
        name,
        bytes: result.bytes,
        format: result.format,
        mimeType: result.mimeType,
        width: result.width,
        height: result.height,
        pageNumbers,
        ...(result.note ? { note: result.note } : {}),
      },
    };
  }
}

export const extractPdf: DocumentExtractor = async function* extractPdf(
  bytes: Uint8Array,
  options: EngineOptions = {},
): AsyncGenerator<DocumentImage> {
  for await (const event of readPdfImages(bytes, options)) if (event.kind === 'image') yield event.image;
};

function asDocumentError(error: unknown): DocumentError {
  if (error instanceof DocumentError) return error;
  return new DocumentError('invalid', undefined, { cause: error });
}
