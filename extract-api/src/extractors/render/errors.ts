/**
 * The render's errors: callers switch on the class and `code`, users read `message`.
 *
 *   Error
 *   ├── RenderUnavailableError   rendering cannot run on this server at all
 *   │   ├── 'chromium-missing'   no executable at the configured path
 *   │   ├── 'no-render-user'     the service runs as root and has no unprivileged account to hand
 *   │   │                        Chromium to (Chromium refuses its sandbox to root)
 *   │   ├── 'sandbox-failed'     Chromium could not set up its sandbox (no user namespaces)
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

import { RENDER_USER } from '../../../../tooling/chromium.mjs';

export type RenderUnavailableCode = 'chromium-missing' | 'no-render-user' | 'sandbox-failed' | 'launch-failed';
export type RenderFailedCode = 'timeout' | 'aborted' | 'page-fetch' | 'browser';

export const CHROMIUM_MISSING_MESSAGE =
  'Render JavaScript needs Chromium, which is not installed on this server. Turn the option off, or install Chromium (apt-get install chromium) and set EXTRACT_API_CHROMIUM_PATH.';

export const CHROMIUM_LAUNCH_FAILED_MESSAGE =
  'Render JavaScript could not start Chromium on this server. Turn the option off, or check the Chromium installation and EXTRACT_API_CHROMIUM_PATH.';

/**
 * Why a root service renders nothing: Chromium runs strangers' pages only inside its sandbox, and
 * only an unprivileged account gets one. `problem` says what is wrong with the account.
 */
export function noRenderUserMessage(user: string, problem: 'missing' | 'root'): string {
  const what = problem === 'missing' ? `the account "${user}" does not exist` : `"${user}" is root`;
  return `Render JavaScript is off on this server: the service runs as root, and Chromium runs pages only inside its sandbox, under an unprivileged account, but ${what}. Turn the option off. Operators: run \`npm start\` as root once so that set-up creates the account, or name another one in EXTRACT_API_RENDER_USER (EXTRACT_API_CHROMIUM_NO_SANDBOX=1 turns the sandbox off: for tests only).`;
}

export const SANDBOX_FAILED_MESSAGE =
  "Render JavaScript could not start Chromium's sandbox on this server. Turn the option off. Operators: the sandbox needs unprivileged user namespaces (sysctl user.max_user_namespaces above 0; kernel.unprivileged_userns_clone=1 and kernel.apparmor_restrict_unprivileged_userns=0 where those settings exist).";

const UNAVAILABLE_MESSAGES: Record<RenderUnavailableCode, string> = {
  'chromium-missing': CHROMIUM_MISSING_MESSAGE,
  'no-render-user': noRenderUserMessage(RENDER_USER, 'missing'),
  'sandbox-failed': SANDBOX_FAILED_MESSAGE,
  'launch-failed': CHROMIUM_LAUNCH_FAILED_MESSAGE,
};

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
    super(options.message ?? UNAVAILABLE_MESSAGES[code], options.cause === undefined ? {} : { cause: options.cause });
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
