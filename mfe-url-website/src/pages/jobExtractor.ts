import type { ExtractionEvent } from 'shared-contracts';
import { cancelledByVisitor } from 'shared-ui';
import { cancelWebsiteJob, type WebsiteJobRun, websiteJobExtractor } from '../api/extractClient.ts';

/**
 * When a job a screen reads is stopped on the server short of its end:
 * - `on-cancel` (the Website screen): on the visitor's Cancel only. A job left behind (the page
 *   closed, a new scan) goes on, and its `?job=` address re-attaches to it.
 * - `on-leave` (the URL screen's list): whenever its run ends short, for nobody will read it again.
 */
export type JobStop = 'on-cancel' | 'on-leave';

/**
 * A website job as a screen runs it: the one place a screen's job is cancelled on the server, so
 * that a screen's Cancel is one call (`cancel()` of its extraction). The Cancel is heard through
 * the run's signal the moment it happens, not when the job's stream next speaks.
 */
export function jobExtractor(stop: JobStop) {
  return async function* readJob(run: WebsiteJobRun, signal: AbortSignal): AsyncGenerator<ExtractionEvent> {
    let job = 'attach' in run ? run.attach : undefined;
    let ended = false;
    const stopJob = () => {
      if (job && !ended && (stop === 'on-leave' || cancelledByVisitor(signal))) void cancelWebsiteJob(job);
    };
    signal.addEventListener('abort', stopJob, { once: true });
    const told: WebsiteJobRun =
      'attach' in run
        ? run
        : {
            ...run,
            onJob: (id) => {
              job = id;
              run.onJob?.(id);
            },
          };
    try {
      for await (const event of websiteJobExtractor(told, signal)) {
        ended = event.type === 'done' || event.type === 'error';
        yield event;
      }
    } finally {
      signal.removeEventListener('abort', stopJob);
      // A list's job whose reading failed (the connection lost for good) is not read again either.
      if (stop === 'on-leave' && !signal.aborted) stopJob();
    }
  };
}
