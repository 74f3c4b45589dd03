/**
 * Documents (PDF, DOCX, DOC, PPTX, PPT) and containers (EPUB, OpenDocument, XLSX, XLS, EML, MSG,
 * MHTML, RTF, image archives) read on the server, for `POST /v1/extract-images` and the
 * CLI: the browser's own engine (`mfe-documents/engine`), bounded in size and time, its images in
 * the API's shape.
 *
 *   const limit = uploadLimitFor(firstBytes);                 // 100 MB for a PDF, else 50 MB
 *   const { kind, images } = await readDocumentImages(bytes, { password, signal }); // decrypts an encrypted DOCX/PPTX
 *   for await (const image of images) …
 *   toApiImage(image, name, url)                              // the API's image shape
 */

export { DOCUMENT_TIME_LIMIT_MS } from './defaults.ts';
export { DocumentLimitError } from './failure.ts';
export {
  type ReadDocumentOptions,
  type ReadDocumentResult,
  readDocumentImages,
} from './readDocument.ts';
export { dataUrlOf, toApiImage } from './toApiImage.ts';
export { uploadLimitFor } from './uploadLimit.ts';
