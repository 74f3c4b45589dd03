import { isSafeFetchError, type SafeFetch, SafeFetchError } from '../../services/safeFetch/index.ts';
import { createLimiter } from './limit.ts';
import { type ImageFacts, probeImage } from './probeImage.ts';

export type ProbeOutcome =
  | { url: string; ok: true; facts: ImageFacts }
  | { url: string; ok: false; error: SafeFetchError };

export type ProbeAllOptions = {
  /** Probes in flight at once (default 8). */
  concurrency?: number;
  /** Stops the probes: those running are cancelled, the rest never start, and the call rejects. */
  signal?: AbortSignal;
  /** Extra request headers for every probe (a page's address as Referer). */
  headers?: Record<string, string>;
};

export const PROBE_CONCURRENCY_DEFAULT = 8;

/**
 * Probes every URL (http(s) or data:), at most `concurrency` at a time, each distinct URL once.
 * Resolves with one outcome per input URL, in the same order: an image that cannot be fetched is
 * an outcome with its SafeFetchError, never a rejection. Rejects only with an 'aborted'
 * SafeFetchError when `signal` fires.
 */
export async function probeAll(
  urls: readonly string[],
  fetch: SafeFetch,
  options: ProbeAllOptions = {},
): Promise<ProbeOutcome[]> {
  const { signal } = options;
  const limit = createLimiter(options.concurrency ?? PROBE_CONCURRENCY_DEFAULT);
  const aborted = () => new SafeFetchError('aborted', { detail: 'the probes were cancelled' });
  if (signal?.aborted) throw aborted();

  const distinct = new Map<string, Promise<ProbeOutcome>>();
  for (const url of urls) {
    if (distinct.has(url)) continue;
    distinct.set(
      url,
      limit(async (): Promise<ProbeOutcome> => {
        if (signal?.aborted) throw aborted();
        try {
          const facts = await probeImage(url, fetch, signal, options.headers ? { headers: options.headers } : {});
          return { url, ok: true, facts };
        } catch (error) {
          if (signal?.aborted) throw aborted();
          const failure = isSafeFetchError(error)
            ? error
            : new SafeFetchError('network', { url, detail: String(error), cause: error });
          return { url, ok: false, error: failure };
        }
      }),
    );
  }
  const settled = await Promise.allSettled(distinct.values());
  if (signal?.aborted) throw aborted();
  const byUrl = new Map<string, ProbeOutcome>();
  for (const result of settled) {
    if (result.status === 'rejected') throw result.reason;
    byUrl.set(result.value.url, result.value);
  }
  return urls.map((url) => byUrl.get(url) as ProbeOutcome);
}
