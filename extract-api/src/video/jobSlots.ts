import { createLimiter } from '../extractors/probe/index.ts';
import { VideoJobError } from './errors.ts';

export type JobSlots = {
  /**
   * Waits for a free slot and holds it until `release` is called (once the answer has been sent
   * or abandoned, not when the handler returns: the frames stream out after it). Throws 'busy'
   * at once when the queue is full, rather than holding an upload open for minutes.
   */
  acquire: (signal?: AbortSignal) => Promise<() => void>;
  readonly active: number;
  readonly waiting: number;
};

/** Conversions at once, on the package's one limiter; at most `maxWaiting` queued behind them. */
export function createJobSlots(concurrency: number, maxWaiting: number): JobSlots {
  const limit = createLimiter(concurrency);
  return {
    acquire(signal) {
      if (limit.pending >= maxWaiting) return Promise.reject(VideoJobError.busy());
      return new Promise((resolve, reject) => {
        void limit(
          () =>
            new Promise<void>((release) => {
              if (signal?.aborted) {
                release();
                reject(VideoJobError.aborted());
                return;
              }
              let released = false;
              resolve(() => {
                if (released) return;
                released = true;
                release();
              });
            }),
        );
      });
    },
    get active() {
      return limit.active;
    },
    get waiting() {
      return limit.pending;
    },
  };
}
