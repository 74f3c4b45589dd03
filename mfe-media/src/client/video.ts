import { parseTimestamp } from 'media-files';
import { API_PATHS, type FrameFormat, type FrameModeKind, type FrameSelection, MESSAGES } from 'shared-contracts';

// What the page and its panels need of a video before any extraction: its shape and the address the
// player reads. Kept apart from videoFrames.ts, which loads only when Extract Frames runs (or is
// about to), so the worker plumbing, frame maths and the server path stay off the page's first load.

/** A video the user chose: a file on this device, or the address of one (fetched through our proxy). */
export type ChosenVideo = { kind: 'file'; file: File } | { kind: 'url'; url: string };

/** The settings form as the visitor leaves it: every mode's value is kept while another is shown. */
export type FrameSettings = {
  mode: FrameModeKind;
  intervalSeconds: number;
  sensitivity: number;
  count: number;
  /** As typed (HH:MM:SS); empty for the start or the end of the video. */
  fromText: string;
  toText: string;
  sharpest: boolean;
  format: FrameFormat;
  quality: number;
};

/** What the extractor runs: the selection, and how frames are encoded. */
export type FrameJob = {
  selection: FrameSelection;
  format: FrameFormat;
  quality: number;
  /** Grab this frame: the frame on screen at exactly these times instead of the selection's. */
  exactly?: readonly number[] | undefined;
};

/** What the video extractor takes: the video and the job. */
export type VideoFramesInput = { video: ChosenVideo; job: FrameJob };

export type RangeProblem = { field: 'from' | 'to'; message: string };

/** The job the form describes, or what is wrong with its range, in the catalogue's words. */
export function frameJobOf(settings: FrameSettings): { job: FrameJob } | { problem: RangeProblem } {
  const m = MESSAGES.video.range;
  const read = (text: string, field: 'from' | 'to', label: string) => {
    if (text.trim() === '') return { seconds: undefined };
    const seconds = parseTimestamp(text);
    return seconds === undefined ? { problem: { field, message: m.invalidTime(label) } } : { seconds };
  };
  const from = read(settings.fromText, 'from', m.from);
  if ('problem' in from && from.problem) return { problem: from.problem };
  const to = read(settings.toText, 'to', m.to);
  if ('problem' in to && to.problem) return { problem: to.problem };
  if (from.seconds !== undefined && to.seconds !== undefined && from.seconds >= to.seconds) {
    return { problem: { field: 'to', message: m.fromNotBeforeTo } };
  }
  const mode =
    settings.mode === 'scenes'
      ? { kind: 'scenes' as const, sensitivity: settings.sensitivity }
      : settings.mode === 'keyframes'
        ? { kind: 'keyframes' as const }
        : settings.mode === 'count'
          ? { kind: 'count' as const, count: settings.count }
          : { kind: 'interval' as const, intervalSeconds: settings.intervalSeconds };
  const range =
    from.seconds === undefined && to.seconds === undefined
      ? undefined
      : { fromSeconds: from.seconds, toSeconds: to.seconds };
  return {
    job: {
      selection: { mode, range, sharpest: settings.sharpest && settings.mode !== 'keyframes' },
      format: settings.format,
      quality: settings.quality,
    },
  };
}

/** The address the browser reads a linked video from: our Range-passing proxy, since other sites do not allow CORS. */
export function proxiedVideoUrl(url: string): string {
  return `${API_PATHS.videoSource}?url=${encodeURIComponent(url)}`;
}
