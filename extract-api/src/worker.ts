import { admissionLimits, extractionBudgets, finishedJobsBound, loadConfig } from './config.ts';
import { toHttpFailure } from './errors.ts';
import { browserLaunchWarning, setBrowserLaunch, setRenderLimits, setScrollBudget } from './extractors/render/index.ts';
import { createPageWorker } from './jobs/index.ts';
import { createSafeFetcher } from './services/safeFetch/index.ts';

// `pnpm worker`: reads the pages of website scans from Redis (REDIS_URL), beside any number of
// other workers on any machine. Configuration as the API's (loadConfig); SIGTERM lets the pages in
// hand finish their step and hands the rest back to the queue.
const config = loadConfig();
if (!config.redisUrl) {
  process.stderr.write('[worker] REDIS_URL is not set: without Redis, website scans run inside the API (npm start).\n');
  process.exit(2);
}
const fetcher = createSafeFetcher({ allowLoopback: config.allowLoopback });
// This worker's renders gate (EXTRACT_API_RENDERS…): each worker process has its own Chromium.
const limits = admissionLimits(config);
setRenderLimits(limits.renders);
setScrollBudget(config.renderScroll);
// Chromium as the API's: with its sandbox, as an unprivileged account when this is root.
setBrowserLaunch(config);
const renderWarning = await browserLaunchWarning();
if (renderWarning) process.stderr.write(`[worker] ${renderWarning}\n`);
const worker = createPageWorker({
  redisUrl: config.redisUrl,
  fetch: fetcher.fetch,
  chromiumPath: config.chromiumPath,
  perHost: config.pagesPerHost,
  concurrency: config.workerPages,
  scanTimeLimitMs: limits.scans.timeLimitMs,
  budgets: extractionBudgets(config),
  probesPerHost: config.probesPerHost,
  originals: config.originals,
  auditMaxUsesPerPage: config.auditMaxUsesPerPage,
  ttlMs: config.jobTtlMs,
  finished: finishedJobsBound(config),
  lockDurationMs: config.workerLockMs,
  hostLeaseMs: config.workerLockMs,
  describeFailure: (error) => toHttpFailure(error).message,
  log: { error: (object, message) => process.stderr.write(`[worker] ${message} ${JSON.stringify(object)}\n`) },
});
worker.worker.on('error', (error) => process.stderr.write(`[worker] ${error.message}\n`));
process.stdout.write(`[worker] reading website scan pages from Redis, ${config.workerPages} at once\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([worker.close(), fetcher.close()]).then(() => process.exit(0));
  });
}
