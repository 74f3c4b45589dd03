import {
  DocumentError,
  type DocumentImage,
  type EngineOptions,
  extractContainer,
  extractorFor,
  extractPdfFigures,
  type FigureRenderer,
  sniffContainerKind,
  sniffDocumentKind,
  unlockDocument,
} from 'document-engine';
import type { FindMode, ReadableKind, ToWorker, WorkerError, WorkerScope } from './protocol.ts';

/**
 * What the engine reads these bytes as: the five documents first (an encrypted DOCX/PPTX is a
 * compound file the document sniffer claims, before an Outlook message or a workbook could), then
 * the containers.
 */
export function sniffReadableKind(bytes: Uint8Array): ReadableKind | undefined {
  return sniffDocumentKind(bytes) ?? sniffContainerKind(bytes);
}

export type ServeOptions = {
  /**
   * Where pdf.js finds the 14 standard PDF fonts (a folder URL ending in `/`), served with the
   * remote's build: a figure whose text uses Helvetica or Times without embedding it is drawn
   * with them, not with a fallback of the wrong widths.
   */
  standardFontDataUrl?: string | undefined;
};

/**
 * The Worker's side: one extraction per start message, images posted the moment the engine
 * yields them (their bytes transferred, not copied), Cancel through an AbortSignal.
 */
export function serveExtraction(scope: WorkerScope, options: ServeOptions = {}): void {
  let running: AbortController | undefined;
  // One renderer per Worker, made on the first figure asked for: pdf.js is loaded then, not with
  // the Worker (most runs want images only).
  let renderer: Promise<FigureRenderer> | undefined;
  const renderFigure: FigureRenderer = async (pdf, how) => {
    renderer ??= import('document-engine/render').then(({ createPdfjsRenderer }) =>
      createPdfjsRenderer({ standardFontDataUrl: options.standardFontDataUrl }),
    );
    return (await renderer)(pdf, how);
  };

  scope.addEventListener('message', (event: MessageEvent<ToWorker>) => {
    const message = event.data;
    if (message.type === 'cancel') {
      running?.abort();
      return;
    }
    if (message.type === 'sniff') {
      scope.postMessage({ type: 'kind', kind: sniffReadableKind(new Uint8Array(message.bytes)) ?? null });
      return;
    }
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const find = { mode: message.mode ?? 'images', dpi: message.dpi, renderFigure };
    void run(scope, message.bytes, message.password, find, controller.signal);
  });
}

/** What a start asks for; without a dpi, the engine's default resolution. */
type Find = { mode: FindMode; dpi: number | undefined; renderFigure: FigureRenderer };

async function run(
  scope: WorkerScope,
  buffer: ArrayBuffer,
  password: string | undefined,
  find: Find,
  signal: AbortSignal,
) {
  try {
    const bytes = new Uint8Array(buffer);
    if (!sniffDocumentKind(bytes)) {
      // Not one of the five documents: a container, or nothing the engine reads (said as kind
      // null, so the page words the refusal, then the engine's own error).
      const container = sniffContainerKind(bytes);
      scope.postMessage({ type: 'kind', kind: container ?? null });
      const options: EngineOptions = {
        signal,
        onProgress: (progress) => scope.postMessage({ type: 'progress', progress }),
        onSkipped: (skipped) => scope.postMessage({ type: 'skipped', skipped }),
      };
      if (!(await post(scope, extractContainer(bytes, options), signal))) return;
      if (!signal.aborted) scope.postMessage({ type: 'done' });
      return;
    }
    // A password-protected DOCX/PPTX is decrypted first: its kind (Word or PowerPoint) is the
    // decrypted package's, which the page checks against its own. Its extractor reads the bytes
    // unlocked here: the key is derived once.
    const document = await unlockDocument(bytes, { password, signal });
    scope.postMessage({ type: 'kind', kind: document.kind });
    const options: EngineOptions = {
      signal,
      password,
      onProgress: (progress) => scope.postMessage({ type: 'progress', progress }),
      onSkipped: (skipped) => scope.postMessage({ type: 'skipped', skipped }),
    };
    // Figures are a PDF's only; "both" gives the images first, so the page knows them when a
    // figure names the images it draws.
    const figures = find.mode !== 'images' && document.kind === 'pdf';
    if (!figures || find.mode === 'both') {
      if (!(await post(scope, extractorFor(document.kind)(document.bytes, options), signal))) return;
    }
    if (figures) {
      const found = extractPdfFigures(document.bytes, {
        ...options,
        ...(find.dpi ? { figureDpi: find.dpi } : {}),
        renderFigure: find.renderFigure,
      });
      if (!(await post(scope, found, signal))) return;
    }
    if (!signal.aborted) scope.postMessage({ type: 'done' });
  } catch (error) {
    if (!signal.aborted) scope.postMessage({ type: 'error', error: describe(error) });
  }
}

/** Posts each image as the engine yields it; false once the run is cancelled. */
async function post(scope: WorkerScope, images: AsyncIterable<DocumentImage>, signal: AbortSignal): Promise<boolean> {
  for await (const image of images) {
    if (signal.aborted) return false;
    const bytes = ownBuffer(image.bytes);
    const original = image.original && { ...image.original, bytes: ownBuffer(image.original.bytes) };
    const transfer: Transferable[] = original ? [bytes.buffer, original.bytes.buffer] : [bytes.buffer];
    scope.postMessage({ type: 'image', image: { ...image, bytes, ...(original ? { original } : {}) } }, transfer);
  }
  return !signal.aborted;
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
