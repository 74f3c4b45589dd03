import { frameTimes } from 'media-files';
import { CanvasSink } from 'mediabunny';
import { type FrameFormat, frameMimeType } from 'shared-contracts';
import { openVideo, type VideoInfo, type VideoSource } from './openVideo.ts';

export type ExtractFramesOptions = {
  intervalSeconds: number;
  format: FrameFormat;
  /** 1–100, for JPEG and WebP. */
  quality: number;
  signal?: AbortSignal | undefined;
};

/** One frame as the engine hands it over: the encoded image and where it sits in the video. */
export type DecodedFrame = {
  /** The requested time, in seconds from the start of the video. */
  timeSeconds: number;
  /** Presentation time of the frame on screen at that moment, from the start of the video. */
  frameSeconds: number;
  blob: Blob;
  width: number;
  height: number;
};

export type FrameEvent =
  | { kind: 'info'; info: VideoInfo; total: number }
  | { kind: 'frame'; frame: DecodedFrame; done: number; total: number };

type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;

const ENCODES_IN_FLIGHT = 3;

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

/**
 * The frame displayed at each time of `frameTimes`: the last frame whose presentation time is at or
 * before it, edit lists and variable frame rate included (mediabunny's sink seeks to the keyframe
 * before each time and decodes forward only as far as needed). Frames are drawn at display size,
 * rotation and pixel aspect applied, and encoded one at a time, so memory holds a frame, not the video.
 * A video this browser cannot decode yields its info and no frame: the caller sends it to the server.
 */
export async function* extractFrames(video: VideoSource, options: ExtractFramesOptions): AsyncGenerator<FrameEvent> {
  const { input, track, info } = await openVideo(video);
  try {
    const times = frameTimes(info.durationSeconds, options.intervalSeconds);
    const total = times.length;
    yield { kind: 'info', info, total };
    if (!info.canDecode) return;
    const sink = new CanvasSink(track, {
      width: info.width,
      height: info.height,
      fit: 'fill',
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
    for await (const wrapped of sink.canvasesAtTimestamps(times.map((t) => info.firstTimestamp + t))) {
      options.signal?.throwIfAborted();
      const timeSeconds = times[asked] ?? 0;
      asked += 1;
      // Nothing is on screen before the first frame; times counted from it never ask for that.
      if (!wrapped) continue;
      const done = asked;
      const { canvas, timestamp } = wrapped;
      const job = encode(canvas, type, quality).then(
        (blob): FrameEvent => ({
          kind: 'frame',
          frame: {
            timeSeconds,
            frameSeconds: Math.max(0, timestamp - info.firstTimestamp),
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
  } finally {
    input.dispose();
  }
}
