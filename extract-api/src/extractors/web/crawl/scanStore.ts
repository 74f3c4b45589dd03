import { createNameAllocator } from 'media-files';
import type { ExtractedImage } from 'shared-contracts';
import type { ExtractionBudget } from '../../probe/index.ts';

/** One page of a scan: `depth` link hops from its start page. */
export type PageTask = {
  url: string;
  depth: number;
  /** A batch: the start address (as given) this page was reached from, its images' origin. */
  origin?: string;
};

/**
 * What the page step (readScanPage) needs of a scan's state: its frontier, the pages and images it
 * has seen, the file names it gave out, its events and its budgets' counters. One implementation
 * in memory (a scan run by this process: MemoryScanStore), one on Redis (every `pnpm worker`
 * reading pages of one scan: jobs/redis/redisPageStore.ts), so the crawl rules are written once.
 */
export interface ScanStore {
  /** The scan's budgets are spent: a page taken before is not read, a page read has its links left. */
  budgetSpent(): boolean | Promise<boolean>;
  /** A page is about to be requested (progress names it). */
  reading(url: string): void;
  /** Which of these images (`imageKey`) the page is to measure: those no page of the scan has claimed. */
  freshImages(keys: readonly string[]): Promise<boolean[]>;
  /** How many of `wanted` fresh candidates the page may measure (the images budget); undefined: all. */
  takeImages(wanted: number): Promise<number | undefined>;
  /** Candidates a budget left unmeasured: counted once each, never measured later. */
  markNotChecked(keys: readonly string[]): Promise<void>;
  /** A measured image: given out once, its file name apart from the scan's others. */
  addImage(image: ExtractedImage): Promise<void>;
  /** Frames read as part of a page: never fetched again as pages of their own. */
  markFrames(urls: readonly string[]): Promise<void>;
  /** True for the one start page that seeds the scan from this site's sitemaps (read once per origin). */
  claimSitemaps(origin: string): Promise<boolean>;
  /** A link the crawl rules allow: taken into the frontier once (within the page limit). */
  enqueue(task: PageTask): Promise<void>;
  /** The scan stops with pages left to read: its done event says `stoppedAtLimit`. */
  markStoppedAtLimit(): Promise<void>;
}

/**
 * A scan's state in this process (the embedded scan, extractWebsite): images claimed on sight, so
 * a candidate is measured once however many pages name it; the next level of the breadth-first
 * scan is `frontier`, cut to the page limit when it is read.
 */
export class MemoryScanStore implements ScanStore {
  readonly #seenPages: Set<string>;
  readonly #seenImages = new Set<string>();
  readonly #sitemapOrigins = new Set<string>();
  readonly #allocateName = createNameAllocator();
  /** Pages taken for the next level, in the order they were found. */
  frontier: PageTask[] = [];
  found = 0;
  notChecked = 0;
  stoppedAtLimit = false;

  constructor(
    starts: readonly string[],
    private readonly budget: ExtractionBudget | undefined,
    private readonly events: { image(image: ExtractedImage): void; reading(url: string): void },
  ) {
    this.#seenPages = new Set(starts);
  }

  budgetSpent(): boolean {
    return this.budget?.spent ?? false;
  }

  reading(url: string): void {
    this.events.reading(url);
  }

  async freshImages(keys: readonly string[]): Promise<boolean[]> {
    return keys.map((key) => {
      if (this.#seenImages.has(key)) return false;
      this.#seenImages.add(key);
      return true;
    });
  }

  async takeImages(wanted: number): Promise<number | undefined> {
    return this.budget?.takeImages(wanted);
  }

  async markNotChecked(keys: readonly string[]): Promise<void> {
    this.notChecked += keys.length;
  }

  async addImage(image: ExtractedImage): Promise<void> {
    this.found += 1;
    this.events.image({ ...image, name: this.#allocateName(image.name) });
  }

  async markFrames(urls: readonly string[]): Promise<void> {
    for (const url of urls) this.#seenPages.add(url);
  }

  async claimSitemaps(origin: string): Promise<boolean> {
    if (this.#sitemapOrigins.has(origin)) return false;
    this.#sitemapOrigins.add(origin);
    return true;
  }

  async enqueue(task: PageTask): Promise<void> {
    if (this.#seenPages.has(task.url)) return;
    this.#seenPages.add(task.url);
    this.frontier.push(task);
  }

  async markStoppedAtLimit(): Promise<void> {
    this.stoppedAtLimit = true;
  }
}
