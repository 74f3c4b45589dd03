/**
 * Why the image proxy (or another API route) did not give the bytes, in the server's own words
 * when its answer has them: a rate limit's says how long to wait, which "HTTP 429" does not.
 */
export async function proxyRefusal(response: Response): Promise<Error> {
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return new Error(typeof answer?.error === 'string' && answer.error ? answer.error : `HTTP ${response.status}`);
}
