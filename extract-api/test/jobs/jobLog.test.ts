import type { ExtractedImage, SequencedEvent } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { endStatus, followLog, JobLog } from '../../src/jobs/index.ts';

const image = (n: number): ExtractedImage => ({
  id: String(n),
  name: `${n}.png`,
  url: `https://a.example/${n}.png`,
  source: 'website',
  format: 'PNG',
});

describe('JobLog', () => {
  it('should count the bytes of the events it keeps, as JSON, for the finished-jobs bound', () => {
    const log = new JobLog();
    expect(log.bytes).toBe(0);
    log.append({ type: 'start', runsOn: 'server', unit: 'pages' });
    for (let n = 0; n < 100; n += 1) log.append({ type: 'progress', unit: 'pages', done: n, queued: 1 });
    log.append({ type: 'image', image: image(1) });
    log.append({ type: 'done', found: 1, done: 1, unit: 'pages' });
    // the kept events only: a progress event replaces the one before it
    const kept = log.after(0).filter((event) => event.type !== 'progress');
    expect(kept).toHaveLength(3);
    expect(log.bytes).toBe(kept.reduce((sum, event) => sum + JSON.stringify(event).length, 0));
  });

  it('should number events, keep every image and the latest progress only, in order', () => {
    const log = new JobLog();
    log.append({ type: 'start', runsOn: 'server', unit: 'pages' });
    log.append({ type: 'progress', unit: 'pages', done: 0, queued: 1 });
    log.append({ type: 'image', image: image(1) });
    log.append({
      type: 'progress',
      unit: 'pages',
      done: 1,
      queued: 2,
      failed: 1,
      failures: [{ url: 'https://a.example/x', reason: 'HTTP 404' }],
    });
    log.append({ type: 'image', image: image(2) });
    log.append({ type: 'progress', unit: 'pages', done: 2, queued: 1, failed: 1 });
    expect(log.cursor).toBe(6);
    const all = log.after(0);
    expect(all.map((e) => [e.seq, e.type])).toEqual([
      [1, 'start'],
      [3, 'image'],
      [5, 'image'],
      [6, 'progress'],
    ]);
    // The list of failed pages survives a progress event that leaves it out.
    expect(all.at(-1)).toMatchObject({ done: 2, failures: [{ reason: 'HTTP 404' }] });
    expect(log.after(3).map((e) => e.seq)).toEqual([5, 6]);
    expect(log.after(6)).toEqual([]);
    expect(log.images(3).map((i) => i.id)).toEqual(['2']);
  });

  it('should end at done or error and take nothing after', () => {
    const log = new JobLog();
    log.append({ type: 'done', found: 0 });
    expect(log.ended).toBe(true);
    expect(() => log.append({ type: 'done', found: 0 })).toThrow();
    expect(endStatus(log.after(0).at(-1))).toBe('done');
    expect(endStatus({ seq: 1, type: 'error', error: 'x', code: 'cancelled' })).toBe('cancelled');
    expect(endStatus({ seq: 1, type: 'error', error: 'x' })).toBe('failed');
  });

  it('should let a follower resume from its cursor and wait for what comes, nothing twice', async () => {
    const log = new JobLog();
    log.append({ type: 'start', runsOn: 'server' });
    log.append({ type: 'image', image: image(1) });
    const seen: SequencedEvent[] = [];
    const reading = (async () => {
      for await (const event of followLog(log, 1)) seen.push(event);
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    log.append({ type: 'image', image: image(2) });
    await new Promise((resolve) => setTimeout(resolve, 10));
    log.append({ type: 'done', found: 2 });
    await reading;
    expect(seen.map((e) => e.seq)).toEqual([2, 3, 4]);
  });

  it('should stop following when its signal aborts, leaving the log as it is', async () => {
    const log = new JobLog();
    const controller = new AbortController();
    const reading = (async () => {
      const got: number[] = [];
      for await (const event of followLog(log, 0, controller.signal)) got.push(event.seq);
      return got;
    })();
    log.append({ type: 'start', runsOn: 'server' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await reading).toEqual([1]);
    expect(log.ended).toBe(false);
  });
});
