import type { Frame, Route } from 'playwright-core';
import {
  BODY_LIMIT_BYTES,
  type FetchKind,
  isSafeFetchError,
  readBuffer,
  type SafeFetch,
  type SafeFetchErrorCode,
  type SafeResponse,
} from '../../services/safeFetch/index.ts';

const MiB = 1024 * 1024;

/** At most this many requests are fetched for one render; later ones are refused. */
export const MAX_RENDER_REQUESTS = 400;
/** At most this many body bytes are fetched for one render, all requests together. */
export const MAX_RENDER_BYTES = 100 * MiB;
/** Body limit for scripts, XHR/fetch and other requests (safeFetch's 'html' kind, tighter). */
export const OTHER_MAX_BYTES = 5 * MiB;

/** Why the render refused a request the page made. */
export type RefusalCode = SafeFetchErrorCode | 'method' | 'resource-type' | 'budget';

/** A request the page made that was not fetched (it was aborted in the browser). */
export type RefusedRequest = {
  url: string;
  /** Playwright's resource type: document, image, script, fetch, … */
  resourceType: string;
  code: RefusalCode;
  /** Written for a person: safeFetch's message, or why the render did not send it. */
  reason: string;
};

export type LoadedImage = { url: string; contentType?: string };

/** A response fetched before the browser asked for it (the page itself), served once. */
export type PrefetchedResponse = { status: number; headers: Record<string, string>; body: Buffer };

type Plan = { kind: FetchKind; maxBytes?: number } | { refuse: string };

/**
 * How each Playwright resource type is fetched. Media, fonts and streams are not needed to find
 * images (a video's poster is an image request of its own), and would only cost time and bytes.
 */
function planFor(resourceType: string): Plan {
  switch (resourceType) {
    case 'document':
      return { kind: 'html' };
    case 'stylesheet':
      return { kind: 'css' };
    case 'image':
      return { kind: 'image' };
    case 'script':
    case 'xhr':
    case 'fetch':
    case 'other':
      return { kind: 'html', maxBytes: OTHER_MAX_BYTES };
    case 'media':
      return { refuse: 'Audio and video are not loaded while rendering.' };
    case 'font':
      return { refuse: 'Fonts are not loaded while rendering.' };
    case 'websocket':
    case 'eventsource':
      return { refuse: 'Live connections (WebSocket, EventSource) are not opened while rendering.' };
    default:
      return { refuse: `Requests of type ${resourceType} are not loaded while rendering.` };
  }
}

/** Request headers the site may see; User-Agent, Range and Accept-Encoding are safeFetch's own. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'referer'];

/**
 * Response headers the browser is not given. Content-Length and encodings describe bytes on the
 * wire, not the decoded body we hand over. Location is never passed on: Chromium follows a
 * fulfilled redirect by itself, outside the routing (checked), so safeFetch follows redirects and
 * the browser only ever sees final answers.
 */
const DROPPED_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'location',
  'alt-svc',
]);

export function toFulfilHeaders(headers: SafeResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
  }
  return out;
}

/** The browser's request URLs carry no fragment. */
function withoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? type : undefined;
}

export type NetworkGateOptions = {
  fetch: SafeFetch;
  /** Fires when the render ends early (time-out, the caller's abort): every fetch in flight stops. */
  signal: AbortSignal;
  maxRequests?: number;
  maxBytes?: number;
};

/**
 * The browser's only way out: every request the page makes is answered here, through safeFetch,
 * or refused. Also counts what is in flight, so the render can wait for the network to be quiet,
 * and records the images loaded and the requests refused.
 */
export class NetworkGate {
  readonly loadedImages = new Map<string, LoadedImage>();
  readonly refused: RefusedRequest[] = [];
  /** The main frame, once the page exists: refusals of its navigations are remembered. */
  mainFrame: Frame | undefined;
  /** The last navigation of the main frame that was refused or failed. */
  lastMainFrameRefusal: RefusedRequest | undefined;

  readonly #fetch: SafeFetch;
  readonly #signal: AbortSignal;
  readonly #maxRequests: number;
  readonly #maxBytes: number;
  readonly #prefetched = new Map<string, PrefetchedResponse>();
  #requests = 0;
  #bytes = 0;
  #inflight = 0;
  #lastActivity = Date.now();

  constructor(options: NetworkGateOptions) {
    this.#fetch = options.fetch;
    this.#signal = options.signal;
    this.#maxRequests = options.maxRequests ?? MAX_RENDER_REQUESTS;
    this.#maxBytes = options.maxBytes ?? MAX_RENDER_BYTES;
  }

  /** Serves `response` the first time the browser asks for `url` as a document. */
  prefetch(url: string, response: PrefetchedResponse): void {
    this.#requests++;
    this.#bytes += response.body.length;
    this.#prefetched.set(withoutHash(url), response);
  }

  get requestCount(): number {
    return this.#requests;
  }

  get byteCount(): number {
    return this.#bytes;
  }

  /** For `context.route('**\/*', gate.handle)`. Never throws. */
  readonly handle = async (route: Route): Promise<void> => {
    this.#inflight++;
    this.#lastActivity = Date.now();
    try {
      await this.#answer(route);
    } catch {
      // The context closed under us (time-out, abort, shutdown): nothing left to answer.
    } finally {
      this.#inflight--;
      this.#lastActivity = Date.now();
    }
  };

  async #answer(route: Route): Promise<void> {
    const request = route.request();
    const url = request.url();
    const resourceType = request.resourceType();
    const method = request.method();
    if (this.#signal.aborted) {
      await route.abort('aborted');
      return;
    }

    const prefetched = resourceType === 'document' && method === 'GET' ? this.#prefetched.get(url) : undefined;
    if (prefetched) {
      this.#prefetched.delete(url);
      await route.fulfill({ status: prefetched.status, headers: prefetched.headers, body: prefetched.body });
      this.#noteImage(url, prefetched.status, prefetched.headers['content-type'], resourceType);
      return;
    }

    if (method !== 'GET' && method !== 'HEAD') {
      await this.#refuse(route, resourceType, 'method', `${method} requests are not sent while rendering, only GET.`);
      return;
    }
    const plan = planFor(resourceType);
    if ('refuse' in plan) {
      await this.#refuse(route, resourceType, 'resource-type', plan.refuse);
      return;
    }
    const bytesLeft = this.#maxBytes - this.#bytes;
    if (this.#requests >= this.#maxRequests || bytesLeft <= 0) {
      await this.#refuse(
        route,
        resourceType,
        'budget',
        `The page made more requests than a render allows (${this.#maxRequests} requests, ${Math.round(this.#maxBytes / MiB)} MB).`,
      );
      return;
    }
    this.#requests++;

    const headers: Record<string, string> = {};
    const sent = request.headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = sent[name];
      if (value) headers[name] = value;
    }

    let status: number;
    let responseHeaders: Record<string, string>;
    let body: Buffer;
    try {
      const response = await this.#fetch(url, {
        kind: plan.kind,
        method,
        headers,
        signal: this.#signal,
        maxBytes: Math.min(plan.maxBytes ?? BODY_LIMIT_BYTES[plan.kind], bytesLeft),
        // The browser sees a site's 404 page as it is; only the page itself must be 2xx.
        throwHttpErrors: false,
      });
      body = await readBuffer(response);
      status = response.status;
      responseHeaders = toFulfilHeaders(response.headers);
    } catch (error) {
      if (!isSafeFetchError(error)) throw error;
      await this.#refuse(route, resourceType, error.code, error.message);
      return;
    }
    this.#bytes += body.length;
    await route.fulfill({ status, headers: responseHeaders, body });
    this.#noteImage(url, status, responseHeaders['content-type'], resourceType);
  }

  #noteImage(url: string, status: number, contentType: string | undefined, resourceType: string): void {
    if (status < 200 || status > 299) return;
    const type = mediaType(contentType);
    if (resourceType !== 'image' && !type?.startsWith('image/')) return;
    if (this.loadedImages.has(url)) return;
    this.loadedImages.set(url, type ? { url, contentType: type } : { url });
  }

  async #refuse(route: Route, resourceType: string, code: RefusalCode, reason: string): Promise<void> {
    const request = route.request();
    const refusal: RefusedRequest = { url: request.url(), resourceType, code, reason };
    this.refused.push(refusal);
    if (this.mainFrame && request.isNavigationRequest() && request.frame() === this.mainFrame) {
      this.lastMainFrameRefusal = refusal;
    }
    await route.abort('blockedbyclient');
  }

  /**
   * Resolves once nothing has been in flight for `quietMs`, or after `maxMs`, or when the render
   * ends. Polls: requests start in the browser, not here.
   */
  async waitForQuiet(quietMs: number, maxMs: number): Promise<void> {
    const until = Date.now() + maxMs;
    while (!this.#signal.aborted && Date.now() < until) {
      if (this.#inflight === 0 && Date.now() - this.#lastActivity >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  }
}
