import { API_PATHS, type FrameFormat } from 'shared-contracts';

// What the page and its panels need of a video before any extraction: its shape and the address the
// player reads. Kept apart from videoFrames.ts, which loads only when Extract Frames runs (or is
// about to), so the worker plumbing, frame maths and the server path stay off the page's first load.

/** A video the user chose: a file on this device, or the address of one (fetched through our proxy). */
export type ChosenVideo = { kind: 'file'; file: File } | { kind: 'url'; url: string };

export type FrameSettings = { intervalSeconds: number; format: FrameFormat; quality: number };

/** What the video extractor takes: the video and the frame settings. */
export type VideoFramesInput = { video: ChosenVideo; settings: FrameSettings };

/** The address the browser reads a linked video from: our Range-passing proxy, since other sites do not allow CORS. */
export function proxiedVideoUrl(url: string): string {
  return `${API_PATHS.videoSource}?url=${encodeURIComponent(url)}`;
}
