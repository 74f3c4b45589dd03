import { createLimiter } from '../extractors/probe/index.ts';

/** What a visitor refused by a full queue is told to wait, in seconds: the sentences say "in a minute". */
export const RETRY_AFTER_S = 60;

/**
 * The queue of a gate is full: the request is answered 503 with this sentence and a Retry-After
 * at once, rather than held open for minutes. Fastify reads `statusCode` and `headers`, so even an
 * app without our error handler answers it properly.
 */
export class BusyError extends Error {
  override readonly name = 'BusyError';
  readonly statusCode = 503;
  readonly retryAfterS: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The gate that refused (for logs). */
  readonly gate: string | undefined;

  constructor(message: string, options: { gate?: string; retryAfterS?: number } = {}) {
    super(message);
    this.gate = options.gate;
    this.retryAfterS = options.retryAfterS ?? RETRY_AFTER_S;
    this.headers = { 'retry-after': String(this.retryAfterS) };
  }
}

/** An admitted run reached its gate's wall-clock limit: the reason of its signal, worded for the visitor. */
export class TimeLimitError extends Error {
  override readonly name = 'TimeLimitError';
  constructor(
    message: string,
    readonly limitMs: number,
    readonly gate: string,
  ) {
    super(message);
  }
}

export type GateOptions = {
  /** What it admits, for logs and errors: `scans`, `renders`, `video`, `metafile`. */
  name: string;
  /** Runs at once. */
  concurrency: number;
  /** Callers that may wait for a place; one more is refused with BusyError. */
  maxWaiting: number;
  /** Each admitted run's wall-clock limit, from its admission to its release. */
  timeLimitMs: number;
  /** The sentence a refused visitor reads (what happened, what to do). */
  busyMessage: string;
  /** The sentence a run stopped at its limit ends with. */
  timeLimitMessage: (limitMs: number) => string;
};

export type AdmitOptions = {
  /** The caller gave up (its client left): it leaves the queue, or its run is stopped. */
  signal?: AbortSignal | undefined;
  /**
   * Wait for a turn however long the line, never refused: for work another gate already bounds
   * (the pages of an admitted scan asking for a render). It still counts as waiting, so visitors
   * behind it are told the truth: the server is busy.
   */
  waitForTurn?: boolean;
};

/** A place held at the gate. */
export type Admission = {
  /** Fires when the run's time is up (reason: TimeLimitError) or when the caller's signal fires (its reason). */
  readonly signal: AbortSignal;
  /** Frees the place and stops the clock; once is enough, more are ignored. */
  release: () => void;
};

export type Gate = {
  readonly name: string;
  readonly timeLimitMs: number;
  /** Runs admitted now. */
  readonly active: number;
  /** Callers waiting for a place (those whose client left are not counted). */
  readonly waiting: number;
  /**
   * Waits for a place. Throws BusyError synchronously when the queue is full, so that a caller
   * can refuse before it starts anything; rejects with the signal's reason when the caller gives
   * up while waiting. The place is held until `release`, not until a promise settles: a streamed
   * answer holds it while it streams.
   */
  admit: (options?: AdmitOptions) => Promise<Admission>;
  /**
   * admit, the task with the admission's signal, release. Rejects with BusyError, with the
   * TimeLimitError when the time ran out, or with what the task threw.
   */
  run: <T>(task: (signal: AbortSignal) => Promise<T>, options?: AdmitOptions) => Promise<T>;
};

/**
 * One admission gate for costly work: `concurrency` runs at once on the package's one limiter,
 * at most `maxWaiting` callers in line behind them, every admitted run under a wall-clock limit.
 *
 *   const renders = createGate({ name: 'renders', concurrency: 2, maxWaiting: 8, timeLimitMs: 30_000,
 *     busyMessage, timeLimitMessage });
 *   const page = await renders.run((signal) => render(url, signal), { signal: clientGone });
 */
export function createGate(options: GateOptions): Gate {
  const { name, timeLimitMs } = options;
  if (!Number.isInteger(options.maxWaiting) || options.maxWaiting < 0) {
    throw new TypeError(`[admission] ${name}: maxWaiting must be a whole number ≥ 0, got ${options.maxWaiting}`);
  }
  if (!(timeLimitMs > 0)) throw new TypeError(`[admission] ${name}: timeLimitMs must be > 0, got ${timeLimitMs}`);
  const limit = createLimiter(options.concurrency);
  let waiting = 0;

  const hold = (free: () => void, callerSignal: AbortSignal | undefined): Admission => {
    const clock = new AbortController();
    const timer = setTimeout(
      () => clock.abort(new TimeLimitError(options.timeLimitMessage(timeLimitMs), timeLimitMs, name)),
      timeLimitMs,
    );
    timer.unref();
    let released = false;
    return {
      signal: callerSignal ? AbortSignal.any([callerSignal, clock.signal]) : clock.signal,
      release() {
        if (released) return;
        released = true;
        clearTimeout(timer);
        free();
      },
    };
  };

  const admit = ({ signal, waitForTurn = false }: AdmitOptions = {}): Promise<Admission> => {
    // A free place is taken at once (the limiter runs the task now): only the rest wait in line.
    const atOnce = limit.active < options.concurrency;
    if (!atOnce && !waitForTurn && waiting >= options.maxWaiting) {
      throw new BusyError(options.busyMessage, { gate: name });
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    let inLine = !atOnce;
    if (inLine) waiting += 1;
    const outOfLine = () => {
      if (inLine) waiting -= 1;
      inLine = false;
    };
    return new Promise<Admission>((resolve, reject) => {
      // Settled once: by its turn, or by its caller leaving first.
      let settled = false;
      const leave = () => {
        if (settled) return;
        settled = true;
        outOfLine();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', leave, { once: true });
      void limit(
        () =>
          new Promise<void>((free) => {
            signal?.removeEventListener('abort', leave);
            outOfLine();
            // A caller that left gives its turn straight to the next in line.
            if (settled) return free();
            settled = true;
            resolve(hold(free, signal));
          }),
      );
    });
  };

  return {
    name,
    timeLimitMs,
    get active() {
      return limit.active;
    },
    get waiting() {
      return waiting;
    },
    admit,
    async run(task, runOptions) {
      const admission = await admit(runOptions);
      try {
        return await task(admission.signal);
      } catch (error) {
        const reason = admission.signal.reason;
        throw reason instanceof TimeLimitError ? reason : error;
      } finally {
        admission.release();
      }
    },
  };
}
