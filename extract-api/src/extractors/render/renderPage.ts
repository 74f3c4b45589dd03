import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from 'shared-contracts';
import { type Admission, createGate, type Gate, TimeLimitError } from '../../admission/index.ts';
import { isSafeFetchError, onAbort, readBuffer, type SafeFetch } from '../../services/safeFetch/index.ts';
import { getBrowser } from './browser.ts';
import {
  DEFAULT_RENDER_QUEUE,
  DEFAULT_RENDER_TIMEOUT_MS,
  DEFAULT_RENDERS,
  DEFAULT_SCROLL_HEIGHT_PX,
  DEFAULT_SCROLL_TIME_MS,
} from './defaults.ts';
import { PRESERVE_DRAWING_BUFFER_SCRIPT } from './drawnInPage.ts';
import {
  isRenderError,
  RENDER_ABORTED_MESSAGE,
  RENDER_BROWSER_FAILED_MESSAGE,
  RenderFailedError,
  renderTimeoutMessage,
} from './errors.ts';
import {
  LAYOUT_FOLD_FUNCTION,
  LAYOUT_SIZE_FUNCTION,
  MEASURE_SCRIPT,
  OUTER_HTML_SCRIPT,
  SCROLL_BACK_SCRIPT,
  SCROLL_STEP_SCRIPT,
  SCROLL_TOP_SCRIPT,
  type ScrollState,
  SETTLE_SCRIPT,
} from './inPage.ts';
import { type LoadedImage, MAX_RENDER_REQUESTS, NetworkGate, type RefusedRequest, toFulfilHeaders } from './network.ts';
import { type FramesRead, readFrames } from './readFrames.ts';
import { cutSprites, type SpritePiece } from './sprites.ts';

export const RENDER_VIEWPORT = { width: 1366, height: 900 } as const;

/** The network counts as idle after this long with nothing in flight. */
const QUIET_MS = 300;
/** Longest wait for the network to go quiet after one scroll step. */
const STEP_WAIT_MS = 3_000;
/** Longest wait for the load event after DOMContentLoaded, then for the network after it. */
const LOAD_WAIT_MS = 10_000;
/**
 * Scrolling ends when, at the end of the page, this many steps in a row brought nothing new (no
 * more height, no more images): one such step may only mean the loader was still waiting on a timer.
 */
const END_STEPS = 2;
/** Time kept back from scrolling to read the page: a page that never stops growing still yields its images. */
const MAX_RESERVE_MS = 5_000;

const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export type RenderOptions = {
  /** The safe fetch every request of the browser goes through (createSafeFetcher(...).fetch). */
  fetch: SafeFetch;
  /** Chromium's executable (config.chromiumPath; Debian: /usr/bin/chromium). */
  chromiumPath: string;
  /** Cancels the render: fetches stop and the browser context closes. */
  signal?: AbortSignal;
  /** The whole render, from the first byte of the page to the collected result; at most the renders gate's limit. */
  timeoutMs?: number;
  /**
   * A page of a scan: waits for its turn at the renders gate however long the line (the scans gate
   * already bounds how many there are). Without it a render finding the line full is refused at
   * once with BusyError (503), as a visitor waiting on an answer should be.
   */
  waitForTurn?: boolean;
  /** Cut the pieces of CSS sprite sheets the page shows into pictures of their own (`sprites`). Off by default. */
  cutSprites?: boolean;
  /** This render's scrolling budget; the process's (setScrollBudget) for what is left out. */
  scroll?: Partial<ScrollBudget>;
  /** Mark each image element's layout in the HTML for the image audit (`layoutAttribute`). */
  layout?: boolean;
};

/** How long and how far a render scrolls a page that keeps growing. */
export type ScrollBudget = { timeMs: number; heightPx: number };

/**
 * Why scrolling stopped: `end` (the end of the page, with nothing new loading), `time` (the scroll
 * budget or the render's own time ran out) or `height` (scrolled as far as the height budget allows).
 */
export type ScrollStop = 'end' | 'time' | 'height';
export type ScrollReport = { steps: number; stoppedBy: ScrollStop };

export type RenderedPage = {
  /** Where the browser ended: after redirects and script navigations. */
  finalUrl: string;
  /** document.documentElement.outerHTML after scrolling. */
  html: string;
  /** Every image response the browser loaded (2xx), once each, in load order. */
  loadedImages: LoadedImage[];
  /** Every url() in the computed background-image of every element of the final DOM (and its ::before/::after), absolute http(s) or data:. */
  cssBackgrounds: string[];
  /** Those of cssBackgrounds used inside open shadow roots. */
  shadowBackgrounds: FramesRead['shadowBackgrounds'];
  /** The markup of every open shadow root, which `html` leaves out. */
  shadowRoots: FramesRead['shadowRoots'];
  /** Canvases (as PNG) and blob: images (as their bytes), as data: URLs; what could not be read is counted. */
  drawn: FramesRead['drawn'];
  /** With `cutSprites`: each piece of a sprite sheet the page shows, as a PNG data: URL. */
  sprites: SpritePiece[];
  /** Requests the page made that were not fetched, and why (private address, POST, font, budget, …). */
  refusedRequests: RefusedRequest[];
  /** Viewport-high steps scrolled, and why scrolling stopped: a page that kept growing was not read to its end. */
  scroll: ScrollReport;
  /**
   * With `layout`: the attribute each image element of `html` carries its layout in, as
   * `fold|below [lcp] width height` (CSS px, in a RENDER_VIEWPORT window). Its name is new each
   * render, so a page cannot write marks of its own.
   */
  layoutAttribute?: string;
};

type EndReason = 'timeout' | 'aborted';

export type RenderLimits = { concurrency: number; maxWaiting: number; timeLimitMs: number };

const renderGate = (limits: RenderLimits): Gate =>
  createGate({
    name: 'renders',
    ...limits,
    busyMessage: MESSAGES.url.renderBusy,
    timeLimitMessage: renderTimeoutMessage,
  });

/**
 * Every render of this process goes through this one gate, whichever route or scan asks: Chromium
 * is one per process too (browser.ts). A `pnpm worker` has its own.
 */
let renders = renderGate({
  concurrency: DEFAULT_RENDERS,
  maxWaiting: DEFAULT_RENDER_QUEUE,
  timeLimitMs: DEFAULT_RENDER_TIMEOUT_MS,
});

/** Sets the renders gate's settings (config's EXTRACT_API_RENDERS…); renders already admitted keep their place. */
export function setRenderLimits(limits: RenderLimits): void {
  renders = renderGate(limits);
}

let scrollBudget: ScrollBudget = { timeMs: DEFAULT_SCROLL_TIME_MS, heightPx: DEFAULT_SCROLL_HEIGHT_PX };

/** Sets how long and how far every render of this process scrolls (config's EXTRACT_API_RENDER_SCROLL_…). */
export function setScrollBudget(budget: ScrollBudget): void {
  scrollBudget = { ...budget };
}

/**
 * Loads `url` in headless Chromium, scrolls to the end so lazy images load, and reports what the
 * browser saw. The browser never connects anywhere itself: every request is answered through
 * `options.fetch` (safeFetch) or refused. Waits for a place at the process's renders gate, whose
 * time limit is the render's. Throws RenderUnavailableError (no Chromium), RenderFailedError
 * (time-out, abort, the page refused or failing, a browser failure) or BusyError (the gate's line
 * is full).
 */
export async function renderPage(url: string, options: RenderOptions): Promise<RenderedPage> {
  if (options.signal?.aborted) throw new RenderFailedError('aborted', { message: RENDER_ABORTED_MESSAGE });
  const gate = renders;
  let admission: Admission;
  try {
    admission = await gate.admit({ signal: options.signal, waitForTurn: options.waitForTurn });
  } catch (error) {
    if (options.signal?.aborted) throw new RenderFailedError('aborted', { message: RENDER_ABORTED_MESSAGE });
    throw error;
  }
  try {
    const timeoutMs = Math.min(options.timeoutMs ?? gate.timeLimitMs, gate.timeLimitMs);
    return await renderAdmitted(url, { ...options, signal: admission.signal, timeoutMs });
  } finally {
    admission.release();
  }
}

async function renderAdmitted(url: string, options: RenderOptions & { timeoutMs: number }): Promise<RenderedPage> {
  const { timeoutMs } = options;
  const scrolling: ScrollBudget = { ...scrollBudget, ...options.scroll };
  if (options.signal?.aborted) throw new RenderFailedError('aborted', { message: RENDER_ABORTED_MESSAGE });

  const startedAt = Date.now();
  const deadline = startedAt + timeoutMs;
  const reserveMs = Math.min(MAX_RESERVE_MS, timeoutMs * 0.2);
  /** Time left for loading and scrolling, keeping the reserve for reading the page. */
  const budget = () => Math.max(0, deadline - reserveMs - Date.now());

  const controller = new AbortController();
  // Every fetch in flight listens to it (a page may start hundreds at once).
  setMaxListeners(MAX_RENDER_REQUESTS + 16, controller.signal);
  const end = (reason: EndReason) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  // The renders gate's clock is the render's own time limit; any other abort is the caller's.
  const onCallerAbort = () => {
    const reason: unknown = options.signal?.reason;
    end(reason instanceof TimeLimitError && reason.gate === 'renders' ? 'timeout' : 'aborted');
  };
  // Through onAbort: a scan's pages share its signal.
  const stopListening = options.signal ? onAbort(options.signal, onCallerAbort) : undefined;
  const timer = setTimeout(() => end('timeout'), timeoutMs);

  let context: BrowserContext | undefined;
  // Time-out or abort: everything in flight stops now (closing the context rejects every pending
  // page call), and the render answers at once.
  const ended = new Promise<never>((_, reject) => {
    controller.signal.addEventListener(
      'abort',
      () => {
        context?.close().catch(() => undefined);
        reject(new Error('render ended'));
      },
      { once: true },
    );
  });
  ended.catch(() => undefined);
  const race = <T>(work: Promise<T>): Promise<T> => Promise.race([work, ended]);

  const gate = new NetworkGate({ fetch: options.fetch, signal: controller.signal });
  try {
    // The page itself is fetched first, alongside the launch: a refused or failing page fails
    // fast with safeFetch's own message, and the browser starts at the address redirects end on,
    // so relative URLs resolve as they would in a browser.
    const browserReady = getBrowser(options.chromiumPath);
    const pageReady = fetchPage(url, options.fetch, controller.signal);
    pageReady.catch(() => undefined);
    const browser = await race(browserReady);
    const start = await race(pageReady);

    context = await race(
      browser.newContext({
        viewport: RENDER_VIEWPORT,
        javaScriptEnabled: true,
        serviceWorkers: 'block',
        acceptDownloads: false,
      }),
    );
    if (controller.signal.aborted) await context.close().catch(() => undefined);
    const ctx = context;
    await race(
      ctx.routeWebSocket(/.*/, (socket) => {
        gate.refused.push({
          url: socket.url(),
          resourceType: 'websocket',
          code: 'resource-type',
          reason: 'Live connections (WebSocket, EventSource) are not opened while rendering.',
        });
        socket.close({ code: 1008, reason: 'not opened while rendering' }).catch(() => undefined);
      }),
    );
    await race(ctx.route('**/*', gate.handle));
    await race(ctx.addInitScript({ content: PRESERVE_DRAWING_BUFFER_SCRIPT }));

    const page = await race(ctx.newPage());
    gate.mainFrame = page.mainFrame();
    page.on('popup', (popup) => {
      popup.close().catch(() => undefined);
    });
    gate.prefetch(start.url, start.response);

    await race(page.goto(start.url, { waitUntil: 'domcontentloaded', timeout: Math.max(1, budget()) }));
    await race(
      page.waitForLoadState('load', { timeout: Math.max(1, Math.min(budget(), LOAD_WAIT_MS)) }).catch(() => undefined),
    );
    await race(gate.waitForQuiet(QUIET_MS, Math.min(budget(), LOAD_WAIT_MS)));

    const layoutAttribute = options.layout ? `data-ie-layout-${randomBytes(6).toString('hex')}` : undefined;
    if (layoutAttribute) await race(page.evaluate(`(${LAYOUT_FOLD_FUNCTION})(${JSON.stringify(layoutAttribute)})`));
    const scroll = await race(scrollToEnd(page, gate, scrolling, budget));
    await race(page.evaluate(SCROLL_TOP_SCRIPT));
    await race(page.evaluate(SETTLE_SCRIPT));
    await race(gate.waitForQuiet(QUIET_MS, Math.min(budget(), STEP_WAIT_MS)));

    if (layoutAttribute) await race(page.evaluate(`(${LAYOUT_SIZE_FUNCTION})(${JSON.stringify(layoutAttribute)})`));
    const finalUrl = page.url();
    if (finalUrl.startsWith('chrome-error:')) throw new Error(`the page navigated to an error page`);
    const html = await race(page.evaluate<string>(OUTER_HTML_SCRIPT));
    const frames = await readFrames(page, race, controller.signal);
    let sprites: SpritePiece[] = [];
    if (options.cutSprites) {
      try {
        sprites = await cutSprites(page, race, () => deadline - Date.now());
      } catch (error) {
        // Sprites are extras: a failure costs them, not the page.
        if (controller.signal.aborted) throw error;
      }
    }

    return {
      finalUrl,
      html,
      loadedImages: [...gate.loadedImages.values()],
      ...frames,
      sprites,
      refusedRequests: [...gate.refused],
      scroll,
      ...(layoutAttribute ? { layoutAttribute } : {}),
    };
  } catch (error) {
    throw toRenderError(error, controller.signal, gate, timeoutMs);
  } finally {
    clearTimeout(timer);
    stopListening?.();
    // Fetches still running for this page stop; the context goes with its cookies and cache.
    end('aborted');
    await context?.close().catch(() => undefined);
  }
}

/** The page through safeFetch: 2xx only, within the HTML limit. */
async function fetchPage(url: string, fetch: SafeFetch, signal: AbortSignal) {
  try {
    const response = await fetch(url, { kind: 'html', headers: { accept: PAGE_ACCEPT }, signal });
    const body = await readBuffer(response);
    return {
      url: response.url,
      response: { status: response.status, headers: toFulfilHeaders(response.headers), body },
    };
  } catch (error) {
    if (isSafeFetchError(error)) {
      throw new RenderFailedError('page-fetch', {
        message: error.message,
        detail: `${error.code}${error.detail ? `: ${error.detail}` : ''} (${error.url ?? url})`,
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Scrolls one viewport at a time, letting lazy images start and the network go quiet after each
 * step, until the end of the page brings nothing new for END_STEPS steps (an "infinite" list that
 * ends), or the scroll budget's time or height is spent, or the render's time is.
 */
async function scrollToEnd(
  page: Page,
  gate: NetworkGate,
  limits: ScrollBudget,
  budget: () => number,
): Promise<ScrollReport> {
  const until = Date.now() + Math.max(0, limits.timeMs);
  const left = () => Math.min(budget(), until - Date.now());
  let state = await page.evaluate<ScrollState>(MEASURE_SCRIPT);
  // Highs, not last values: a carousel that swaps its pictures or a page that shrinks is nothing new.
  let most = { height: state.height, images: state.images, loaded: gate.loadedImages.size };
  let steps = 0;
  let unchanged = 0;
  for (;;) {
    if (left() <= 0) return { steps, stoppedBy: 'time' };
    if (state.y + state.viewport >= limits.heightPx) return { steps, stoppedBy: 'height' };
    const atEnd = state.y + state.viewport >= state.height - 1;
    if (atEnd && state.y > 0) {
      await page.evaluate(SCROLL_BACK_SCRIPT);
      await page.evaluate(SETTLE_SCRIPT);
    }
    await page.evaluate(SCROLL_STEP_SCRIPT);
    steps++;
    await page.evaluate(SETTLE_SCRIPT);
    await gate.waitForQuiet(QUIET_MS, Math.max(0, Math.min(left(), STEP_WAIT_MS)));
    const now = await page.evaluate<ScrollState>(MEASURE_SCRIPT);
    const grew = now.height > most.height || now.images > most.images || gate.loadedImages.size > most.loaded;
    most = {
      height: Math.max(most.height, now.height),
      images: Math.max(most.images, now.images),
      loaded: gate.loadedImages.size,
    };
    // A step that did not move (a page that blocks scrolling) counts as the end too.
    const stuck = atEnd || now.y === state.y;
    unchanged = grew || !stuck ? 0 : unchanged + 1;
    if (unchanged >= END_STEPS) return { steps, stoppedBy: 'end' };
    state = now;
  }
}

function toRenderError(error: unknown, signal: AbortSignal, gate: NetworkGate, timeoutMs: number): Error {
  if (signal.aborted && signal.reason === 'timeout') {
    return new RenderFailedError('timeout', { message: renderTimeoutMessage(timeoutMs), cause: error });
  }
  if (isRenderError(error)) return error;
  if (signal.aborted) return new RenderFailedError('aborted', { message: RENDER_ABORTED_MESSAGE, cause: error });
  const refusal = gate.lastMainFrameRefusal;
  if (refusal) {
    return new RenderFailedError('page-fetch', {
      message: `The page sent the browser on to another address, which was not loaded: ${refusal.reason}`,
      detail: `the page navigated to ${refusal.url}, refused (${refusal.code})`,
      cause: error,
    });
  }
  return new RenderFailedError('browser', {
    message: RENDER_BROWSER_FAILED_MESSAGE,
    detail: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}
