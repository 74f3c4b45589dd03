/**
 * What kind of document a file is, from its bytes: the screens check it against the page the
 * user is on, and `extractDocument` picks the extractor with it.
 */
import { isCompoundFile, openCompoundFile } from './core/legacy/compoundFile.ts';
import { isZip, openZip } from './core/zip/zipReader.ts';

export type DocumentKind = 'pdf' | 'docx' | 'pptx' | 'doc' | 'ppt';

/** PDF readers accept the header anywhere in the first 1024 bytes, and so do we. */
const PDF_HEADER_WINDOW = 1024;

export function sniffDocumentKind(bytes: Uint8Array): DocumentKind | undefined {
  if (hasPdfHeader(bytes)) return 'pdf';
  if (isZip(bytes)) {
    try {
      const zip = openZip(bytes);
      if (zip.find('word/document.xml')) return 'docx';
      if (zip.find('ppt/presentation.xml')) return 'pptx';
    } catch {
      return undefined;
    }
    return undefined;
  }
  if (isCompoundFile(bytes)) {
    try {
      const file = openCompoundFile(bytes);
      if (file.has('WordDocument')) return 'doc';
      if (file.has('PowerPoint Document')) return 'ppt';
      // An encrypted DOCX or PPTX is a compound file holding the ZIP; the OOXML reader reports
      // the encryption clearly, whichever of the two it is.
      if (file.has('EncryptedPackage')) return 'docx';
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - 5, PDF_HEADER_WINDOW);
  for (let i = 0; i <= end; i++) {
    if (
      bytes[i] === 0x25 &&
      bytes[i + 1] === 0x50 &&
      bytes[i + 2] === 0x44 &&
      bytes[i + 3] === 0x46 &&
      bytes[i + 4] === 0x2d
    ) {
      return true;
    }
  }
  return false;
}
