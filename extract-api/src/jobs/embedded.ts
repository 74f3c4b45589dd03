import { type JobCreated, type JobSnapshot, type JobStatus, MESSAGES } from 'shared-contracts';
import { type Admission, createGate, TimeLimitError } from '../admission/index.ts';
import { AuditRecords, DEFAULT_AUDIT_MAX_USES } from './auditRecords.ts';
import { endStatus, followLog, JobLog } from './jobLog.ts';
import { newJobId, scanTimeLimitEvent, scanTimeLimitMessage } from './shared.ts';
import type { ScanJobs, ScanJobsOptions, WebsiteJobInput } from './types.ts';

type Job = {
  id: string;
  input: WebsiteJobInput;
  status: JobStatus;
  createdAt: number;
  expiresAt?: number;
  log: JobLog;
  controller: AbortController;
  /** An auditing job's records (`audit: true`). */
  audit?: AuditRecords;
};

/**
 * The embedded default: jobs queued and run in this process, their events and images held in
 * memory until `ttlMs` after they end (swept every minute), or until newer finished jobs push
 * them past `finished`'s bound. Nothing to install, nothing to run beside the API; a restart loses them (REDIS_URL is for scans that must survive one).
 */
export function createEmbeddedScanJobs(options: ScanJobsOptions): ScanJobs {
  const now = options.now ?? Date.now;
  const jobs = new Map<string, Job>();
  // The scans gate: EXTRACT_API_SCAN_JOBS at once, EXTRACT_API_SCAN_QUEUE waiting, each scan
  // stopped at EXTRACT_API_SCAN_TIME_LIMIT_MIN from when it starts.
  const scans = createGate({
    name: 'scans',
    concurrency: options.concurrency,
    maxWaiting: options.maxQueued,
    timeLimitMs: options.timeLimitMs,
    busyMessage: MESSAGES.website.busy,
    timeLimitMessage: scanTimeLimitMessage,
  });

  // Finished jobs in the order they ended (a Map keeps it), so the oldest is first both to expire
  // and to go when the finished-jobs bound is passed; and the bytes of their events.
  const finished = new Map<string, Job>();
  let finishedBytes = 0;
  const forget = (job: Job) => {
    jobs.delete(job.id);
    if (finished.delete(job.id)) finishedBytes -= job.log.bytes + (job.audit?.bytes ?? 0);
  };

  const sweep = setInterval(
    () => {
      const at = now();
      for (const job of finished.values()) {
        if ((job.expiresAt ?? 0) > at) break;
        forget(job);
      }
    },
    Math.min(60_000, Math.max(1_000, options.ttlMs)),
  );
  sweep.unref();

  /** The job under this id, unless it expired (a sweep may not have come by yet). */
  const find = (id: string): Job | undefined => {
    const job = jobs.get(id);
    if (job?.expiresAt !== undefined && job.expiresAt <= now()) {
      forget(job);
      return undefined;
    }
    return job;
  };

  const finish = (job: Job) => {
    // Cancel ends a job at once and its run ends it again: its time to live runs from the first.
    if (finished.has(job.id)) return;
    job.status = endStatus(job.log.after(job.log.cursor - 1).at(-1));
    job.expiresAt = now() + options.ttlMs;
    finished.set(job.id, job);
    finishedBytes += job.log.bytes + (job.audit?.bytes ?? 0);
    const bound = options.finished;
    if (!bound) return;
    // The job that just ended stays, whatever its size: it is the one its visitor is looking at.
    for (const oldest of finished.values()) {
      if (finished.size <= bound.maxCount && finishedBytes <= bound.maxBytes) break;
      if (oldest === job) break;
      forget(oldest);
    }
  };

  const run = async (job: Job, admission: Admission) => {
    // Stopped by Cancel, by shutting down, or by the gate's clock.
    const { signal } = admission;
    job.status = 'running';
    try {
      const onAudit = job.audit ? job.audit.add.bind(job.audit) : undefined;
      for await (const event of options.runScan(job.input, signal, onAudit)) {
        if (signal.aborted) break;
        job.log.append(event);
        if (job.log.ended) break;
      }
      if (signal.aborted) throw signal.reason;
      if (!job.log.ended) throw new Error('[jobs] the scan ended without a last event');
    } catch (error) {
      if (!job.log.ended) {
        if (job.controller.signal.aborted) {
          job.log.append({ type: 'error', error: MESSAGES.website.cancelled, code: 'cancelled' });
        } else if (signal.reason instanceof TimeLimitError) {
          job.log.append(scanTimeLimitEvent(signal.reason.limitMs));
        } else {
          options.log?.error({ err: error, job: job.id }, 'website scan failed');
          job.log.append({ type: 'error', error: options.describeFailure(error) });
        }
      }
    } finally {
      admission.release();
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
      const controller = new AbortController();
      // Refused here, before the job exists, when the line is full (BusyError: 503).
      const admitted = scans.admit({ signal: controller.signal });
      const job: Job = {
        id: newJobId(),
        input,
        status: 'queued',
        createdAt: now(),
        log: new JobLog(),
        controller,
        ...(input.audit ? { audit: new AuditRecords(options.auditMaxUses ?? DEFAULT_AUDIT_MAX_USES) } : {}),
      };
      jobs.set(job.id, job);
      // A job cancelled while it waits leaves the line: Cancel has already ended its log.
      admitted.then(
        (admission) => run(job, admission),
        () => undefined,
      );
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
    async audit(id) {
      const job = find(id);
      if (!job) return undefined;
      const audit = job.audit ?? { uses: [], fetches: [], droppedUses: 0 };
      const pages = job.log.progress?.done ?? 0;
      return {
        uses: audit.uses,
        fetches: audit.fetches,
        droppedUses: audit.droppedUses,
        input: job.input,
        status: job.status,
        pages,
      };
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
