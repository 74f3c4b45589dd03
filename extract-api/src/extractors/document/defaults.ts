// The documents' defaults, in a module that imports nothing: the settings (config.ts) read them
// without loading the document engine.

/** A request may keep the engine busy this long; in the browser there is no bound (it is the user's own CPU). */
export const DOCUMENT_TIME_LIMIT_MS = 120_000;

/**
 * Figures (`find=figures|both`). Each one is a render, the costly part, so their number is bounded
 * per answer; each render is bounded in pixels (a poster-sized figure at 600 dpi is past a
 * billion) and in time, within the document's own limits.
 */
export const FIGURE_LIMITS = {
  /** Figures one answer gives; past it the first ones and a note. */
  maxFigures: 200,
  /** Pixels of one render (width × height). */
  maxPixels: 40_000_000,
  /** One render's time. */
  renderTimeLimitMs: 30_000,
} as const;

export type FigureLimits = { maxFigures: number; maxPixels: number; renderTimeLimitMs: number };
