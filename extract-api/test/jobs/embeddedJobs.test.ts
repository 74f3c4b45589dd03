import { MESSAGES, type SequencedEvent } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { BusyError } from '../../src/admission/index.ts';
import { createEmbeddedScanJobs, type RunScan, type ScanJobsOptions } from '../../src/jobs/index.ts';
import { scanJobsSuite } from './scanJobsSuite.ts';

scanJobsSuite('embedded', async (options) => createEmbeddedScanJobs(options));

describe('website scan jobs (embedded): the scans gate', () => {
  /** A scan that runs until it is stopped, counting the scans running at once. */
  const counting = () => {
    const seen = { now: 0, most: 0 };
    const runScan: RunScan = async function* (_input, signal) {
      seen.now += 1;
      seen.most = Math.max(seen.most, seen.now);
      try {
        yield { type: 'start', runsOn: 'server', unit: 'pages' };
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      } finally {
        seen.now -= 1;
      }
    };
    return { seen, runScan };
  };
  const options = (runScan: RunScan, more: Partial<ScanJobsOptions> = {}): ScanJobsOptions => ({
    runScan,
    concurrency: 1,
    maxQueued: 1,
    timeLimitMs: 60_000,
    ttlMs: 60_000,
    describeFailure: () => 'failed',
    ...more,
  });
  const input = { url: 'https://a.example/', depth: 1, render: false };

  it('runs `concurrency` scans at once, queues `maxQueued`, refuses the next with the busy sentence', async () => {
    const { seen, runScan } = counting();
    const jobs = createEmbeddedScanJobs(options(runScan));
    try {
      const first = await jobs.create(input);
      const second = await jobs.create(input);
      await expect(jobs.create(input)).rejects.toBeInstanceOf(BusyError);
      await expect(jobs.create(input)).rejects.toThrow(MESSAGES.website.busy);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen.most).toBe(1);
      expect((await jobs.snapshot(second.id, 0))?.status).toBe('queued');
      // Cancelled while it waits: it leaves the line, and its place is free for another.
      expect((await jobs.cancel(second.id))?.status).toBe('cancelled');
      const third = await jobs.create(input);
      await jobs.cancel(first.id);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await jobs.snapshot(third.id, 0))?.status).toBe('running');
      expect(seen.most).toBe(1);
      await jobs.cancel(third.id);
    } finally {
      await jobs.close();
    }
  });

  it("counts a scan's time from its start, not from its wait in the line", async () => {
    const { runScan } = counting();
    const jobs = createEmbeddedScanJobs(options(runScan, { timeLimitMs: 300 }));
    try {
      const first = await jobs.create(input);
      const second = await jobs.create(input);
      const last = async (id: string) => {
        const events: SequencedEvent[] = [];
        for await (const event of (await jobs.events(id, 0)) ?? []) events.push(event);
        return events.at(-1);
      };
      const started = Date.now();
      expect(await last(first.id)).toMatchObject({ type: 'error', code: 'time-limit' });
      expect(await last(second.id)).toMatchObject({ type: 'error', code: 'time-limit' });
      // One after the other: the second's 300 ms began when the first's ended.
      expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    } finally {
      await jobs.close();
    }
  });
});
