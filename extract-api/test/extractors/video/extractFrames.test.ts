import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrames, probeVideo } from '../../../src/extractors/video/index.ts';
import { corpusPath, corpusVideos, expectedDisplaySize, pngSize } from './corpusVideo.ts';

// ffmpeg over every video of the corpus, checked against what ffprobe recorded in the manifest.
let workRoot: string;
beforeAll(async () => {
  workRoot = await mkdtemp(path.join(tmpdir(), 'video-engine-test-'));
});
afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

async function framesOf(name: string, intervalSeconds: number, format: 'png' | 'jpeg') {
  const workDir = await mkdtemp(path.join(workRoot, 'job-'));
  const input = corpusPath(name);
  const video = await probeVideo('ffprobe', input);
  const frames = [];
  for await (const frame of extractFrames({
    ffmpegPath: 'ffmpeg',
    input,
    workDir,
    video,
    selection: { mode: { kind: 'interval', intervalSeconds }, sharpest: false },
    format,
    quality: 80,
    signal: new AbortController().signal,
  })) {
    frames.push(frame);
  }
  return { video, frames };
}

describe('extractFrames over the corpus', () => {
  it.each(corpusVideos)('%s: the manifest’s frame counts at 1 s and 5 s, at display size', async (name, file) => {
    const expected = expectedDisplaySize(file.video);
    for (const interval of [1, 5] as const) {
      const { video, frames } = await framesOf(name, interval, interval === 1 ? 'jpeg' : 'png');
      expect(video.durationSeconds).toBeCloseTo(file.duration_used_s, 3);
      expect(frames).toHaveLength(file.sampling[`every_${interval}s`].expected_frames);
      expect(frames.map((f) => f.timeSeconds)).toEqual(frames.map((_, i) => i * interval));
      expect(frames[0]?.name).toBe(interval === 1 ? 'frame-00-00-00.jpg' : 'frame-00-00-00.png');
      expect({ width: video.width, height: video.height }).toEqual(expected);
      if (interval === 5) {
        for (const frame of frames) expect(pngSize(frame.bytes)).toEqual(expected);
      } else {
        for (const frame of frames) expect(frame.bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      }
    }
  });
});
