import type { SafeFetch } from '../../services/safeFetch/index.ts';
import { type ImageFacts, mimeTypeFor } from '../probe/index.ts';
import { originalCandidates } from './candidates.ts';
import {
  createOriginalsCache,
  type OriginalLimits,
  type OriginalsCache,
  verifyOriginal,
  warmOriginal,
} from './verifyOriginal.ts';

/** Turns per host (the web extractors' probe gate), as far as a check needs one. */
type HostTurns = { run<T>(host: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> };

/** An extraction's full-size checks: one cache for all its pages, the service's bounds. */
export type FullSizeChecks = { cache: OriginalsCache; limits: OriginalLimits };

export type FullSizeOptions = {
  fetch: SafeFetch;
  signal?: AbortSignal;
  checks: FullSizeChecks;
  /** Extra request headers of every check (an Accept for original formats). */
  headers?: Record<string, string>;
  /** The image probes' gate per host: a check holds one place at the copy's host while it runs. */
  probeGate?: HostTurns;
};

/**
 * The larger original behind a measured web image, as facts like the probe's: the rules' guesses
 * for its address, each checked larger and the same picture (verifyOriginal; the copy's bytes,
 * when its probe kept them, are not fetched again). Undefined when none passes, or for an image
 * with no size or no address of its own: the page's copy stands.
 */
export async function findFullSize(
  url: string,
  facts: ImageFacts,
  options: FullSizeOptions,
): Promise<(ImageFacts & { url: string }) | undefined> {
  const { width, height } = facts;
  if (!width || !height || !/^https?:/i.test(url)) return undefined;
  const candidates = originalCandidates(url);
  if (candidates.length === 0) return undefined;
  const thumbnail = {
    url,
    width,
    height,
    ...(facts.format ? { format: facts.format } : {}),
    ...(facts.bytes ? { bytes: facts.bytes } : {}),
  };
  const check = () => verifyOriginal(thumbnail, candidates, verifyOptions(options));
  const gate = options.probeGate;
  const original = await (gate ? gate.run(new URL(url).host, check, options.signal) : check());
  if (!original) return undefined;
  return {
    url: original.url,
    finalUrl: original.url,
    format: original.format,
    mimeType: mimeTypeFor(original.format),
    width: original.width,
    height: original.height,
    ...(original.bytes ? { size: original.bytes.byteLength } : {}),
  };
}

const verifyOptions = (options: FullSizeOptions) => ({
  fetch: options.fetch,
  cache: options.checks.cache,
  limits: options.checks.limits,
  ...(options.signal ? { signal: options.signal } : {}),
  ...(options.headers ? { headers: options.headers } : {}),
});

/**
 * Reads the header of a copy's likeliest original while the copy is measured (warmOriginal), at
 * the original's host's probe place.
 */
export function warmFullSize(url: string, options: FullSizeOptions): void {
  if (!/^https?:/i.test(url)) return;
  const warm = () => warmOriginal(url, verifyOptions(options));
  const gate = options.probeGate;
  (gate ? gate.run(new URL(url).host, warm, options.signal) : warm()).catch(() => undefined);
}

/**
 * An extraction's checks when its input wants originals (`original` is on unless false) and the
 * service checks them (`limits`): a reader's or a probe's `fullSize`, spread into its options.
 */
export function fullSizeChecks(
  input: { original?: boolean | undefined },
  limits: OriginalLimits | undefined,
): { fullSize?: FullSizeChecks } {
  return input.original !== false && limits ? { fullSize: { cache: createOriginalsCache(), limits } } : {};
}
