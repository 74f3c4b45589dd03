/**
 * The messages between a page and the document Worker. Both ends are this package's own code,
 * so these are types, not schemas: nothing here comes from outside.
 */
import type {
  ContainerKind,
  DocumentErrorCode,
  DocumentImage,
  DocumentKind,
  EngineProgress,
  SkippedImage,
} from 'document-engine';

/** What the engine reads a file as: one of the five documents, or a container of pictures. */
export type ReadableKind = DocumentKind | ContainerKind;

/**
 * What a PDF is searched for: its embedded images (every document's way), its figures and tables
 * (cut out by their captions, a PDF's only), or both, images first.
 */
export type FindMode = 'images' | 'figures' | 'both';

export type ToWorker =
  /**
   * The whole file (transferred) and, for an encrypted one, the password to try; what to find
   * (images unless said) and the resolution of the figures' PNGs.
   */
  | {
      type: 'start';
      bytes: ArrayBuffer;
      password?: string | undefined;
      mode?: FindMode | undefined;
      dpi?: number | undefined;
    }
  /** What kind of document or container these bytes are: read here, never on the page, since a hostile file can loop the reader. */
  | { type: 'sniff'; bytes: ArrayBuffer }
  | { type: 'cancel' };

/** An error as it crosses the boundary: the engine's classes do not survive structured cloning. */
export type WorkerError = { name: string; code?: DocumentErrorCode | undefined; message: string };

export type FromWorker =
  /** The answer to `sniff`, and the first word of every `start` (for an encrypted package, once decrypted). */
  | { type: 'kind'; kind: ReadableKind | null }
  | { type: 'progress'; progress: EngineProgress }
  | { type: 'image'; image: DocumentImage }
  /** An image in the document that could not be given out, with why (the page lists them). */
  | { type: 'skipped'; skipped: SkippedImage }
  | { type: 'done' }
  | { type: 'error'; error: WorkerError };

/** The part of a Worker's global scope (or of a stand-in in tests) the worker code uses. */
export type WorkerScope = {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
};
