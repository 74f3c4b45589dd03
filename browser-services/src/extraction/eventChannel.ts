import type { ExtractionEvent } from 'shared-contracts';

/**
 * Every extractor the pages run: its input and a signal, and the events as they happen. Aborting
 * the signal stops the work wherever it runs (a Worker, the server); the iterable then ends or
 * throws the abort. (A type of the browser's: the signal is the DOM's AbortSignal.)
 */
export type Extractor<Input> = (input: Input, signal: AbortSignal) => AsyncIterable<ExtractionEvent>;

/** The writing end of an event channel: an extractor built on callbacks pushes into it. */
export type EventChannel = {
  push(event: ExtractionEvent): void;
  /** No more events: the iteration ends after those already pushed. */
  end(): void;
  /** The work failed: the iteration throws `error` after the events already pushed. */
  fail(error: unknown): void;
  events: AsyncIterable<ExtractionEvent>;
};

/**
 * Turns callbacks (a Worker's messages, an engine's `onImage`) into the async iterable every
 * extractor returns. Events queue until read, in order; after `end` or `fail` pushes are ignored.
 */
export function createEventChannel(): EventChannel {
  const queue: ExtractionEvent[] = [];
  let closed = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(event) {
      if (closed) return;
      queue.push(event);
      notify();
    },
    end() {
      closed = true;
      notify();
    },
    fail(error) {
      if (closed) return;
      closed = true;
      failure = { error };
      notify();
    },
    events: {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const next = queue.shift();
          if (next) {
            yield next;
            continue;
          }
          if (closed) {
            if (failure) throw failure.error;
            return;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      },
    },
  };
}
