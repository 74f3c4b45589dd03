/**
 * The pool's last line of defence, with a worker that misbehaves on purpose
 * (test/fixtures/misbehavingWorker.ts) rather than an engine bug that may be fixed tomorrow: a
 * worker that loops, exhausts its heap or exits costs one job a 422, never the process, and the
 * next job gets a fresh worker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toHttpFailure } from '../../../src/errors.ts';
import { createDocumentPool, type DocumentPool } from '../../../src/extractors/document/documentPool.ts';
import { DocumentLimitError } from '../../../src/extractors/document/index.ts';

const MISBEHAVING = new URL('../../fixtures/misbehavingWorker.ts', import.meta.url);
const BROKEN = new URL('../../fixtures/brokenWorker.ts', import.meta.url);
const UNREADABLE = 'This file could not be read: it is damaged or too complex.';
const text = (value: string) => new TextEncoder().encode(value);

describe('document pool', () => {
  let pool: DocumentPool | undefined;
  const open = (overrides: Partial<Parameters<typeof createDocumentPool>[0]> = {}) => {
    pool = createDocumentPool({
      workers: 1,
      heapMb: 64,
      timeLimitMs: 2_000,
      maxQueue: 10,
      workerFile: MISBEHAVING,
      ...overrides,
    });
    return pool;
  };
  const answer = (p: DocumentPool, value: string, signal?: AbortSignal) =>
    p.readAnswer(text(value), { maxAnswerBytes: 1_000, signal });
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('the job should have failed'),
      (error: unknown) => toHttpFailure(error),
    );
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('should load its workers’ code when warmed, before any job is given', async () => {
    const channel = new BroadcastChannel('misbehaving-worker-loaded');
    const loaded = new Promise<unknown>((resolve) => {
      channel.onmessage = (event) => resolve((event as MessageEvent).data);
    });
    try {
      const p = open();
      p.warm();
      const heard = await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 10_000, 'nothing'))]);
      expect(heard).toBe(p.threads[0]?.threadId);
    } finally {
      channel.close();
    }
  });

  it('should fail each job of a worker whose code cannot load with a 422, and keep that thread', async () => {
    const p = open({ workerFile: BROKEN });
    expect(await failureOf(answer(p, 'first'))).toEqual({ status: 422, message: UNREADABLE });
    const [worker] = p.threads;
    expect(await failureOf(answer(p, 'second'))).toEqual({ status: 422, message: UNREADABLE });
    // not a thread that died and was replaced, again and again
    expect(p.threads).toEqual([worker]);
  });

  it('should kill a worker stuck in an infinite loop at the time limit, then serve the next job', async () => {
    const p = open({ timeLimitMs: 1_000 });
    await answer(p, 'warm up');
    const [worker] = p.threads;
    const started = performance.now();
    const failure = await failureOf(answer(p, 'loop'));
    const took = performance.now() - started;
    expect(failure).toEqual({ status: 422, message: DocumentLimitError.tooSlow(1_000).message });
    expect(failure.message).toMatch(/took longer than 1 seconds/);
    expect(took).toBeGreaterThanOrEqual(950);
    expect(took).toBeLessThan(3_000);
    const next = await answer(p, 'after the loop');
    expect(JSON.parse(next.body.toString())).toEqual({ echo: 'after the loop' });
    expect(p.threads).not.toContain(worker);
  });

  it('should answer 422 when a worker runs out of its heap, and the next job works', async () => {
    const p = open({ heapMb: 32, timeLimitMs: 20_000 });
    expect(await failureOf(answer(p, 'oom'))).toEqual({ status: 422, message: UNREADABLE });
    expect(JSON.parse((await answer(p, 'next')).body.toString())).toEqual({ echo: 'next' });
  });

  it('should answer 422 when a worker calls process.exit, and the process lives on', async () => {
    const p = open();
    expect(await failureOf(answer(p, 'exit'))).toEqual({ status: 422, message: UNREADABLE });
    expect(JSON.parse((await answer(p, 'still here')).body.toString())).toEqual({ echo: 'still here' });
  });

  it('should answer 422 for an unexpected error inside the engine', async () => {
    expect(await failureOf(answer(open(), 'throw'))).toEqual({ status: 422, message: UNREADABLE });
  });

  it('should queue concurrent jobs behind busy workers, starting each one’s clock when it runs', async () => {
    // 6 jobs of 400 ms on 2 workers take 1.2 s, past the 1 s limit of each job if queueing counted
    const p = open({ workers: 2, timeLimitMs: 1_000 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => answer(p, `sleep:${400 + i}`)));
    expect(answers.map((a) => JSON.parse(a.body.toString()).echo)).toEqual(
      Array.from({ length: 6 }, (_, i) => `sleep:${400 + i}`),
    );
  });

  it('should refuse jobs past the queue bound with 503 and a sentence saying to try again', async () => {
    const p = open({ workers: 1, maxQueue: 2 });
    const jobs = Array.from({ length: 5 }, (_, i) => answer(p, `sleep:${300 + i}`).then(() => 200, toHttpFailure));
    const outcomes = await Promise.all(jobs);
    // one running, two waiting, the last two refused at once
    const busy = { status: 503, message: expect.stringMatching(/reading other documents.*try again/) };
    expect(outcomes).toEqual([200, 200, 200, busy, busy]);
  });

  it('should count a place reserved for an upload still arriving, and free it when its job ends or it is let go', async () => {
    const p = open({ workers: 1, maxQueue: 1 });
    const first = p.reserve();
    const second = p.reserve();
    // every place is held by an upload not yet read: the next one is refused before it is read
    expect(() => p.reserve()).toThrow(DocumentLimitError);
    expect(await failureOf(answer(p, 'no room'))).toEqual({
      status: 503,
      message: expect.stringMatching(/reading other documents.*try again/),
    });
    // the upload that held a place is read with it, and gives it back when its job ends
    const read = await p.readAnswer(text('with my place'), { maxAnswerBytes: 1_000, place: first });
    expect(JSON.parse(read.body.toString())).toEqual({ echo: 'with my place' });
    second.release();
    second.release();
    const both = [p.reserve(), p.reserve()];
    expect(() => p.reserve()).toThrow(DocumentLimitError);
    for (const place of both) place.release();
    expect(JSON.parse((await answer(p, 'free again')).body.toString())).toEqual({ echo: 'free again' });
  });

  it('should terminate the worker of a job whose caller left, and free it for the next', async () => {
    const p = open({ timeLimitMs: 30_000 });
    const controller = new AbortController();
    const job = failureOf(answer(p, 'loop', controller.signal));
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    expect((await job).status).toBe(499);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(JSON.parse((await answer(p, 'free')).body.toString())).toEqual({ echo: 'free' });
  });
});
