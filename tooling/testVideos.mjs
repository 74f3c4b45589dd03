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

/** The flat patches of the HDR patch videos, left to right, as the SDR (BT.709) colours they were made from. */
export const HDR_PATCHES = [
  { name: 'white', rgb: [255, 255, 255] },
  { name: 'mid-grey', rgb: [128, 128, 128] },
  { name: 'dark grey', rgb: [64, 64, 64] },
  { name: 'blue', rgb: [48, 96, 192] },
];
/** The patches' size: each 80 px wide, the whole 180 px high, in a 320x180 frame. */
export const HDR_PATCH_SIZE = { width: 80, height: 180 };

/**
 * 2 s of the HDR_PATCHES side by side, converted from BT.709 to 10-bit PQ (`pq`) or HLG (`hlg`) in
 * BT.2020 with SDR white at 100 cd/m², tagged so, as VP9 profile 2 in WebM: a format Chromium's
 * WebCodecs decodes, so the browser's tone mapping is what is tested. 320x180, 25 fps.
 */
export function makeHdrPatchVideo(dir, transfer) {
  const trc = transfer === 'pq' ? 'smpte2084' : 'arib-std-b67';
  const patches = HDR_PATCHES.map(
    ({ rgb }, i) =>
      `drawbox=x=${i * HDR_PATCH_SIZE.width}:y=0:w=${HDR_PATCH_SIZE.width}:h=${HDR_PATCH_SIZE.height}:t=fill:c=0x${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`,
  );
  return made(dir, `hdr-patches-${transfer}.webm`, (file) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=black:size=320x180:rate=25:duration=2'],
      '-vf',
      [
        'format=rgb24',
        ...patches,
        'format=gbrp',
        `zscale=tin=bt709:min=bt709:pin=bt709:rin=full:t=${trc}:m=bt2020nc:p=bt2020:r=tv:npl=100`,
        'format=yuv420p10le',
      ].join(','),
      ...['-color_primaries', 'bt2020', '-color_trc', trc, '-colorspace', 'bt2020nc', '-color_range', 'tv'],
      ...[
        '-c:v',
        'libvpx-vp9',
        '-profile:v',
        '2',
        '-crf',
        '10',
        '-b:v',
        '0',
        '-deadline',
        'realtime',
        '-cpu-used',
        '8',
      ],
      file,
    ]),
  );
}

/** A frame of a video as ffmpeg decodes it, its planes untouched (yuv420p10le: what a VideoFrame of a 10-bit video holds). */
export function yuv10FrameOf(file, seconds) {
  return new Uint8Array(
    execFileSync(
      'ffmpeg',
      [
        ...['-v', 'error', '-nostdin', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
        ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p10le', 'pipe:1'],
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    ),
  );
}

/** A picture (an image's bytes, or a raw frame given with `rawFormat`) as RGB bytes at a size. */
export function rgbOf(input, width, height, rawFormat) {
  const raw = rawFormat ? ['-f', 'rawvideo', '-pix_fmt', rawFormat, '-s', `${width}x${height}`] : [];
  return new Uint8Array(
    execFileSync(
      'ffmpeg',
      [
        ...['-v', 'error', '-nostdin', ...raw, '-i', 'pipe:0', '-frames:v', '1'],
        ...['-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      ],
      { input },
    ),
  );
}

/** The mean colour of each HDR patch's middle (a 40x120 box, away from edges and chroma bleed) in RGB bytes of the 320x180 frame. */
export function patchColours(rgb, width = 320) {
  return HDR_PATCHES.map((_, i) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = 30; y < 150; y += 1)
      for (let x = i * HDR_PATCH_SIZE.width + 20; x < (i + 1) * HDR_PATCH_SIZE.width - 20; x += 1) {
        for (let c = 0; c < 3; c += 1) sum[c] += rgb[(y * width + x) * 3 + c];
        n += 1;
      }
    return sum.map((v) => Math.round(v / n));
  });
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
