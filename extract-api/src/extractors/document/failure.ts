import { formatBytes } from 'media-files';
import { MESSAGES } from 'shared-contracts/messages';

/**
 * A bound of the server, not of the document's format: too big to receive, to answer, or to finish
 * in time. It carries its status because it crosses the worker thread as `{ status, message }`;
 * src/errors.ts maps it with the engine's own errors.
 */
export class DocumentLimitError extends Error {
  override readonly name = 'DocumentLimitError';
  constructor(
    readonly status: 400 | 413 | 422 | 503,
    message: string,
  ) {
    super(message);
  }

  /** The catalogue's words, for the kind the upload's first bytes say it is. */
  static tooLarge(pdf: boolean): DocumentLimitError {
    const text = pdf ? MESSAGES.pdf.tooLarge : MESSAGES.docx.tooLarge;
    const kind = pdf ? 'a PDF' : 'any other file';
    return new DocumentLimitError(413, `${text.title}: ${text.description.replace(/\.$/, '')} for ${kind}.`);
  }

  static answerTooLarge(limit: number): DocumentLimitError {
    return new DocumentLimitError(
      413,
      `The images of this document add up to more than ${formatBytes(limit)}, too much for one answer. Extract it on the website or with the CLI (pnpm extract <file> --out DIR), which have no such bound.`,
    );
  }

  /** The worker reading it died: it ran out of its heap, crashed, or exited. */
  static unreadable(): DocumentLimitError {
    return new DocumentLimitError(422, MESSAGES.documents.unreadable);
  }

  /** Every document worker is busy and the queue is full. */
  static busy(): DocumentLimitError {
    return new DocumentLimitError(503, MESSAGES.documents.serverBusy);
  }

  /** Figures asked of any file but a PDF: this server looks for them in PDFs only. */
  static figuresPdfOnly(): DocumentLimitError {
    return new DocumentLimitError(400, MESSAGES.documents.figuresPdfOnly);
  }

  static tooSlow(ms: number): DocumentLimitError {
    return new DocumentLimitError(
      422,
      `Reading this document took longer than ${Math.round(ms / 1000)} seconds, so it was stopped. Try it on the website, which extracts on your device without a time limit.`,
    );
  }
}
