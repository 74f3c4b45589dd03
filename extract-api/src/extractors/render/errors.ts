/**
 * The render's errors: callers switch on the class and `code`, users read `message`.
 *
 *   Error
 *   ├── RenderUnavailableError   rendering cannot run on this server at all
 *   │   ├── 'chromium-missing'   no executable at the configured path
 *   │   └── 'launch-failed'      it is there but would not start
 *   └── RenderFailedError        this page could not be rendered
 *       ├── 'timeout'            the whole render passed its time limit
 *       ├── 'aborted'            the caller's AbortSignal fired
 *       ├── 'page-fetch'         the page itself was refused or failed (`cause` is the SafeFetchError,
 *       │                        whose message is kept: a private address, HTTP 404, …)
 *       └── 'browser'            Chromium failed while rendering (crash, navigation error)
 *
 * `detail` is for logs only.
 */

export type RenderUnavailableCode = 'chromium-missing' | 'launch-failed';
export type RenderFailedCode = 'timeout' | 'aborted' | 'page-fetch' | 'browser';

export const CHROMIUM_MISSING_MESSAGE =
  'Render JavaScript needs Chromium, which is not installed on this server. Turn the option off, or install Chromium (apt-get install chromium) and set EXTRACT_API_CHROMIUM_PATH.';

export const CHROMIUM_LAUNCH_FAILED_MESSAGE =
  'Render JavaScript could not start Chromium on this server. Turn the option off, or check the Chromium installation and EXTRACT_API_CHROMIUM_PATH.';

export function renderTimeoutMessage(timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return `The page took longer than ${seconds} s to render, so the render was stopped. Try again, or turn Render JavaScript off.`;
}

export const RENDER_ABORTED_MESSAGE = 'The render was cancelled.';

export const RENDER_BROWSER_FAILED_MESSAGE =
  'The page could not be rendered in the browser. Try again, or turn Render JavaScript off.';

type ErrorOptions = { message?: string; detail?: string; cause?: unknown };

export class RenderUnavailableError extends Error {
  override readonly name = 'RenderUnavailableError';
  readonly code: RenderUnavailableCode;
  readonly detail: string | undefined;

  constructor(code: RenderUnavailableCode, options: ErrorOptions = {}) {
    super(
      options.message ?? (code === 'chromium-missing' ? CHROMIUM_MISSING_MESSAGE : CHROMIUM_LAUNCH_FAILED_MESSAGE),
      options.cause === undefined ? {} : { cause: options.cause },
    );
    this.code = code;
    this.detail = options.detail;
  }
}

export class RenderFailedError extends Error {
  override readonly name = 'RenderFailedError';
  readonly code: RenderFailedCode;
  readonly detail: string | undefined;

  constructor(code: RenderFailedCode, options: ErrorOptions & { message: string }) {
    super(options.message, options.cause === undefined ? {} : { cause: options.cause });
    this.code = code;
    this.detail = options.detail;
  }
}

export function isRenderError(error: unknown): error is RenderUnavailableError | RenderFailedError {
  return error instanceof RenderUnavailableError || error instanceof RenderFailedError;
}
