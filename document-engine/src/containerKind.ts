/**
 * Containers that hold pictures beyond the five document kinds: e-books, OpenDocument files,
 * workbooks, e-mail, saved web pages, RTF and archives of images. Each is told from its bytes,
 * never its name. A file `sniffDocumentKind` knows (PDF, DOCX, PPTX, DOC, PPT) is never one of
 * these: that function is asked first.
 */
import { sniffCompoundContainer } from './compoundContainerKind.ts';
import { sniffMimeKind } from './core/mime/sniffMime.ts';
import { isRtf } from './core/rtf/sniffRtf.ts';
import type { DocumentExtractor } from './core/types.ts';
import { isZip } from './core/zip/zipReader.ts';
import { sniffDocumentKind } from './documentKind.ts';
import { DocumentError } from './errors.ts';
import { sniffFlatOdf, sniffZipContainer } from './zipContainerKind.ts';

export const CONTAINER_KINDS = [
  'epub',
  'odt',
  'odp',
  'ods',
  'odg',
  'xlsx',
  'image-archive',
  'eml',
  'mhtml',
  'rtf',
  'msg',
  'xls',
] as const;
export type ContainerKind = (typeof CONTAINER_KINDS)[number];

/** An extractor whose code loads with its first file: a host reading e-mail never loads the e-book reader. */
function loadedOnUse(load: () => Promise<DocumentExtractor>): DocumentExtractor {
  return async function* (bytes, options) {
    yield* (await load())(bytes, options);
  };
}
void loadedOnUse;

// Each reader is added here as it is written (`loadedOnUse(() => import(...))`).
const CONTAINER_EXTRACTORS: Partial<Record<ContainerKind, DocumentExtractor>> = {
  eml: loadedOnUse(async () => (await import('./core/mime/index.ts')).extractEml),
  mhtml: loadedOnUse(async () => (await import('./core/mime/index.ts')).extractMhtml),
  rtf: loadedOnUse(async () => (await import('./core/rtf/index.ts')).extractRtf),
  msg: loadedOnUse(async () => (await import('./core/msg/index.ts')).extractMsg),
  xls: loadedOnUse(async () => (await import('./core/xls/index.ts')).extractXls),
  epub: loadedOnUse(async () => (await import('./core/epub/index.ts')).extractEpub),
  odt: loadedOnUse(async () => (await import('./core/odf/index.ts')).extractOdf),
  odp: loadedOnUse(async () => (await import('./core/odf/index.ts')).extractOdf),
  ods: loadedOnUse(async () => (await import('./core/odf/index.ts')).extractOdf),
  odg: loadedOnUse(async () => (await import('./core/odf/index.ts')).extractOdf),
  xlsx: loadedOnUse(async () => (await import('./core/xlsx/index.ts')).extractXlsx),
  'image-archive': loadedOnUse(async () => (await import('./core/archive/index.ts')).extractImageArchive),
};

/** Which container these bytes are, or undefined (a document kind, or nothing the engine reads). */
export function sniffContainerKind(bytes: Uint8Array): ContainerKind | undefined {
  if (sniffDocumentKind(bytes)) return undefined;
  if (isZip(bytes)) return sniffZipContainer(bytes);
  const flatOdf = sniffFlatOdf(bytes);
  if (flatOdf) return flatOdf;
  const compound = sniffCompoundContainer(bytes);
  if (compound) return compound;
  if (isRtf(bytes)) return 'rtf';
  const mime = sniffMimeKind(bytes);
  if (mime) return mime;
  return undefined;
}

/** Every picture of a container, as found. Throws `DocumentError('unsupported')` for anything else. */
export const extractContainer: DocumentExtractor = async function* extractContainer(bytes, options) {
  const kind = sniffContainerKind(bytes);
  const extractor = kind && CONTAINER_EXTRACTORS[kind];
  if (!extractor) throw new DocumentError('unsupported', 'This file is none of the kinds of file the engine reads.');
  yield* extractor(bytes, options);
};
