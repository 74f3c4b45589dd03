import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Dispatcher } from 'undici';
import { checkAddress } from './addressPolicy.ts';
import { collect, decodeText, LimitedBody, tooLargeMessage } from './body.ts';
import { type ByteBudget, ByteBudgetError } from './budget.ts';
import { blockedAddressError, createGuardedAgent, type Resolve, systemResolve } from './dispatcher.ts';
import { SafeFetchError, toSafeFetchError, withUrl } from './errors.ts';
import {
  BODY_LIMIT_BYTES,
  CONNECT_TIMEOUT_MS,
  type FetchKind,
  HEADERS_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  MAX_REDIRECTS,
  TOTAL_TIMEOUT_MS,
  USER_AGENT,
} from './limits.ts';
import { onAbort } from './onAbort.ts';
import { request } from './undici.ts';

export type SafeFetcherOptions = {
  /** Allow loopback addresses (127.0.0.0/8, ::1); from EXTRACT_API_ALLOW_LOOPBACK=1. Default false. */
  allowLoopback?: boolean;
  /** DNS stand-in for tests; the system resolver by default. */
  resolve?: Resolve;
  /** TCP/TLS connect time-out for every connection of this fetcher. */
  connectTimeoutMs?: number;
};

export type SafeFetchTimeouts = {
  /** Request sent → first byte of the answer's headers. */
  headersMs?: number;
  /** Longest silence between two body chunks. */
  idleMs?: number;
  /** The whole exchange: redirects, headers and body. Defaults by kind; none for 'video'. */
  totalMs?: number;
};

export type SafeFetchOptions = {
  /** Picks the body limit and the deadline (BODY_LIMIT_BYTES, TOTAL_TIMEOUT_MS). */
  kind: FetchKind;
  method?: 'GET' | 'HEAD';
  /** Extra request headers (Accept, Accept-Language, Referer). User-Agent, Range and Accept-Encoding are ours. */
  headers?: Record<string, string>;
  /** Sends `Range: bytes=start-end` (end inclusive, open when left out); a 206 or a 200 is accepted. */
  range?: { start: number; end?: number };
  signal?: AbortSignal;
  /** Overrides the kind's body limit. */
  maxBytes?: number;
  /** At most MAX_REDIRECTS (5), which is the default. */
  maxRedirects?: number;
  timeouts?: SafeFetchTimeouts;
  /** Throw 'http-status' when the final status is not 2xx (default true). */
  throwHttpErrors?: boolean;
  /** The extraction's byte budget: the body counts against it, and nothing is sent once it is spent. */
  budget?: ByteBudget;
};

export type SafeResponse = {
  /** The final URL, after redirects. */
  url: string;
  /** The URLs that redirected, in order; empty when none did. */
  redirects: string[];
  status: number;
  /**
   * Header names in lower case. When the body was decompressed (gzip, deflate, br), content-encoding
   * and content-length are removed, since they describe the bytes on the wire.
   */
  headers: Record<string, string | string[] | undefined>;
  /** Size-limited Node Readable; consume it or destroy it. Errors only with SafeFetchError. */
  body: LimitedBody;
  kind: FetchKind;
  /** The body limit in force (Infinity for 'video'). */
  maxBytes: number;
};

export type SafeFetch = (url: string | URL, options: SafeFetchOptions) => Promise<SafeResponse>;

export type SafeFetcher = {
  fetch: SafeFetch;
  /** Closes pooled connections; call on shutdown (Fastify onClose) and after tests. */
  close: () => Promise<void>;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const OUR_HEADERS = new Set(['user-agent', 'range', 'accept-encoding', 'host', 'connection', 'transfer-encoding']);

function header(headers: SafeResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks one hop before anything is sent: a web address, http(s), no credentials, and, for an IP
 * literal (WHATWG URL already turned 2130706433, 0177.0.0.1 and 0x7f.1 into 127.0.0.1), an
 * allowed address. Host names are checked at connect time, on the addresses DNS gives.
 */
function checkHop(input: string | URL, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch (error) {
    throw new SafeFetchError('bad-url', { detail: `unparsable: ${String(input).slice(0, 200)}`, cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('bad-scheme', { url: url.href, detail: `scheme ${url.protocol}` });
  }
  if (url.username || url.password) {
    throw new SafeFetchError('bad-url', {
      url: url.href,
      message: 'Addresses with a user name or password are not fetched. Remove them and try again.',
    });
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) !== 0) {
    const verdict = checkAddress(host, { allowLoopback });
    if (!verdict.allowed) {
      const error = blockedAddressError(host, verdict.reason, url.hostname);
      throw new SafeFetchError('blocked-address', { message: error.message, detail: error.detail, url: url.href });
    }
  }
  return url;
}

function decoderFor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * Builds the one outbound fetch of extract-api. Every request the server makes (page HTML, CSS,
 * images, robots.txt, video) goes through `fetch` so that each hop is checked.
 */
export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const allowLoopback = options.allowLoopback ?? false;
  const agent: Dispatcher = createGuardedAgent({
    policy: { allowLoopback },
    resolve: options.resolve ?? systemResolve,
    connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
  });

  async function safeFetch(input: string | URL, opts: SafeFetchOptions): Promise<SafeResponse> {
    const method = opts.method ?? 'GET';
    const maxBytes = opts.maxBytes ?? BODY_LIMIT_BYTES[opts.kind];
    const maxRedirects = Math.min(Math.max(0, opts.maxRedirects ?? MAX_REDIRECTS), MAX_REDIRECTS);
    const totalMs = opts.timeouts?.totalMs ?? TOTAL_TIMEOUT_MS[opts.kind];
    const throwHttpErrors = opts.throwHttpErrors ?? true;
    const wantRange = opts.range !== undefined;

    if (opts.signal?.aborted) throw new SafeFetchError('aborted', { url: String(input) });
    if (opts.budget?.exhausted) throw new ByteBudgetError(opts.budget, String(input));

    // One internal signal: the caller's abort and the deadline, each with its own typed reason.
    const controller = new AbortController();
    // Through onAbort: many requests of one scan share its signal at once.
    const stopListening = opts.signal
      ? onAbort(opts.signal, () => controller.abort(new SafeFetchError('aborted', { detail: 'the caller aborted' })))
      : undefined;
    const deadline =
      totalMs === undefined
        ? undefined
        : setTimeout(() => {
            controller.abort(new SafeFetchError('timeout', { detail: `no complete answer within ${totalMs} ms` }));
          }, totalMs);
    deadline?.unref();
    let settled = false;
    const release = () => {
      if (settled) return;
      settled = true;
      if (deadline) clearTimeout(deadline);
      stopListening?.();
    };

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (!OUR_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    headers['user-agent'] = USER_AGENT;
    // Text is worth compressing (and is decoded within its limit); image and video bytes are not.
    const textKind = opts.kind === 'html' || opts.kind === 'css' || opts.kind === 'robots';
    headers['accept-encoding'] = textKind && !wantRange ? 'gzip, deflate, br' : 'identity';
    if (opts.range) {
      const { start, end } = opts.range;
      if (
        !Number.isSafeInteger(start) ||
        start < 0 ||
        (end !== undefined && (!Number.isSafeInteger(end) || end < start))
      ) {
        release();
        throw new TypeError(`[safeFetch] invalid range ${start}-${end ?? ''}`);
      }
      headers.range = `bytes=${start}-${end ?? ''}`;
    }

    const redirects: string[] = [];
    let current = String(input);
    try {
      for (;;) {
        const url = checkHop(current, allowLoopback);
        let answer: Dispatcher.ResponseData;
        try {
          answer = await request(agent, url, {
            method,
            headers,
            signal: controller.signal,
            headersTimeout: opts.timeouts?.headersMs ?? HEADERS_TIMEOUT_MS,
            bodyTimeout: opts.timeouts?.idleMs ?? IDLE_TIMEOUT_MS,
          });
        } catch (error) {
          throw withUrl(toSafeFetchError(error, url.href, controller.signal), url.href);
        }
        const { statusCode: status, body } = answer;
        const responseHeaders = { ...answer.headers } as SafeResponse['headers'];

        const location = header(responseHeaders, 'location');
        if (REDIRECT_STATUSES.has(status) && location) {
          body.dump().catch(() => undefined);
          if (redirects.length >= maxRedirects) {
            throw new SafeFetchError('too-many-redirects', {
              url: url.href,
              detail: `more than ${maxRedirects} redirects: ${[...redirects, url.href].join(' → ')}`,
            });
          }
          redirects.push(url.href);
          try {
            current = new URL(location, url).href;
          } catch (error) {
            throw new SafeFetchError('bad-url', {
              url: url.href,
              detail: `bad Location ${location.slice(0, 200)}`,
              message: 'The site redirected to an address that is not valid.',
              cause: error,
            });
          }
          continue;
        }

        if (throwHttpErrors && (status < 200 || status > 299)) {
          body.dump().catch(() => undefined);
          throw new SafeFetchError('http-status', {
            url: url.href,
            status,
            message: `The site answered with HTTP ${status}. Check the address, or try again later.`,
          });
        }

        const declared = Number(header(responseHeaders, 'content-length'));
        if (method === 'GET' && Number.isFinite(declared) && declared > maxBytes) {
          // Nobody reads this body again: an error it raises while torn down must not go unheard.
          body.on('error', () => undefined);
          body.destroy();
          throw new SafeFetchError('too-large', {
            url: url.href,
            detail: `Content-Length ${declared} > ${maxBytes}`,
            message: tooLargeMessage(maxBytes),
          });
        }

        let source: Readable = body;
        // Decoded even when a server ignored our 'identity'; never a partial (range) or video body.
        const decoder =
          wantRange || opts.kind === 'video' ? undefined : decoderFor(header(responseHeaders, 'content-encoding'));
        if (decoder) {
          pipeline(body, decoder, () => undefined);
          source = decoder;
          delete responseHeaders['content-encoding'];
          delete responseHeaders['content-length'];
        }
        return {
          url: url.href,
          redirects,
          status,
          headers: responseHeaders,
          body: new LimitedBody(source, maxBytes, url.href, controller.signal, release, opts.budget),
          kind: opts.kind,
          maxBytes,
        };
      }
    } catch (error) {
      release();
      throw error;
    }
  }

  return { fetch: safeFetch, close: () => agent.close() };
}

/** The whole body as bytes, within the response's limit. A 'video' body is stream-only. */
export async function readBuffer(response: SafeResponse): Promise<Buffer> {
  if (!Number.isFinite(response.maxBytes)) {
    throw new TypeError(
      '[safeFetch] this body has no size limit (video); pipe response.body instead of reading it whole',
    );
  }
  return collect(response.body);
}

/** The whole body as text, decoded with the Content-Type's charset (UTF-8 otherwise). */
export async function readText(response: SafeResponse): Promise<string> {
  return decodeText(await readBuffer(response), header(response.headers, 'content-type'));
}

/** `fetch` with every request counted against `budget`, and refused before it is sent once it is spent. */
export function withByteBudget(fetch: SafeFetch, budget: ByteBudget): SafeFetch {
  return (url, options) => fetch(url, { ...options, budget });
}
