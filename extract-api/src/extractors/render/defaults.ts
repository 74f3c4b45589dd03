// The render's defaults, in a module that imports nothing: the settings (config.ts) read them
// without loading Chromium's driver.

export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;
/** Pages rendered at once by one process: each is a Chromium renderer of a few hundred MB and a busy core. */
export const DEFAULT_RENDERS = 2;
/** Renders a visitor may wait for behind them: a short line, the wait is a few renders long. */
export const DEFAULT_RENDER_QUEUE = 8;
/** Scrolling stops after this long, even if the page still grows (an endless feed). */
export const DEFAULT_SCROLL_TIME_MS = 15_000;
/** Scrolling stops once this far down the page (about 55 screens), even if the page still grows. */
export const DEFAULT_SCROLL_HEIGHT_PX = 50_000;
/** Chromium's renderer processes at most, and the memory each may take. */
export const RENDERER_PROCESSES_DEFAULT = 4;
export const RENDERER_MEMORY_MB_DEFAULT = 2048;
