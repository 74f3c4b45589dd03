import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BusyError, createGate, RETRY_AFTER_S, TimeLimitError } from '../../src/admission/index.ts';

const gateOf = (concurrency: number, maxWaiting: number, timeLimitMs = 60_000) =>
  createGate({
    name: 'test',
    concurrency,
    maxWaiting,
    timeLimitMs,
    busyMessage: 'Busy: try again in a minute.',
    timeLimitMessage: (ms) => `Stopped after ${ms} ms.`,
  });

describe('createGate', () => {
  it('admits `concurrency` at once, queues up to `maxWaiting`, and refuses the next at once with a sentence', async () => {
    const gate = gateOf(1, 1);
    const first = await gate.admit();
    expect(gate.active).toBe(1);
    let secondStarted = false;
    const second = gate.admit().then((admission) => {
      secondStarted = true;
      return admission;
    });
    expect(gate.waiting).toBe(1);
    // Synchronous: a route refuses before it reads a byte or starts a job.
    expect(() => gate.admit()).toThrow(BusyError);
    try {
      gate.admit();
    } catch (error) {
      expect(error).toMatchObject({
        message: 'Busy: try again in a minute.',
        statusCode: 503,
        retryAfterS: RETRY_AFTER_S,
        headers: { 'retry-after': String(RETRY_AFTER_S) },
        gate: 'test',
      });
    }
    await sleep(5);
    expect(secondStarted).toBe(false);
    first.release();
    first.release(); // a second call must not free a place it no longer holds
    const admitted = await second;
    expect(gate.active).toBe(1);
    expect(gate.waiting).toBe(0);
    admitted.release();
    await sleep(0);
    expect(gate.active).toBe(0);
  });

  it('lets work another gate bounds wait its turn past the line, still counted as waiting', async () => {
    const gate = gateOf(1, 0);
    const first = await gate.admit();
    const patient = gate.admit({ waitForTurn: true });
    expect(gate.waiting).toBe(1);
    expect(() => gate.admit()).toThrow(BusyError);
    first.release();
    (await patient).release();
  });

  it('a caller that leaves the line frees its place in the count at once and never holds a turn', async () => {
    const gate = gateOf(1, 1);
    const first = await gate.admit();
    const gone = new AbortController();
    const waiting = gate.admit({ signal: gone.signal });
    gone.abort(new Error('client left'));
    await expect(waiting).rejects.toThrow('client left');
    expect(gate.waiting).toBe(0);
    // Its place in the line is free for another at once.
    const next = gate.admit();
    first.release();
    (await next).release();
    await sleep(0);
    expect(gate.active).toBe(0);
  });

  it("stops an admitted run at its wall-clock limit: the admission's signal fires with the sentence", async () => {
    const gate = gateOf(1, 0, 40);
    const started = performance.now();
    const outcome = gate.run(
      (signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted by the signal')));
        }),
    );
    await expect(outcome).rejects.toBeInstanceOf(TimeLimitError);
    await expect(outcome).rejects.toThrow('Stopped after 40 ms.');
    expect(performance.now() - started).toBeLessThan(1_000);
    // Released: the next run is admitted.
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('the clock starts at admission, not in the line, and stops at release', async () => {
    const gate = gateOf(1, 1, 150);
    const first = await gate.admit();
    const second = gate.admit();
    await sleep(100);
    first.release();
    const admitted = await second;
    // 100 ms in line and 100 ms admitted: past the limit counted from the line, within it from admission.
    await sleep(100);
    expect(admitted.signal.aborted).toBe(false);
    admitted.release();
    await sleep(100);
    expect(admitted.signal.aborted).toBe(false);
    expect(first.signal.aborted).toBe(false);
  });

  it("passes the caller's abort to the admitted run, with the caller's reason", async () => {
    const gate = gateOf(1, 0);
    const caller = new AbortController();
    const admission = await gate.admit({ signal: caller.signal });
    caller.abort(new Error('cancelled'));
    expect(admission.signal.aborted).toBe(true);
    expect(admission.signal.reason).toEqual(new Error('cancelled'));
    admission.release();
  });
});
