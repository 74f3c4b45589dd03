// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSceneScorer, lumaGridOfPlane, lumaOfRgba, SCENE_SCORE_SIZE } from 'media-files';
import { SCENE_SENSITIVITY_DEFAULT, sceneThreshold } from 'shared-contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../tooling/corpus.mjs';
import {
  ffprobeKeyframeTimes,
  makeKeyframeVideo,
  makeSceneVideo,
  SCENE_CUTS_SECONDS,
  TEST_VIDEO_FPS,
} from '../../tooling/testVideos.mjs';
import { keyframesIn, openVideo } from '../src/engine/index.ts';
import { displayedFrameTimes } from './displayedFrame.ts';

// What the browser's key-frame mode decodes, found from the container alone (Node has no decoder):
// exactly the sync samples ffprobe flags K, within a range too.
const work = mkdtempSync(path.join(tmpdir(), 'engine-modes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function keyframesOf(file: string, window: { from: number; to: number } | undefined) {
  const { input, track, info } = await openVideo(new Uint8Array(readFileSync(file)));
  try {
    const found = await keyframesIn(track, info.firstTimestamp, window ?? { from: 0, to: info.durationSeconds });
    return found.map((k) => k.time);
  } finally {
    input.dispose();
  }
}

describe('key frames from the container', { timeout: 30_000 }, () => {
  it('a generated video with forced, irregular key frames and B-frames: ffprobe’s list', async () => {
    const file = makeKeyframeVideo(work);
    const expected = ffprobeKeyframeTimes(file);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    const times = await keyframesOf(file, undefined);
    expect(times.length).toBe(expected.length);
    for (const [i, t] of times.entries()) expect(t).toBeCloseTo(expected[i] ?? -1, 3);
  });

  it('within a range: only those inside it', async () => {
    const file = makeKeyframeVideo(work);
    const expected = ffprobeKeyframeTimes(file).filter((t) => t >= 1 && t < 4);
    const times = await keyframesOf(file, { from: 1, to: 4 });
    expect(times.length).toBe(expected.length);
    for (const [i, t] of times.entries()) expect(t).toBeCloseTo(expected[i] ?? -1, 3);
  });

  it.each(['video/video.mp4', 'video/frames.webm', 'video/cursed-vfr.mp4'])('%s: ffprobe’s list', async (name) => {
    const file = corpusPath(name);
    const expected = ffprobeKeyframeTimes(file);
    const times = await keyframesOf(file, undefined);
    expect(times.length).toBe(expected.length);
    for (const [i, t] of times.entries()) expect(t).toBeCloseTo(expected[i] ?? -1, 3);
  });
  it('a 30 fps video: each key frame is decoded at its own timestamp, which shows that frame, not the one before', async () => {
    // 30 fps in a 15360 timescale: the key frame at 25 frames is at 0.8333…, its time to the
    // microsecond 0.833333, and the frame on screen at first + 0.833333 is the one before it
    const file = path.join(work, 'keyframes-30fps.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=30:duration=4'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '25', '-bf', '2', '-pix_fmt', 'yuv420p', file],
    ]);
    const { input, track, info } = await openVideo(new Uint8Array(readFileSync(file)));
    try {
      const found = await keyframesIn(track, info.firstTimestamp, { from: 0, to: info.durationSeconds });
      expect(found.map((k) => k.time)).toEqual(ffprobeKeyframeTimes(file).map((t) => Math.round(t * 1e6) / 1e6));
      const shown = await displayedFrameTimes(
        track,
        0,
        found.map((k) => k.at),
      );
      for (const [i, k] of found.entries()) expect(shown[i]).toBe(k.at);
      // what naming by the rounded time alone would decode
      const rounded = await displayedFrameTimes(
        track,
        info.firstTimestamp,
        found.map((k) => k.time),
      );
      expect(rounded.some((t, i) => t !== null && t + info.firstTimestamp < (found[i]?.at ?? 0))).toBe(true);
    } finally {
      input.dispose();
    }
  });
});

describe('scene cuts as the browser scores them', { timeout: 30_000 }, () => {
  const { width, height } = SCENE_SCORE_SIZE;
  const decoded = (file: string, filter: string) =>
    execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-i', file, '-vf', filter, '-f', 'rawvideo', 'pipe:1'], {
      maxBuffer: 64 * 1024 * 1024,
    });
  /** The scene score of each frame (0 for the first), from its 64x36 grey picture. */
  /** The scene score of each frame (0 for the first), from its 64x36 grey picture, scored as it comes (a buffer may be reused). */
  const scoresOf = (pictures: Iterable<Uint8Array>) => {
    const score = createSceneScorer();
    const scores: number[] = [];
    for (const luma of pictures) scores.push(score(luma));
    return scores;
  };
  function* frames(bytes: Uint8Array, frameBytes: number) {
    for (let n = 0; (n + 1) * frameBytes <= bytes.length; n += 1)
      yield bytes.subarray(n * frameBytes, (n + 1) * frameBytes);
  }
  /** 64x36 pictures as a canvas gives them: each frame scaled down (area), RGBA, Rec. 601 luma. */
  const canvasPictures = (file: string) =>
    [...frames(decoded(file, `scale=${width}:${height}:flags=area,format=rgba`), width * height * 4)].map((rgba) =>
      lumaOfRgba(rgba),
    );
  /**
   * 64x36 pictures as the Worker reads an SDR frame: the decoded luma plane of each I420 (or
   * I420P10) frame box-averaged, into one buffer reused for every frame.
   */
  function* planePictures(file: string, bitDepth: 8 | 10) {
    const [w, h] = [320, 180];
    const bytes = decoded(file, bitDepth === 8 ? 'format=yuv420p' : 'format=yuv420p10le');
    const sampleBytes = bitDepth === 8 ? 1 : 2;
    const out = new Uint8Array(width * height);
    for (const frame of frames(bytes, (w * h * 3 * sampleBytes) / 2)) {
      const y = new Uint8Array(frame.subarray(0, w * h * sampleBytes)); // a copy: aligned for 16-bit words
      const data = bitDepth === 8 ? y : new Uint16Array(y.buffer, 0, w * h);
      yield lumaGridOfPlane({ data, width: w, height: h, stride: w, bitDepth, fullRange: false }, width, height, out);
    }
  }
  const cutsOf = (scores: readonly number[]) => {
    const threshold = sceneThreshold(SCENE_SENSITIVITY_DEFAULT);
    return scores.flatMap((value, n) => (value > threshold ? [n / TEST_VIDEO_FPS] : []));
  };
  const expectTheCuts = (cuts: readonly number[]) => {
    expect(cuts).toHaveLength(SCENE_CUTS_SECONDS.length);
    for (const [i, cut] of SCENE_CUTS_SECONDS.entries()) {
      expect(Math.abs((cuts[i] ?? -1) - cut)).toBeLessThanOrEqual(1 / TEST_VIDEO_FPS + 1e-6);
    }
  };

  it('every cut within one frame, no false cut, at the default sensitivity (RGBA frames at 64x36, as a canvas gives them)', () => {
    expectTheCuts(cutsOf(scoresOf(canvasPictures(makeSceneVideo(work)))));
  });

  it.each([8, 10] as const)(
    'the same cuts from the %i-bit luma plane box-averaged to 64x36 (an SDR frame in the Worker), each score within 0.02 of the canvas’s',
    (bitDepth) => {
      const file = makeSceneVideo(work);
      const fromPlane = scoresOf(planePictures(file, bitDepth));
      expectTheCuts(cutsOf(fromPlane));
      const fromCanvas = scoresOf(canvasPictures(file));
      expect(fromPlane).toHaveLength(fromCanvas.length);
      for (const [n, value] of fromPlane.entries()) expect(Math.abs(value - (fromCanvas[n] ?? -1))).toBeLessThan(0.02);
    },
  );
});
