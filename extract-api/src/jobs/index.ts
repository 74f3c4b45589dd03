import { type AppConfig, finishedJobsBound } from '../config.ts';
import { createEmbeddedScanJobs } from './embedded.ts';
import { createRedisScanJobs } from './redis/redisJobs.ts';
import type { ScanJobs, ScanJobsOptions } from './types.ts';

export * from './embedded.ts';
export * from './jobLog.ts';
export { createPageWorker, type PageWorkerOptions } from './redis/pageWorker.ts';
export { createRedisHostGate, HOST_LEASE_MS, type RedisHostGateOptions } from './redis/redisHostGate.ts';
export { createRedisScanJobs } from './redis/redisJobs.ts';
export * from './shared.ts';
export * from './types.ts';

/** Page tasks that may wait on Redis before new scans are refused. */
export const MAX_WAITING_PAGES = 1_000_000;

/** The scan jobs this configuration asks for: on Redis when REDIS_URL is set, embedded otherwise. */
export async function createScanJobs(
  config: Pick<
    AppConfig,
    | 'scanJobs'
    | 'scanQueue'
    | 'scanTimeLimitMs'
    | 'jobTtlMs'
    | 'redisUrl'
    | 'maxPages'
    | 'finishedJobs'
    | 'finishedJobsBytes'
    | 'auditMaxUses'
  >,
  deps: Pick<ScanJobsOptions, 'runScan' | 'describeFailure' | 'log'>,
): Promise<ScanJobs> {
  if (config.redisUrl) {
    return createRedisScanJobs({
      redisUrl: config.redisUrl,
      maxPages: config.maxPages,
      ttlMs: config.jobTtlMs,
      finished: finishedJobsBound(config),
      maxWaitingPages: MAX_WAITING_PAGES,
      auditMaxUses: config.auditMaxUses,
    });
  }
  return createEmbeddedScanJobs({
    ...deps,
    concurrency: config.scanJobs,
    maxQueued: config.scanQueue,
    timeLimitMs: config.scanTimeLimitMs,
    ttlMs: config.jobTtlMs,
    finished: finishedJobsBound(config),
    auditMaxUses: config.auditMaxUses,
  });
}
