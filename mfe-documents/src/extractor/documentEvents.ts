import { createEventChannel, type Extractor } from 'browser-services/extraction';
import type { EngineProgress, SkippedImage } from 'document-engine';
import { DocumentError } from 'document-engine/errors';
import { createNameAllocator } from 'media-files';
import { MESSAGES, type ProgressUnit } from 'shared-contracts';
import { type ExtractInWorkerOptions, extractInWorker, type ReadableKind } from '../worker/index.ts';
import type { FindMode } from '../worker/protocol.ts';
import { type DocumentResult, figureImageIds, toDocumentResult } from './documentResult.ts';
import { type DocumentPageConfig, pageOfKind } from './pageConfigs.ts';

/** What the document extractor takes: the file, its password if any, and what the page expects it to be. */
export type DocumentInput = {
  file: File;
  password?: string | undefined;
  expectedKind: ReadableKind;
  /** The screen the file was given on, whose kinds it must be of: the expected kind's screen unless said. */
  page?: DocumentPageConfig | undefined;
  /** A PDF: what to find (images unless said), and the resolution of the figures' PNGs. */
  find?: { mode: FindMode; dpi: number } | undefined;
  /**
   * One file of several (documentBatch.ts): the name its images carry as `origin`, a key that keeps
   * their ids apart from other files', and the names the whole set has handed out.
   */
  batch?: { origin: string; key: string; allocate: (name: string) => string } | undefined;
};

/** Files read ahead (when chosen), each read once: its bytes go to the Worker, which owns them after. */
const readAhead = new WeakMap<Blob, Promise<ArrayBuffer>>();

/**
 * Starts reading a chosen file while the visitor reaches for Extract, so the click does not wait
 * for the disk (a 10 MB PDF took 35 to 55 ms to read, a sixth of the time to its first image).
 */
export function readFileAhead(file: Blob): void {
  if (readAhead.has(file)) return;
  const reading = file.arrayBuffer();
  // A file gone from the disk fails when Extract reads it, with the extractor's message; not here.
  reading.catch(() => undefined);
  readAhead.set(file, reading);
}

function readFile(file: Blob): Promise<ArrayBuffer> {
  const early = readAhead.get(file);
  readAhead.delete(file);
  return early ?? file.arrayBuffer();
}

/** The engine's counting units, as the progress bar names them. */
const UNITS: Readonly<Record<EngineProgress['unit'], ProgressUnit>> = {
  pages: 'pages',
  slides: 'slides',
  parts: 'entries',
  pictures: 'entries',
};

/**
 * The document engine in its Worker (`extractInWorker`, callbacks) as an extractor: start once the
 * Worker says what the bytes are, progress, an image per image found, done. Each image's grid record
 * comes with its original bytes and preview state (`onResult`), which the page keeps beside the
 * image; an image the engine could not give out is told to `onSkipped`. A failure is thrown as the engine's own error (its `code`: `password-required`,
 * `wrong-password`…), an abort as `DocumentError('aborted')`.
 */
export function documentExtractor(
  onResult: (result: DocumentResult) => void,
  run: (bytes: ArrayBuffer, options: ExtractInWorkerOptions) => Promise<void> = extractInWorker,
  onSkipped?: (skipped: SkippedImage) => void,
): Extractor<DocumentInput> {
  return async function* extractDocument({ file, password, expectedKind, page: given, find, batch }, signal) {
    // Marks for profiling the time to first image (DevTools' Performance panel, the bench).
    performance.mark('documents:extract');
    const bytes = await readFile(file);
    performance.mark('documents:file-read');
    const channel = createEventChannel();
    let source: ReadableKind = expectedKind;
    let started = false;
    const start = (kind?: ReadableKind) => {
      if (started) return;
      started = true;
      channel.push({ type: 'start', runsOn: 'browser', kind });
    };
    const allocate = batch?.allocate ?? createNameAllocator();
    let found = 0;
    // The ids of the images found so far, by their key in the PDF: a figure names those it draws.
    const idsByKey = new Map<string, string>();
    // Stops the Worker when the page refuses what it found (or the user cancels).
    const stop = new AbortController();
    signal?.addEventListener('abort', () => stop.abort(), { once: true });
    const page = given ?? pageOfKind(expectedKind);
    run(bytes, {
      password,
      ...(find ? { mode: find.mode, dpi: find.dpi } : {}),
      signal: stop.signal,
      // The Worker says what the bytes are before its first image: for a password-protected
      // package, once decrypted, when it may turn out to be the other Office kind.
      onKind: (kind) => {
        // Nothing the engine reads: the Any file screen names the file and what it takes.
        if (!kind && page.page === 'any') {
          channel.fail(new DocumentError('unsupported', MESSAGES.anyFile.notReadable));
          stop.abort();
          return;
        }
        if (kind && !page.kinds.includes(kind)) {
          channel.fail(new DocumentError('invalid', MESSAGES.documents.wrongKind(page.noun)));
          stop.abort();
          return;
        }
        if (kind) source = kind;
        start(kind);
      },
      onProgress: (progress) => {
        start();
        channel.push({ type: 'progress', done: progress.done, total: progress.total, unit: UNITS[progress.unit] });
      },
      ...(onSkipped ? { onSkipped } : {}),
      onImage: (image) => {
        start();
        if (found === 0) performance.mark('documents:first-image-received');
        const result = toDocumentResult(image, found, source, allocate);
        if (batch) Object.assign(result.image, { id: `${batch.key}-${result.image.id}`, origin: batch.origin });
        if (image.key) idsByKey.set(image.key, result.image.id);
        const imageIds = result.image.figure && figureImageIds(image, idsByKey);
        if (imageIds && result.image.figure) result.image.figure.imageIds = imageIds;
        found += 1;
        onResult(result);
        channel.push({ type: 'image', image: result.image });
      },
    }).then(
      () => {
        start();
        channel.push({ type: 'done', found });
        channel.end();
      },
      (error: unknown) => channel.fail(error),
    );
    yield* channel.events;
  };
}
