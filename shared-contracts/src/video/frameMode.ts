import * as z from 'zod/mini';
import { FRAME_INTERVAL_DEFAULT_SECONDS, FRAME_INTERVAL_MAX_SECONDS, FRAME_INTERVAL_MIN_SECONDS } from '../limits.ts';
import { MESSAGES } from '../messages/catalogue.ts';

/**
 * Which frames of a video to take, one model for the screen, the server's ffmpeg path and
 * the CLI: every N seconds (the default, as before), a frame at each scene change, the key frames
 * only, or N frames spread evenly; each within an optional time range, and optionally replaced by
 * the sharpest frame near it.
 */
export const FRAME_MODES = ['interval', 'scenes', 'keyframes', 'count'] as const;
export type FrameModeKind = (typeof FRAME_MODES)[number];

/** The slider's bounds: whole seconds, 1 to 30. */
export const FrameIntervalSchema = z
  .number({ message: 'The frame interval must be a number of seconds' })
  .check(
    z.int('The frame interval must be a whole number of seconds'),
    z.gte(
      FRAME_INTERVAL_MIN_SECONDS,
      `The frame interval must be between ${FRAME_INTERVAL_MIN_SECONDS} and ${FRAME_INTERVAL_MAX_SECONDS} seconds`,
    ),
    z.lte(
      FRAME_INTERVAL_MAX_SECONDS,
      `The frame interval must be between ${FRAME_INTERVAL_MIN_SECONDS} and ${FRAME_INTERVAL_MAX_SECONDS} seconds`,
    ),
  );

/**
 * Scene sensitivity in percent. A cut is a frame whose scene score (ffmpeg's, 0–1) exceeds
 * `sceneThreshold(sensitivity)`: 70 % is ffmpeg's customary 0.3.
 */
export const SCENE_SENSITIVITY_MIN = 1;
export const SCENE_SENSITIVITY_MAX = 99;
export const SCENE_SENSITIVITY_DEFAULT = 70;
export const SceneSensitivitySchema = z
  .number({ message: 'The scene sensitivity must be a number' })
  .check(
    z.int('The scene sensitivity must be a whole percentage'),
    z.gte(
      SCENE_SENSITIVITY_MIN,
      `The scene sensitivity must be between ${SCENE_SENSITIVITY_MIN} and ${SCENE_SENSITIVITY_MAX}`,
    ),
    z.lte(
      SCENE_SENSITIVITY_MAX,
      `The scene sensitivity must be between ${SCENE_SENSITIVITY_MIN} and ${SCENE_SENSITIVITY_MAX}`,
    ),
  );

/** The scene-score threshold (ffmpeg's `gt(scene,T)`) of a sensitivity. */
export function sceneThreshold(sensitivity: number): number {
  return Math.round(100 - sensitivity) / 100;
}

/** The sensitivity of a threshold (the CLI's `--scenes 0.3`), clamped to the slider's bounds. */
export function sensitivityOfThreshold(threshold: number): number {
  return Math.min(SCENE_SENSITIVITY_MAX, Math.max(SCENE_SENSITIVITY_MIN, Math.round(100 - threshold * 100)));
}

/** "N frames spread evenly": at most this many, as a contact sheet holds them. */
export const FRAME_COUNT_MIN = 1;
export const FRAME_COUNT_MAX = 500;
export const FRAME_COUNT_DEFAULT = 12;
export const FrameCountSchema = z
  .number({ message: 'The number of frames must be a number' })
  .check(
    z.int('The number of frames must be a whole number'),
    z.gte(FRAME_COUNT_MIN, `The number of frames must be between ${FRAME_COUNT_MIN} and ${FRAME_COUNT_MAX}`),
    z.lte(FRAME_COUNT_MAX, `The number of frames must be between ${FRAME_COUNT_MIN} and ${FRAME_COUNT_MAX}`),
  );

export const FrameModeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interval'), intervalSeconds: FrameIntervalSchema }),
  z.object({ kind: z.literal('scenes'), sensitivity: SceneSensitivitySchema }),
  z.object({ kind: z.literal('keyframes') }),
  z.object({ kind: z.literal('count'), count: FrameCountSchema }),
]);
export type FrameMode = z.infer<typeof FrameModeSchema>;

export const FRAME_MODE_DEFAULT: FrameMode = { kind: 'interval', intervalSeconds: FRAME_INTERVAL_DEFAULT_SECONDS };

const seconds = z.number().check(z.gte(0, 'A time cannot be negative'));

/** Part of the video, in seconds from its first frame; a missing end is the video's start or end. */
export const FrameRangeSchema = z
  .object({ fromSeconds: z.optional(seconds), toSeconds: z.optional(seconds) })
  .check(
    z.refine(
      (range) =>
        range.fromSeconds === undefined || range.toSeconds === undefined || range.fromSeconds < range.toSeconds,
      MESSAGES.video.range.fromNotBeforeTo,
    ),
  );
export type FrameRange = z.infer<typeof FrameRangeSchema>;

/** Which frames: the mode, the range, and whether each is replaced by the sharpest frame near it. */
export const FrameSelectionSchema = z.object({
  mode: FrameModeSchema,
  range: z.optional(FrameRangeSchema),
  sharpest: z._default(z.boolean(), false),
});
export type FrameSelection = z.infer<typeof FrameSelectionSchema>;

/** Half the window the sharpest frame is looked for in, around each chosen time (after it, for a cut). */
export const SHARPEST_WINDOW_SECONDS = 0.5;
