// The website crawl, written once: its rules, the worker loop's one turn (crawlPage: read a page,
// count it, end the scan after its last), and the store a scan's state lives in. The embedded scan
// (extractWebsite) runs that turn from an in-process queue over a MemoryScanStore; on Redis,
// `pnpm worker` runs it from BullMQ's queue over a RedisScanStore (jobs/redis/pageWorker.ts).
export * from './crawlPage.ts';
export * from './defaults.ts';
export * from './extractWebsite.ts';
export * from './readScanPage.ts';
export * from './robots.ts';
export * from './robotsCache.ts';
export * from './rules.ts';
export * from './scanStore.ts';
export * from './sitemap.ts';
