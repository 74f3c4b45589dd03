/**
 * The document engine's public face: one call for every supported document. It picks the
 * extractor from the file's first bytes (never its name), so a renamed file still works and a
 * file of the wrong kind is refused by what it is. Used by the browser Worker, extract-api
 * (`POST /v1/extract-images`) and the CLI.
 */
import { extractPdf } from './core/pdf/index.ts';
import type { DocumentExtractor } from './core/types.ts';
import { type DocumentKind, unlockDocument } from './documentKind.ts';

export { CONTAINER_KINDS, type ContainerKind, extractContainer, sniffContainerKind } from './containerKind.ts';
export { type HostZlib, setHostZlib } from './core/hostZlib.ts';
export { type EmbeddedBitmap, embeddedBitmapOf } from './core/metafile/index.ts';
export { extractPdfFigures, findPdfFigures, type PdfFigure, type PdfFigureNote } from './core/pdf/figures/index.ts';
export {
  type DecoderWasmUrls,
  preloadDecoders as preloadImageDecoders,
  setDecoderWasmUrls,
} from './core/pdf/filters/wasmDecoders.ts';
export { type SniffedFormat, sniffFormat } from './core/sniffFormat.ts';
export type {
  DocumentExtractor,
  DocumentFigure,
  DocumentImage,
  EngineOptions,
  EngineProgress,
  FigureRenderer,
  RawInflater,
  SkippedImage,
  StoredFile,
  ViewChange,
} from './core/types.ts';
export { type DocumentKind, sniffDocumentKind, type UnlockedDocument, unlockDocument } from './documentKind.ts';
export { DocumentError, type DocumentErrorCode, PasswordRequiredError } from './errors.ts';

/** An extractor whose code loads with its first document: a host reading PDFs never loads the Office readers (and their XML parser). */
function loadedOnUse(load: () => Promise<DocumentExtractor>): DocumentExtractor {
  return async function* (bytes, options) {
    yield* (await load())(bytes, options);
  };
}

const EXTRACTORS = {
  pdf: extractPdf,
  docx: loadedOnUse(() => import('./core/docx/extractDocx.ts').then((module) => module.extractDocx)),
  pptx: loadedOnUse(() => import('./core/pptx/extractPptx.ts').then((module) => module.extractPptx)),
  doc: loadedOnUse(() => import('./core/legacy/index.ts').then((module) => module.extractDoc)),
  ppt: loadedOnUse(() => import('./core/legacy/index.ts').then((module) => module.extractPpt)),
} as const satisfies Record<string, DocumentExtractor>;

/**
 * The extractor for this kind of document; it reads the bytes `unlockDocument` gave. For a caller
 * that needs the kind before the images (the Worker and extract-api report it first): unlocking
 * again inside `extractDocument` would derive a password's key twice.
 */
export function extractorFor(kind: DocumentKind): DocumentExtractor {
  return EXTRACTORS[kind];
}

/**
 * Every image of a PDF, DOCX, PPTX, DOC or PPT, as found; a password-protected DOCX or PPTX is
 * decrypted first (a caller that unlocked it already uses `extractorFor`). Throws
 * `DocumentError('unsupported')` when the bytes are none of these.
 */
export const extractDocument: DocumentExtractor = async function* extractDocument(bytes, options) {
  const document = await unlockDocument(bytes, options);
  yield* EXTRACTORS[document.kind](document.bytes, options);
};
