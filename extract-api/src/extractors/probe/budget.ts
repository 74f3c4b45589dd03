import { ByteBudget, type SafeFetch, withByteBudget } from '../../services/safeFetch/index.ts';

/**
 * What one extraction (a page of the URL tool, a website scan) may spend, so that no request can
 * make the server fetch without end: the settings EXTRACT_API_MAX_IMAGES_PER_PAGE,
 * EXTRACT_API_MAX_IMAGES_PER_SCAN and EXTRACT_API_MAX_BYTES_PER_EXTRACTION.
 */
export type ExtractionBudgets = {
  /** Candidate images measured per page; the page's others are counted as not checked, never fetched. */
  imagesPerPage: number;
  /** Candidate images measured by one scan, its pages together. */
  imagesPerScan: number;
  /** Bytes all fetches of one extraction may receive together: pages, stylesheets, robots.txt, sitemaps, probes, a render's requests. */
  bytesPerExtraction: number;
};

/**
 * One extraction's spending in this process: the byte budget every fetch of it counts against,
 * and the images it may still measure. (A scan on Redis keeps the same counts in Redis, shared by
 * its workers: see jobs/redis.)
 */
export class ExtractionBudget {
  readonly bytes: ByteBudget;
  #imagesLeft: number;

  constructor(readonly budgets: ExtractionBudgets) {
    this.bytes = new ByteBudget(budgets.bytesPerExtraction);
    this.#imagesLeft = budgets.imagesPerScan;
  }

  /** How many of a page's `candidates` may be measured, taken from what the extraction has left. */
  takeImages(candidates: number): number {
    const granted = Math.max(0, Math.min(candidates, this.budgets.imagesPerPage, this.#imagesLeft));
    this.#imagesLeft -= granted;
    return granted;
  }

  /** Nothing more can be measured: the scan's images or its bytes are spent. */
  get spent(): boolean {
    return this.#imagesLeft <= 0 || this.bytes.exhausted;
  }

  /** `fetch` with every request counted against this extraction's bytes. */
  metered(fetch: SafeFetch): SafeFetch {
    return withByteBudget(fetch, this.bytes);
  }
}
