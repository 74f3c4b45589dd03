import { FrameSelectionSchema, MESSAGES, sceneThreshold, sensitivityOfThreshold } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import {
  createSceneScorer,
  FrameRangeError,
  frameGrid,
  frameTimes,
  gridTimes,
  inWindow,
  lumaGridOfPlane,
  parseTimestamp,
  planFrames,
  resolveWindow,
  sharpestOf,
  sharpestWindows,
  sharpness,
} from '../src/video/index.ts';

describe('frame planner', () => {
  it('every N seconds without a range is frameTimes', () => {
    for (const [duration, interval] of [
      [10, 5],
      [10.01, 5],
      [3.333, 1],
      [130, 7],
    ] as const) {
      expect(gridTimes(frameGrid(duration, { kind: 'interval', intervalSeconds: interval }))).toEqual(
        frameTimes(duration, interval),
      );
    }
  });

  it('every N seconds within a range starts at from and stays before to', () => {
    const times = gridTimes(
      frameGrid(130, { kind: 'interval', intervalSeconds: 5 }, { fromSeconds: 60, toSeconds: 75 }),
    );
    expect(times).toEqual([60, 65, 70]);
  });

  it('N frames are spread evenly: the middle of N equal parts of the window', () => {
    expect(gridTimes(frameGrid(10, { kind: 'count', count: 2 }))).toEqual([2.5, 7.5]);
    const times = gridTimes(frameGrid(130, { kind: 'count', count: 12 }, { fromSeconds: 60, toSeconds: 120 }));
    expect(times).toHaveLength(12);
    expect(times[0]).toBe(62.5);
    expect(times.at(-1)).toBe(117.5);
    for (const t of times) expect(inWindow(t, { from: 60, to: 120 })).toBe(true);
  });

  it('clamps a range to the video and refuses one that starts after it, in the catalogue’s words', () => {
    expect(resolveWindow(10, { toSeconds: 99 })).toEqual({ from: 0, to: 10 });
    expect(() => resolveWindow(10, { fromSeconds: 12 })).toThrow(
      new FrameRangeError(MESSAGES.video.range.startsAfterEnd('00:00:10')),
    );
    expect(() => resolveWindow(10, { fromSeconds: 5, toSeconds: 5 })).toThrow(MESSAGES.video.range.fromNotBeforeTo);
    expect(
      FrameSelectionSchema.safeParse({ mode: { kind: 'keyframes' }, range: { fromSeconds: 9, toSeconds: 3 } }).success,
    ).toBe(false);
  });

  it('reads HH:MM:SS, MM:SS and seconds, and refuses the rest', () => {
    expect(parseTimestamp('00:01:00')).toBe(60);
    expect(parseTimestamp('1:02:03.5')).toBe(3723.5);
    expect(parseTimestamp('02:30')).toBe(150);
    expect(parseTimestamp('45')).toBe(45);
    for (const bad of ['', 'abc', '00:61:00', '00:00:75', '1:2:3:4', '-5', '00:01:']) {
      expect(parseTimestamp(bad), bad).toBeUndefined();
    }
  });

  it('plans a run: the grid’s times with seconds-only names, or no times and millisecond names for what is found by reading', () => {
    const every5 = planFrames(12, { mode: { kind: 'interval', intervalSeconds: 5 }, sharpest: false });
    expect(every5).toMatchObject({ window: { from: 0, to: 12 }, times: [0, 5, 10], millis: false });
    // the sharpest search may move a frame off its planned time: its name then carries milliseconds
    expect(planFrames(12, { mode: { kind: 'interval', intervalSeconds: 5 }, sharpest: true }).millis).toBe(true);
    // two frames in one second need milliseconds to be told apart
    expect(planFrames(2, { mode: { kind: 'count', count: 4 }, sharpest: false })).toMatchObject({
      times: [0.25, 0.75, 1.25, 1.75],
      millis: true,
    });
    expect(
      planFrames(130, { mode: { kind: 'keyframes' }, range: { fromSeconds: 60, toSeconds: 75 }, sharpest: false }),
    ).toEqual({ window: { from: 60, to: 75 }, grid: undefined, times: undefined, millis: true });
    expect(() => planFrames(10, { mode: { kind: 'keyframes' }, range: { fromSeconds: 12 }, sharpest: false })).toThrow(
      FrameRangeError,
    );
  });

  it('looks for the sharpest frame either side of a planned time, or after a cut up to the next, inside the window', () => {
    expect(sharpestWindows([0, 5, 9.75], { from: 0, to: 10 }, false)).toEqual([
      { target: 0, from: 0, to: 0.5 },
      { target: 5, from: 4.5, to: 5.5 },
      { target: 9.75, from: 9.25, to: 10 },
    ]);
    expect(sharpestWindows([2, 2.25, 7], { from: 1, to: 7.25 }, true)).toEqual([
      { target: 2, from: 2, to: 2.25 },
      { target: 2.25, from: 2.25, to: 2.75 },
      { target: 7, from: 7, to: 7.25 },
    ]);
  });

  it('maps sensitivity to ffmpeg’s threshold and back', () => {
    expect(sceneThreshold(70)).toBe(0.3);
    expect(sensitivityOfThreshold(0.3)).toBe(70);
    expect(sensitivityOfThreshold(0)).toBe(99);
  });
});

describe('frame scores', () => {
  const flat = (value: number) => new Uint8Array(64 * 36).fill(value);
  it('scores a cut high and steady change low, as ffmpeg’s scene score does', () => {
    const score = createSceneScorer();
    expect(score(flat(20))).toBe(0);
    expect(score(flat(20))).toBe(0);
    expect(score(flat(200))).toBeCloseTo(1, 5);
    const pan = createSceneScorer();
    pan(flat(0));
    pan(flat(40)); // MAD 40 after 0: min(40, 40)/100
    expect(pan(flat(80))).toBe(0); // MAD 40 again: a steady change
  });

  it('scores a buffer reused for every frame as it scores fresh ones (the previous picture is a copy)', () => {
    const score = createSceneScorer();
    const buffer = new Uint8Array(64 * 36);
    score(buffer.fill(20));
    expect(score(buffer.fill(200))).toBeCloseTo(1, 5);
  });

  it('box-averages a luma plane to the grid, limited range stretched to 0–255, at 8 and 10 bits, honouring the stride', () => {
    // 8 bits, 130x70 in rows of 136 (cells of 2 or 3 columns, 1 or 2 rows): left half black (16), right half white (235)
    const [width, height, stride] = [130, 70, 136];
    const plane = new Uint8Array(stride * height).fill(99); // the padding past each row is never read
    for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) plane[y * stride + x] = x < 65 ? 16 : 235;
    const grid = lumaGridOfPlane({ data: plane, width, height, stride, bitDepth: 8, fullRange: false }, 64, 36);
    expect(grid.length).toBe(64 * 36);
    for (let y = 0; y < 36; y += 1) {
      expect(grid[y * 64]).toBe(0);
      expect(grid[y * 64 + 63]).toBe(255);
    }
    // 10 bits: mid-grey 502 (125.5 at 8 bits, limited) is 128 full range; full range leaves the value as it is
    const deep = new Uint16Array(128 * 72).fill(502);
    const out = new Uint8Array(64 * 36);
    expect(
      lumaGridOfPlane({ data: deep, width: 128, height: 72, stride: 128, bitDepth: 10, fullRange: false }, 64, 36, out),
    ).toBe(out);
    expect(new Set(out)).toEqual(new Set([128]));
    lumaGridOfPlane({ data: deep, width: 128, height: 72, stride: 128, bitDepth: 10, fullRange: true }, 64, 36, out);
    expect(new Set(out)).toEqual(new Set([126]));
  });

  it('a blurred picture is less sharp than the same picture sharp', () => {
    const w = 32;
    const h = 32;
    const sharp = new Uint8Array(w * h);
    for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) sharp[y * w + x] = (x >> 2) % 2 ? 255 : 0;
    const blurred = sharp.map((_, i) => {
      const x = i % w;
      return Math.round(
        ((sharp[i - 1] ?? 0) * (x > 0 ? 1 : 0) + (sharp[i] ?? 0) + (sharp[i + 1] ?? 0) * (x < w - 1 ? 1 : 0)) / 3,
      );
    });
    expect(sharpness(sharp, w, h)).toBeGreaterThan(sharpness(blurred, w, h) * 2);
    expect(
      sharpestOf(
        [
          { seconds: 1, score: 5 },
          { seconds: 2, score: 9 },
        ],
        1,
      )?.seconds,
    ).toBe(2);
  });
});
