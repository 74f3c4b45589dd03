/**
 * Runs fuzz cases in a warm worker_thread with a heap limit and a wall-clock limit per case.
 *
 *   ok       images came out, or the engine refused with DocumentError / PasswordRequiredError
 *   escaped  any other error reached the caller (TypeError, RangeError…), with its stack
 *   hang     the case ran past the time limit: the worker is terminated and replaced
 *   crash    the worker died (heap limit, a native abort) or the process grew past the memory limit
 *
 * The worker is reused until a case hangs or crashes it. ArrayBuffers live outside the V8 heap,
 * so resourceLimits alone would not catch an engine allocating gigabytes of typed arrays: the
 * process's resident memory is sampled too.
 */
import { Worker } from 'node:worker_threads';
import type { CaseReply, CaseRequest } from './worker.ts';

export type Verdict = 'ok' | 'escaped' | 'hang' | 'crash';
export type Outcome = {
  verdict: Verdict;
  message: string;
  stack?: string;
  ms: number;
  images?: number;
  /** An ok case the engine refused: `DocumentError(invalid)`… */
  refused?: string;
  /** For a refusal, the engine's own error it was made from (TypeError at src/…:line), if any. */
  cause?: string;
};

export type RunnerOptions = {
  /** Wall-clock limit of one case. */
  timeoutMs?: number;
  /** V8 old-generation limit of the worker. */
  heapMb?: number;
  /** Resident memory of the whole process above which the case is a crash. */
  rssLimitMb?: number;
};

const WORKER_URL = new URL('./worker-entry.mjs', import.meta.url);

export class CaseRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  readonly timeoutMs: number;
  private readonly heapMb: number;
  private readonly rssLimitMb: number;
  /** Workers started (1 + one per hang or crash). */
  starts = 0;

  constructor(options: RunnerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.heapMb = options.heapMb ?? 1024;
    this.rssLimitMb = options.rssLimitMb ?? 3072;
  }

  private spawn(): Worker {
    this.starts++;
    const worker = new Worker(WORKER_URL, {
      // The worker is TypeScript, like the engine: tsx loads both (also under vitest, whose own
      // transform does not reach worker threads).
      execArgv: ['--import', 'tsx'],
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    // Whatever the engine prints (pdf.js warnings) is not ours to show.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    // A worker ended for a hang or the memory watch may still report its own death (heap limit
    // reached while terminating) after the case's listeners are gone: an unheard 'error' event
    // would end the fuzzing process itself.
    worker.on('error', () => {});
    return worker;
  }

  private async kill(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate().catch(() => {});
  }

  async close(): Promise<void> {
    await this.kill();
  }

  async run(bytes: Uint8Array, password?: string, nodeInflate = false, timeoutMs = this.timeoutMs): Promise<Outcome> {
    if (!this.worker) {
      this.worker = this.spawn();
      // A new worker first loads tsx and the engine (a second or more on a busy machine): that
      // is done on an empty input, so it is never counted against a case's time.
      const warm = await this.runOnce(new Uint8Array(0), undefined, false, 60_000);
      if (warm.verdict !== 'ok') return { ...warm, message: `the worker did not start: ${warm.message}` };
      this.worker ??= this.spawn();
    }
    return this.runOnce(bytes, password, nodeInflate, timeoutMs);
  }

  private runOnce(
    bytes: Uint8Array,
    password: string | undefined,
    nodeInflate: boolean,
    timeoutMs: number,
  ): Promise<Outcome> {
    this.worker ??= this.spawn();
    const worker = this.worker;
    const id = this.nextId++;
    const t0 = performance.now();
    return new Promise<Outcome>((resolve) => {
      let done = false;
      const finish = (outcome: Outcome, replace: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(memory);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (replace) this.kill().then(() => resolve(outcome));
        else resolve(outcome);
      };
      const onMessage = (reply: CaseReply) => {
        if (reply.id !== id) return;
        if (reply.verdict === 'ok') {
          finish(
            {
              verdict: 'ok',
              message: reply.error ?? `${reply.images} images`,
              ms: reply.ms,
              images: reply.images,
              refused: reply.error,
              cause: reply.cause,
            },
            false,
          );
        } else {
          finish({ verdict: 'escaped', message: reply.message, stack: reply.stack, ms: reply.ms }, false);
        }
      };
      const onError = (error: Error) => {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        finish(
          {
            verdict: 'crash',
            message: `worker died: ${code ? `${code} ` : ''}${error.message}`,
            stack: error.stack,
            ms: performance.now() - t0,
          },
          true,
        );
      };
      const onExit = (code: number) => {
        finish({ verdict: 'crash', message: `worker exited with code ${code}`, ms: performance.now() - t0 }, true);
      };
      const timer = setTimeout(() => {
        finish({ verdict: 'hang', message: `no answer within ${timeoutMs} ms`, ms: performance.now() - t0 }, true);
      }, timeoutMs);
      const memory = setInterval(() => {
        const rss = process.memoryUsage.rss() / 1048576;
        if (rss > this.rssLimitMb) {
          finish(
            {
              verdict: 'crash',
              message: `memory: the process reached ${Math.round(rss)} MB resident (limit ${this.rssLimitMb} MB)`,
              ms: performance.now() - t0,
            },
            true,
          );
        }
      }, 50);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      const copy = bytes.slice();
      worker.postMessage({ id, bytes: copy, password, nodeInflate } satisfies CaseRequest, [copy.buffer]);
    });
  }
}
