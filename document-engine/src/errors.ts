/**
 * The document engine's errors, one small closed set; the worker passes them to the page by `name`
 * and the page rebuilds them:
 *
 *   Error
 *   └── DocumentError            code: invalid | unsupported | too-large | aborted
 *       └── PasswordRequiredError code: password-required | wrong-password
 */
export type DocumentErrorCode =
  | 'invalid'
  | 'unsupported'
  | 'too-large'
  | 'aborted'
  | 'password-required'
  | 'wrong-password';

const DEFAULT_MESSAGES: Record<DocumentErrorCode, string> = {
  invalid: 'This file is damaged or is not the kind of document its name says.',
  unsupported: 'This document uses a feature the extractor cannot read yet.',
  'too-large': 'This document unpacks to more data than the extractor will handle.',
  aborted: 'Extraction was cancelled.',
  'password-required': 'This document is protected by a password.',
  'wrong-password': 'That password is not right for this document.',
};

export class DocumentError extends Error {
  override name = 'DocumentError';
  constructor(
    readonly code: DocumentErrorCode,
    message: string = DEFAULT_MESSAGES[code],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class PasswordRequiredError extends DocumentError {
  override name = 'PasswordRequiredError';
  constructor(code: 'password-required' | 'wrong-password' = 'password-required', options?: { cause?: unknown }) {
    super(code, DEFAULT_MESSAGES[code], options);
  }
}

/** Throws the engine's aborted error when the signal has fired: call between units of work. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DocumentError('aborted');
}
