/**
 * Errors of web extraction that are not about fetching (those are SafeFetchError):
 *
 *   Error
 *   ├── ExtractionError  code: not-a-page
 *   └── RetryLaterError  a page answered 429 or 503 (the crawler backs off and retries)
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

/** A page answered 429 Too Many Requests or 503 Service Unavailable, with its Retry-After (ms). */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError';
  constructor(
    readonly status: number,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`The site answered ${status} (${status === 429 ? 'too many requests' : 'busy'}); tried again later.`);
  }
}
