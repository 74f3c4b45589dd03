import { type HdrTransfer, hdrTransferOf, toneMapToRgba, type YuvPlanes } from 'media-files';
import {
  CanvasSink,
  type InputVideoTrack,
  type Rotation,
  VideoSample,
  VideoSampleSink,
  type WrappedCanvas,
} from 'mediabunny';

/** The part of mediabunny's CanvasSink the engine uses: frames drawn at a size, in order or at times. */
export type FrameCanvasSink = Pick<CanvasSink, 'canvases' | 'canvasesAtTimestamps'>;

export type FrameCanvasOptions = {
  width: number;
  height: number;
  /** Keep transparency (PNG, WebP); JPEG has none. */
  alpha?: boolean;
  /** 0: a new canvas per frame (one still being encoded must not be drawn over); 1: one reused. */
  poolSize: number;
};

/**
 * The frames of a track drawn at a size, rotation and pixel aspect applied. SDR tracks are drawn
 * by the browser (mediabunny's CanvasSink). PQ and HLG frames are tone-mapped here instead, with
 * the server's curve (media-files' `toneMapToRgba`), from the decoded planes: Chromium draws them
 * into an sRGB canvas a third darker than their SDR picture (measured on generated PQ and HLG
 * videos; see mfe-media/README.md).
 */
export function frameCanvasSink(
  track: InputVideoTrack,
  hdr: HdrTransfer | undefined,
  options: FrameCanvasOptions,
): FrameCanvasSink {
  if (!hdr) return new CanvasSink(track, { ...options, fit: 'fill' });
  return new ToneMappedCanvasSink(track, hdr, options);
}

/** Planar Y'CbCr layouts whose planes we read: 4:2:0, 4:2:2 and 4:4:4 at 8, 10 or 12 bits. */
const PLANAR = /^I4(20|22|44)A?(P10|P12)?$/;

class ToneMappedCanvasSink implements FrameCanvasSink {
  readonly #samples: VideoSampleSink;
  readonly #orientation: Promise<{ rotation: Rotation; flip: boolean }>;
  #canvas: OffscreenCanvas | undefined;

  constructor(
    track: InputVideoTrack,
    readonly hdr: HdrTransfer,
    readonly options: FrameCanvasOptions,
  ) {
    this.#samples = new VideoSampleSink(track);
    this.#orientation = Promise.all([track.getRotation(), track.getFlip()]).then(([rotation, flip]) => ({
      rotation,
      flip,
    }));
  }

  async *canvases(start?: number, end?: number): AsyncGenerator<WrappedCanvas, void, unknown> {
    for await (const sample of this.#samples.samples(start, end)) yield await this.#draw(sample);
  }

  async *canvasesAtTimestamps(
    timestamps: Parameters<VideoSampleSink['samplesAtTimestamps']>[0],
  ): AsyncGenerator<WrappedCanvas | null, void, unknown> {
    for await (const sample of this.#samples.samplesAtTimestamps(timestamps)) {
      yield sample ? await this.#draw(sample) : null;
    }
  }

  async #draw(sample: VideoSample): Promise<WrappedCanvas> {
    const { width, height, alpha = false, poolSize } = this.options;
    const canvas = (poolSize > 0 ? this.#canvas : undefined) ?? new OffscreenCanvas(width, height);
    if (poolSize > 0) this.#canvas = canvas;
    const context = canvas.getContext('2d', { alpha });
    if (!context) throw new Error('This browser cannot draw a video frame.');
    const { rotation, flip } = await this.#orientation;
    const wrapped = { canvas, timestamp: sample.timestamp, duration: sample.duration };
    try {
      // a frame that does not say HDR (a stream can switch) is drawn as it is
      const transfer = sample.colorSpace.transfer ? hdrTransferOf(sample.colorSpace.transfer) : this.hdr;
      const mapped =
        transfer && PLANAR.test(sample.format ?? '')
          ? await toneMapped(sample, transfer, this.options, rotation)
          : null;
      const drawn = mapped ?? sample;
      try {
        context.clearRect(0, 0, width, height);
        drawn.drawWithFit(context, { fit: 'fill', rotation, flip });
      } finally {
        if (mapped) mapped.close();
      }
    } finally {
      sample.close();
    }
    return wrapped;
  }
}

/**
 * The frame as an SDR RGBA sample. Pictures drawn much smaller than the frame (the 64x36 and
 * 320x180 a scan scores) are tone-mapped from every n-th pixel, still twice the size drawn, so a
 * scan does not tone-map every pixel of every frame.
 */
async function toneMapped(
  sample: VideoSample,
  transfer: HdrTransfer,
  target: Pick<FrameCanvasOptions, 'width' | 'height'>,
  rotation: Rotation,
): Promise<VideoSample> {
  const format = sample.format ?? '';
  const deep = /P1[02]$/.test(format);
  const bytes = new Uint8Array(sample.allocationSize());
  const layout = await sample.copyTo(bytes);
  const plane = (index: number) => {
    const { offset, stride } = layout[index] ?? { offset: 0, stride: 0 };
    return deep
      ? { data: new Uint16Array(bytes.buffer, offset, (bytes.length - offset) >> 1), stride: stride >> 1 }
      : { data: bytes.subarray(offset), stride };
  };
  const [y, u, v] = [plane(0), plane(1), plane(2)];
  const { width, height } = sample.visibleRect;
  const sideways = rotation % 180 !== 0;
  const [drawnWidth, drawnHeight] = sideways ? [target.height, target.width] : [target.width, target.height];
  const step = Math.max(1, Math.floor(Math.min(width / drawnWidth, height / drawnHeight) / 2));
  const planes: YuvPlanes = {
    width,
    height,
    bitDepth: format.endsWith('P12') ? 12 : format.endsWith('P10') ? 10 : 8,
    fullRange: sample.colorSpace.fullRange === true,
    matrix: sample.colorSpace.matrix === 'bt709' ? 'bt709' : 'bt2020-ncl',
    y: y.data,
    u: u.data,
    v: v.data,
    yStride: y.stride,
    chromaStride: u.stride,
    chromaShiftX: format.startsWith('I444') ? 0 : 1,
    chromaShiftY: format.startsWith('I420') ? 1 : 0,
  };
  const rgba = toneMapToRgba(planes, transfer, step);
  return new VideoSample(rgba.data, {
    format: 'RGBA',
    codedWidth: rgba.width,
    codedHeight: rgba.height,
    timestamp: sample.timestamp,
    duration: sample.duration,
  });
}
