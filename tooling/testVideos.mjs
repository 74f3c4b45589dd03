// Videos with known content, made by the tests themselves with ffmpeg (installed by
// scripts/setup.mjs), never committed: the video engine's tests (extract-api, mfe-media), its
// e2e spec and its bench share them so each knows the same cuts, key frames and blurred frame.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const TEST_VIDEO_FPS = 25;

/**
 * Four shots joined with hard cuts: testsrc2 (moving), smptebars (still), mandelbrot (a slow
 * zoom), a flat colour. 320x180, 25 fps, H.264. Cuts at 2.0, 3.6 and 5.6 s; 7.2 s long.
 */
export const SCENE_CUTS_SECONDS = [2, 3.6, 5.6];
export const SCENE_VIDEO_SECONDS = 7.2;

/** Key frames forced at these times (and every 2 s by the GOP): an irregular list to compare with ffprobe's. */
export const FORCED_KEYFRAMES_SECONDS = [0, 0.48, 1.2, 3.04, 4.4];

/** The frame blurred (boxblur) in the sharpest-frame video: n = 50, at 2.0 s, among sharp ones. */
export const BLURRED_FRAME = 50;

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
}

function made(dir, name, make) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  if (!existsSync(file)) make(file);
  return file;
}

/** The four-shot video with cuts at SCENE_CUTS_SECONDS. */
export function makeSceneVideo(dir) {
  return made(dir, 'scene-cuts.mp4', (file) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
      ...['-f', 'lavfi', '-i', 'smptebars=size=320x180:rate=25:duration=1.6'],
      ...['-f', 'lavfi', '-i', 'mandelbrot=size=320x180:rate=25'],
      ...['-f', 'lavfi', '-i', 'color=c=0x3060c0:size=320x180:rate=25:duration=1.6'],
      '-filter_complex',
      '[2]trim=duration=2,setpts=PTS-STARTPTS[m];[0][1][m][3]concat=n=4:v=1:a=0,format=yuv420p[v]',
      ...['-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', file],
    ]),
  );
}

/** 6 s of testsrc2 with a 2 s GOP, B-frames, and key frames forced at FORCED_KEYFRAMES_SECONDS. */
export function makeKeyframeVideo(dir) {
  return made(dir, 'keyframes.mp4', (file) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=6'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-bf', '2', '-pix_fmt', 'yuv420p'],
      ...['-force_key_frames', FORCED_KEYFRAMES_SECONDS.join(','), file],
    ]),
  );
}

/** 4 s of testsrc2 at 640x360 whose frame BLURRED_FRAME alone is box-blurred. */
export function makeBlurVideo(dir) {
  return made(dir, 'one-blurred-frame.mp4', (file) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
      ...['-vf', `boxblur=12:enable='eq(n\\,${BLURRED_FRAME})',format=yuv420p`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '12', file],
    ]),
  );
}

/**
 * 2 s of testsrc2 converted from BT.709 to 10-bit PQ (HDR10's transfer, BT.2020), tagged so:
 * `sdr.mp4` beside it is the same picture as it was, for comparison.
 */
export function makePqVideo(dir) {
  const sdr = made(dir, 'sdr.mp4', (file) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '10', '-pix_fmt', 'yuv420p', file],
    ]),
  );
  const pq = made(dir, 'pq-10bit.mp4', (file) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
      '-vf',
      'zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=smpte2084:m=bt2020nc:p=bt2020:r=tv:npl=100,format=yuv420p10le',
      ...['-color_primaries', 'bt2020', '-color_trc', 'smpte2084', '-colorspace', 'bt2020nc'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '10', file],
    ]),
  );
  return { sdr, pq };
}

/** ffprobe's key frames (packets flagged K), in presentation order, seconds from the first frame. */
export function ffprobeKeyframeTimes(file) {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  );
  const packets = out
    .split('\n')
    .map((line) => line.split(','))
    .filter(([pts]) => pts && Number.isFinite(Number(pts)))
    .map(([pts, flags]) => ({ pts: Number(pts), key: (flags ?? '').includes('K') }));
  const first = Math.min(...packets.map((p) => p.pts));
  return packets
    .filter((p) => p.key)
    .map((p) => Math.round((p.pts - first) * 1e6) / 1e6)
    .sort((a, b) => a - b);
}

/** A picture as grey bytes at a size (ffmpeg decodes any image or video's first frame). */
export function greyOf(input, width, height) {
  return new Uint8Array(
    execFileSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-nostdin',
        '-i',
        'pipe:0',
        '-frames:v',
        '1',
        '-vf',
        `scale=${width}:${height},format=gray`,
        '-f',
        'rawvideo',
        'pipe:1',
      ],
      { input },
    ),
  );
}

/** The frame on screen at `seconds` as grey bytes, converted with no regard for an HDR transfer (what a naive converter gives). */
export function greyFrameOf(file, seconds, width, height) {
  return new Uint8Array(
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-nostdin',
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `scale=${width}:${height},format=gray`,
      '-f',
      'rawvideo',
      'pipe:1',
    ]),
  );
}
