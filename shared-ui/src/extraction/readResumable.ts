import type * as z from 'zod/mini';
import { NdjsonLineError, readNdjson } from './readNdjson.ts';

/** An event stream's line as numbered by the server: `seq` says where a re-attach resumes. */
type Numbered = { seq: number; type: string };

export type ResumableOptions<Schema extends z.ZodMiniType> = {
  /**
   * Opens the stream of what came after the cursor (0: from the start). Answers the response, or
   * throws: a throw that is not a network failure (the job is gone, the request refused) ends
   * the reading with that error.
   */
  open: (after: number, signal: AbortSignal) => Promise<Response>;
  /** Each line is checked against it; its `seq` numbers it. */
  schema: Schema;
  signal: AbortSignal;
  /** Where to start (a cursor kept from before). */
  after?: number;
  /** The events that end the stream: once one is read, nothing more is asked for. */
  isLast: (event: z.infer<Schema>) => boolean;
  /** Reconnections in a row that may fail before the reading gives up (a stream that makes progress resets it). */
  retries?: number;
  /** Waits before reconnecting: `backoffMs * 2^attempt`. */
  backoffMs?: number;
};

/** The network or the server dropped the stream before its last event, and reconnecting did not help. */
export class StreamLostError extends Error {
  override readonly name = 'StreamLostError';
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Reads a numbered NDJSON event stream that may break (a dropped connection, a restarted server,
 * a proxy's timeout) and picks it up again after the last event it handed over, so nothing comes
 * twice and nothing is missed: the client side of a server job's events. Ends after a last event
 * (`isLast`); a stream that ends without one is reopened. Breaking out of the loop, or the signal,
 * closes the stream (the job on the server goes on).
 */
export async function* readResumableNdjson<Schema extends z.ZodMiniType>(
  options: ResumableOptions<Schema>,
): AsyncGenerator<z.infer<Schema>> {
  const { signal, schema, isLast } = options;
  const retries = options.retries ?? 5;
  const backoffMs = options.backoffMs ?? 500;
  let cursor = options.after ?? 0;
  let failures = 0;
  for (;;) {
    signal.throwIfAborted();
    let response: Response | undefined;
    try {
      response = await options.open(cursor, signal);
    } catch (error) {
      if (signal.aborted || !(error instanceof TypeError)) throw error;
    }
    if (response?.body) {
      try {
        for await (const event of readNdjson(response.body, schema)) {
          const { seq } = event as Numbered;
          // A server that replays what was already handed over (it never should) is not believed twice.
          if (seq <= cursor) continue;
          cursor = seq;
          failures = 0;
          yield event;
          if (isLast(event)) return;
        }
      } catch (error) {
        if (signal.aborted || error instanceof NdjsonLineError) throw error;
      }
    }
    failures += 1;
    if (failures > retries) throw new StreamLostError('The connection to the service was lost.');
    await wait(backoffMs * 2 ** (failures - 1), signal);
  }
}
