/**
 * What kind of document a file is, from its bytes: the screens check it against the page the
 * user is on, and `extractDocument` picks the extractor with it.
 */
import { type CompoundFile, isCompoundFile, openCompoundFile } from './core/legacy/compoundFile.ts';
import { hasPdfHeader, startsWithObject } from './core/pdf/header.ts';
import { isZip, openZip } from './core/zip/zipReader.ts';
import { DocumentError } from './errors.ts';

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
      // An encrypted DOCX or PPTX is a compound file holding the ZIP: which of the two it is shows
      // only once it is decrypted (unlockDocument); until then it is called a Word file.
      if (isEncryptedPackage(file)) return 'docx';
    } catch {
      return undefined;
    }
  }
  // a PDF that lost its header (junk or nothing before its first object): PDF readers open it
  if (startsWithObject(bytes)) return 'pdf';
  return undefined;
}

/** A document ready for its extractor: its kind, and the bytes that extractor reads. */
export type UnlockedDocument = { kind: DocumentKind; bytes: Uint8Array };

/**
 * The document's kind and bytes, an encrypted DOCX/PPTX (ECMA-376 agile or standard encryption)
 * decrypted with the password first, its kind then read from the ZIP inside: a password-protected
 * file is a Word or a PowerPoint file only once it is open. Throws as `extractDocument` does:
 * PasswordRequiredError ('password-required', 'wrong-password'), DocumentError otherwise.
 */
export async function unlockDocument(
  bytes: Uint8Array,
  options: { password?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<UnlockedDocument> {
  const kind = sniffDocumentKind(bytes);
  if (!kind) throw new DocumentError('unsupported', 'This file is not a PDF, Word or PowerPoint document.');
  if (kind !== 'docx' || !isCompoundFile(bytes)) return { kind, bytes };
  const file = openCompoundFile(bytes);
  if (!isEncryptedPackage(file)) return { kind, bytes };
  // loaded for an encrypted package only: its XML parser and key derivation are no other file's
  const { decryptPackage } = await import('./core/ooxml/encryption/index.ts');
  const zip = await decryptPackage(file, options);
  if (!isZip(zip)) {
    throw new DocumentError(
      'invalid',
      'This password-protected file is damaged: what it decrypts to is not a package.',
    );
  }
  const inner = sniffDocumentKind(zip);
  if (inner !== 'docx' && inner !== 'pptx') {
    throw new DocumentError(
      'unsupported',
      'This password-protected file opened, but it is not a Word or PowerPoint document (an Excel workbook, perhaps).',
    );
  }
  return { kind: inner, bytes: zip };
}

/** Whether the compound file is an ECMA-376 encrypted package (rather than a .doc or .ppt). */
function isEncryptedPackage(file: CompoundFile): boolean {
  return file.has('EncryptedPackage');
}
