/**
 * What the document pool and its worker say to each other. A job carries the document's bytes
 * (transferred, not copied) or the path of the temporary file a large upload waits in, and a
 * MessagePort; everything the worker reports travels on that port, in order: `start` (the
 * wall-clock limit starts now, not while the job queued), `kind`, each `image` (only when the
 * caller asked for them one by one), then `done` or `failed`.
 */
import type { MessagePort } from 'node:worker_threads';
import type { DocumentImage } from 'document-engine';
import type { DocumentFind, ExtractKind } from 'shared-contracts';
import type { FigureLimits } from './defaults.ts';

export type DocumentJob = {
  /** The document: its bytes, or a file the worker reads itself (the server's memory stays flat). */
  bytes?: Uint8Array;
  file?: string;
  password: string | undefined;
  /**
   * `json`: the worker builds the whole `POST /v1/extract-images` answer (data: URLs and all) and
   * hands over its bytes, so the main thread does no per-image work. `images`: each image is
   * posted as found (the CLI writes and prints them).
   */
  answer: 'json' | 'images';
  /** Most image bytes a `json` answer may carry. */
  maxAnswerBytes: number;
  /** Images (when left out), figures (PDF only) or both. */
  find?: DocumentFind | undefined;
  /** Figures: the PNG's resolution (150 dpi when left out). */
  dpi?: number | undefined;
  /** Figures: how many a `json` answer gives, and each render's bounds (FIGURE_LIMITS when left out). */
  figures?: FigureLimits | undefined;
  port: MessagePort;
};

/** A thrown error, as far as it crosses a thread: the pool rebuilds the engine's own classes. */
export type SerializedFailure = {
  name: string;
  message: string;
  code?: string | undefined;
  status?: number | undefined;
};

export type JobMessage =
  | { type: 'start' }
  | { type: 'kind'; kind: ExtractKind }
  | { type: 'image'; image: DocumentImage }
  | {
      type: 'done';
      kind: ExtractKind;
      imageCount: number;
      /** The JSON answer's UTF-8 bytes (`json` jobs). */
      body?: Uint8Array;
      /** V8's heap of the worker when the job ended (total_heap_size), for the logs. */
      heapBytes: number;
    }
  | { type: 'failed'; failure: SerializedFailure };
