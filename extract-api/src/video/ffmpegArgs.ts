import type { FrameFormat } from 'shared-contracts';
import type { VideoInfo } from './probeVideo.ts';

export type FrameJob = {
  input: string;
  /** Where ffmpeg writes the video's very last frame (see below). */
  lastFrameFile: string;
  intervalSeconds: number;
  /** Frames wanted: `frameTimes(duration, interval).length`. */
  frames: number;
  format: FrameFormat;
  /** 1–100; JPEG and WebP only. */
  quality: number;
  video: VideoInfo;
};

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

function encoderArgs(format: FrameFormat, quality: number): string[] {
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

/**
 * One ffmpeg run, one decode of the video, every frame on time.
 *
 * The frame for time t is the one on screen at t: the last frame whose presentation time is ≤ t.
 * `fps=1/interval` with `round=up` gives exactly that: a frame at time p covers the ticks from
 * ceil(p / interval) on, so tick k (time k·interval) gets the last frame with p ≤ k·interval.
 * `start_time=0` fills ticks before the first decodable frame with that frame (a stream that
 * starts late or without a keyframe). Times are counted from the container's start (ffmpeg
 * shifts input timestamps so the presentation starts at 0; edit lists are applied by the demuxer),
 * and variable frame rate needs nothing special: only timestamps are compared.
 *
 * ffmpeg stops emitting ticks at the video stream's last frame, but the container can last longer
 * (audio running on): those ticks show the last frame. A second branch of the same decode keeps
 * only the very last frame (`fps` with one enormous tick rounded down) and writes it to a file;
 * the caller repeats it for the missing ticks. Rotation and the square-pixel resize run after
 * selection, on kept frames only.
 */
export function frameExtractionArgs(job: FrameJob): string[] {
  const { video } = job;
  const finish = [...rotationFilters(video.rotationDegrees), `scale=${video.width}:${video.height}`, 'setsar=1'];
  const graph = [
    '[0:v:0]split=2[all][tail]',
    `[all]fps=fps=1/${job.intervalSeconds}:start_time=0:round=up,${finish.join(',')}[frames]`,
    `[tail]fps=fps=1/1000000000:round=down:eof_action=pass,${finish.join(',')}[last]`,
  ].join(';');
  const encoder = encoderArgs(job.format, job.quality);
  return [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-noautorotate',
    '-i',
    job.input,
    '-filter_complex',
    graph,
    '-map',
    '[frames]',
    '-fps_mode',
    'passthrough',
    '-frames:v',
    String(job.frames),
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
