/**
 * The one way the browser apps log an error they handled (the visitor is told in words elsewhere):
 * the shell and every remote write to the same console, so each line starts with its source,
 * `[shell]`, `[shared-ui]`, `[mfe-documents]`…, and what failed; the error follows, with its stack.
 */
export function logError(source: string, error: unknown, what?: string): void {
  console.error(what ? `[${source}] ${what}` : `[${source}]`, error);
}
