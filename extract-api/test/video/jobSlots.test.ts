import { describe, expect, it } from 'vitest';
import { parseRange } from '../../src/routes/api/video/index.ts';
import { createJobSlots, isClearlyNotVideo, VideoJobError } from '../../src/video/index.ts';

describe('createJobSlots', () => {
  it('runs at most `concurrency` jobs, queues up to `maxWaiting`, and refuses the rest as busy', async () => {
    const slots = createJobSlots(1, 1);
    const releaseFirst = await slots.acquire();
    expect(slots.active).toBe(1);
    let secondStarted = false;
    const second = slots.acquire().then((release) => {
      secondStarted = true;
      return release;
    });
    await Promise.resolve();
    expect(slots.waiting).toBe(1);
    await expect(slots.acquire()).rejects.toMatchObject({ code: 'busy', status: 503 });
    expect(secondStarted).toBe(false);
    releaseFirst();
    releaseFirst(); // a second call must not free a slot it no longer holds
    const releaseSecond = await second;
    expect(slots.active).toBe(1);
    releaseSecond();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slots.active).toBe(0);
  });

  it('gives up a queued turn whose client left, without holding the slot', async () => {
    const slots = createJobSlots(1, 4);
    const release = await slots.acquire();
    const gone = new AbortController();
    const waiting = slots.acquire(gone.signal);
    gone.abort();
    release();
    await expect(waiting).rejects.toBeInstanceOf(VideoJobError);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(slots.active).toBe(0);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-', { start: 0 }],
    ['bytes=100-199', { start: 100, end: 199 }],
    ['bytes=-500', undefined],
    ['bytes=0-10,20-30', undefined],
    ['bytes=9-3', undefined],
    ['items=0-1', undefined],
    [undefined, undefined],
  ])('%s → %j', (header, range) => {
    expect(parseRange(header)).toEqual(range);
  });
});

describe('isClearlyNotVideo', () => {
  it.each([
    ['text/html; charset=utf-8', true],
    ['image/png', true],
    ['application/json', true],
    ['application/problem+json', true],
    ['video/mp4', false],
    ['application/octet-stream', false],
    ['binary/octet-stream', false],
    [undefined, false],
  ])('%s → %s', (type, expected) => {
    expect(isClearlyNotVideo(type)).toBe(expected);
  });
});
