/**
 * Errors of web extraction that are not about fetching (those are SafeFetchError):
 *
 *   Error
 *   └── ExtractionError  code: not-a-page
 *
 * Each carries a message a user can act on; routes show it as the failure's underlying text.
 */
export type ExtractionErrorCode = 'not-a-page';

export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  constructor(
    readonly code: ExtractionErrorCode,
    message: string,
  ) {
    super(message);
  }
}
