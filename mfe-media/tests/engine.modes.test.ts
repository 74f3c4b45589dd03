// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSceneScorer, lumaOfRgba, SCENE_SCORE_SIZE } from 'media-files';
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
import { displayedFrameTimes, keyframesIn, keyframeTimes, openVideo } from '../src/engine/index.ts';

// What the browser's key-frame mode decodes, found from the container alone (Node has no decoder):
// exactly the sync samples ffprobe flags K, within a range too.
const work = mkdtempSync(path.join(tmpdir(), 'engine-modes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function keyframesOf(file: string, window: { from: number; to: number } | undefined) {
  const { input, track, info } = await openVideo(new Uint8Array(readFileSync(file)));
  try {
    return await keyframeTimes(track, info.firstTimestamp, window ?? { from: 0, to: info.durationSeconds });
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
  it('every cut within one frame, no false cut, at the default sensitivity (RGBA frames at 64x36, as a canvas gives them)', () => {
    const file = makeSceneVideo(work);
    const { width, height } = SCENE_SCORE_SIZE;
    const rgba = execFileSync(
      'ffmpeg',
      [
        ...['-v', 'error', '-nostdin', '-i', file, '-vf', `scale=${width}:${height}:flags=area,format=rgba`],
        ...['-f', 'rawvideo', 'pipe:1'],
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const frameBytes = width * height * 4;
    const score = createSceneScorer();
    const threshold = sceneThreshold(SCENE_SENSITIVITY_DEFAULT);
    const cuts: number[] = [];
    for (let n = 0; (n + 1) * frameBytes <= rgba.length; n += 1) {
      const value = score(lumaOfRgba(rgba.subarray(n * frameBytes, (n + 1) * frameBytes)));
      if (value > threshold) cuts.push(n / TEST_VIDEO_FPS);
    }
    expect(cuts).toHaveLength(SCENE_CUTS_SECONDS.length);
    for (const [i, cut] of SCENE_CUTS_SECONDS.entries()) {
      expect(Math.abs((cuts[i] ?? -1) - cut)).toBeLessThanOrEqual(1 / TEST_VIDEO_FPS + 1e-6);
    }
  });
});
