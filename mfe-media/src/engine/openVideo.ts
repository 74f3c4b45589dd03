import { displaySize, type HdrTransfer, hdrTransferOf } from 'media-files';
import {
  BlobSource,
  BufferSource,
  Input,
  type InputVideoTrack,
  MATROSKA,
  MP4,
  QTFF,
  type Source,
  UrlSource,
  WEBM,
} from 'mediabunny';

/**
 * The containers decoded in the browser, and the ones the page lists as such. Anything else (AVI, FLV,
 * MPEG-TS) goes to the server's ffmpeg, so the page's format list stays true.
 */
const BROWSER_FORMATS = [MP4, QTFF, MATROSKA, WEBM];

/** What the engine reads: a file the user chose, bytes (tests, Node), or an address it can fetch with Range. */
export type VideoSource = Blob | Uint8Array | { url: string };

/** What a user needs to know about a video before extracting, and what decides where it is decoded. */
export type VideoInfo = {
  /** Seconds from the first frame to the end of the video. */
  durationSeconds: number;
  /** Presentation time of the first frame: MPEG-TS streams often start far from 0, and times on screen count from it. */
  firstTimestamp: number;
  /** Display size in square pixels, rotation applied: what a player shows and what the frames are. */
  width: number;
  height: number;
  /** mediabunny's codec name (`avc`, `vp9`, `hevc`…), or null when the container names one it does not know. */
  codec: string | null;
  container: string;
  /** Whether this browser's WebCodecs can decode the track (always false where VideoDecoder is missing, as in Node). */
  canDecode: boolean;
  /** A high-dynamic-range transfer the container or codec states: its frames are tone-mapped to SDR (frameCanvases.ts). */
  hdr: HdrTransfer | undefined;
};

export type OpenedVideo = { input: Input; track: InputVideoTrack; info: VideoInfo };

/** Raised when a file holds no video track or is not a container we read; the caller then tries the server. */
export class UnreadableVideoError extends Error {
  override name = 'UnreadableVideoError';
}

function sourceFor(video: VideoSource): Source {
  if (video instanceof Uint8Array) return new BufferSource(video);
  if (video instanceof Blob) return new BlobSource(video);
  return new UrlSource(video.url, {
    // The proxy answers 4xx for an address it refuses; retrying those would only hang the page.
    getRetryDelay: (attempts) => (attempts < 2 ? 1 : null),
  });
}

/** Opens a video and reads what it is, without decoding a frame. */
export async function openVideo(video: VideoSource): Promise<OpenedVideo> {
  const input = new Input({ formats: BROWSER_FORMATS, source: sourceFor(video) });
  try {
    const format = await input.getFormat().catch(() => null);
    if (!format) throw new UnreadableVideoError('This file is not a video container the browser can read.');
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new UnreadableVideoError('This file has no video track.');
    const [firstTimestamp, end, codedWidth, codedHeight, aspect, rotation, codec, colorSpace, canDecode] =
      await Promise.all([
        track.getFirstTimestamp(),
        input.computeDuration(),
        track.getCodedWidth(),
        track.getCodedHeight(),
        track.getPixelAspectRatio(),
        track.getRotation(),
        track.getCodec(),
        track.getColorSpace(),
        typeof VideoDecoder === 'undefined' ? false : track.canDecode(),
      ]);
    // The project's one rule for display size, shared with the server's ffmpeg path, so a frame has
    // the same size whichever side decoded it.
    const { width, height } = displaySize({
      codedWidth,
      codedHeight,
      sampleAspectRatio: [aspect.num, aspect.den],
      rotationDegrees: rotation,
    });
    return {
      input,
      track,
      info: {
        durationSeconds: Math.max(0, end - firstTimestamp),
        firstTimestamp,
        width,
        height,
        codec,
        container: format.name,
        canDecode,
        hdr: hdrTransferOf(colorSpace.transfer),
      },
    };
  } catch (error) {
    input.dispose();
    throw error;
  }
}
