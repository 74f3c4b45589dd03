import {
  type FrameMode,
  type FrameRange,
  type FrameSelection,
  MESSAGES,
  SHARPEST_WINDOW_SECONDS,
} from 'shared-contracts';
import { frameCount, timestampsNeedMillis } from './frameTimes.ts';
import { formatTimestamp } from './timestamp.ts';

/**
 * The one planner of which times become frames, for the browser, the server's ffmpeg path and the
 * CLI alike. Times are seconds from the first frame (see frameTimes.ts). Scene changes and key
 * frames are found by reading the video; the planner gives them their window only.
 */

/** The part of the video frames are taken from: `from` included, `to` excluded. */
export type FrameWindow = { from: number; to: number };

/** A range that does not fit the video, worded for the user (from the catalogue). */
export class FrameRangeError extends RangeError {
  override name = 'FrameRangeError';
}

/** The range clamped to the video: a missing end is the video's start or end, an end past it is its end. */
export function resolveWindow(durationSeconds: number, range: FrameRange | undefined): FrameWindow {
  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0;
  const from = range?.fromSeconds ?? 0;
  const to = Math.min(range?.toSeconds ?? duration, duration);
  if (range?.fromSeconds !== undefined && range.toSeconds !== undefined && range.fromSeconds >= range.toSeconds) {
    throw new FrameRangeError(MESSAGES.video.range.fromNotBeforeTo);
  }
  if (from >= duration && duration > 0) {
    throw new FrameRangeError(MESSAGES.video.range.startsAfterEnd(formatTimestamp(duration)));
  }
  return { from, to: Math.max(from, to) };
}

/** Evenly spaced times `origin + k·step`, k < count: what every-N and N-spread-evenly both are. */
export type FrameGrid = { origin: number; step: number; count: number };

/**
 * Every N seconds: from the window's start, while before its end (the end rule of frameTimes.ts).
 * N frames: the window cut into N equal parts, a frame at the middle of each, so neither the
 * (often black) first frame nor the last is taken and a range of 10 s with 2 frames gives 2.5 and 7.5.
 */
export function frameGrid(
  durationSeconds: number,
  mode: Extract<FrameMode, { kind: 'interval' | 'count' }>,
  range?: FrameRange,
): FrameGrid {
  const window = resolveWindow(durationSeconds, range);
  const span = window.to - window.from;
  if (span <= 0) return { origin: window.from, step: 1, count: 0 };
  if (mode.kind === 'count') {
    const step = span / mode.count;
    return { origin: roundToMicros(window.from + step / 2), step, count: mode.count };
  }
  const step = mode.intervalSeconds;
  return { origin: window.from, step, count: frameCount(span, step) };
}

export function gridTimes(grid: FrameGrid): number[] {
  // origin + k·step, not a running sum, so 0.1 s steps do not drift (see frameTimes.ts)
  return Array.from({ length: grid.count }, (_, k) => roundToMicros(grid.origin + k * grid.step));
}

/** Whether a time found by reading the video (a cut, a key frame) is inside the window. */
export function inWindow(seconds: number, window: FrameWindow): boolean {
  return seconds >= window.from - 1e-6 && seconds < window.to - 1e-6;
}

/**
 * The plan a run announces before any frame. Every N seconds and N frames have their times (the
 * grid); scene changes and key frames are found by reading the video, so their count is unknown, and
 * their names carry milliseconds (two cuts can fall in one second), as do frames the sharpest
 * search may move.
 */
export type FramePlan = {
  window: FrameWindow;
  grid: FrameGrid | undefined;
  /** The grid's times; undefined when frames are found by reading. */
  times: number[] | undefined;
  millis: boolean;
};

/** Throws FrameRangeError for a range outside the video. */
export function planFrames(durationSeconds: number, selection: FrameSelection): FramePlan {
  const window = resolveWindow(durationSeconds, selection.range);
  const { mode } = selection;
  if (mode.kind === 'interval' || mode.kind === 'count') {
    const grid = frameGrid(durationSeconds, mode, selection.range);
    const times = gridTimes(grid);
    return { window, grid, times, millis: selection.sharpest || timestampsNeedMillis(times) };
  }
  return { window, grid: undefined, times: undefined, millis: true };
}

/** Where the sharpest search looks for one chosen time (`target`): a window of its own. */
export type SharpestWindow = FrameWindow & { target: number };

/**
 * For each chosen time, the stretch its sharpest frame is picked from: SHARPEST_WINDOW_SECONDS
 * either side, or after a cut only (before it is the previous shot) and not past the next cut;
 * always inside the run's window.
 */
export function sharpestWindows(targets: readonly number[], window: FrameWindow, afterOnly: boolean): SharpestWindow[] {
  return targets.map((target, i) => {
    const next = afterOnly ? (targets[i + 1] ?? window.to) : window.to;
    return {
      target,
      from: Math.max(window.from, afterOnly ? target : target - SHARPEST_WINDOW_SECONDS),
      to: Math.min(next, target + SHARPEST_WINDOW_SECONDS, window.to),
    };
  });
}

/**
 * `HH:MM:SS`, `MM:SS` or seconds, each with optional `.fff`, as seconds; undefined for anything
 * else (the screen then says how to write it). Minutes and seconds past 59 are refused.
 */
export function parseTimestamp(text: string): number | undefined {
  const match = /^(?:(?:(\d{1,3}):)?([0-5]?\d):)?(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, hh, mm, ss, frac] = match;
  const seconds = Number(ss);
  if (mm !== undefined && seconds > 59) return undefined;
  const total = Number(hh ?? 0) * 3600 + Number(mm ?? 0) * 60 + seconds + (frac ? Number(`0.${frac}`) : 0);
  return Number.isFinite(total) ? total : undefined;
}

function roundToMicros(seconds: number): number {
  return Math.round(seconds * 1e6) / 1e6;
}
