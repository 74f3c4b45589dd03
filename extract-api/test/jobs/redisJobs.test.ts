import { afterAll, beforeAll } from 'vitest';
import { createPageWorker, createRedisScanJobs } from '../../src/jobs/index.ts';
import { createSafeFetcher } from '../../src/services/safeFetch/index.ts';
import { type RedisServer, startRedisServer } from '../fixtures/redisServer.ts';
import { scanJobsSuite } from './scanJobsSuite.ts';

let redis: RedisServer;
const fetcher = createSafeFetcher({ allowLoopback: true });
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await fetcher.close();
  await redis?.stop();
});

// The same suite as the embedded store's, against a real Redis with one BullMQ page worker.
scanJobsSuite(
  'redis',
  async (options) => {
    const jobs = await createRedisScanJobs({
      redisUrl: redis.url,
      maxPages: 100,
      ttlMs: options.ttlMs,
      finished: options.finished,
      maxWaitingPages: 10_000,
    });
    const worker = createPageWorker({
      redisUrl: redis.url,
      fetch: fetcher.fetch,
      perHost: 4,
      concurrency: 4,
      scanTimeLimitMs: options.timeLimitMs,
      ttlMs: options.ttlMs,
      finished: options.finished,
      describeFailure: options.describeFailure,
    });
    return {
      ...jobs,
      async close() {
        await worker.close();
        await jobs.close();
      },
    };
  },
  { expiryWaitMs: 2_200 },
);
