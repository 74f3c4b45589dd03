// The crawl's defaults, in a module that imports nothing: the settings (config.ts) read them
// without loading the crawler.

export const CRAWL_DEFAULTS = {
  /** Pages of one host read at once: polite to the site, and enough to keep two cores busy. */
  pagesPerHost: 4,
  /** Pages read at once in all: by one embedded scan (a batch spans several hosts), or by one `pnpm worker`. */
  pages: 8,
} as const;
