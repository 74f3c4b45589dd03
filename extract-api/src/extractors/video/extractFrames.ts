import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type FrameGrid,
  type FrameWindow,
  formatTimestamp,
  frameFileName,
  inWindow,
  planFrames,
  SHARPNESS_SIZE,
  type SharpestWindow,
  sharpestOf,
  sharpestWindows,
  sharpness,
} from 'media-files';
import {
  type FrameFormat,
  type FrameSelection,
  frameExtension,
  frameMimeType,
  sceneThreshold,
  VIDEO_MAX_FRAMES,
} from 'shared-contracts';
import { VideoJobError } from './errors.ts';
import {
  framesByIndexArgs,
  gridExtractionArgs,
  keyframeArgs,
  type SelectJob,
  sceneArgs,
  scoringArgs,
} from './ffmpegArgs.ts';
import { createFrameInfoQueue, type FrameInfo } from './frameInfo.ts';
import { lastLine, type VideoInfo } from './probeVideo.ts';
import { runProcess } from './runProcess.ts';
import { splitImages } from './splitImages.ts';

export type FrameRequest = {
  ffmpegPath: string;
  /** The video on disk. */
  input: string;
  /** A folder of this job's own, for ffmpeg's second output. */
  workDir: string;
  video: VideoInfo;
  selection: FrameSelection;
  format: FrameFormat;
  quality: number;
  /** Kills ffmpeg: the client left, or the time limit passed. */
  signal: AbortSignal;
};

export type ExtractedFrame = {
  index: number;
  timeSeconds: number;
  timestamp: string;
  name: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: Buffer;
};

/**
 * The frames of a selection, in order, as ffmpeg encodes them. Stops ffmpeg when the consumer
 * stops reading or `signal` fires.
 *
 * - every N / N frames: one run of the fps filter (ffmpegArgs.ts says why it is exact);
 * - key frames: `-skip_frame nokey`, so the decoder decodes sync samples only;
 * - scene changes: `select='gt(scene,T)'` (with the window's first frame);
 * - sharpest: a first run scores every frame near each chosen time (variance of the Laplacian on
 *   320x180 grey, media-files' `sharpness`, as the browser scores them), a second encodes the
 *   winners, picked by their index. Key frames are kept as they are: they are the selection.
 */
export async function* extractFrames(request: FrameRequest): AsyncGenerator<ExtractedFrame> {
  const { video, selection } = request;
  const plan = planFrames(video.durationSeconds, selection);
  const job: SelectJob = {
    input: request.input,
    from: plan.window.from,
    to: plan.window.to,
    format: request.format,
    quality: request.quality,
    video,
    maxFrames: VIDEO_MAX_FRAMES,
  };
  const { mode } = selection;
  if (mode.kind === 'keyframes') {
    yield* selectedFrames(request, keyframeArgs(job), plan.window.from, plan.millis, plan.window);
    return;
  }
  if (!selection.sharpest) {
    if (mode.kind === 'scenes') {
      yield* selectedFrames(
        request,
        sceneArgs(job, sceneThreshold(mode.sensitivity)),
        plan.window.from,
        plan.millis,
        plan.window,
      );
    } else if (plan.grid && plan.times) {
      yield* gridFrames(request, plan.grid, plan.times, plan.millis);
    }
    return;
  }
  // Sharpest: a window around each time (after each cut: before it is the previous shot).
  const targets =
    mode.kind === 'scenes'
      ? await listTimes(request, sceneArgs({ ...job, maxFrames: VIDEO_MAX_FRAMES }, sceneThreshold(mode.sensitivity)))
      : (plan.times ?? []);
  const windows = sharpestWindows(targets, plan.window, mode.kind === 'scenes');
  if (windows.length === 0) return;
  const span = { from: windows[0]?.from ?? plan.window.from, to: Math.max(...windows.map((w) => w.to)) };
  const chosen = await sharpestFrames(request, { ...job, ...span }, windows);
  yield* selectedFrames(request, framesByIndexArgs({ ...job, ...span }, chosen), span.from, plan.millis);
}

function frameOf(request: FrameRequest, index: number, timeSeconds: number, millis: boolean, bytes: Buffer) {
  const { video, format } = request;
  return {
    index,
    timeSeconds,
    timestamp: formatTimestamp(timeSeconds, { millis }),
    name: frameFileName(timeSeconds, format, { millis }),
    mimeType: frameMimeType(format),
    width: video.width,
    height: video.height,
    bytes,
  } satisfies ExtractedFrame;
}

async function* gridFrames(
  request: FrameRequest,
  grid: FrameGrid,
  times: number[],
  millis: boolean,
): AsyncGenerator<ExtractedFrame> {
  if (times.length === 0) return;
  const lastFrameFile = path.join(request.workDir, `last.${frameExtension(request.format)}`);
  const args = gridExtractionArgs({
    input: request.input,
    lastFrameFile,
    grid,
    format: request.format,
    quality: request.quality,
    video: request.video,
  });
  let index = 0;
  for await (const image of ffmpegRun(request, args, ({ stdout }) => splitImages(stdout, request.format))) {
    // `-frames:v` stops ffmpeg at the grid's count: a frame past it is not the grid's.
    if (index >= times.length) continue;
    yield frameOf(request, index, times[index] ?? 0, millis, image);
    index += 1;
  }
  // Times after the video track's last frame (the container runs on): that last frame is on screen.
  if (index >= times.length) return;
  const last = await readFile(lastFrameFile).catch(() => {
    if (request.signal.aborted) throw abortReason(request.signal);
    throw new VideoJobError('unreadable', 'ffmpeg found no frame it could decode in this video.');
  });
  for (; index < times.length; index += 1) yield frameOf(request, index, times[index] ?? 0, millis, last);
}

/** Frames a select run keeps, each named by its own time (showinfo's, plus where decoding started). */
async function* selectedFrames(
  request: FrameRequest,
  args: string[],
  offset: number,
  millis: boolean,
  /** Frames outside it are dropped (see below); undefined keeps every frame the run gives. */
  window?: FrameWindow,
): AsyncGenerator<ExtractedFrame> {
  const frames = ffmpegRun(request, args, ({ stdout, infos }) => withInfo(splitImages(stdout, request.format), infos));
  let index = 0;
  for await (const { bytes, info } of frames) {
    const seconds = roundToMillis(offset + info.seconds);
    // `-t` bounds what is read, by packet time: a frame shown after the range's end (B-frames
    // reordered, a key frame whose time ffmpeg guessed) can still come out; it is not the range's.
    if (window && (seconds < window.from - 1e-3 || seconds >= window.to - 1e-6)) continue;
    yield frameOf(request, index, seconds, millis, bytes);
    index += 1;
  }
}

/** The times a select run keeps, without encoding anything (`-f null`). */
async function listTimes(request: FrameRequest, args: string[]): Promise<number[]> {
  // The output's `-f` (image2pipe) is the last one: the input has its own, its demuxer.
  const nullArgs = [...args.slice(0, args.lastIndexOf('-f')), '-f', 'null', '-'];
  const offset = offsetOf(args);
  const times: number[] = [];
  const kept = ffmpegRun(request, nullArgs, async function* ({ stdout, infos }) {
    stdout.resume();
    for (let info = await infos.next(); info; info = await infos.next()) yield info;
  });
  for await (const info of kept) times.push(roundToMillis(offset + info.seconds));
  return times;
}

/** Where an argument list's `-ss` starts decoding (0 without one). */
function offsetOf(args: string[]): number {
  const at = args.indexOf('-ss');
  return at >= 0 ? Number(args[at + 1]) : 0;
}

/** For each window, the index of its sharpest frame (distinct, in order). */
async function sharpestFrames(
  request: FrameRequest,
  job: SelectJob,
  windows: readonly SharpestWindow[],
): Promise<number[]> {
  const { width, height } = SHARPNESS_SIZE;
  const frameBytes = width * height;
  const args = scoringArgs(job, SHARPNESS_SIZE);
  const offset = offsetOf(args);
  const candidates = windows.map(() => [] as Array<FrameInfo & { score: number }>);
  const frames = ffmpegRun(request, args, ({ stdout, infos }) => withInfo(rawFrames(stdout, frameBytes), infos));
  for await (const { bytes: luma, info } of frames) {
    const seconds = offset + info.seconds;
    let score: number | undefined;
    windows.forEach((w, i) => {
      if (!inWindow(seconds, w)) return;
      score ??= sharpness(luma, width, height);
      candidates[i]?.push({ n: info.n, seconds, score });
    });
  }
  const chosen = new Set<number>();
  windows.forEach((w, i) => {
    const best = sharpestOf(candidates[i] ?? [], w.target);
    if (best) chosen.add(best.n);
  });
  return [...chosen].sort((a, b) => a - b);
}

/** An ffmpeg run being read: its standard output, and showinfo's line of each frame as it comes. */
type FfmpegRun = { stdout: Readable; infos: ReturnType<typeof createFrameInfoQueue> };

/**
 * One ffmpeg run of the job: read by `read`, then its exit checked. ffmpeg is stopped however the
 * reading ends (the consumer stopped, an error), and a failure once the job's signal has fired is
 * told as the job's reason (the client left, the time limit), not as what the kill broke.
 */
async function* ffmpegRun<T>(
  request: FrameRequest,
  args: string[],
  read: (run: FfmpegRun) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const infos = createFrameInfoQueue();
  const ffmpeg = runProcess(request.ffmpegPath, args, request.signal, (text) => infos.push(text));
  // Once ffmpeg has ended no line is coming: a frame still waiting for its line has none.
  void ffmpeg.exited.then(
    () => infos.end(),
    () => infos.end(),
  );
  try {
    yield* read({ stdout: ffmpeg.stdout, infos });
    await succeeded(request, ffmpeg.exited);
  } catch (error) {
    if (request.signal.aborted) throw abortReason(request.signal);
    throw error;
  } finally {
    ffmpeg.kill();
    await ffmpeg.exited.catch(() => undefined);
  }
}

/** Each frame with showinfo's line of it (its index, and its time from where decoding started). */
async function* withInfo(
  frames: AsyncIterable<Buffer>,
  infos: FfmpegRun['infos'],
): AsyncGenerator<{ bytes: Buffer; info: FrameInfo }> {
  for await (const bytes of frames) {
    const info = await infos.next();
    if (!info) throw new Error('ffmpeg gave a frame without its time');
    yield { bytes, info };
  }
}

/** Raw frames of `frameBytes` each, out of whatever chunks the pipe gives. */
async function* rawFrames(chunks: AsyncIterable<Buffer>, frameBytes: number): AsyncGenerator<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of chunks) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= frameBytes) {
      yield pending.subarray(0, frameBytes);
      pending = pending.subarray(frameBytes);
    }
  }
}

async function succeeded(request: FrameRequest, exited: ReturnType<typeof runProcess>['exited']) {
  const exit = await exited;
  if (request.signal.aborted) throw abortReason(request.signal);
  if (exit.code !== 0) {
    const why = lastLine(exit.stderr) || `ffmpeg exited with ${exit.code ?? exit.signal}`;
    throw new VideoJobError('unreadable', `ffmpeg could not convert this video (${why}).`, exit.stderr);
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof VideoJobError ? signal.reason : VideoJobError.aborted();
}

/**
 * ffmpeg counts time from where it started decoding, a start it rounds to its own time base: a
 * frame at 1.56 s reads 1.560026 s after a seek. Frame times are given to the millisecond.
 */
function roundToMillis(seconds: number): number {
  return Math.round(seconds * 1e3) / 1e3;
}
