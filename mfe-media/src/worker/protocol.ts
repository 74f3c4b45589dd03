import type { FrameFormat, FrameSelection } from 'shared-contracts';
import type { DecodedFrame, VideoInfo, VideoSource } from '../engine/index.ts';

/** The page asks the worker for the frames of one video. One job per worker: Cancel ends the worker. */
export type FrameJobRequest = {
  source: Blob | { url: string };
  selection: FrameSelection;
  format: FrameFormat;
  quality: number;
  /** Grab this frame: exactly these times instead of the selection's. */
  exactly?: readonly number[] | undefined;
};

/** What the worker says back, in order: info, frames (and scan progress), then done or a failure. */
export type FrameJobMessage =
  | { type: 'info'; info: VideoInfo; total: number | undefined; millis: boolean }
  | { type: 'scan'; done: number; total: number }
  | { type: 'frame'; frame: DecodedFrame; done: number; total: number }
  | { type: 'done' }
  /** No WebCodecs or OffscreenCanvas in workers here: the page runs the engine itself, or the server does. */
  | { type: 'unsupported' }
  /** `unreadable`: not a container or codec the browser handles; the server's ffmpeg may. */
  | { type: 'failed'; message: string; unreadable: boolean };

export type { VideoSource };
