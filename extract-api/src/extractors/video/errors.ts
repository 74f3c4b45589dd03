import { MESSAGES } from 'shared-contracts';

/**
 * What can go wrong with a video job, one closed set: `code` says which (src/errors.ts gives each
 * its HTTP status) and `message` is written for the person who asked, sent as it is.
 *
 *   VideoJobError
 *   ├── 'ffmpeg-missing'   ffmpeg or ffprobe cannot be started
 *   ├── 'no-video'         neither a file nor a url was sent
 *   ├── 'platform'         a YouTube/Vimeo/… page, not a file
 *   ├── 'not-video'        the bytes are not a video container
 *   ├── 'unreadable'       ffprobe/ffmpeg found no decodable video
 *   ├── 'too-large'        over VIDEO_MAX_BYTES
 *   ├── 'too-long'         over VIDEO_MAX_DURATION_SECONDS
 *   ├── 'timeout'          the job ran past its time limit
 *   └── 'aborted'          the client went away
 */
export type VideoJobErrorCode =
  | 'ffmpeg-missing'
  | 'no-video'
  | 'platform'
  | 'not-video'
  | 'unreadable'
  | 'too-large'
  | 'too-long'
  | 'timeout'
  | 'aborted';

export class VideoJobError extends Error {
  override readonly name = 'VideoJobError';
  readonly code: VideoJobErrorCode;
  /** For logs: ffmpeg's last words, the path, the limit. */
  readonly detail: string | undefined;

  constructor(code: VideoJobErrorCode, message: string, detail?: string) {
    super(message);
    this.code = code;
    this.detail = detail;
  }

  static ffmpegMissing(detail?: string) {
    return new VideoJobError('ffmpeg-missing', MESSAGES.video.converterUnavailable, detail);
  }
  static tooLarge() {
    return new VideoJobError('too-large', MESSAGES.video.tooLarge);
  }
  static tooLong() {
    return new VideoJobError('too-long', MESSAGES.video.tooLong);
  }
  static notVideoFile(detail?: string) {
    return new VideoJobError('not-video', MESSAGES.video.notAVideoFile, detail);
  }
  static timeout(limitMs: number) {
    return new VideoJobError('timeout', MESSAGES.video.timedOut(Math.max(1, Math.round(limitMs / 60_000))));
  }
  static aborted() {
    return new VideoJobError('aborted', 'The request was cancelled.');
  }
}

export function isVideoJobError(error: unknown): error is VideoJobError {
  return error instanceof VideoJobError;
}
