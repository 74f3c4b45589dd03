import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { PageTask } from './store.ts';

// The queue of page tasks, as the API (a scan's start pages) and every worker (the links it
// follows) add to it.

/** The BullMQ job id of a page of a scan: the same page is one job, however often it is added. */
export function pageJobId(scanId: string, url: string): string {
  return `${scanId}-${createHash('sha256').update(url).digest('hex').slice(0, 32)}`;
}

/** Adds a page task; BullMQ ignores it when the same page of the same scan is already there. */
export function addPageTask(queue: Queue, task: PageTask, keepSeconds: number) {
  return queue.add('page', task, {
    jobId: pageJobId(task.scanId, task.url),
    // Breadth first, as near as workers running at once allow.
    priority: Math.min(task.depth + 1, 2_097_152),
    removeOnComplete: { age: keepSeconds },
    removeOnFail: { age: keepSeconds },
    // A task that threw (Redis unreachable for a moment) is tried again; a page that fails to
    // load is not a throw: it is counted as failed, with why.
    attempts: 3,
    backoff: { type: 'exponential', delay: 1_000 },
  });
}
