import { startModuleWorker } from 'browser-services/workers';
import type { DocumentImage, EngineProgress, SkippedImage } from 'document-engine';
// The error classes alone: the engine itself runs in the Worker and must not ride on the page.
import { DocumentError, PasswordRequiredError } from 'document-engine/errors';
import { MESSAGES } from 'shared-contracts';
// Vite builds the worker as its own module chunk and gives its URL (on the remote's origin).
import workerUrl from './documentWorker.ts?worker&url';
import type { FindMode, FromWorker, ReadableKind, ToWorker, WorkerError } from './protocol.ts';

/** The part of a Worker the client uses, so tests can run the worker's code in-process. */
export type WorkerLike = {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  removeEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  terminate(): void;
};

/**
 * How long the Worker may go without a word (an image, a page done) before it is taken for frozen
 * and ended. The engine bounds its own work per image, so a live reader speaks far more often;
 * this is the last line against a reader caught in a loop, in place of a wall-clock limit (on
 * the user's own device a large document may take as long as it needs).
 */
export const WORKER_SILENCE_LIMIT_MS = 60_000;
/** Reading what kind a file is takes milliseconds; a reader silent this long is stuck. */
export const SNIFF_LIMIT_MS = 10_000;

export type ExtractInWorkerOptions = {
  password?: string | undefined;
  /** A PDF: images (unless said), figures, or both; and the figures' resolution in dpi. */
  mode?: FindMode | undefined;
  dpi?: number | undefined;
  signal?: AbortSignal | undefined;
  onKind?: (kind: ReadableKind | undefined) => void;
  onProgress?: (progress: EngineProgress) => void;
  onImage: (image: DocumentImage) => void;
  /** An image the document holds that the engine could not give out, and why. */
  onSkipped?: (skipped: SkippedImage) => void;
  /** Starts the worker; the real Worker unless a test gives another. */
  createWorker?: () => WorkerLike;
  /** Longest silence before the worker is taken for frozen (tests shorten it). */
  silenceLimitMs?: number;
};

export function startDocumentWorker(): WorkerLike {
  return startModuleWorker(workerUrl, { name: 'document-extractor' });
}

/**
 * A worker started ahead of need, so the click on Extract does not wait for the worker's script
 * to be fetched and compiled (a few hundred ms of the time to first image). One at most.
 */
let spare: WorkerLike | undefined;

/** Starts the spare worker now (when a file is chosen), if there is none. */
export function prepareDocumentWorker(): void {
  spare ??= startDocumentWorker();
}

/** Ends the spare worker (the screen is gone). */
export function releaseDocumentWorker(): void {
  spare?.terminate();
  spare = undefined;
}

/** The spare worker if one is ready, else a new one. */
export function takeDocumentWorker(): WorkerLike {
  const worker = spare ?? startDocumentWorker();
  spare = undefined;
  return worker;
}

/** The reader died or froze: the user's message, whatever the browser said about it. */
export class WorkerLostError extends Error {
  override readonly name = 'WorkerLostError';
  constructor(readonly detail: string) {
    super(MESSAGES.documents.unreadable);
  }
}

type Watch = {
  /** Each word from the worker; the run ends when this returns a result or throws. */
  onMessage: (message: FromWorker) => void;
  silenceLimitMs: number;
  signal?: AbortSignal | undefined;
  onAbort?: () => void;
  /** Leave the worker running when the conversation ends well (it becomes the spare). */
  keepOnSuccess?: boolean;
};

/**
 * One conversation with a worker, watched: it ends (and the worker with it) on the answer, on the
 * worker's error or a message that cannot be read, on a silence past the limit, or on abort.
 */
function watchWorker(
  worker: WorkerLike,
  watch: Watch,
  begin: () => void,
): Promise<void> & { finish: (error?: Error) => void } {
  let finish!: (error?: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => finish(new WorkerLostError(`no word for ${watch.silenceLimitMs} ms`)),
        watch.silenceLimitMs,
      );
    };
    finish = (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      watch.signal?.removeEventListener('abort', onAbort);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', lost);
      worker.removeEventListener('messageerror', lost);
      if (error || !watch.keepOnSuccess) worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    const onAbort = () => {
      watch.onAbort?.();
      finish(new DocumentError('aborted'));
    };
    if (watch.signal?.aborted) return finish(new DocumentError('aborted'));
    watch.signal?.addEventListener('abort', onAbort, { once: true });
    function onMessage(event: MessageEvent<FromWorker>) {
      if (settled) return;
      arm();
      try {
        watch.onMessage(event.data);
      } catch (error) {
        finish(error as Error);
      }
    }
    function lost(event: Event) {
      event.preventDefault?.();
      finish(new WorkerLostError((event as ErrorEvent).message || event.type));
    }
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', lost);
    worker.addEventListener('messageerror', lost);
    arm();
    begin();
  });
  return Object.assign(promise, { finish });
}

/**
 * Extracts every image of a document in a Web Worker. Resolves when the document is done;
 * rejects with the engine's own error classes (`PasswordRequiredError` asks for a password),
 * with `DocumentError('aborted')` when the signal fires, or with `WorkerLostError` when the
 * worker dies or freezes; each ends the worker at once. One worker per run: ending it is the
 * only sure way to stop a parser mid-object.
 */
export function extractInWorker(bytes: ArrayBuffer, options: ExtractInWorkerOptions): Promise<void> {
  const { password, mode, dpi, signal, onKind, onProgress, onImage, onSkipped } = options;
  const createWorker = options.createWorker ?? takeDocumentWorker;
  if (signal?.aborted) return Promise.reject(new DocumentError('aborted'));
  const worker = createWorker();
  const run = watchWorker(
    worker,
    {
      silenceLimitMs: options.silenceLimitMs ?? WORKER_SILENCE_LIMIT_MS,
      signal,
      onAbort: () => worker.postMessage({ type: 'cancel' }),
      onMessage: (message) => {
        if (message.type === 'kind') onKind?.(message.kind ?? undefined);
        else if (message.type === 'progress') onProgress?.(message.progress);
        else if (message.type === 'image') onImage(message.image);
        else if (message.type === 'skipped') onSkipped?.(message.skipped);
        else if (message.type === 'done') run.finish();
        else if (message.type === 'error') run.finish(rebuildError(message.error));
        // Anything else is not this protocol's: pdf.js, loaded into the Worker to draw figures,
        // greets the Worker's host with a message of its own ("ready") on the same channel.
      },
    },
    () => worker.postMessage({ type: 'start', bytes, password, mode, dpi }, [bytes]),
  );
  return run;
}

/**
 * What kind of document or container the bytes are, read in a Worker: opening a compound file or a ZIP
 * follows chains a hostile file can loop, which must never happen on the page's own thread.
 * Rejects with `WorkerLostError` when the reader dies or freezes. A worker that answered stays
 * as the spare for the extraction that follows.
 */
export async function sniffInWorker(
  bytes: ArrayBuffer,
  options: { createWorker?: () => WorkerLike; limitMs?: number } = {},
): Promise<ReadableKind | undefined> {
  const worker = (options.createWorker ?? takeDocumentWorker)();
  let kind: ReadableKind | undefined;
  const run = watchWorker(
    worker,
    {
      silenceLimitMs: options.limitMs ?? SNIFF_LIMIT_MS,
      keepOnSuccess: true,
      onMessage: (message) => {
        if (message.type !== 'kind') return;
        kind = message.kind ?? undefined;
        run.finish();
      },
    },
    () => worker.postMessage({ type: 'sniff', bytes }, [bytes]),
  );
  await run;
  if (spare || options.createWorker) worker.terminate();
  else spare = worker;
  return kind;
}

function rebuildError(error: WorkerError): Error {
  if (error.code === 'password-required' || error.code === 'wrong-password')
    return new PasswordRequiredError(error.code);
  if (error.code) return new DocumentError(error.code, error.message);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}
