import type { AppConfig } from '../config.ts';
import { createEmbeddedScanJobs } from './embedded.ts';
import type { ScanJobs, ScanJobsOptions } from './types.ts';

export * from './embedded.ts';
export * from './jobLog.ts';
export * from './types.ts';

/** A finished scan's results are kept this long unless configured (EXTRACT_API_JOB_TTL_HOURS). */
export const JOB_TTL_MS_DEFAULT = 24 * 3_600_000;

/** The scan jobs this configuration asks for: embedded by default. */
export async function createScanJobs(
  config: Pick<AppConfig, 'scanJobs' | 'scanQueue' | 'jobTtlMs' | 'redisUrl'>,
  deps: Pick<ScanJobsOptions, 'runScan' | 'describeFailure' | 'log'>,
): Promise<ScanJobs> {
  return createEmbeddedScanJobs({
    ...deps,
    concurrency: config.scanJobs ?? 2,
    maxQueued: config.scanQueue ?? 100,
    ttlMs: config.jobTtlMs ?? JOB_TTL_MS_DEFAULT,
  });
}
