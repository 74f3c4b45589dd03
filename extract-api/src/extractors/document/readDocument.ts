import { deflateSync } from 'node:zlib';
import {
  DocumentError,
  type DocumentExtractor,
  type DocumentImage,
  extractContainer,
  extractorFor,
  extractPdfFigures,
  type HostZlib,
  type SkippedImage,
  setHostZlib,
  sniffContainerKind,
  sniffDocumentKind,
  unlockDocument,
} from 'document-engine';
import { nodeInflateRaw, nodeZlib } from 'document-engine/node';
import type { DocumentFind, ExtractKind } from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { DOCUMENT_TIME_LIMIT_MS, FIGURE_LIMITS } from './defaults.ts';
import { DocumentLimitError } from './failure.ts';

// PDF streams inflated and PNG views deflated by Node's zlib rather than fflate and CompressionStream
setHostZlib(nodeZlib);

/**
 * While figures are drawn, their PNGs are deflated in this thread instead of on libuv's pool: the
 * pool's threads serve the whole process at the event loop's priority, where a document worker
 * runs niced, and a 600 dpi render is tens of MB of rows. Eight figure jobs at once, deflated on
 * the pool, put /api/health's worst probe at 150-190 ms on 2 cores; deflated here, under 100 ms.
 */
const figureZlib: HostZlib = {
  ...nodeZlib,
  deflate: async (bytes) => {
    const out = deflateSync(bytes, { level: 4 });
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  },
};

export type ReadDocumentOptions = {
  password?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Stop with DocumentLimitError after this long. */
  timeLimitMs?: number | undefined;
  /** Told of each image the document holds that the engine could not give out. */
  onSkipped?: ((skipped: SkippedImage) => void) | undefined;
  /** Embedded images (the default), figures and tables (PDF only), or both: the images first. */
  find?: DocumentFind | undefined;
  /** Figures: their PNG's resolution, and the bounds of each render. */
  figures?: { dpi?: number; maxPixels?: number; renderTimeLimitMs?: number } | undefined;
};

/** A document kind (PDF, Word, PowerPoint) or a container kind (e-book, workbook, e-mail…). */
export type ReadDocumentResult = { kind: ExtractKind; images: AsyncGenerator<DocumentImage> };

/** One reading of the bytes, and the zlib it deflates and inflates with. */
type Pass = { extract: DocumentExtractor; zlib: HostZlib };

/**
 * What the file is (from its bytes, never its name) and its images as the engine finds them.
 * Rejects with DocumentError('unsupported') at once for a file that is no document nor container
 * the engine reads. A password-protected DOCX/PPTX is decrypted first (PasswordRequiredError
 * without the right password): its kind is the decrypted package's.
 */
export async function readDocumentImages(
  bytes: Uint8Array,
  options: ReadDocumentOptions = {},
): Promise<ReadDocumentResult> {
  const find = options.find ?? 'images';
  if (!sniffDocumentKind(bytes)) {
    const container = sniffContainerKind(bytes);
    if (!container) throw new DocumentError('unsupported', MESSAGES.documents.notRead);
    if (find !== 'images') throw DocumentLimitError.figuresPdfOnly();
    const passes = async (): Promise<Pass[]> => [{ extract: extractContainer, zlib: nodeZlib }];
    return { kind: container, images: bounded(bytes, passes, options) };
  }
  const document = await unlockDocument(bytes, { password: options.password, signal: options.signal });
  if (find !== 'images' && document.kind !== 'pdf') throw DocumentLimitError.figuresPdfOnly();
  // images first, then figures
  const passes = async (): Promise<Pass[]> => [
    ...(find !== 'figures' ? [{ extract: extractorFor(document.kind), zlib: nodeZlib }] : []),
    ...(find !== 'images' ? [{ extract: await figureExtractor(options.figures), zlib: figureZlib }] : []),
  ];
  return { kind: document.kind, images: bounded(document.bytes, passes, options) };
}

/**
 * The figure extractor with its renderer: pdf.js, loaded with the first figure asked for, so that
 * a job that wants images only never loads it.
 */
async function figureExtractor(figures: ReadDocumentOptions['figures']): Promise<DocumentExtractor> {
  const { createPdfjsRenderer } = await import('document-engine/render');
  const renderFigure = createPdfjsRenderer({
    maxPixels: figures?.maxPixels ?? FIGURE_LIMITS.maxPixels,
    timeLimitMs: figures?.renderTimeLimitMs ?? FIGURE_LIMITS.renderTimeLimitMs,
  });
  const figureDpi = figures?.dpi;
  return (bytes, options) =>
    extractPdfFigures(bytes, { ...options, renderFigure, ...(figureDpi ? { figureDpi } : {}) });
}

/**
 * The images of a file, its passes in turn, within the time limit. A document is unlocked once,
 * above: its extractor reads the decrypted bytes as they are. The passes are made on the first
 * image asked for, so pdf.js loads only when a figure is.
 */
async function* bounded(
  bytes: Uint8Array,
  makePasses: () => Promise<Pass[]>,
  options: ReadDocumentOptions,
): AsyncGenerator<DocumentImage> {
  const timeLimit = options.timeLimitMs ?? DOCUMENT_TIME_LIMIT_MS;
  const deadline = performance.now() + timeLimit;
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  // The engine is synchronous between its awaits, so a timer could not fire while it works: the
  // clock is read at each progress step and each image instead.
  let late = false;
  const checkClock = () => {
    if (!late && performance.now() > deadline) {
      late = true;
      controller.abort();
    }
  };
  // a worker reads one document at a time, so the zlib set is this job's alone
  const passes = await makePasses();
  try {
    for (const { extract, zlib } of passes) {
      setHostZlib(zlib);
      for await (const image of extract(bytes, {
        password: options.password,
        signal,
        onProgress: checkClock,
        inflateRaw: nodeInflateRaw,
        ...(options.onSkipped ? { onSkipped: options.onSkipped } : {}),
      })) {
        yield image;
        checkClock();
        if (late) break;
      }
      if (late) break;
    }
  } catch (error) {
    if (late) throw DocumentLimitError.tooSlow(timeLimit);
    throw error;
  } finally {
    setHostZlib(nodeZlib);
  }
  if (late) throw DocumentLimitError.tooSlow(timeLimit);
}
