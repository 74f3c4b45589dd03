import { describe, expect, it } from 'vitest';
import { corpusManifest } from '../../tooling/corpus.mjs';
import {
  displaySize,
  formatTimestamp,
  frameCount,
  frameFileName,
  frameTimes,
  isQuarterTurn,
  parseAspectRatio,
  timestampsNeedMillis,
} from '../src/video/index.ts';

type ManifestVideo = {
  kind: string;
  duration_used_s: number;
  video: { width: number; height: number; sample_aspect_ratio: string | null; rotation_deg: number | null };
  sampling: Record<string, { expected_frames: number }>;
};

// The corpus's manifest (tooling/corpus.mjs): without it this throws, saying where it looked, so
// the file fails; it is never skipped.
const manifest = corpusManifest<{ files: Record<string, ManifestVideo> }>();
const videos = Object.entries(manifest.files).filter(([, file]) => file.kind === 'video');

describe('frameTimes', () => {
  it('takes 0, N, 2N… strictly below the duration', () => {
    expect(frameTimes(12, 5)).toEqual([0, 5, 10]);
    expect(frameTimes(10, 5)).toEqual([0, 5]);
    expect(frameTimes(10.001, 5)).toEqual([0, 5, 10]);
    expect(frameTimes(3, 5)).toEqual([0]);
  });

  it('gives nothing for an empty or unknown duration', () => {
    expect(frameTimes(0, 5)).toEqual([]);
    expect(frameTimes(Number.NaN, 5)).toEqual([]);
    expect(frameTimes(Number.POSITIVE_INFINITY, 5)).toEqual([]);
  });

  it('refuses an interval that would never end', () => {
    expect(() => frameTimes(10, 0)).toThrow(RangeError);
    expect(() => frameTimes(10, -1)).toThrow(/positive/);
  });

  it('does not drift with fractional intervals', () => {
    const times = frameTimes(1, 0.1);
    expect(times).toHaveLength(10);
    expect(times[3]).toBe(0.3);
    expect(times.at(-1)).toBe(0.9);
  });

  it.each(videos)('%s: as many frames at 1 s and 5 s as the manifest expects', (_name, file) => {
    for (const interval of [1, 5]) {
      const expected = file.sampling[`every_${interval}s`]?.expected_frames;
      expect(frameTimes(file.duration_used_s, interval)).toHaveLength(expected ?? -1);
      expect(frameCount(file.duration_used_s, interval)).toBe(expected);
    }
  });
});

describe('formatTimestamp', () => {
  it.each([
    [0, '00:00:00'],
    [65, '00:01:05'],
    [3600 + 23 * 60 + 9, '01:23:09'],
    [1.999, '00:00:01'],
    [4 * 3600, '04:00:00'],
    [100 * 3600, '100:00:00'],
    [-3, '00:00:00'],
    [Number.NaN, '00:00:00'],
  ])('%s s is %s', (seconds, text) => {
    expect(formatTimestamp(seconds)).toBe(text);
  });

  it('adds milliseconds when asked', () => {
    expect(formatTimestamp(65.25, { millis: true })).toBe('00:01:05.250');
    expect(formatTimestamp(0.3000000004, { millis: true })).toBe('00:00:00.300');
    expect(formatTimestamp(59.9996, { millis: true })).toBe('00:01:00.000');
  });
});

describe('timestampsNeedMillis', () => {
  it('is false for whole-second intervals', () => {
    for (let interval = 1; interval <= 30; interval += 1) {
      expect(timestampsNeedMillis(frameTimes(4 * 3600, interval))).toBe(false);
    }
  });

  it('is true when two frames fall in the same second', () => {
    expect(timestampsNeedMillis(frameTimes(3, 0.5))).toBe(true);
    expect(timestampsNeedMillis([0, 1.5, 3, 4.5])).toBe(false);
  });
});

describe('frameFileName', () => {
  it('names frames after their time, without colons', () => {
    expect(frameFileName(65, 'png')).toBe('frame-00-01-05.png');
    expect(frameFileName(65.25, 'jpeg', { millis: true })).toBe('frame-00-01-05-250.jpg');
    expect(frameFileName(0, 'webp')).toBe('frame-00-00-00.webp');
  });

  it('gives every frame of a long video its own name', () => {
    const names = frameTimes(4 * 3600, 1).map((t) => frameFileName(t, 'png'));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('displaySize', () => {
  it('stretches by the sample aspect ratio and swaps sides on quarter turns', () => {
    expect(displaySize({ codedWidth: 640, codedHeight: 360, sampleAspectRatio: [2, 1] })).toEqual({
      width: 1280,
      height: 360,
    });
    expect(displaySize({ codedWidth: 1920, codedHeight: 1080, rotationDegrees: -90 })).toEqual({
      width: 1080,
      height: 1920,
    });
    expect(displaySize({ codedWidth: 1920, codedHeight: 1080, rotationDegrees: 180 })).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(displaySize({ codedWidth: 100, codedHeight: 50, sampleAspectRatio: [0, 1] })).toEqual({
      width: 100,
      height: 50,
    });
  });

  it.each([
    [90, true],
    [-90, true],
    [270, true],
    [450, true],
    [0, false],
    [-180, false],
    [undefined, false],
  ])('rotation %s is a quarter turn: %s', (deg, expected) => {
    expect(isQuarterTurn(deg)).toBe(expected);
  });

  it('reads ffprobe aspect ratios', () => {
    expect(parseAspectRatio('2:1')).toEqual([2, 1]);
    expect(parseAspectRatio('1280:1281')).toEqual([1280, 1281]);
    expect(parseAspectRatio('0:1')).toBeUndefined();
    expect(parseAspectRatio(null)).toBeUndefined();
  });

  it.each(videos)('%s: display size from the manifest', (_name, file) => {
    const size = displaySize({
      codedWidth: file.video.width,
      codedHeight: file.video.height,
      sampleAspectRatio: parseAspectRatio(file.video.sample_aspect_ratio),
      rotationDegrees: file.video.rotation_deg ?? undefined,
    });
    const sar = parseAspectRatio(file.video.sample_aspect_ratio);
    const stretched = Math.round(file.video.width * (sar ? sar[0] / sar[1] : 1));
    const quarter = Math.abs(file.video.rotation_deg ?? 0) % 180 === 90;
    expect(size).toEqual(
      quarter ? { width: file.video.height, height: stretched } : { width: stretched, height: file.video.height },
    );
  });
});
