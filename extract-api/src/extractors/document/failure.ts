import { DocumentError, PasswordRequiredError } from 'document-engine';
import { formatBytes } from 'media-files';
import { MESSAGES } from 'shared-contracts';

/** A bound of the server, not of the document's format: too big to receive, to answer, or to finish in time. */
export class DocumentLimitError extends Error {
  override readonly name = 'DocumentLimitError';
  constructor(
    readonly status: 413 | 422 | 503,
    message: string,
  ) {
    super(message);
  }

  /** The catalogue's words, for the kind the upload's first bytes say it is. */
  static tooLarge(pdf: boolean): DocumentLimitError {
    const text = pdf ? MESSAGES.pdf.tooLarge : MESSAGES.docx.tooLarge;
    const kind = pdf ? 'a PDF' : 'a Word or PowerPoint file';
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

  static tooSlow(ms: number): DocumentLimitError {
    return new DocumentLimitError(
      422,
      `Reading this document took longer than ${Math.round(ms / 1000)} seconds, so it was stopped. Try it on the website, which extracts on your device without a time limit.`,
    );
  }
}

export type DocumentFailure = { status: number; message: string; code?: string };

/**
 * HTTP status and the reason a user can act on, for anything reading a document threw.
 * `givePassword` tells how this caller takes a password (a form field, a command-line option).
 */
export function describeDocumentFailure(
  error: unknown,
  givePassword = 'Send it again with the password in the password field.',
): DocumentFailure {
  if (error instanceof DocumentLimitError) return { status: error.status, message: error.message };
  if (error instanceof PasswordRequiredError) {
    const message =
      error.code === 'wrong-password'
        ? `That password is not right for this document. ${givePassword}`
        : `This document is protected by a password. ${givePassword}`;
    return { status: 422, message, code: error.code };
  }
  if (error instanceof DocumentError) {
    switch (error.code) {
      case 'unsupported':
        return { status: 415, message: error.message, code: error.code };
      case 'too-large':
        return { status: 413, message: error.message, code: error.code };
      case 'aborted':
        return { status: 499, message: error.message, code: error.code };
      default:
        return { status: 422, message: error.message, code: error.code };
    }
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}
