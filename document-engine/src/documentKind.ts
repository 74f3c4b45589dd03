/**
 * What kind of document a file is, from its bytes: the screens check it against the page the
 * user is on, and `extractDocument` picks the extractor with it.
 */
import { isCompoundFile, openCompoundFile } from './core/legacy/compoundFile.ts';
import { hasPdfHeader, startsWithObject } from './core/pdf/header.ts';
import { isZip, openZip } from './core/zip/zipReader.ts';

export type DocumentKind = 'pdf' | 'docx' | 'pptx' | 'doc' | 'ppt';

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
  // a PDF that lost its header (junk or nothing before its first object): PDF readers open it
  if (startsWithObject(bytes)) return 'pdf';
  return undefined;
}
