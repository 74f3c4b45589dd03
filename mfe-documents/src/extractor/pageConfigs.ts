import { formatBytes } from 'media-files';
import { DOCX_MAX_BYTES, MESSAGES, PDF_MAX_BYTES, PPT_MAX_BYTES } from 'shared-contracts';
import type { ReadableKind } from '../worker/index.ts';

/** What differs between the PDF, Word, PowerPoint and Any file screens; everything else is one component. */
export type DocumentPageConfig = {
  /** Which page: the catalogue's group and the ZIP's name. */
  page: 'pdf' | 'docx' | 'ppt' | 'any';
  /** The kinds of file this page takes, as the engine recognises them from the bytes. */
  kinds: readonly ReadableKind[];
  /** For `<input accept>`: extensions and MIME types. */
  accept: string;
  extensions: readonly string[];
  mimeTypes: readonly string[];
  maxBytes: number;
  messages: (typeof MESSAGES)['pdf' | 'docx' | 'ppt' | 'anyFile'];
  extractLabel: string;
  /** The PDF screen: Extract's label when figures are asked for. */
  extractLabels?: { images?: string; figures: string; both: string };
  /** "PDF", "Word document": for sentences such as "This PDF has no embedded images". */
  noun: string;
  hint: string;
  /** Name of the Download All archive. */
  zipName: string;
};

const WORD_MIME = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'text/rtf',
] as const;
const POWERPOINT_MIME = [
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.presentation',
] as const;

export const PDF_PAGE: DocumentPageConfig = {
  page: 'pdf',
  kinds: ['pdf'],
  accept: '.pdf,application/pdf',
  extensions: ['.pdf'],
  mimeTypes: ['application/pdf'],
  maxBytes: PDF_MAX_BYTES,
  messages: MESSAGES.pdf,
  extractLabel: 'Extract Images from PDF',
  extractLabels: { figures: 'Extract Figures from PDF', both: 'Extract Images and Figures from PDF' },
  noun: 'PDF',
  hint: `PDF files up to ${formatBytes(PDF_MAX_BYTES, 'limit')}`,
  zipName: 'pdf-images.zip',
};

export const DOCX_PAGE: DocumentPageConfig = {
  page: 'docx',
  kinds: ['docx', 'doc', 'odt', 'rtf'],
  accept: `.docx,.doc,.odt,.rtf,${WORD_MIME.join(',')}`,
  extensions: ['.docx', '.doc', '.odt', '.rtf'],
  mimeTypes: WORD_MIME,
  maxBytes: DOCX_MAX_BYTES,
  messages: MESSAGES.docx,
  extractLabel: 'Extract Images from Word',
  noun: 'Word document',
  hint: `Word documents (.docx, .doc), OpenDocument text (.odt) and RTF up to ${formatBytes(DOCX_MAX_BYTES, 'limit')}`,
  zipName: 'word-images.zip',
};

export const PPT_PAGE: DocumentPageConfig = {
  page: 'ppt',
  // An encrypted PPTX is a compound file holding the encrypted package, which the engine reads
  // as `docx` until it is decrypted; the name then decides (see `matchesKind`), and the decrypted
  // package's kind is checked again (`pageOfKind`).
  kinds: ['pptx', 'ppt', 'odp'],
  accept: `.pptx,.ppt,.odp,${POWERPOINT_MIME.join(',')}`,
  extensions: ['.pptx', '.ppt', '.odp'],
  mimeTypes: POWERPOINT_MIME,
  maxBytes: PPT_MAX_BYTES,
  messages: MESSAGES.ppt,
  extractLabel: 'Extract Images from PowerPoint',
  noun: 'PowerPoint presentation',
  hint: `PowerPoint presentations (.pptx, .ppt) and OpenDocument presentations (.odp) up to ${formatBytes(PPT_MAX_BYTES, 'limit')}`,
  zipName: 'powerpoint-images.zip',
};

/**
 * Every kind the engine reads, in the order the Any file screen names them. The type checks that
 * none is missing: a kind the engine learns must be added here (and to shared-contracts'
 * IMAGE_SOURCE_KINDS) before this compiles.
 */
const READABLE_KINDS = [
  'pdf',
  'docx',
  'doc',
  'pptx',
  'ppt',
  'odt',
  'odp',
  'ods',
  'odg',
  'rtf',
  'epub',
  'xlsx',
  'xls',
  'eml',
  'msg',
  'mhtml',
  'image-archive',
] as const satisfies readonly ReadableKind[];
type Missing = Exclude<ReadableKind, (typeof READABLE_KINDS)[number]>;
const EVERY_KIND_LISTED: [Missing] extends [never] ? true : false = true;
void EVERY_KIND_LISTED;

/**
 * The Any file screen: any mix of files, each read as what its bytes are, never as its name says.
 * Nothing is refused before Extract; a file no reader knows is named with why in the run's list.
 */
export const ANY_PAGE: DocumentPageConfig = {
  page: 'any',
  kinds: READABLE_KINDS,
  accept: '',
  extensions: [],
  mimeTypes: [],
  maxBytes: PDF_MAX_BYTES,
  messages: MESSAGES.anyFile,
  extractLabel: 'Extract Images',
  noun: 'file',
  hint: `PDF, Word, PowerPoint, OpenDocument, RTF, EPUB, Excel, e-mail (EML, MSG), saved web pages (MHTML) and ZIP or CBZ archives of images, up to ${formatBytes(PDF_MAX_BYTES, 'limit')} each`,
  zipName: 'images.zip',
};

/** By its declared type or its name: the first check, before the bytes are read. */
export function declaredAsKind(config: DocumentPageConfig, file: { name: string; type: string }): boolean {
  if (config.page === 'any') return true;
  const name = file.name.toLowerCase();
  return config.mimeTypes.includes(file.type) || config.extensions.some((extension) => name.endsWith(extension));
}

/**
 * Whether the kind the engine read from the bytes (`sniffed`, read in the Worker) belongs on this
 * page; `head` is the file's first bytes.
 */
export function matchesKind(
  config: DocumentPageConfig,
  sniffed: ReadableKind | undefined,
  head: Uint8Array,
  fileName: string,
): boolean {
  if (!sniffed) return false;
  if (config.kinds.includes(sniffed)) return true;
  // The encrypted-package case above: a compound file (not a ZIP) named .pptx.
  const compound = head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
  return config.page === 'ppt' && sniffed === 'docx' && compound && fileName.toLowerCase().endsWith('.pptx');
}

/**
 * The page a kind of document belongs on. The Worker names a password-protected package's kind
 * only once it is decrypted (a compound file could hold Word or PowerPoint): the extraction is
 * checked against the page again then (documentEvents.ts).
 */
export function pageOfKind(kind: ReadableKind): DocumentPageConfig {
  return [PDF_PAGE, DOCX_PAGE, PPT_PAGE, ANY_PAGE].find((page) => page.kinds.includes(kind)) ?? ANY_PAGE;
}
