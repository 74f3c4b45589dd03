import type { FrameGrid } from 'media-files';
import type { FrameFormat } from 'shared-contracts';
import { inputArgs } from './demuxers.ts';
import type { VideoInfo } from './probeVideo.ts';

/**
 * The turn ffmpeg's own autorotate would apply for this display-matrix rotation (ffprobe reports
 * -90 for a video to be turned clockwise). Applied after frame selection, on the few frames kept,
 * instead of on every decoded frame as autorotate does.
 */
export function rotationFilters(rotationDegrees: number): string[] {
  const turn = ((Math.round(-rotationDegrees / 90) % 4) + 4) % 4;
  if (turn === 1) return ['transpose=clock'];
  if (turn === 2) return ['hflip', 'vflip'];
  if (turn === 3) return ['transpose=cclock'];
  return [];
}

/**
 * PQ (HDR10) and HLG frames tone-mapped to SDR BT.709: converted as they are, their 10-bit code
 * values read as BT.709 give grey, washed-out pictures. zscale linearises (HLG's and PQ's own
 * curves), tonemap's Möbius curve keeps the SDR range nearly as it is and compresses highlights (Hable darkened SDR-white content by a third, measured on a PQ-tagged test source), then zscale encodes BT.709.
 */
export function toneMapFilters(video: Pick<VideoInfo, 'hdr'>): string[] {
  if (!video.hdr) return [];
  return [
    'zscale=t=linear:npl=100',
    'format=gbrpf32le',
    'zscale=p=bt709',
    'tonemap=tonemap=mobius:desat=0',
    'zscale=t=bt709:m=bt709:r=tv',
    'format=yuv420p',
  ];
}

/** What every kept frame goes through: tone mapping, rotation, the square-pixel display size. */
export function finishFilters(video: VideoInfo): string[] {
  return [
    ...toneMapFilters(video),
    ...rotationFilters(video.rotationDegrees),
    `scale=${video.width}:${video.height}`,
    'setsar=1',
  ];
}

export function encoderArgs(format: FrameFormat, quality: number): string[] {
  switch (format) {
    case 'png':
      return ['-c:v', 'png', '-pix_fmt', 'rgb24'];
    case 'jpeg':
      // mjpeg's scale: 2 (best) … 31 (worst)
      return ['-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-q:v', String(Math.round(2 + ((100 - quality) * 29) / 99))];
    case 'webp':
      return ['-c:v', 'libwebp', '-lossless', '0', '-quality', String(quality)];
  }
}

/** Seconds read before a range's first time, so the frame on screen then (shown since before it) is decoded. */
const SEEK_MARGIN_SECONDS = 5;

/**
 * Where decoding starts: `-ss` before `-i` seeks to the key frame before it and drops frames before
 * it, and ffmpeg then counts time from it. `offset` is that start: add it to a frame's time there.
 */
export function seekArgs(fromSeconds: number, margin = 0): { args: string[]; offset: number } {
  const offset = Math.max(0, fromSeconds - margin);
  return { args: offset > 0 ? ['-ss', offset.toFixed(6)] : [], offset };
}

const COMMON = ['-nostdin', '-hide_banner', '-nostats', '-noautorotate'];
/** showinfo prints at info level; `level` tags each line, so ffmpeg's errors can be told from it. */
const LOG_WITH_FRAME_INFO = ['-loglevel', 'level+info'];
const LOG_ERRORS = ['-loglevel', 'level+error'];

export type GridJob = {
  input: string;
  /** Where ffmpeg writes the video's very last frame (see below). */
  lastFrameFile: string;
  grid: FrameGrid;
  format: FrameFormat;
  /** 1–100; JPEG and WebP only. */
  quality: number;
  video: VideoInfo;
};

/**
 * Every N seconds and N frames spread evenly: one ffmpeg run, one decode, every frame on time.
 *
 * The frame for time t is the one on screen at t: the last frame whose presentation time is ≤ t.
 * `fps=1/step` with `round=up` gives exactly that: a frame at time p covers the ticks from
 * ceil(p / step) on, so tick k (time k·step) gets the last frame with p ≤ k·step. Time is shifted
 * first so that tick 0 is the grid's origin (decoding starts a few seconds before it, so the frame
 * on screen then is read). `start_time=0` fills ticks before the first decodable frame with that
 * frame (a stream that starts late or without a keyframe). Times are counted from the container's
 * start (ffmpeg shifts input timestamps so the presentation starts at 0; edit lists are applied by
 * the demuxer), and variable frame rate needs nothing special: only timestamps are compared.
 *
 * ffmpeg stops emitting ticks at the video stream's last frame, but the container can last longer
 * (audio running on): those ticks show the last frame. A second branch of the same decode keeps
 * only the very last frame (`fps` with one enormous tick rounded down) and writes it to a file;
 * the caller repeats it for the missing ticks. Tone mapping, rotation and the square-pixel resize
 * run after selection, on kept frames only.
 */
export function gridExtractionArgs(job: GridJob): string[] {
  const { video, grid } = job;
  const seek = seekArgs(grid.origin, SEEK_MARGIN_SECONDS);
  const shift = grid.origin - seek.offset;
  const finish = finishFilters(video).join(',');
  const graph = [
    '[0:v:0]split=2[all][tail]',
    `[all]${shift > 0 ? `setpts=PTS-${shift.toFixed(6)}/TB,` : ''}fps=fps=1/${grid.step}:start_time=0:round=up,${finish}[frames]`,
    `[tail]fps=fps=1/1000000000:round=down:eof_action=pass,${finish}[last]`,
  ].join(';');
  const encoder = encoderArgs(job.format, job.quality);
  return [
    ...COMMON,
    ...LOG_ERRORS,
    ...seek.args,
    ...inputArgs(video.container),
    '-i',
    job.input,
    '-filter_complex',
    graph,
    '-map',
    '[frames]',
    '-fps_mode',
    'passthrough',
    '-frames:v',
    String(grid.count),
    ...encoder,
    '-f',
    'image2pipe',
    'pipe:1',
    '-map',
    '[last]',
    '-fps_mode',
    'passthrough',
    '-frames:v',
    '1',
    '-update',
    '1',
    ...encoder,
    '-y',
    job.lastFrameFile,
  ];
}

/** A run over the window [from, to) whose kept frames are reported by showinfo (their times) and piped out. */
export type SelectJob = {
  input: string;
  from: number;
  to: number;
  format: FrameFormat;
  quality: number;
  video: VideoInfo;
  /** Frames to keep at most. */
  maxFrames: number;
};

/**
 * The head of every run over a window: decoding from `from` (its offset is where showinfo counts
 * from), reading to `to`, the first video stream through `filters`, each frame as decoded (no
 * frame rate imposed). The caller adds the output.
 */
function windowReadArgs(
  job: Pick<SelectJob, 'input' | 'from' | 'to' | 'video'>,
  inputOptions: string[],
  filters: string[],
): string[] {
  const seek = seekArgs(job.from);
  return [
    ...COMMON,
    ...LOG_WITH_FRAME_INFO,
    ...inputOptions,
    ...seek.args,
    '-t',
    Math.max(0, job.to - seek.offset).toFixed(6),
    ...inputArgs(job.video.container),
    '-i',
    job.input,
    '-map',
    '0:v:0',
    '-vf',
    filters.join(','),
    '-fps_mode',
    'passthrough',
  ];
}

function selectArgs(job: SelectJob, inputOptions: string[], select: string | undefined): string[] {
  const filters = [...(select ? [`select='${select}'`] : []), 'showinfo', ...finishFilters(job.video)];
  return [
    ...windowReadArgs(job, inputOptions, filters),
    '-frames:v',
    String(job.maxFrames),
    ...encoderArgs(job.format, job.quality),
    '-f',
    'image2pipe',
    'pipe:1',
  ];
}

/** Key frames only: the decoder skips every other frame (`-skip_frame nokey`), so only sync samples are decoded. */
export function keyframeArgs(job: SelectJob): string[] {
  return selectArgs(job, ['-skip_frame', 'nokey'], undefined);
}

/**
 * A frame at each scene change: the window's first frame (the opening shot), then every frame whose
 * scene score exceeds the threshold, as `select='gt(scene,T)'` scores them.
 */
export function sceneArgs(job: SelectJob, threshold: number): string[] {
  return selectArgs(job, [], `eq(n\\,0)+gt(scene\\,${threshold})`);
}

/** Exactly these frames, by their index among the window's decoded frames (as a scoring run counted them). */
export function framesByIndexArgs(job: SelectJob, indices: readonly number[]): string[] {
  const select = indices.map((n) => `eq(n\\,${n})`).join('+');
  return selectArgs({ ...job, maxFrames: indices.length }, [], select);
}

/** Every frame of the window, small and grey (raw bytes, `size` each), with showinfo's times: for the sharpness score. */
export function scoringArgs(
  job: Pick<SelectJob, 'input' | 'from' | 'to' | 'video'>,
  size: { width: number; height: number },
): string[] {
  const filters = ['showinfo', ...toneMapFilters(job.video), `scale=${size.width}:${size.height}`, 'format=gray'];
  return [...windowReadArgs(job, [], filters), '-f', 'rawvideo', 'pipe:1'];
}
