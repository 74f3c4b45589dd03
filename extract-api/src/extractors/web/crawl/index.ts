// The website crawl, written once: its rules, the one page step, and the store a scan's state lives
// in. The embedded scan (extractWebsite) runs here; on Redis, `pnpm worker` runs the same step
// (jobs/redis/pageWorker.ts) over a RedisScanStore.
export * from './extractWebsite.ts';
export * from './readScanPage.ts';
export * from './robots.ts';
export * from './robotsCache.ts';
export * from './rules.ts';
export * from './scanStore.ts';
export * from './sitemap.ts';
