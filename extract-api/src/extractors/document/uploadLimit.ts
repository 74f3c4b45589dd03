import { sniffDocumentKind } from 'document-engine';
import { DOCUMENT_MAX_BYTES } from 'shared-contracts';

/** PDF readers accept the header anywhere in the first 1024 bytes (so does the engine). */
export const PDF_HEADER_WINDOW = 1024;
const PDF_HEADER_LENGTH = '%PDF-'.length;

export type UploadLimit = { maxBytes: number; pdf: boolean };

/**
 * The size limit an upload is held to, decided from its first bytes so a too-large file is refused
 * while it arrives rather than after: a PDF may be 100 MB, anything else (Word, PowerPoint, an
 * e-book, a workbook, an e-mail, or nothing the engine reads) 50 MB. Call it with at least PDF_HEADER_WINDOW + 5 bytes, or the whole file.
 */
export function uploadLimitFor(head: Uint8Array): UploadLimit {
  // The engine's own test, so a PDF that lost its header (an object in its first 1024 bytes) is
  // held to the PDF limit it will be read under.
  const pdf = sniffDocumentKind(head.subarray(0, PDF_HEADER_WINDOW + PDF_HEADER_LENGTH)) === 'pdf';
  return { maxBytes: pdf ? DOCUMENT_MAX_BYTES.pdf : DOCUMENT_MAX_BYTES.docx, pdf };
}
