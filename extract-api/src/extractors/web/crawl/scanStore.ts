import { createNameAllocator } from 'media-files';
import type { ExtractedImage, ExtractionEvent, ImageFetchFacts, ImageUse } from 'shared-contracts';
import type { ExtractionBudget } from '../../probe/index.ts';
import { imageKey } from '../toExtractedImages.ts';
import { MAX_LISTED_FAILURES } from './rules.ts';

/** One page of a scan: `depth` link hops from its start page. */
export type PageTask = {
  url: string;
  depth: number;
  /** A batch: the start address (as given) this page was reached from, its images' origin. */
  origin?: string;
};

/** What the image audit read of one page: its image elements, and what fetching its new images told. */
export type AuditRecord = { uses?: ImageUse[]; fetches?: ImageFetchFacts[] };

/** A page of the scan that failed, and why in the user's words. */
export type PageFailure = { url: string; reason: string };

/**
 * What the worker loop's turn (crawlPage, readScanPage) needs of a scan's state: its frontier, the pages and images it
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
  /** What the image audit read of a page (its image elements, its images' fetches), in an auditing scan. */
  addAudit(record: AuditRecord): Promise<void>;
  /** Frames read as part of a page: never fetched again as pages of their own. */
  markFrames(urls: readonly string[]): Promise<void>;
  /** True for the one start page that seeds the scan from this site's sitemaps (read once per origin). */
  claimSitemaps(origin: string): Promise<boolean>;
  /** A link the crawl rules allow: taken into the frontier once (within the page limit). */
  enqueue(task: PageTask): Promise<void>;
  /** The scan stops with pages left to read: its done event says `stoppedAtLimit`. */
  markStoppedAtLimit(): Promise<void>;
  /** A start page could not be read: why, kept for the scan's error should no page be read at all. */
  startFailed(error: unknown): Promise<void>;
  /** A page is done (read, failed with why, or left unread): counted once; true for the one caller that is to end the scan. */
  pageDone(url: string, failure?: PageFailure): Promise<boolean>;
  /** Writes the scan's last event: done, or the start pages' error when no page could be read. */
  end(): Promise<void>;
}

/** What a scan run in this process tells its loop (extractWebsite). */
export type MemoryScanHooks = {
  /** An event of the scan (an image, progress), in the order it happens. */
  emit(event: ExtractionEvent): void;
  /** A page taken into the scan: the loop reads it. */
  take(task: PageTask): void;
  /** The scan's last page is done. */
  ended(): void;
  /** What the image audit read of a page (an auditing scan). */
  audit?(record: AuditRecord): void;
};

/**
 * A scan's state in this process (the embedded scan, extractWebsite): images claimed on sight, so
 * a candidate is measured once however many pages name it; pages taken once each, in the order
 * found, up to the page limit.
 */
export class MemoryScanStore implements ScanStore {
  readonly #seenPages = new Set<string>();
  readonly #seenImages = new Set<string>();
  readonly #sitemapOrigins = new Set<string>();
  readonly #allocateName = createNameAllocator();
  readonly #failures: PageFailure[] = [];
  enqueued = 0;
  done = 0;
  failed = 0;
  found = 0;
  notChecked = 0;
  stoppedAtLimit = false;
  /** Why the first start page that failed could not be read. */
  startError: unknown;

  constructor(
    private readonly maxPages: number,
    private readonly budget: ExtractionBudget | undefined,
    private readonly hooks: MemoryScanHooks,
  ) {}

  /** The scan's progress, counted in pages; with the failed pages' list when one just failed. */
  progress(detail?: string, withFailures = false): ExtractionEvent {
    return {
      type: 'progress',
      unit: 'pages',
      done: this.done,
      queued: this.enqueued - this.done,
      found: this.found,
      ...(this.failed > 0 ? { failed: this.failed } : {}),
      ...(withFailures ? { failures: [...this.#failures] } : {}),
      ...(detail ? { detail } : {}),
      ...(this.notChecked > 0 ? { notChecked: this.notChecked } : {}),
    };
  }

  budgetSpent(): boolean {
    return this.budget?.spent ?? false;
  }

  reading(url: string): void {
    this.hooks.emit(this.progress(url));
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
    // A full-size original is claimed when given: two pages' copies of one original give it once.
    if (image.shownOnPage) {
      const key = imageKey(image.url, image.origin);
      if (this.#seenImages.has(key)) return;
      this.#seenImages.add(key);
    }
    this.found += 1;
    this.hooks.emit({ type: 'image', image: { ...image, name: this.#allocateName(image.name) } });
  }

  async addAudit(record: AuditRecord): Promise<void> {
    this.hooks.audit?.(record);
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
    if (this.enqueued >= this.maxPages) {
      this.stoppedAtLimit = true;
      return;
    }
    this.#seenPages.add(task.url);
    this.enqueued += 1;
    this.hooks.take(task);
  }

  async markStoppedAtLimit(): Promise<void> {
    this.stoppedAtLimit = true;
  }

  async startFailed(error: unknown): Promise<void> {
    this.startError ??= error;
  }

  async pageDone(_url: string, failure?: PageFailure): Promise<boolean> {
    this.done += 1;
    if (failure) {
      this.failed += 1;
      if (this.#failures.length < MAX_LISTED_FAILURES) this.#failures.push(failure);
    }
    this.hooks.emit(this.progress(undefined, !!failure));
    return this.done >= this.enqueued;
  }

  async end(): Promise<void> {
    this.hooks.ended();
  }
}
