/**
 * The document engine's one extractor shape, for every format: bytes in, images out, as they are
 * found. Framework-free and DOM-free, so the same code runs in a browser Worker, in Node for the
 * tests, the CLI and extract-api.
 */

/** One image taken out of a document, with its original bytes. */
export type DocumentImage = {
  /** Suggested file name, with the extension of `format` (unique names are the caller's job). */
  name: string;
  /** The image file's bytes, exactly as stored where the format allows (JPEG, PNG, GIF, EMF…). */
  bytes: Uint8Array;
  /** True format from the bytes: PNG, JPEG, GIF, BMP, TIFF, EMF, WMF, PICT, JPX, SVG… */
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
  note?: string;
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
  /** For encrypted files. */
  password?: string;
  /**
   * A native inflater for the media inside DOCX/PPTX packages, when the host has a faster one
   * than the platform's DecompressionStream (Node: zlib). The browser passes none.
   */
  inflateRaw?: RawInflater;
};

export type DocumentExtractor = (bytes: Uint8Array, options?: EngineOptions) => AsyncGenerator<DocumentImage>;
