import { randomBytes } from 'node:crypto';
import { type JobCreated, type JobSnapshot, type JobStatus, MESSAGES } from 'shared-contracts';
import { createLimiter } from '../extractors/probe/index.ts';
import { endStatus, followLog, JobLog } from './jobLog.ts';
import { JobsBusyError, type ScanJobs, type ScanJobsOptions, type WebsiteJobInput } from './types.ts';

type Job = {
  id: string;
  input: WebsiteJobInput;
  status: JobStatus;
  createdAt: number;
  expiresAt?: number;
  log: JobLog;
  controller: AbortController;
};

/** An unguessable, URL-safe id: whoever has it sees the scan, so it is the scan's only key. */
export function newJobId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The embedded default: jobs queued and run in this process, their events and images held in
 * memory until `ttlMs` after they end (swept every minute). Nothing to install, nothing to run
 * beside the API; a restart loses them (REDIS_URL is for scans that must survive one).
 */
export function createEmbeddedScanJobs(options: ScanJobsOptions): ScanJobs {
  const now = options.now ?? Date.now;
  const jobs = new Map<string, Job>();
  const slots = createLimiter(options.concurrency);
  let waiting = 0;

  const sweep = setInterval(
    () => {
      const at = now();
      for (const [id, job] of jobs) if (job.expiresAt !== undefined && job.expiresAt <= at) jobs.delete(id);
    },
    Math.min(60_000, Math.max(1_000, options.ttlMs)),
  );
  sweep.unref();

  /** The job under this id, unless it expired (a sweep may not have come by yet). */
  const find = (id: string): Job | undefined => {
    const job = jobs.get(id);
    if (job?.expiresAt !== undefined && job.expiresAt <= now()) {
      jobs.delete(id);
      return undefined;
    }
    return job;
  };

  const finish = (job: Job) => {
    job.status = endStatus(job.log.after(job.log.cursor - 1).at(-1));
    job.expiresAt = now() + options.ttlMs;
  };

  const run = async (job: Job) => {
    waiting -= 1;
    if (job.controller.signal.aborted) return;
    job.status = 'running';
    try {
      for await (const event of options.runScan(job.input, job.controller.signal)) {
        if (job.controller.signal.aborted) break;
        job.log.append(event);
        if (job.log.ended) break;
      }
      if (job.controller.signal.aborted) throw job.controller.signal.reason;
      if (!job.log.ended) throw new Error('[jobs] the scan ended without a last event');
    } catch (error) {
      if (!job.log.ended) {
        if (job.controller.signal.aborted) {
          job.log.append({ type: 'error', error: MESSAGES.website.cancelled, code: 'cancelled' });
        } else {
          options.log?.error({ err: error, job: job.id }, 'website scan failed');
          job.log.append({ type: 'error', error: options.describeFailure(error) });
        }
      }
    } finally {
      finish(job);
    }
  };

  const snapshotOf = (job: Job, after: number): JobSnapshot => {
    const last = job.log.ended ? job.log.after(job.log.cursor - 1).at(-1) : undefined;
    const progress = job.log.progress;
    return {
      id: job.id,
      status: job.status,
      createdAt: job.createdAt,
      ...(job.expiresAt === undefined ? {} : { expiresAt: job.expiresAt }),
      ...(progress ? { progress: withoutSeq(progress) } : {}),
      images: job.log.images(after),
      cursor: job.log.cursor,
      ...(last?.type === 'error' ? { error: last.error } : {}),
    };
  };

  return {
    kind: 'embedded',
    async create(input): Promise<JobCreated> {
      if (waiting >= options.maxQueued) throw new JobsBusyError(MESSAGES.website.busy);
      const job: Job = {
        id: newJobId(),
        input,
        status: 'queued',
        createdAt: now(),
        log: new JobLog(),
        controller: new AbortController(),
      };
      jobs.set(job.id, job);
      waiting += 1;
      void slots(() => run(job));
      return { id: job.id, status: job.status };
    },
    async snapshot(id, after) {
      const job = find(id);
      return job && snapshotOf(job, after);
    },
    async events(id, after, signal) {
      const job = find(id);
      return job && followLog(job.log, after, signal);
    },
    async cancel(id) {
      const job = find(id);
      if (!job) return undefined;
      if (!job.log.ended) {
        // Ended at once, so readers stop now; the scan's requests in flight are aborted with it.
        job.log.append({ type: 'error', error: MESSAGES.website.cancelled, code: 'cancelled' });
        finish(job);
        job.controller.abort(new DOMException('Cancelled', 'AbortError'));
      }
      return snapshotOf(job, job.log.cursor);
    },
    async images(id) {
      return find(id)?.log.images();
    },
    async close() {
      clearInterval(sweep);
      for (const job of jobs.values()) job.controller.abort(new DOMException('Shutting down', 'AbortError'));
    },
  };
}

function withoutSeq<T extends { seq: number }>(event: T): Omit<T, 'seq'> {
  const { seq: _seq, ...rest } = event;
  return rest;
}
