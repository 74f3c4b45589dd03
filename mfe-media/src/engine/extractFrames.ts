import {
  createSceneScorer,
  type FrameWindow,
  planFrames,
  SHARPNESS_SIZE,
  sharpestOf,
  sharpestWindows,
  sharpness,
} from 'media-files';
import type { InputVideoTrack } from 'mediabunny';
import {
  type FrameFormat,
  type FrameSelection,
  frameMimeType,
  SHARPEST_WINDOW_SECONDS,
  sceneThreshold,
} from 'shared-contracts';
import { frameCanvasSink } from './frameCanvases.ts';
import { keyframesIn } from './keyframes.ts';
import { openVideo, type VideoInfo, type VideoSource } from './openVideo.ts';
import { lumaOfCanvas, sceneLumas } from './sceneLuma.ts';

export type ExtractFramesOptions = {
  selection: FrameSelection;
  format: FrameFormat;
  /** 1–100, for JPEG and WebP. */
  quality: number;
  signal?: AbortSignal | undefined;
  /**
   * Grab this frame: the frames on screen at exactly these times (seconds from the first frame,
   * as a paused player shows them) instead of the selection's; each named by its own time.
   */
  exactly?: readonly number[] | undefined;
};

/** One frame as the engine hands it over: the encoded image and where it sits in the video. */
export type DecodedFrame = {
  /** The frame's time as named: the planned time, or the frame's own when the video chose it (cut, key frame, sharpest). */
  timeSeconds: number;
  /** Presentation time of the frame on screen at that moment, from the start of the video. */
  frameSeconds: number;
  blob: Blob;
  width: number;
  height: number;
};

export type FrameEvent =
  /** `total` is undefined while a scan (scene changes, sharpest) has not said it yet; `millis`: names carry milliseconds. */
  | { kind: 'info'; info: VideoInfo; total: number | undefined; millis: boolean }
  /** A scan reading every frame: `done` of about `total` frames read. */
  | { kind: 'scan'; done: number; total: number }
  | { kind: 'frame'; frame: DecodedFrame; done: number; total: number };

type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

const ENCODES_IN_FLIGHT = 3;
/** Scan progress is told every this many frames: a message per frame would cost more than the scoring. */
const SCAN_REPORT_EVERY = 30;

function encode(canvas: AnyCanvas, type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(`This browser could not encode ${type} images.`))),
      type,
      quality,
    ),
  );
}

/** A frame chosen by reading the video: its timestamp in the track, exactly. */
type Target = { at: number; time: number };

/**
 * The frames of a selection, decoded here with WebCodecs:
 * - every N seconds / N frames: the planner's times (media-files), the frame on screen at each: the
 *   last frame whose presentation time is at or before it, edit lists and variable frame rate
 *   included (mediabunny's sink seeks to the key frame before each time and decodes forward only
 *   as far as needed);
 * - key frames: the sync samples the container lists (keyframes.ts), each decoded alone;
 * - scene changes: every frame of the range read as a 64x36 grey picture (from its luma plane, no
 *   canvas: sceneLuma.ts), scored as ffmpeg's scene filter does (media-files' `createSceneScorer`),
 *   a frame kept where the score passes the threshold, and the range's first frame;
 * - sharpest: around each chosen time (after a cut), every frame decoded at 320x180 and scored by
 *   the variance of its Laplacian; the sharpest is kept.
 * PQ and HLG frames are tone-mapped to SDR with the server's curve (frameCanvases.ts).
 * Frames are drawn at display size, rotation and pixel aspect applied, and encoded a few at a
 * time, so memory holds a few frames, not the video. A video this browser cannot decode yields its
 * info and no frame: the caller sends it to the server.
 */
export async function* extractFrames(video: VideoSource, options: ExtractFramesOptions): AsyncGenerator<FrameEvent> {
  const { input, track, info } = await openVideo(video);
  try {
    const { selection } = options;
    const { mode } = selection;
    const { window, times: grid, millis } = planFrames(info.durationSeconds, selection);
    // Frames at the planner's times are named by them; the rest by the frame the video chose.
    const planned = grid !== undefined && !selection.sharpest;
    if (!info.canDecode) {
      yield { kind: 'info', info, total: grid?.length, millis };
      return;
    }
    const first = info.firstTimestamp;
    let targets: Target[];
    if (options.exactly) {
      targets = options.exactly.map((time) => ({ at: first + time, time }));
      yield { kind: 'info', info, total: targets.length, millis: true };
      yield* encodeFrames(track, info, targets, false, options);
      return;
    }
    if (mode.kind === 'keyframes') {
      // decoded at the packet's own timestamp: first + a time rounded to the microsecond can fall just
      // before it (8.333333 for 8.3333…, at 30 fps), which is the previous frame, reached by decoding
      // the whole GOP before the key frame
      targets = await keyframesIn(track, first, window);
      yield { kind: 'info', info, total: targets.length, millis };
    } else if (mode.kind === 'scenes') {
      yield { kind: 'info', info, total: undefined, millis };
      const scan: Target[] = [];
      const threshold = sceneThreshold(mode.sensitivity);
      for await (const event of sceneCuts(track, info, window, threshold, options.signal)) {
        if ('done' in event) yield event;
        else scan.push(event);
      }
      targets = scan;
    } else {
      const times = grid ?? [];
      yield { kind: 'info', info, total: selection.sharpest ? undefined : times.length, millis };
      targets = times.map((time) => ({ at: first + time, time }));
    }
    if (selection.sharpest && mode.kind !== 'keyframes' && targets.length > 0) {
      const chosen: Target[] = [];
      for await (const event of sharpestTargets(track, info, window, targets, mode.kind === 'scenes', options.signal)) {
        if ('done' in event) yield event;
        else chosen.push(event);
      }
      targets = chosen;
    }
    yield* encodeFrames(track, info, targets, planned, options);
  } finally {
    input.dispose();
  }
}

/** The frames at these times, full size, encoded a few at a time, in order. */
async function* encodeFrames(
  track: InputVideoTrack,
  info: VideoInfo,
  targets: readonly Target[],
  planned: boolean,
  options: ExtractFramesOptions,
): AsyncGenerator<FrameEvent> {
  const total = targets.length;
  const sink = frameCanvasSink(track, info.hdr, {
    width: info.width,
    height: info.height,
    // JPEG has no alpha; PNG and WebP keep the transparency of a video that has some.
    alpha: options.format !== 'jpeg',
    // No pool: a canvas still being encoded must not be drawn over by the next frame.
    poolSize: 0,
  });
  const type = frameMimeType(options.format);
  const quality = options.quality / 100;
  // Encoding a 1080p PNG takes as long as decoding to the next time: the browser encodes off the
  // thread, so the next frame is decoded meanwhile. A few encodes at most are in flight, so memory
  // holds a few frames, and frames still come out in order.
  const pending: Promise<FrameEvent>[] = [];
  let asked = 0;
  for await (const wrapped of sink.canvasesAtTimestamps(targets.map((t) => t.at))) {
    options.signal?.throwIfAborted();
    const target = targets[asked];
    asked += 1;
    // Nothing is on screen before the first frame; times counted from it never ask for that.
    if (!wrapped || !target) continue;
    const done = asked;
    const { canvas, timestamp } = wrapped;
    const frameSeconds = Math.max(0, timestamp - info.firstTimestamp);
    const job = encode(canvas, type, quality).then(
      (blob): FrameEvent => ({
        kind: 'frame',
        frame: {
          // a planned time names its frame; a frame the video chose is named by its own time
          timeSeconds: planned ? target.time : Math.round(frameSeconds * 1000) / 1000,
          frameSeconds,
          blob,
          width: canvas.width,
          height: canvas.height,
        },
        done,
        total,
      }),
    );
    // Awaited below in order; this only keeps a failure after a Cancel from being reported as unhandled.
    job.catch(() => {});
    pending.push(job);
    if (pending.length >= ENCODES_IN_FLIGHT) yield await (pending.shift() as Promise<FrameEvent>);
  }
  while (pending.length > 0) {
    options.signal?.throwIfAborted();
    yield await (pending.shift() as Promise<FrameEvent>);
  }
}

type ScanEvent = Extract<FrameEvent, { kind: 'scan' }>;

/** About how many frames a stretch holds, for the scan's progress (the container's packet count). */
async function framesIn(track: InputVideoTrack, seconds: number, duration: number): Promise<number> {
  const stats = await track.computePacketStats(100).catch(() => undefined);
  const rate = stats && duration > 0 ? stats.averagePacketRate : 30;
  return Math.max(1, Math.round(rate * seconds));
}

/** The window's first frame, then each frame whose scene score passes `threshold`. */
async function* sceneCuts(
  track: InputVideoTrack,
  { firstTimestamp: first, hdr }: VideoInfo,
  window: FrameWindow,
  threshold: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<Target | ScanEvent> {
  const total = await framesIn(track, window.to - window.from, window.to);
  const score = createSceneScorer();
  let done = 0;
  for await (const { luma, timestamp } of sceneLumas(track, hdr, first + window.from, first + window.to)) {
    signal?.throwIfAborted();
    // the stretch opens with the frame on screen at its start, which may begin before it: the
    // range starts with the first frame inside it, as on the server (ffmpeg's seek drops the earlier one)
    if (timestamp - first < window.from - 1e-6) continue;
    const value = score(luma);
    if (done === 0 || value > threshold) yield { at: timestamp, time: timestamp - first };
    done += 1;
    if (done % SCAN_REPORT_EVERY === 0) yield { kind: 'scan', done, total: Math.max(total, done) };
  }
}

/** For each target, the sharpest frame near it (after it for a cut), each frame kept once. */
async function* sharpestTargets(
  track: InputVideoTrack,
  { firstTimestamp: first, hdr }: VideoInfo,
  window: FrameWindow,
  targets: readonly Target[],
  afterOnly: boolean,
  signal: AbortSignal | undefined,
): AsyncGenerator<Target | ScanEvent> {
  const sink = frameCanvasSink(track, hdr, { ...SHARPNESS_SIZE, poolSize: 1 });
  const perTarget = await framesIn(track, SHARPEST_WINDOW_SECONDS * (afterOnly ? 1 : 2), window.to);
  const total = perTarget * targets.length;
  const kept = new Set<number>();
  let done = 0;
  const windows = sharpestWindows(
    targets.map((t) => t.time),
    window,
    afterOnly,
  );
  for (const { target, from, to } of windows) {
    const candidates: Array<{ seconds: number; score: number; at: number }> = [];
    for await (const { canvas, timestamp } of sink.canvases(first + from, first + to)) {
      signal?.throwIfAborted();
      const seconds = timestamp - first;
      // canvases() opens with the frame on screen at `from`, which may have begun before the window
      if (seconds >= from - 1e-6)
        candidates.push({
          seconds,
          at: timestamp,
          score: sharpness(lumaOfCanvas(canvas), canvas.width, canvas.height),
        });
      done += 1;
    }
    yield { kind: 'scan', done, total: Math.max(total, done) };
    const best = sharpestOf(candidates, target);
    if (best && !kept.has(best.at)) {
      kept.add(best.at);
      yield { at: best.at, time: best.seconds };
    }
  }
}
