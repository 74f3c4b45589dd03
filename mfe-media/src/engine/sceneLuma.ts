import { type HdrTransfer, lumaGridOfPlane, lumaOfRgba, SCENE_SCORE_SIZE } from 'media-files';
import { type InputVideoTrack, type Rotation, type VideoSample, VideoSampleSink } from 'mediabunny';
import { frameCanvasSink } from './frameCanvases.ts';

/** One frame of a scene scan: its grey 64x36 picture (rewritten for the next frame) and its timestamp. */
export type SceneLuma = { luma: Uint8Array; timestamp: number };

/** Layouts whose first plane is the luma (Y') plane: planar 4:2:0/4:2:2/4:4:4 at 8, 10 or 12 bits, and NV12. */
const LUMA_FIRST = /^(I4(20|22|44)A?(P10|P12)?|NV12)$/;

/**
 * The frames of a stretch as the scene score reads them: 64x36 grey pictures. An SDR frame in a
 * Y'CbCr layout is read from its luma plane (`copyTo` into one reused buffer, box-averaged here,
 * limited range stretched to full), no canvas: drawing each 1080p frame into a 64x36 canvas and
 * reading it back cost about 25 ms a frame, 5–7x ffmpeg's time over a whole video (bench/RESULTS.md).
 * A frame in an RGB layout (some decoders give BGRA/RGBA) is drawn into the canvas as before, and
 * PQ/HLG videos are scored on their tone-mapped pictures (frameCanvases.ts), as the frames shown are.
 */
export async function* sceneLumas(
  track: InputVideoTrack,
  hdr: HdrTransfer | undefined,
  start: number,
  end: number,
): AsyncGenerator<SceneLuma> {
  if (hdr) {
    const sink = frameCanvasSink(track, hdr, { ...SCENE_SCORE_SIZE, poolSize: 1 });
    for await (const { canvas, timestamp } of sink.canvases(start, end)) {
      yield { luma: lumaOfCanvas(canvas), timestamp };
    }
    return;
  }
  const [rotation, flip] = await Promise.all([track.getRotation(), track.getFlip()]);
  // a canvas of 64x36 holds the rotated picture; the same cells over the coded plane are 36x64 when
  // it is turned a quarter (the score sums over cells, so their order does not matter)
  const sideways = rotation % 180 !== 0;
  const gridWidth = sideways ? SCENE_SCORE_SIZE.height : SCENE_SCORE_SIZE.width;
  const gridHeight = sideways ? SCENE_SCORE_SIZE.width : SCENE_SCORE_SIZE.height;
  const luma = new Uint8Array(gridWidth * gridHeight);
  let bytes = new Uint8Array(0);
  let context: OffscreenCanvasRenderingContext2D | undefined;
  for await (const sample of new VideoSampleSink(track).samples(start, end)) {
    const { timestamp } = sample;
    try {
      const format = sample.format ?? '';
      if (LUMA_FIRST.test(format)) {
        const size = sample.allocationSize();
        if (bytes.length < size) bytes = new Uint8Array(size);
        const [y] = await sample.copyTo(bytes);
        const deep = /P1[02]$/.test(format);
        const { width, height } = sample.visibleRect;
        const offset = y?.offset ?? 0;
        const stride = y?.stride ?? width;
        lumaGridOfPlane(
          {
            data: deep
              ? new Uint16Array(bytes.buffer, bytes.byteOffset + offset, (size - offset) >> 1)
              : bytes.subarray(offset, size),
            width,
            height,
            stride: deep ? stride >> 1 : stride,
            bitDepth: format.endsWith('P12') ? 12 : deep ? 10 : 8,
            fullRange: sample.colorSpace.fullRange === true,
          },
          gridWidth,
          gridHeight,
          luma,
        );
      } else {
        context ??= readableContext(new OffscreenCanvas(SCENE_SCORE_SIZE.width, SCENE_SCORE_SIZE.height));
        luma.set(drawnLuma(context, sample, rotation, flip));
      }
    } finally {
      sample.close();
    }
    yield { luma, timestamp };
  }
}

function readableContext(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read back a video frame.');
  return context;
}

/** A frame in an RGB layout drawn at 64x36, as the canvas path draws every frame. */
function drawnLuma(context: OffscreenCanvasRenderingContext2D, sample: VideoSample, rotation: Rotation, flip: boolean) {
  const { width, height } = context.canvas;
  sample.drawWithFit(context, { fit: 'fill', rotation, flip });
  return lumaOfRgba(context.getImageData(0, 0, width, height).data);
}

/** Rec. 601 luma of a canvas's pixels (media-files' `lumaOfRgba`). */
export function lumaOfCanvas(canvas: HTMLCanvasElement | OffscreenCanvas): Uint8Array {
  const context = canvas.getContext('2d', { willReadFrequently: true }) as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error('This browser cannot read back a video frame.');
  return lumaOfRgba(context.getImageData(0, 0, canvas.width, canvas.height).data);
}
