import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFrames, probeVideo, rotationFilters, splitImages } from '../../../src/extractors/video/index.ts';
import { corpusPath } from './corpusVideo.ts';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'video-pipeline-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** What ffmpeg writes to a pipe for these filters and encoder: images back to back. */
function ffmpegImages(input: string, filters: string, encoder: string[], autorotate = true): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      ...(autorotate ? [] : ['-noautorotate']),
      '-i',
      input,
      '-vf',
      filters,
      ...encoder,
      '-f',
      'image2pipe',
      'pipe:1',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
}

async function* inChunks(bytes: Buffer, size: number) {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function collect(images: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const all: Buffer[] = [];
  for await (const image of images) all.push(image);
  return all;
}

describe('rotationFilters', () => {
  it.each([
    [0, []],
    [-90, ['transpose=clock']],
    [270, ['transpose=clock']],
    [90, ['transpose=cclock']],
    [180, ['hflip', 'vflip']],
    [-180, ['hflip', 'vflip']],
  ])('%s° turns with %j', (degrees, filters) => {
    expect(rotationFilters(degrees)).toEqual(filters);
  });

  it('turns frames exactly as ffmpeg’s autorotate does, but only the frames kept', async () => {
    const input = corpusPath('video/rotate-buck-bunny.mp4');
    const reference = ffmpegImages(input, 'fps=fps=1:start_time=0:round=up,scale=1080:1920,setsar=1', [
      '-c:v',
      'png',
      '-pix_fmt',
      'rgb24',
    ]);
    const expected = await collect(splitImages(inChunks(reference, 65536), 'png'));
    const ours = [];
    for await (const frame of extractFrames({
      ffmpegPath: 'ffmpeg',
      input,
      workDir,
      video: await probeVideo('ffprobe', input),
      selection: { mode: { kind: 'interval', intervalSeconds: 1 }, sharpest: false },
      format: 'png',
      quality: 92,
      signal: new AbortController().signal,
    })) {
      ours.push(frame.bytes);
    }
    // ffmpeg's own run stops at the video track's end; ours goes on to the container's (see ffmpegArgs.ts).
    expect(expected.length).toBeGreaterThan(1);
    expect(ours.slice(0, expected.length).map((b) => b.toString('base64'))).toEqual(
      expected.map((b) => b.toString('base64')),
    );
  });
});

describe('splitImages', () => {
  const input = corpusPath('video/sar_2x1.mp4');
  const cases = [
    ['png', ['-c:v', 'png']],
    ['jpeg', ['-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-q:v', '3']],
    ['webp', ['-c:v', 'libwebp', '-quality', '80']],
  ] as const;

  it.each(cases)('cuts back-to-back %s images into whole files, whatever the chunk size', async (format, encoder) => {
    const stream = ffmpegImages(input, 'fps=fps=1:start_time=0:round=up', [...encoder]);
    const whole = await collect(splitImages(inChunks(stream, stream.length), format));
    expect(whole).toHaveLength(5);
    expect(Buffer.concat(whole).equals(stream)).toBe(true);
    for (const size of [1, 7, 4096, 100_003]) {
      const parts = await collect(splitImages(inChunks(stream, size), format));
      expect(parts.map((p) => p.length)).toEqual(whole.map((p) => p.length));
    }
  });

  it('refuses output that stops inside an image', async () => {
    const stream = ffmpegImages(input, 'fps=fps=1:start_time=0:round=up', ['-c:v', 'png']);
    await expect(collect(splitImages(inChunks(stream.subarray(0, stream.length - 10), 4096), 'png'))).rejects.toThrow(
      /ended inside an image/,
    );
  });
});
