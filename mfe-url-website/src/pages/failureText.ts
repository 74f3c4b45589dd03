/** The underlying reason of a failure, the most precise first: the server's error, else a fixed fallback. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
