/**
 * The document engine's one extractor shape, for every format: bytes in, images out, as they are
 * found. Framework-free and DOM-free, so the same code runs in a browser Worker, in Node for the
 * tests, the CLI and extract-api.
 */

/**
 * Why an image's view (`bytes`) is not its stored file (`original`). The same codes as
 * shared-contracts' `VIEW_CHANGES` (the engine depends on no contract; mfe-documents' test checks).
 */
export type ViewChange = 'transparency' | 'jpeg2000' | 'decode' | 'colour' | 'crop' | 'vector';

/** The stored bytes of an image whose view differs from them, byte for byte. */
export type StoredFile = { bytes: Uint8Array; format: string; mimeType: string; width?: number; height?: number };

/**
 * One image taken out of a document, in two renditions: the view (`bytes`: what the document
 * draws, in a format every browser shows) and, when that is not the stored file, `original`.
 */
export type DocumentImage = {
  /** Suggested file name, with the extension of `format` (unique names are the caller's job). */
  name: string;
  /**
   * The view: the stored file where it already shows as the document draws it (JPEG, PNG, GIF…),
   * else a PNG with masks, Decode arrays, colour spaces and crops applied.
   */
  bytes: Uint8Array;
  /** The view's true format from its bytes: PNG, JPEG, GIF, BMP, TIFF, EMF, WMF, PICT, SVG… */
  format: string;
  mimeType: string;
  width?: number;
  height?: number;
  /** PDF pages, in order. */
  pageNumbers?: number[];
  /** Presentation slides (in presentation order) that show it, in order. */
  slideNumbers?: number[];
  /** Where it lives: `body`, `header`, `footer`, `footnote`, `comment`, `slide`, `layout`, `master`, `background`, `notes`. */
  role?: string;
  /** A linked (not embedded) image: its address; `bytes` is then empty and nothing is fetched. */
  linkedUrl?: string;
  /** The stored file, when the view is not it (a JPEG with a mask, a JPEG 2000, a cropped picture). */
  original?: StoredFile;
  /** Why the view differs from `original`, in the order applied. */
  viewChanges?: ViewChange[];
  note?: string;
  /** A workbook's picture: the sheet's name, and the cell its top-left corner is anchored to (`B4`). */
  sheet?: string;
  cell?: string;
  /** An e-book's picture: the chapter (1-based, in reading order) and its title where it has one. */
  chapter?: number;
  chapterTitle?: string;
  /** An e-mail's part: its Content-ID (without `<>`) and the file name it was sent under. */
  contentId?: string;
  fileName?: string;
  /** A saved web page's image: the address it had on the page (Content-Location). */
  sourceUrl?: string;
  /**
   * PDF: the image's key as figures name it (`num gen` of an XObject, `inline:page:n`), so that a
   * figure's `imageKeys` find the images it draws among those extracted from the same file.
   */
  key?: string;
  /**
   * A figure or table cut out of a page (`extractPdfFigures`): `bytes` is its PNG render,
   * `original` its one-page vector PDF, `viewChanges` `['vector']`, `pageNumbers` its page.
   */
  figure?: DocumentFigure;
};

/** A figure or table of a document, as `DocumentImage.figure` describes it. */
export type DocumentFigure = {
  kind: 'figure' | 'table';
  /** As printed: "3", "2a", "S1", "IV". */
  number: string;
  /** The caption's text, label included. */
  caption: string;
  /** Drawn as paths and text, not one embedded picture. */
  vector: boolean;
  /** The render's resolution. */
  dpi: number;
  /** Where it is on its page, in PDF points (the page's own space): x0, y0, x1, y1. */
  box: [number, number, number, number];
  /** The `key`s of the images it draws. */
  imageKeys: string[];
};

/**
 * Draws a one-page PDF (a figure's vector file) as a PNG at `dpi`. The engine's default is pdf.js
 * on an OffscreenCanvas in a Worker, on @napi-rs/canvas in Node (`document-engine/render`).
 * `dpi` in the result: the resolution drawn at, when a bound made it lower than asked.
 */
export type FigureRenderer = (
  pdf: Uint8Array,
  options: { dpi: number; signal?: AbortSignal | undefined },
) => Promise<{ png: Uint8Array; width: number; height: number; dpi?: number }>;

/** An image the document holds that could not be given out (damaged data, a codec not decoded), and why. */
export type SkippedImage = {
  width?: number;
  height?: number;
  pageNumbers?: number[];
  slideNumbers?: number[];
  /** Worded for the user: "This image's JPEG (DCTDecode) data is not a JPEG: …". */
  reason: string;
};

export type EngineProgress = { done: number; total: number; unit: 'pages' | 'slides' | 'parts' | 'pictures' };

/**
 * Inflates raw DEFLATE data that should come to `size` bytes. It must not produce much more than
 * `size` (return as soon as it passes it: the caller refuses the entry) and throws on damaged data.
 */
export type RawInflater = (data: Uint8Array, size: number) => Promise<Uint8Array>;

export type EngineOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: EngineProgress) => void;
  /** Told of each image that is in the document but cannot be given out, so the page can say so. */
  onSkipped?: (skipped: SkippedImage) => void;
  /** For encrypted files. */
  password?: string;
  /**
   * A native inflater for the media inside DOCX/PPTX packages, when the host has a faster one
   * than the platform's DecompressionStream (Node: zlib). The browser passes none.
   */
  inflateRaw?: RawInflater;
  /** Figures (`extractPdfFigures`): the PNG's resolution, 150 dpi unless said. */
  figureDpi?: number;
  /** Figures: what draws each figure's PNG; the engine's pdf.js renderer unless given. */
  renderFigure?: FigureRenderer;
};

export type DocumentExtractor = (bytes: Uint8Array, options?: EngineOptions) => AsyncGenerator<DocumentImage>;
