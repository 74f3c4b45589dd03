import { MESSAGES } from 'shared-contracts';

/**
 * What can go wrong with a video job, one closed set, so the route maps `code` to a status and
 * sends `message` (written for the person who asked) as it is.
 *
 *   VideoJobError
 *   ├── 'ffmpeg-missing'   ffmpeg or ffprobe cannot be started          503
 *   ├── 'no-video'         neither a file nor a url was sent            400
 *   ├── 'platform'         a YouTube/Vimeo/… page, not a file           400
 *   ├── 'not-video'        the bytes are not a video container          415
 *   ├── 'unreadable'       ffprobe/ffmpeg found no decodable video      422
 *   ├── 'too-large'        over VIDEO_MAX_BYTES                          413
 *   ├── 'too-long'         over VIDEO_MAX_DURATION_SECONDS               413
 *   ├── 'timeout'          the job ran past its time limit              504
 *   └── 'aborted'          the client went away                         499
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

const STATUS: Readonly<Record<VideoJobErrorCode, number>> = {
  'ffmpeg-missing': 503,
  'no-video': 400,
  platform: 400,
  'not-video': 415,
  unreadable: 422,
  'too-large': 413,
  'too-long': 413,
  timeout: 504,
  aborted: 499,
};

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

  get status(): number {
    return STATUS[this.code];
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
