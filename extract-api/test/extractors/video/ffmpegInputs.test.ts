/**
 * ffmpeg and ffprobe open the one input they are given as the container its first bytes were
 * checked as, through the file protocol alone: a file that passes the upload guard's check but
 * is something else to ffmpeg's own probe (an SDP description, a playlist) is never read as that.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sniffVideoContainer, VIDEO_SNIFF_BYTES } from 'media-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMUXERS, inputArgs } from '../../../src/extractors/video/demuxers.ts';
import { gridExtractionArgs, keyframeArgs, scoringArgs } from '../../../src/extractors/video/ffmpegArgs.ts';
import { isVideoJobError, probeVideo, type VideoInfo } from '../../../src/extractors/video/index.ts';
import { corpusPath } from './corpusVideo.ts';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'video-inputs-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/**
 * An SDP description (a stream to receive over RTP) whose bytes 0, 188 and 376 are 0x47, the
 * sync byte of three MPEG-TS packets: the guard takes it for MPEG-TS; ffmpeg's probe, for SDP.
 */
function sdpPassingForMpegTs(): Buffer {
  const text = [
    'G=0',
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=-',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    'm=video 5004 RTP/AVP 96',
    'a=rtpmap:96 H264/90000',
  ].join('\n');
  const bytes = Buffer.alloc(VIDEO_SNIFF_BYTES, 0x0a);
  bytes.write(`${text}\n`, 0, 'latin1');
  bytes.write('G=1\n', 188, 'latin1');
  bytes.write('G=2\n', 376, 'latin1');
  return bytes;
}

function ffprobe(args: string[]) {
  const run = spawnSync('ffprobe', args, { encoding: 'utf8', timeout: 15_000 });
  if (run.error) throw run.error;
  return run;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isVideoJobError(error)) throw new Error(`expected a VideoJobError, got ${String(error)}`);
  return error;
}

describe('inputArgs', () => {
  it('names the whitelist and the demuxer of the sniffed container, before every -i', async () => {
    const video = await probeVideo('ffprobe', corpusPath('video/frames.webm'));
    expect(video.container).toBe('webm');
    const job = { input: 'in', from: 0, to: 2, format: 'png' as const, quality: 80, video, maxFrames: 5 };
    const runs = [
      gridExtractionArgs({ ...job, lastFrameFile: 'last.png', grid: { origin: 0, step: 1, count: 2 } }),
      keyframeArgs(job),
      scoringArgs(job, { width: 32, height: 18 }),
    ];
    for (const args of runs) {
      const at = args.indexOf('-i');
      expect(args.lastIndexOf('-i')).toBe(at);
      expect(args.slice(at - 4, at)).toEqual(['-protocol_whitelist', 'file', '-f', 'matroska']);
    }
  });

  it.each([
    ['video/video.mp4', 'mp4', 'mov'],
    ['video/frames.webm', 'webm', 'matroska'],
    ['video/annex-b-avc.mkv', 'matroska', 'matroska'],
    ['video/hevc.ts', 'mpegts', 'mpegts'],
  ])('%s is read by ffmpeg’s %s demuxer as %s', async (file, container, demuxer) => {
    const video = await probeVideo('ffprobe', corpusPath(file));
    expect(video.container).toBe(container);
    expect(DEMUXERS[video.container]).toBe(demuxer);
    const run = ffprobe([
      '-v',
      'error',
      '-show_entries',
      'format=format_name',
      '-of',
      'default=noprint_wrappers=1:nokey=1',
      ...inputArgs(video.container),
      corpusPath(file),
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split(',')).toContain(demuxer);
  });
});

describe('a file that is something else to ffmpeg', () => {
  it('an SDP description that passes for MPEG-TS is never opened as SDP', async () => {
    const bytes = sdpPassingForMpegTs();
    expect(sniffVideoContainer(bytes)).toBe('mpegts');
    const file = path.join(workDir, 'input');
    await writeFile(file, bytes);

    // Left to its own probe, ffprobe opens it as SDP and goes for the RTP stream it describes.
    const probed = ffprobe(['-v', 'error', '-show_streams', file]);
    expect(probed.stderr).toMatch(/\brtp\b/);

    const error = await refusal(probeVideo('ffprobe', file));
    expect(error.code).toBe('unreadable');
    expect(`${error.message} ${error.detail ?? ''}`).not.toMatch(/\brtp\b/);

    // And ffmpeg itself, given the container the guard saw, reads MPEG-TS or nothing.
    const video: VideoInfo = {
      container: 'mpegts',
      durationSeconds: 2,
      codec: 'h264',
      codedWidth: 64,
      codedHeight: 64,
      sampleAspectRatio: undefined,
      rotationDegrees: 0,
      width: 64,
      height: 64,
    };
    const args = keyframeArgs({ input: file, from: 0, to: 2, format: 'png', quality: 80, video, maxFrames: 2 });
    const run = spawnSync('ffmpeg', [...args.slice(0, args.lastIndexOf('-f')), '-f', 'null', '-'], {
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).not.toMatch(/\brtp\b/);
  });

  it('a playlist naming a video on the server’s disk is refused before ffprobe reads it', async () => {
    const playlist = path.join(workDir, 'list.m3u8');
    await writeFile(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${corpusPath('video/hevc.ts')}\n#EXT-X-ENDLIST\n`,
    );
    // Left to its own probe, ffprobe follows the playlist and reads that other file.
    const probed = ffprobe(['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', playlist]);
    expect(probed.stdout).toContain('hevc');

    const error = await refusal(probeVideo('ffprobe', playlist));
    expect(error.code).toBe('not-video');
  });
});
