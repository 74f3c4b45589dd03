/**
 * The fuzz worker: runs one case at a time through the engine's public face and answers how it
 * ended. It stays warm across cases (a worker per case is too slow); the runner ends it on a hang
 * and starts another after any crash. Loaded with `--import tsx` (see runner.ts).
 */

import { parentPort } from 'node:worker_threads';
import { croppedFigurePdf, openPdf } from '../src/core/pdf/figures/index.ts';
import {
  DocumentError,
  embeddedBitmapOf,
  extractContainer,
  extractDocument,
  findPdfFigures,
  sniffContainerKind,
} from '../src/index.ts';
import { nodeInflateRaw } from '../src/node/index.ts';

export type CaseRequest = { id: number; bytes: Uint8Array; password?: string; nodeInflate: boolean };
export type CaseReply =
  | { id: number; verdict: 'ok'; images: number; error?: string; cause?: string; ms: number }
  | { id: number; verdict: 'escaped'; message: string; stack: string; ms: number };

/** A crop copies at most this much of a mutated file: fuzzing looks for crashes, not for big copies. */
const CROP_LIMITS = { maxObjects: 2_000, maxBytes: 16 * 1024 * 1024 };

/** A PDF's header is in its first 1 KiB (as the engine's own sniffing allows). */
const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');

let current: number | undefined;
let started = 0;

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) {
    return { message: `${error.name}: ${error.message}`, stack: error.stack ?? String(error) };
  }
  return { message: `non-Error thrown: ${String(error)}`, stack: String(error) };
}

function escaped(error: unknown): void {
  if (current === undefined) return;
  const id = current;
  current = undefined;
  parentPort?.postMessage({
    id,
    verdict: 'escaped',
    ...describe(error),
    ms: performance.now() - started,
  } satisfies CaseReply);
}

// A promise the engine forgot to await, or a callback throwing: the case's fault, not the harness's.
process.on('unhandledRejection', (reason) => escaped(reason));
process.on('uncaughtException', (error) => escaped(error));

/**
 * A DocumentError the engine's guard made from a TypeError, RangeError… of its own parsers: within
 * the contract (the caller gets a DocumentError), but a parser that crashed rather than noticed
 * the damage. Reported as statistics, not as a finding.
 */
function internalCause(cause: unknown): string | undefined {
  // A plain Error is most often the engine's own "this is damaged" (the XML and CFB readers throw those).
  if (!(cause instanceof Error) || cause instanceof DocumentError || cause.name === 'Error') return undefined;
  const frame = (cause.stack ?? '').match(/document-engine\/(src\/[^):]+:\d+)/)?.[1] ?? '?';
  return `${cause.name} at ${frame}`;
}

async function run(request: CaseRequest): Promise<CaseReply | undefined> {
  const t0 = performance.now();
  let images = 0;
  try {
    // a container (e-book, OpenDocument, workbook, archive…) when the bytes say so, else a document
    const extract = sniffContainerKind(request.bytes) ? extractContainer : extractDocument;
    for await (const image of extract(request.bytes, {
      password: request.password,
      inflateRaw: request.nodeInflate ? nodeInflateRaw : undefined,
      onProgress: () => {},
    })) {
      if (!(image.bytes instanceof Uint8Array)) throw new TypeError('an image without bytes');
      // The metafile target: every EMF/WMF a mutated document yields goes through the reader of
      // its embedded bitmap too (the pages' fallback preview), under the same verdicts.
      if (image.format === 'EMF' || image.format === 'WMF') await embeddedBitmapOf(image.bytes, image.format);
      images++;
    }
    // The figures target: a PDF's pages walked for their layout and captions, under the same verdicts;
    // the first figure found is cropped to a PDF of its own (not drawn: pdf.js is too slow to fuzz),
    // which the engine must read back as one page.
    if (isPdf(request.bytes)) {
      const { figures } = await findPdfFigures(request.bytes, { password: request.password });
      images += figures.length;
      const [first] = figures;
      if (first) {
        const crop = await croppedFigurePdf(request.bytes, first, { password: request.password, limits: CROP_LIMITS });
        const { pages } = await openPdf(crop);
        if (pages.length !== 1) throw new TypeError(`a figure's PDF with ${pages.length} pages`);
        images++;
      }
    }
    return { id: request.id, verdict: 'ok', images, ms: performance.now() - t0 };
  } catch (error) {
    if (error instanceof DocumentError) {
      return {
        id: request.id,
        verdict: 'ok',
        images,
        error: `${error.name}(${error.code})`,
        cause: internalCause(error.cause),
        ms: performance.now() - t0,
      };
    }
    return { id: request.id, verdict: 'escaped', ...describe(error), ms: performance.now() - t0 };
  }
}

parentPort?.on('message', async (request: CaseRequest) => {
  current = request.id;
  started = performance.now();
  const reply = await run(request);
  if (current !== request.id || !reply) return; // already answered (an escape outside the await chain)
  current = undefined;
  parentPort?.postMessage(reply);
});
