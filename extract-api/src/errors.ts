/**
 * Every error the service throws on purpose, and the HTTP status it answers. Each class lives where
 * it is thrown; this module only maps, so a route, the CLI (cli/run.ts) and `pnpm worker`
 * (worker.ts) word one failure the same way. The CLI and the worker read `message` only.
 *
 *   SafeFetchError            services/safeFetch      fetching an address failed, by `code`:
 *   ├── bad-url, bad-scheme, blocked-address                                    400
 *   ├── too-large                                                               413
 *   ├── http-status, network, too-many-redirects                                502
 *   ├── timeout                                                                 504
 *   └── aborted               the client left; nobody reads the answer          499
 *   ExtractionError           extractors/web          the address is not a page          422
 *   RetryLaterError           extractors/web          a site's 429/503: the crawler retries it;
 *                                                     one that escapes is ours           500
 *   RenderUnavailableError    extractors/render       Chromium cannot run here            503
 *   RenderFailedError         extractors/render       this page could not be rendered     502
 *   DocumentLimitError        extractors/document     a bound of this server: the status it
 *                                                     carries (413, 422 or 503)
 *   PasswordRequiredError     document-engine         locked, or the wrong password       422
 *   DocumentError             document-engine         by `code`: unsupported 415, too-large 413,
 *                                                     aborted 499, any other 422
 *   VideoJobError             extractors/video        by `code`, VIDEO_STATUS below
 *   BusyError                 admission               a full queue (+ Retry-After)        503
 *   TimeLimitError            admission               an admitted run past its limit      504
 *   anything else             a bug: its details go to the log, never to the visitor  500
 *
 * A document's `code` goes with the answer (the v1 API sends it); the others are told by status.
 */
import { DocumentError, PasswordRequiredError } from 'document-engine';
import { BusyError, TimeLimitError } from './admission/index.ts';
import { DocumentLimitError } from './extractors/document/index.ts';
import { isRenderError } from './extractors/render/index.ts';
import { isVideoJobError, type VideoJobErrorCode } from './extractors/video/index.ts';
import { ExtractionError } from './extractors/web/index.ts';
import { isSafeFetchError, type SafeFetchErrorCode } from './services/safeFetch/index.ts';

export type HttpFailure = { status: number; message: string; code?: string };

/** How a caller words what only it knows. */
export type FailureWording = {
  /** How this caller takes a password (a form field, a command-line option), for a locked document. */
  givePassword?: string;
  /**
   * The file a visitor asked this server to fetch, when its site answered an HTTP error: the
   * status is named ("The image’s server answered with HTTP 404") instead of the fetch's general
   * sentence, since the visitor chose that one address.
   */
  fetched?: 'image' | 'video';
};

export const INTERNAL_FAILURE_MESSAGE = 'Something went wrong on our side. Please try again.';

const FETCH_STATUS: Readonly<Record<SafeFetchErrorCode, number>> = {
  'bad-url': 400,
  'bad-scheme': 400,
  'blocked-address': 400,
  'too-large': 413,
  timeout: 504,
  'http-status': 502,
  network: 502,
  'too-many-redirects': 502,
  aborted: 499,
};

const VIDEO_STATUS: Readonly<Record<VideoJobErrorCode, number>> = {
  'ffmpeg-missing': 503,
  'no-video': 400,
  platform: 400,
  'not-video': 415,
  unreadable: 422,
  'too-large': 413,
  'too-long': 413,
  timeout: 504,
  aborted: 499,
};

const DOCUMENT_STATUS: Readonly<Partial<Record<string, number>>> = {
  unsupported: 415,
  'too-large': 413,
  aborted: 499,
};

/** The status and the sentence to answer for anything a request's work threw. */
export function toHttpFailure(error: unknown, wording: FailureWording = {}): HttpFailure {
  if (isSafeFetchError(error)) {
    const status = FETCH_STATUS[error.code];
    if (wording.fetched && error.code === 'http-status' && error.status !== undefined) {
      return {
        status,
        message: `The ${wording.fetched}’s server answered with HTTP ${error.status}, so it could not be fetched.`,
      };
    }
    return { status, message: error.message };
  }
  if (error instanceof ExtractionError) return { status: 422, message: error.message };
  if (isRenderError(error)) {
    return { status: error.name === 'RenderUnavailableError' ? 503 : 502, message: error.message };
  }
  if (error instanceof DocumentLimitError) return { status: error.status, message: error.message };
  if (error instanceof PasswordRequiredError) {
    const givePassword = wording.givePassword ?? 'Send it again with the password in the password field.';
    const message =
      error.code === 'wrong-password'
        ? `That password is not right for this document. ${givePassword}`
        : `This document is protected by a password. ${givePassword}`;
    return { status: 422, message, code: error.code };
  }
  if (error instanceof DocumentError) {
    return { status: DOCUMENT_STATUS[error.code] ?? 422, message: error.message, code: error.code };
  }
  if (isVideoJobError(error)) return { status: VIDEO_STATUS[error.code], message: error.message };
  if (error instanceof BusyError) return { status: 503, message: error.message };
  if (error instanceof TimeLimitError) return { status: 504, message: error.message };
  return { status: 500, message: INTERNAL_FAILURE_MESSAGE };
}
