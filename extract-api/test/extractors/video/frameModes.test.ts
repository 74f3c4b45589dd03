import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sharpness } from 'media-files';
import type { FrameSelection } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLURRED_FRAME,
  ffprobeKeyframeTimes,
  greyFrameOf,
  greyOf,
  makeBlurVideo,
  makeKeyframeVideo,
  makePqVideo,
  makeSceneVideo,
  SCENE_CUTS_SECONDS,
  TEST_VIDEO_FPS,
} from '../../../../tooling/testVideos.mjs';
import { extractFrames, probeVideo } from '../../../src/extractors/video/index.ts';

// The server's ffmpeg path for every frame mode, on videos the test makes with ffmpeg.
let workRoot: string;
let videos: string;
beforeAll(async () => {
  workRoot = await mkdtemp(path.join(tmpdir(), 'video-modes-test-'));
  videos = path.join(workRoot, 'videos');
});
afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

const FRAME = 1 / TEST_VIDEO_FPS;

async function framesOf(input: string, selection: Partial<FrameSelection> & Pick<FrameSelection, 'mode'>) {
  const workDir = await mkdtemp(path.join(workRoot, 'job-'));
  const video = await probeVideo('ffprobe', input);
  const frames = [];
  for await (const frame of extractFrames({
    ffmpegPath: 'ffmpeg',
    input,
    workDir,
    video,
    selection: { sharpest: false, ...selection },
    format: 'png',
    quality: 92,
    signal: new AbortController().signal,
  })) {
    frames.push(frame);
  }
  return { video, frames, times: frames.map((f) => f.timeSeconds) };
}

describe('scene changes (ffmpeg select=gt(scene,T))', { timeout: 60_000 }, () => {
  it('finds every cut within one frame and no false cut at the default sensitivity, after the opening shot', async () => {
    const { times, frames } = await framesOf(makeSceneVideo(videos), { mode: { kind: 'scenes', sensitivity: 70 } });
    expect(times).toHaveLength(SCENE_CUTS_SECONDS.length + 1);
    expect(times[0]).toBe(0);
    SCENE_CUTS_SECONDS.forEach((cut, i) => {
      expect(Math.abs((times[i + 1] ?? -1) - cut)).toBeLessThanOrEqual(FRAME + 1e-6);
    });
    // two cuts can fall in one second: scene frames are named to the millisecond
    expect(frames[1]?.name).toBe('frame-00-00-02-000.png');
  });

  it('within a range: only the cuts inside it, the range’s first frame opening it', async () => {
    const { times } = await framesOf(makeSceneVideo(videos), {
      mode: { kind: 'scenes', sensitivity: 70 },
      range: { fromSeconds: 3, toSeconds: 6 },
    });
    expect(times).toHaveLength(3);
    expect(times[0]).toBeCloseTo(3, 6);
    expect(Math.abs((times[1] ?? 0) - 3.6)).toBeLessThanOrEqual(FRAME + 1e-6);
    expect(Math.abs((times[2] ?? 0) - 5.6)).toBeLessThanOrEqual(FRAME + 1e-6);
  });
});

describe('key frames (-skip_frame nokey)', { timeout: 60_000 }, () => {
  it('returns exactly the sync samples ffprobe flags K', async () => {
    const file = makeKeyframeVideo(videos);
    const expected = ffprobeKeyframeTimes(file);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    const { times } = await framesOf(file, { mode: { kind: 'keyframes' } });
    expect(times.length).toBe(expected.length);
    for (const [i, t] of times.entries()) expect(t).toBeCloseTo(expected[i] ?? -1, 3);
  });

  it('within a range: only the key frames inside it', async () => {
    const file = makeKeyframeVideo(videos);
    const expected = ffprobeKeyframeTimes(file).filter((t) => t >= 1 && t < 4);
    const { times } = await framesOf(file, { mode: { kind: 'keyframes' }, range: { fromSeconds: 1, toSeconds: 4 } });
    expect(times.length).toBe(expected.length);
    for (const [i, t] of times.entries()) expect(t).toBeCloseTo(expected[i] ?? -1, 3);
  });
});

describe('every N seconds and N frames within a range', { timeout: 60_000 }, () => {
  it('every 1 s from 00:00:02 to 00:00:05 gives 2, 3 and 4 s, each the frame on screen then', async () => {
    const file = makeSceneVideo(videos);
    const { times, frames } = await framesOf(file, {
      mode: { kind: 'interval', intervalSeconds: 1 },
      range: { fromSeconds: 2, toSeconds: 5 },
    });
    expect(times).toEqual([2, 3, 4]);
    // 2 s is the first frame of the second shot (smptebars), not the last of the first
    const { frames: bars } = await framesOf(file, {
      mode: { kind: 'count', count: 1 },
      range: { fromSeconds: 2, toSeconds: 3.6 },
    });
    expect(greyOf(frames[0]?.bytes ?? new Uint8Array(), 64, 36)).toEqual(
      greyOf(bars[0]?.bytes ?? new Uint8Array(), 64, 36),
    );
  });

  it('N frames are spread evenly over the range', async () => {
    const { times } = await framesOf(makeSceneVideo(videos), {
      mode: { kind: 'count', count: 4 },
      range: { fromSeconds: 1, toSeconds: 5 },
    });
    expect(times).toEqual([1.5, 2.5, 3.5, 4.5]);
  });
});

describe('sharpest frame', { timeout: 60_000 }, () => {
  it('replaces the blurred frame by a sharp one next to it', async () => {
    const file = makeBlurVideo(videos);
    const blurredAt = BLURRED_FRAME / 25;
    const plain = await framesOf(file, { mode: { kind: 'interval', intervalSeconds: 1 } });
    const sharp = await framesOf(file, { mode: { kind: 'interval', intervalSeconds: 1 }, sharpest: true });
    expect(plain.times).toEqual([0, 1, 2, 3]);
    expect(sharp.times).toHaveLength(4);
    const plainAt2 = plain.frames[2];
    const sharpAt2 = sharp.frames[2];
    expect(plainAt2?.timeSeconds).toBe(blurredAt);
    expect(sharpAt2?.timeSeconds).not.toBe(blurredAt);
    expect(Math.abs((sharpAt2?.timeSeconds ?? 0) - blurredAt)).toBeLessThanOrEqual(0.5);
    const score = (bytes: Buffer | undefined) => sharpness(greyOf(bytes ?? Buffer.alloc(0), 320, 180), 320, 180);
    expect(score(sharpAt2?.bytes)).toBeGreaterThan(score(plainAt2?.bytes) * 2);
  });
});

describe('sharpest frame after each cut', { timeout: 60_000 }, () => {
  it('keeps one frame per shot, within half a second after its cut and before the next', async () => {
    const { times, frames } = await framesOf(makeSceneVideo(videos), {
      mode: { kind: 'scenes', sensitivity: 70 },
      sharpest: true,
    });
    const cuts = [0, ...SCENE_CUTS_SECONDS];
    expect(times).toHaveLength(cuts.length);
    cuts.forEach((cut, i) => {
      const time = times[i] ?? -1;
      expect(time).toBeGreaterThanOrEqual(cut - FRAME);
      expect(time).toBeLessThan(Math.min(cut + 0.5, cuts[i + 1] ?? Number.POSITIVE_INFINITY));
    });
    expect(frames[1]?.name).toMatch(/^frame-00-00-0\d-\d{3}\.png$/);
  });
});

describe('HDR', { timeout: 60_000 }, () => {
  it('a 10-bit PQ source is tone-mapped to sRGB: close to the SDR picture, not washed out', async () => {
    const { sdr, pq } = makePqVideo(videos);
    const { video, frames } = await framesOf(pq, { mode: { kind: 'count', count: 1 } });
    expect(video.hdr).toBe('pq');
    const reference = (await framesOf(sdr, { mode: { kind: 'count', count: 1 } })).frames[0]?.bytes;
    const grey = (bytes: Uint8Array | undefined) => greyOf(bytes ?? new Uint8Array(), 320, 180);
    const mad = (a: Uint8Array, b: Uint8Array) =>
      a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;
    const target = grey(reference);
    const mapped = grey(frames[0]?.bytes);
    // what a converter that ignores the transfer gives: PQ code values read as BT.709
    const washedOut = greyFrameOf(pq, 1, 320, 180);
    expect(mad(mapped, target)).toBeLessThan(mad(washedOut, target) / 2);
    const contrast = (a: Uint8Array) => Math.max(...a) - Math.min(...a);
    expect(contrast(mapped)).toBeGreaterThan(contrast(washedOut));
  });
});
