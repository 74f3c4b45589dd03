/**
 * Render JavaScript: a page loaded in headless Chromium (playwright-core driving
 * Debian's chromium), scrolled to the end so lazy images load; reports every image the browser
 * loaded and every CSS background of the final DOM, to merge with the static extraction.
 *
 *   const page = await renderPage(url, { fetch: fetcher.fetch, chromiumPath: config.chromiumPath, signal });
 *   // page.loadedImages, page.cssBackgrounds, page.html (to parse statically too), page.finalUrl
 *   await closeRenderer();                        // on shutdown (Fastify onClose)
 *
 * SSRF: the browser never connects by itself. Every request is answered through the given
 * safeFetch (which checks each hop's address) or refused; Chromium's resolver maps every host to
 * "not found" and WebRTC may not use UDP, as a second wall. One browser per process, a fresh
 * context (no shared cookies) per render.
 *
 * Chromium runs with its sandbox, never as root: a root service hands it to an unprivileged account
 * (sandbox.ts; set at start with setBrowserLaunch), and a launch that cannot do either is refused.
 */
export { CHROMIUM_ARGS, closeRenderer } from './browser.ts';
export {
  CHROMIUM_MISSING_MESSAGE,
  isRenderError,
  type RenderFailedCode,
  RenderFailedError,
  type RenderUnavailableCode,
  RenderUnavailableError,
} from './errors.ts';
export {
  type LoadedImage,
  MAX_RENDER_BYTES,
  MAX_RENDER_REQUESTS,
  type RefusalCode,
  type RefusedRequest,
} from './network.ts';
export {
  DEFAULT_MAX_SCROLL_STEPS,
  DEFAULT_RENDER_QUEUE,
  DEFAULT_RENDER_TIMEOUT_MS,
  DEFAULT_RENDERS,
  RENDER_VIEWPORT,
  type RenderedPage,
  type RenderLimits,
  type RenderOptions,
  renderPage,
  setRenderLimits,
} from './renderPage.ts';
export {
  type BrowserLaunchSettings,
  browserLaunchWarning,
  RENDERER_MEMORY_MB_DEFAULT,
  RENDERER_PROCESSES_DEFAULT,
  setBrowserLaunch,
} from './sandbox.ts';
