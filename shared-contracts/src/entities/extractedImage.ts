import * as z from 'zod/mini';

/**
 * One image found in any source: a page, a website, a video, a PDF, a Word or a PowerPoint file,
 * or one of the containers the document engine reads (e-books, OpenDocument files, workbooks,
 * e-mail, saved web pages, RTF, archives of images: the engine's own names for them).
 * Each source's own fields are optional members of one schema, so the grid, the
 * ZIP writer and Save-to-profile take every source alike.
 */
export const IMAGE_SOURCE_KINDS = [
  'page',
  'website',
  'video',
  'pdf',
  'docx',
  'doc',
  'pptx',
  'ppt',
  'epub',
  'odt',
  'odp',
  'ods',
  'odg',
  'xlsx',
  'xls',
  'eml',
  'msg',
  'mhtml',
  'rtf',
  'image-archive',
] as const;
export const ImageSourceKindSchema = z.enum(IMAGE_SOURCE_KINDS);
export type ImageSourceKind = z.infer<typeof ImageSourceKindSchema>;

/** Another size of the same picture (a srcset candidate), kept beside the largest one. */
export const ImageVariantSchema = z.object({
  url: z.string(),
  /** The srcset descriptor as written: `640w`, `2x`. */
  descriptor: z.optional(z.string()),
  width: z.optional(z.number().check(z.int(), z.positive())),
});
export type ImageVariant = z.infer<typeof ImageVariantSchema>;

/**
 * Why what a card shows (and the default download gives) is not the stored file, byte for byte.
 * Each is worded by the message catalogue (`MESSAGES.rendition`):
 * - `transparency`: a mask the document applies is merged as alpha (a JPEG becomes a PNG);
 * - `jpeg2000`: a JPEG 2000 image, which browsers cannot show, converted to PNG;
 * - `decode`: colours inverted or remapped as the document's Decode array says;
 * - `colour`: a colour space browsers do not know (Lab, ICC-based, CMYK, a palette) converted to sRGB;
 * - `crop`: cut to the part of the picture the document shows;
 * - `vector`: a vector picture (EMF, WMF) drawn as a PNG.
 */
export const VIEW_CHANGES = ['transparency', 'jpeg2000', 'decode', 'colour', 'crop', 'vector'] as const;
export const ViewChangeSchema = z.enum(VIEW_CHANGES);
export type ViewChange = z.infer<typeof ViewChangeSchema>;

/** The stored file of an image whose view differs from it: byte for byte what the document holds. */
export const OriginalFileSchema = z.object({
  /** Where its bytes are: a blob: or data: URL. */
  url: z.string().check(z.minLength(1)),
  /** File name for a download, unique within one result set, with the extension of `format`. */
  name: z.string().check(z.minLength(1)),
  format: z.string().check(z.minLength(1)),
  mimeType: z.string().check(z.minLength(1)),
  size: z.number().check(z.int(), z.nonnegative()),
  width: z.optional(z.number().check(z.int(), z.positive())),
  height: z.optional(z.number().check(z.int(), z.positive())),
});
export type OriginalFile = z.infer<typeof OriginalFileSchema>;

/**
 * The copy a page showed of an image whose full-size original was found behind it (a CDN's or a
 * CMS's resized address, a lightbox link): the original is the image's `url`, checked larger and
 * the same picture; this is what the page itself displayed.
 */
export const ShownOnPageSchema = z.object({
  url: z.string().check(z.minLength(1)),
  width: z.optional(z.number().check(z.int(), z.positive())),
  height: z.optional(z.number().check(z.int(), z.positive())),
  format: z.optional(z.string().check(z.minLength(1))),
  size: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type ShownOnPage = z.infer<typeof ShownOnPageSchema>;

/** What a caption names: a figure or a table. */
export const FIGURE_KINDS = ['figure', 'table'] as const;
export const FigureKindSchema = z.enum(FIGURE_KINDS);
export type FigureKind = z.infer<typeof FigureKindSchema>;

/** The resolutions a figure's PNG is rendered at, in dots per inch; the first is the default. */
export const FIGURE_DPIS = [150, 300, 600] as const;
export type FigureDpi = (typeof FIGURE_DPIS)[number];

/**
 * A figure or table of a document, found by its caption and cut out of its page: the card's view
 * (`url`) is a PNG render of it, and `original` is its vector file (a one-page PDF holding the
 * figure's own paths, text and images, nothing else of the page), with `viewChanges: ['vector']`.
 * Its page is the image's `pageNumbers`.
 */
export const DocumentFigureSchema = z.object({
  kind: FigureKindSchema,
  /** As printed: `3`, `2a`, `S1`, `IV`. */
  number: z.string().check(z.minLength(1), z.maxLength(32)),
  /** The caption's text, label included ("Figure 3: Accuracy by epoch."). */
  caption: z.string().check(z.maxLength(4_000)),
  /** Drawn as paths and text, not one embedded picture. */
  vector: z.boolean(),
  /** The PNG render's resolution, in dots per inch. */
  dpi: z.number().check(z.int(), z.positive()),
  /** Ids of the images of the same result set that it draws: each is a card of its own as well. */
  imageIds: z.optional(z.array(z.string())),
});
export type DocumentFigure = z.infer<typeof DocumentFigureSchema>;

/**
 * The longest sheet name, chapter title, Content-ID or file name a card carries, and the longest
 * saved page address: a container's own text, cut to these before it reaches a card.
 */
export const CONTAINER_TEXT_MAX = 200;
export const CONTAINER_URL_MAX = 2_048;
/** A cell's address: `XFD1048576` is the longest a workbook has. */
export const CONTAINER_CELL_MAX = 16;

export const ExtractedImageSchema = z.object({
  /** Stable within one result set. */
  id: z.string().check(z.minLength(1)),
  /** File name for a download, unique within one result set, with the extension of `format`. */
  name: z.string().check(z.minLength(1)),
  /** Where it is shown and fetched from: an http(s) URL, or a blob:/data: URL made on the device. */
  url: z.string().check(z.minLength(1)),
  source: ImageSourceKindSchema,
  /** True format, from the file's magic bytes: `PNG`, `JPEG`, `GIF`, `WEBP`, `SVG`, `AVIF`, `ICO`, `BMP`, `TIFF`, `EMF`… */
  format: z.optional(z.string().check(z.minLength(1))),
  mimeType: z.optional(z.string().check(z.minLength(1))),
  width: z.optional(z.number().check(z.int(), z.positive())),
  height: z.optional(z.number().check(z.int(), z.positive())),
  /** Size of the file in bytes. */
  size: z.optional(z.number().check(z.int(), z.nonnegative())),
  alt: z.optional(z.string()),
  /**
   * The input it came from, as the visitor gave it: a file's name or a page's address. Set when a
   * grid holds several inputs; it groups the grid and the ZIP, and fills `{source}` of file names.
   */
  origin: z.optional(z.string()),
  /** Website scan: the first page the image was found on. */
  pageUrl: z.optional(z.string()),
  /** Where on the page it came from: `img`, `srcset`, `css`, `og:image`, `inline-svg`… */
  foundIn: z.optional(z.array(z.string())),
  variants: z.optional(z.array(ImageVariantSchema)),
  /** PDF pages, in order (an image used on many pages is listed once). */
  pageNumbers: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  /** Presentation slides, in order. */
  slideNumbers: z.optional(z.array(z.number().check(z.int(), z.positive()))),
  /** Where in a document: `slide`, `layout`, `master`, `background`, `header`, `footer`, `footnote`. */
  role: z.optional(z.string()),
  /** A workbook's picture: its sheet's name, and the cell its top-left corner is anchored to (`B4`). */
  sheet: z.optional(z.string().check(z.maxLength(CONTAINER_TEXT_MAX))),
  cell: z.optional(z.string().check(z.maxLength(CONTAINER_CELL_MAX))),
  /** An e-book's picture: its chapter (1-based, in reading order) and that chapter's title. */
  chapter: z.optional(z.number().check(z.int(), z.positive())),
  chapterTitle: z.optional(z.string().check(z.maxLength(CONTAINER_TEXT_MAX))),
  /** An e-mail's part: its Content-ID (without `<>`) and the file name it was sent under. */
  contentId: z.optional(z.string().check(z.maxLength(CONTAINER_TEXT_MAX))),
  fileName: z.optional(z.string().check(z.maxLength(CONTAINER_TEXT_MAX))),
  /** A saved web page's image: the address it had on the page. */
  sourceUrl: z.optional(z.string().check(z.maxLength(CONTAINER_URL_MAX))),
  /** Video frame time, in seconds, and as HH:MM:SS(.mmm) text. */
  timeSeconds: z.optional(z.number().check(z.nonnegative())),
  timestamp: z.optional(z.string()),
  /**
   * The stored file, when the image as shown (`url`, the view) is not it; absent when the view is
   * the stored file. Cards offer it as "Original file"; Download All as "original files".
   */
  original: z.optional(OriginalFileSchema),
  /** Why the view differs from `original`, in the order they were applied. */
  viewChanges: z.optional(z.array(ViewChangeSchema)),
  /** Found asking for JPEG/PNG where the server would send WebP/AVIF: Open, Download and ZIPs ask the same way. */
  originalFormat: z.optional(z.boolean()),
  /** A web image given at full size: the smaller copy the page showed (the card says both sizes). */
  shownOnPage: z.optional(ShownOnPageSchema),
  /** Something a user should know about this image (a linked file not fetched, a preview of a vector file). */
  note: z.optional(z.string()),
  /** A figure or table cut out of a document (its caption, number, resolution), not a stored image. */
  figure: z.optional(DocumentFigureSchema),
});
export type ExtractedImage = z.infer<typeof ExtractedImageSchema>;
