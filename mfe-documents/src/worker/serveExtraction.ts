import { DocumentError, extractorFor, sniffDocumentKind, unlockDocument } from 'document-engine';
import type { ToWorker, WorkerError, WorkerScope } from './protocol.ts';

/**
 * The Worker's side: one extraction per start message, images posted the moment the engine
 * yields them (their bytes transferred, not copied), Cancel through an AbortSignal.
 */
export function serveExtraction(scope: WorkerScope): void {
  let running: AbortController | undefined;

  scope.addEventListener('message', (event: MessageEvent<ToWorker>) => {
    const message = event.data;
    if (message.type === 'cancel') {
      running?.abort();
      return;
    }
    if (message.type === 'sniff') {
      scope.postMessage({ type: 'kind', kind: sniffDocumentKind(new Uint8Array(message.bytes)) ?? null });
      return;
    }
    running?.abort();
    const controller = new AbortController();
    running = controller;
    void run(scope, message.bytes, message.password, controller.signal);
  });
}

async function run(scope: WorkerScope, buffer: ArrayBuffer, password: string | undefined, signal: AbortSignal) {
  try {
    // A password-protected DOCX/PPTX is decrypted first: its kind (Word or PowerPoint) is the
    // decrypted package's, which the page checks against its own. Its extractor reads the bytes
    // unlocked here: the key is derived once.
    const document = await unlockDocument(new Uint8Array(buffer), { password, signal });
    scope.postMessage({ type: 'kind', kind: document.kind });
    const images = extractorFor(document.kind)(document.bytes, {
      signal,
      password,
      onProgress: (progress) => scope.postMessage({ type: 'progress', progress }),
      onSkipped: (skipped) => scope.postMessage({ type: 'skipped', skipped }),
    });
    for await (const image of images) {
      if (signal.aborted) return;
      const bytes = ownBuffer(image.bytes);
      const original = image.original && { ...image.original, bytes: ownBuffer(image.original.bytes) };
      const transfer: Transferable[] = original ? [bytes.buffer, original.bytes.buffer] : [bytes.buffer];
      scope.postMessage({ type: 'image', image: { ...image, bytes, ...(original ? { original } : {}) } }, transfer);
    }
    if (!signal.aborted) scope.postMessage({ type: 'done' });
  } catch (error) {
    if (!signal.aborted) scope.postMessage({ type: 'error', error: describe(error) });
  }
}

/**
 * Bytes that own their whole buffer, so transferring it gives away only them: a JPEG kept as
 * stored is often a view into the document itself, which must stay whole for the next image.
 */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return bytes.slice();
}

function describe(error: unknown): WorkerError {
  if (error instanceof DocumentError) return { name: error.name, code: error.code, message: error.message };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
