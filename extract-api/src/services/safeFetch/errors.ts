/**
 * The safe fetch's errors: one small, closed set, so callers switch on `code` and users read
 * `message`.
 *
 *   Error
 *   └── SafeFetchError              name 'SafeFetchError', `code` one of:
 *       ├── 'bad-url'               not a web address, or one carrying a user name or password
 *       ├── 'bad-scheme'            anything but http: and https: (ftp:, file:, data:, …)
 *       ├── 'blocked-address'       private, loopback, link-local, CGNAT, multicast, reserved or
 *       │                           cloud-metadata address; refused before any connection
 *       ├── 'too-many-redirects'    more than 5 redirects (MAX_REDIRECTS)
 *       ├── 'too-large'             Content-Length or the body beyond the kind's limit
 *       ├── 'timeout'               connect, first byte, idle body or the whole exchange
 *       ├── 'http-status'           the final answer is not 2xx (`status` says which)
 *       ├── 'network'               refused, reset, unknown host name, damaged response
 *       └── 'aborted'               the caller's AbortSignal fired
 *
 * `message` is written for the person who asked (a route may send it as is); `detail` is for
 * logs (the address, the host, the limit). Anything else thrown from this module is a
 * programming error (TypeError), never a site's doing.
 */

export type SafeFetchErrorCode =
  | 'bad-url'
  | 'bad-scheme'
  | 'blocked-address'
  | 'too-many-redirects'
  | 'too-large'
  | 'timeout'
  | 'http-status'
  | 'network'
  | 'aborted';

export const SAFE_FETCH_ERROR_MESSAGES: Record<SafeFetchErrorCode, string> = {
  'bad-url': 'This is not a valid web address. Check it and try again.',
  'bad-scheme': 'Only http:// and https:// addresses can be fetched. Check the address and try again.',
  'blocked-address':
    'This address points to a private or local network, which the extractor does not fetch. Use a public web address.',
  'too-many-redirects':
    'The site redirected more than 5 times, so the extractor stopped. Open the address in a browser and use the one it ends on.',
  'too-large': 'The file is larger than the extractor accepts. Try a smaller page or file.',
  timeout: 'The site took too long to answer. Try again later.',
  'http-status': 'The site answered with an error. Check the address, or try again later.',
  network: 'The site could not be reached. Check the address and try again.',
  aborted: 'The request was cancelled.',
};

export type SafeFetchErrorOptions = {
  /** Replaces the default user-facing message. */
  message?: string;
  /** For logs only: the address, the host, the limit. */
  detail?: string;
  /** The URL being fetched when it failed (the hop, after redirects). */
  url?: string;
  /** The HTTP status, for 'http-status'. */
  status?: number;
  cause?: unknown;
};

export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  readonly code: SafeFetchErrorCode;
  readonly detail: string | undefined;
  readonly url: string | undefined;
  readonly status: number | undefined;

  constructor(code: SafeFetchErrorCode, options: SafeFetchErrorOptions = {}) {
    super(
      options.message ?? SAFE_FETCH_ERROR_MESSAGES[code],
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.code = code;
    this.detail = options.detail;
    this.url = options.url;
    this.status = options.status;
  }
}

export function isSafeFetchError(error: unknown): error is SafeFetchError {
  return error instanceof SafeFetchError;
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
]);
const NAME_NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA']);

/**
 * Turns whatever undici, net, dns or zlib threw into a SafeFetchError. Our own errors come back
 * as they are, even when wrapped in a `cause` or used as an abort reason.
 */
export function toSafeFetchError(error: unknown, url: string | undefined, signal?: AbortSignal): SafeFetchError {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof SafeFetchError) return e;
  }
  if (signal?.aborted && signal.reason instanceof SafeFetchError) return signal.reason;
  const code = (error as { code?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  const detail = error instanceof Error ? `${name}: ${error.message}` : String(error);
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    return new SafeFetchError('timeout', { url, detail, cause: error });
  }
  if (code === 'UND_ERR_ABORTED' || name === 'AbortError') {
    return new SafeFetchError('aborted', { url, detail, cause: error });
  }
  if (typeof code === 'string' && NAME_NOT_FOUND_CODES.has(code)) {
    return new SafeFetchError('network', {
      url,
      detail,
      cause: error,
      message: 'The site’s name could not be found. Check the address and try again.',
    });
  }
  return new SafeFetchError('network', { url, detail, cause: error });
}

/** The same error, naming the URL it happened on when it did not yet. */
export function withUrl(error: SafeFetchError, url: string): SafeFetchError {
  if (error.url) return error;
  return new SafeFetchError(error.code, {
    message: error.message,
    url,
    ...(error.detail === undefined ? {} : { detail: error.detail }),
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.cause === undefined ? {} : { cause: error.cause }),
  });
}
