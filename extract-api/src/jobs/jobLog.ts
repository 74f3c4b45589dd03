import type { ExtractedImage, ExtractionEvent, JobStatus, SequencedEvent } from 'shared-contracts';

type Progress = Extract<SequencedEvent, { type: 'progress' }>;

/**
 * The events of one job, numbered from 1, as readers re-attaching need them: every start, image,
 * done and error event, and the latest progress only (a progress event states totals, so the last
 * one says all; the list of failed pages is kept across progress events that leave it out).
 * In memory: the embedded store holds one per job.
 */
export class JobLog {
  #seq = 0;
  readonly #kept: SequencedEvent[] = [];
  #progress: Progress | undefined;
  #waiters = new Set<() => void>();
  #ended = false;
  #bytes = 0;

  get cursor(): number {
    return this.#seq;
  }

  get ended(): boolean {
    return this.#ended;
  }

  get progress(): Progress | undefined {
    return this.#progress;
  }

  /** The size of the events kept, as JSON: what the finished-jobs bound counts. */
  get bytes(): number {
    return this.#bytes;
  }

  append(event: ExtractionEvent): SequencedEvent {
    if (this.#ended) throw new Error('[jobs] a job that ended takes no more events');
    this.#seq += 1;
    const sequenced = { ...event, seq: this.#seq } as SequencedEvent;
    if (sequenced.type === 'progress') {
      const failures = sequenced.failures ?? this.#progress?.failures;
      this.#progress = failures ? { ...sequenced, failures } : sequenced;
    } else {
      this.#kept.push(sequenced);
      this.#bytes += JSON.stringify(sequenced).length;
      if (sequenced.type === 'done' || sequenced.type === 'error') this.#ended = true;
    }
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
    return sequenced;
  }

  /** What a reader that has seen up to `after` has not: in order, the latest progress in its place. */
  after(after: number): SequencedEvent[] {
    let low = 0;
    let high = this.#kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.#kept[middle] as SequencedEvent).seq <= after) low = middle + 1;
      else high = middle;
    }
    const events = this.#kept.slice(low);
    const progress = this.#progress;
    if (progress && progress.seq > after) {
      const at = events.findIndex((event) => event.seq > progress.seq);
      events.splice(at < 0 ? events.length : at, 0, progress);
    }
    return events;
  }

  images(after = 0): ExtractedImage[] {
    return this.after(after).flatMap((event) => (event.type === 'image' ? [event.image] : []));
  }

  /** Resolves at the next append (or at once when the job has ended), or when the signal aborts. */
  changed(signal?: AbortSignal): Promise<void> {
    if (this.#ended || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener('abort', done);
        this.#waiters.delete(done);
        resolve();
      };
      this.#waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

/** What a job's status is once its log ended with this event. */
export function endStatus(event: SequencedEvent | undefined): JobStatus {
  if (event?.type === 'done') return 'done';
  if (event?.type === 'error') return event.code === 'cancelled' ? 'cancelled' : 'failed';
  return 'running';
}

/** Reads a log from a cursor on, until it ends or the signal aborts. */
export async function* followLog(log: JobLog, after: number, signal?: AbortSignal): AsyncGenerator<SequencedEvent> {
  let cursor = after;
  for (;;) {
    const batch = log.after(cursor);
    for (const event of batch) {
      yield event;
      cursor = event.seq;
    }
    if (signal?.aborted) return;
    if (log.ended && log.after(cursor).length === 0) return;
    if (batch.length === 0) await log.changed(signal);
  }
}
