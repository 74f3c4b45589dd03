/**
 * Render JavaScript: a page loaded in headless Chromium (playwright-core driving
 * Debian's chromium), scrolled until its end brings nothing new (within a time and a height
 * budget) so lazy images and endless lists load; reports every image the browser loaded, every
 * CSS background of the final DOM, what the page drew (canvases, blob: images) and its open
 * shadow roots, to merge with the static extraction; with `cutSprites`, the pieces of CSS sprite
 * sheets it shows.
 *
 *   const page = await renderPage(url, { fetch: fetcher.fetch, chromiumPath: config.chromiumPath, signal });
 *   // page.loadedImages, page.cssBackgrounds, page.drawn, page.shadowRoots, page.scroll,
 *   // page.html (to parse statically too), page.finalUrl
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
export * from './defaults.ts';
export {
  type DrawnImage,
  type DrawnKind,
  MAX_CANVASES,
  MAX_DRAWN_CHARS,
  MAX_DRAWN_IMAGE_CHARS,
  MIN_CANVAS_SIDE,
} from './drawnInPage.ts';
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
export type { FramesRead, ShadowRootHtml } from './readFrames.ts';
export {
  RENDER_VIEWPORT,
  type RenderedPage,
  type RenderLimits,
  type RenderOptions,
  renderPage,
  type ScrollBudget,
  type ScrollReport,
  type ScrollStop,
  setRenderLimits,
  setScrollBudget,
} from './renderPage.ts';
export {
  type BrowserLaunchSettings,
  browserLaunchWarning,
  setBrowserLaunch,
} from './sandbox.ts';
export { MAX_SPRITE_PIECES, MIN_SPRITE_SIDE, type SpritePiece } from './sprites.ts';
