import {
  DocumentError,
  type DocumentImage,
  type DocumentKind,
  extractorFor,
  type SkippedImage,
  setHostZlib,
  sniffDocumentKind,
  type UnlockedDocument,
  unlockDocument,
} from 'document-engine';
import { nodeInflateRaw, nodeZlib } from 'document-engine/node';
import { DOCUMENT_TIME_LIMIT_MS } from './defaults.ts';
import { DocumentLimitError } from './failure.ts';

// PDF streams inflated and PNG views deflated by Node's zlib rather than fflate and CompressionStream
setHostZlib(nodeZlib);

export type ReadDocumentOptions = {
  password?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Stop with DocumentLimitError after this long. */
  timeLimitMs?: number | undefined;
  /** Told of each image the document holds that the engine could not give out. */
  onSkipped?: ((skipped: SkippedImage) => void) | undefined;
};

export type ReadDocumentResult = { kind: DocumentKind; images: AsyncGenerator<DocumentImage> };

/**
 * What the document is (from its bytes, never its name) and its images as the engine finds them.
 * Rejects with DocumentError('unsupported') at once for a file that is no PDF, Word or PowerPoint
 * file. A password-protected DOCX/PPTX is decrypted first (PasswordRequiredError without the
 * right password): its kind is the decrypted package's.
 */
export async function readDocumentImages(
  bytes: Uint8Array,
  options: ReadDocumentOptions = {},
): Promise<ReadDocumentResult> {
  if (!sniffDocumentKind(bytes)) {
    throw new DocumentError(
      'unsupported',
      'This file is not a PDF, Word (.docx, .doc) or PowerPoint (.pptx, .ppt) document. Send one of those.',
    );
  }
  const document = await unlockDocument(bytes, { password: options.password, signal: options.signal });
  return { kind: document.kind, images: bounded(document, options) };
}

/** The images of a document unlocked once, above: its extractor reads the decrypted bytes as they are. */
async function* bounded(document: UnlockedDocument, options: ReadDocumentOptions): AsyncGenerator<DocumentImage> {
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
  try {
    for await (const image of extractorFor(document.kind)(document.bytes, {
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
  } catch (error) {
    if (late) throw DocumentLimitError.tooSlow(timeLimit);
    throw error;
  }
  if (late) throw DocumentLimitError.tooSlow(timeLimit);
}
