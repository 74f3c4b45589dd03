/**
 * safeFetch: the one outbound fetch of extract-api, so that every request the service makes is held to one address policy and one set of bounds. Page HTML, CSS, images,
 * robots.txt and video all go through a fetcher made here; nothing else in the service opens a
 * connection to a site.
 *
 *   const fetcher = createSafeFetcher({ allowLoopback: config.allowLoopback });
 *   const page = await fetcher.fetch(url, { kind: 'html', headers: { accept: 'text/html' } });
 *   const html = await readText(page);           // or pipe page.body (a Node Readable)
 *   await fetcher.close();                       // on shutdown
 *
 * Guarantees: http(s) only; every hop (at most 5 redirects) is refused before connecting when
 * its address is not public unicast (loopback only with allowLoopback), checked on the address
 * the socket actually uses; bodies are bounded by kind, and an extraction's answers together by
 * its ByteBudget (`withByteBudget`); every failure is a SafeFetchError.
 */
export {
  type AddressPolicy,
  type AddressVerdict,
  type BlockReason,
  checkAddress,
  METADATA_ADDRESSES,
} from './addressPolicy.ts';
export type { LimitedBody } from './body.ts';
export { ByteBudget, ByteBudgetError, isByteBudgetError } from './budget.ts';
export { type Resolve, type ResolvedAddress, systemResolve } from './dispatcher.ts';
export {
  isSafeFetchError,
  SAFE_FETCH_ERROR_MESSAGES,
  SafeFetchError,
  type SafeFetchErrorCode,
} from './errors.ts';
export { BODY_LIMIT_BYTES, type FetchKind, TOTAL_TIMEOUT_MS, USER_AGENT } from './limits.ts';
export { onAbort } from './onAbort.ts';
export {
  createSafeFetcher,
  readBuffer,
  readText,
  type SafeFetch,
  type SafeFetcher,
  type SafeFetcherOptions,
  type SafeFetchOptions,
  type SafeFetchTimeouts,
  type SafeResponse,
  withByteBudget,
} from './safeFetch.ts';
