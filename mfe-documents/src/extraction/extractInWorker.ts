import { DocumentError, type DocumentImage, type EngineProgress, PasswordRequiredError } from 'document-engine';
import { startModuleWorker } from 'shared-contracts';
// Vite builds the worker as its own module chunk and gives its URL (on the remote's origin).
import workerUrl from '../worker/documentWorker.ts?worker&url';
import type { FromWorker, ToWorker, WorkerError } from '../worker/protocol.ts';

/** The part of a Worker the client uses, so tests can run the worker's code in-process. */
export type WorkerLike = {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
};

export type ExtractInWorkerOptions = {
  password?: string | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: (progress: EngineProgress) => void;
  onImage: (image: DocumentImage) => void;
  /** Starts the worker; the real Worker unless a test gives another. */
  createWorker?: () => WorkerLike;
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

/**
 * Extracts every image of a document in a Web Worker. Resolves when the document is done;
 * rejects with the engine's own error classes (`PasswordRequiredError` asks for a password), or
 * with `DocumentError('aborted')` when the signal fires, which also ends the worker at once.
 * One worker per run: ending it is the only sure way to stop a parser mid-object.
 */
export function extractInWorker(bytes: ArrayBuffer, options: ExtractInWorkerOptions): Promise<void> {
  const { password, signal, onProgress, onImage, createWorker = takeDocumentWorker } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DocumentError('aborted'));
    const worker = createWorker();
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    const onAbort = () => {
      worker.postMessage({ type: 'cancel' });
      finish(new DocumentError('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      if (settled) return;
      const message = event.data;
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'image') onImage(message.image);
      else if (message.type === 'done') finish();
      else finish(rebuildError(message.error));
    });
    worker.addEventListener('error', (event: ErrorEvent) => {
      event.preventDefault?.();
      finish(
        new Error(`The document reader could not start or stopped unexpectedly: ${event.message || 'unknown error'}`),
      );
    });
    worker.postMessage({ type: 'start', bytes, password }, [bytes]);
  });
}

function rebuildError(error: WorkerError): Error {
  if (error.code === 'password-required' || error.code === 'wrong-password')
    return new PasswordRequiredError(error.code);
  if (error.code) return new DocumentError(error.code, error.message);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}
