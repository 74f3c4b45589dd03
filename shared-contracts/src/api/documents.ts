import * as z from 'zod/mini';
import {
  DocumentFigureSchema,
  FIGURE_DPIS,
  type FigureDpi,
  OriginalFileSchema,
  ViewChangeSchema,
} from '../entities/extractedImage.ts';
import { DOCX_MAX_BYTES, PDF_MAX_BYTES, PPT_MAX_BYTES, TEXT_FACT_MAX_CHARS } from '../limits.ts';
import { ApiErrorSchema } from './errors.ts';

/**
 * `POST /v1/extract-images`: a PDF, DOCX, DOC, PPTX or PPT, or one of the containers below,
 * uploaded as multipart (field `file`, optional field `password`), every embedded image answered
 * inline. The PDF service's shape (url, pageNumber, width, height, format, size) for every kind,
 * plus what the other kinds know (slides, role, sheet and cell, chapter, e-mail part, address).
 * The server keeps nothing: each `url` is a `data:` URL of the bytes.
 */

export const DOCUMENT_KINDS = ['pdf', 'docx', 'doc', 'pptx', 'ppt'] as const;
export const DocumentKindSchema = z.enum(DOCUMENT_KINDS);

/**
 * The other files read for their pictures (document-engine's `CONTAINER_KINDS`): e-books,
 * OpenDocument files, workbooks, e-mail, saved pages, RTF and archives of images.
 */
export const DOCUMENT_CONTAINER_KINDS = [
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
/** What an upload turned out to be: a document kind or a container kind. */
export const ExtractKindSchema = z.enum([...DOCUMENT_KINDS, ...DOCUMENT_CONTAINER_KINDS]);
export type ExtractKind = z.infer<typeof ExtractKindSchema>;

/** Largest upload of each kind: PDF 100MB, everything else 50MB. */
export const DOCUMENT_MAX_BYTES: Readonly<Record<ExtractKind, number>> = {
  pdf: PDF_MAX_BYTES,
  docx: DOCX_MAX_BYTES,
  doc: DOCX_MAX_BYTES,
  pptx: PPT_MAX_BYTES,
  ppt: PPT_MAX_BYTES,
  ...(Object.fromEntries(DOCUMENT_CONTAINER_KINDS.map((kind) => [kind, DOCX_MAX_BYTES])) as Record<
    (typeof DOCUMENT_CONTAINER_KINDS)[number],
    number
  >),
};

/** Multipart field names of the upload (`find` and `dpi` are taken from the query string too). */
export const DOCUMENT_UPLOAD_FIELDS = { file: 'file', password: 'password', find: 'find', dpi: 'dpi' } as const;

/**
 * What an upload asks for: its embedded images (the default), its figures and tables (PDF only:
 * each a PNG render with its vector PDF as the original), or both, figures after images.
 */
export const DOCUMENT_FINDS = ['images', 'figures', 'both'] as const;
export const DocumentFindSchema = z.enum(DOCUMENT_FINDS);
export type DocumentFind = z.infer<typeof DocumentFindSchema>;

/** A `dpi` field's text as one of FIGURE_DPIS; undefined for anything else. */
export function parseFigureDpi(text: string): FigureDpi | undefined {
  return FIGURE_DPIS.find((dpi) => String(dpi) === text.trim());
}

export const DocumentApiImageSchema = z.object({
  /** `data:<mime>;base64,…` of the image's bytes; for a linked (not embedded) image, its address, never fetched. */
  url: z.string().check(z.minLength(1)),
  /** The first page the image is drawn on (PDF); 1 when the format has no pages. */
  pageNumber: z.number().check(z.int(), z.positive()),
  width: z.optional(z.number().check(z.int(), z.positive())),
  height: z.optional(z.number().check(z.int(), z.positive())),
  /** True format from the bytes: `JPEG`, `PNG`, `JPX`, `EMF`… */
  format: z.string().check(z.minLength(1)),
  /** Bytes of the image file (0 for a linked image). */
  size: z.number().check(z.int(), z.nonnegative()),
  /** A file name, unique within this answer, with the extension of `format`. */
  name: z.string().check(z.minLength(1)),
  mimeType: z.string().check(z.minLength(1)),
  /** Every page it is drawn on, in order (PDF: an image used on many pages is listed once). */
  pageNumbers: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  /** Presentations: the first slide that shows it, and all of them. */
  slideNumber: z.optional(z.number().check(z.int(), z.positive())),
  slideNumbers: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  /** Where in the document: `body`, `header`, `footer`, `footnote`, `slide`, `layout`, `master`, `background`… */
  role: z.optional(z.string()),
  /** Set for a linked image: the address the document points at (not fetched). */
  linkedUrl: z.optional(z.string()),
  /** Something a user should know (a PNG preview of a vector file, a linked file). */
  note: z.optional(z.string()),
  /**
   * The stored file, when `url` (the view: what the document draws, in a format browsers show) is
   * not it: a JPEG with its mask merged is a PNG view of the stored JPEG. Its `url` is a `data:` URL.
   */
  original: z.optional(OriginalFileSchema),
  /** Why the view differs from `original`. */
  viewChanges: z.optional(z.array(ViewChangeSchema)),
  /**
   * A figure or table (asked with `find=figures` or `both`): `url` is its PNG render, `original`
   * its vector PDF. Its `imageIds` are the `name`s of this answer's images that it draws.
   */
  figure: z.optional(DocumentFigureSchema),
  /** A workbook's picture: its sheet's name and the cell its top-left corner is anchored to (`B4`). */
  sheet: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_FACT_MAX_CHARS))),
  cell: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_FACT_MAX_CHARS))),
  /** An e-book's picture: its chapter (1-based, in reading order) and the chapter's title. */
  chapter: z.optional(z.number().check(z.int(), z.positive())),
  chapterTitle: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_FACT_MAX_CHARS))),
  /** An e-mail's part: its Content-ID (without `<>`) and the file name it was sent under. */
  contentId: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_FACT_MAX_CHARS))),
  fileName: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_FACT_MAX_CHARS))),
  /** A saved page's image: the address it had on the page. */
  sourceUrl: z.optional(z.string().check(z.minLength(1), z.maxLength(TEXT_FACT_MAX_CHARS))),
});
export type DocumentApiImage = z.infer<typeof DocumentApiImageSchema>;

export const SkippedDocumentImageSchema = z.object({
  width: z.optional(z.number().check(z.nonnegative())),
  height: z.optional(z.number().check(z.nonnegative())),
  pageNumbers: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  slideNumbers: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  /** Worded for the user. */
  reason: z.string(),
});

export const ExtractImagesResponseSchema = z.object({
  success: z.literal(true),
  /** What the file turned out to be, from its bytes. */
  kind: ExtractKindSchema,
  images: z.array(DocumentApiImageSchema),
  /** Images the document holds that could not be given out, with where and why. */
  skipped: z.optional(z.array(SkippedDocumentImageSchema)),
});
export type ExtractImagesResponse = z.infer<typeof ExtractImagesResponseSchema>;

/** A refused or failed upload: the API's error shape, plus `message` (what a PDF client reads). */
export const ExtractImagesErrorSchema = z.extend(ApiErrorSchema, {
  message: z.string(),
  /** Set when the document is encrypted: `password-required` or `wrong-password`. */
  code: z.optional(z.string()),
});
export type ExtractImagesError = z.infer<typeof ExtractImagesErrorSchema>;
