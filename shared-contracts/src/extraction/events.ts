import * as z from 'zod/mini';
import { ExtractedImageSchema } from '../entities/extractedImage.ts';

/**
 * The one event union of every extractor (page, website, video, PDF, Word, PowerPoint), the same on
 * the server (one JSON object per NDJSON line) and in the browser (what an extractor yields):
 *
 *   start → (progress | image)* → done | error
 *
 * Source-specific facts ride as optional fields of these five events, never as events of their own,
 * so one hook, one grid and one ZIP take every source alike.
 */

/** What a progress count counts, plural, as the progress bar says it ("3 of 12 pages"). */
export const PROGRESS_UNITS = ['pages', 'slides', 'frames', 'entries', 'images'] as const;
export const ProgressUnitSchema = z.enum(PROGRESS_UNITS);
export type ProgressUnit = z.infer<typeof ProgressUnitSchema>;

/** Where the work runs: the user should know when a file left the device. */
export const RunsOnSchema = z.enum(['browser', 'server']);
export type RunsOn = z.infer<typeof RunsOnSchema>;

const count = z.number().check(z.int(), z.nonnegative());

/** What a video is, once probed (the server's ffmpeg path says it in its first line). */
export const VideoFactsSchema = z.object({
  /** Seconds, from the container (what a player shows as the length). */
  durationSeconds: z.number().check(z.nonnegative()),
  /** Display size of the frames: square pixels, rotation applied. */
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  /** Whether timestamps and names carry milliseconds (`timestampsNeedMillis`). */
  millis: z.boolean(),
  /** The codec as ffprobe names it (`h264`, `hevc`, `mpeg4`…). */
  codec: z.optional(z.string()),
  /** An HDR transfer (PQ, HLG): the frames were tone-mapped to SDR, and the page says so. */
  hdr: z.optional(z.enum(['pq', 'hlg'])),
});
export type VideoFacts = z.infer<typeof VideoFactsSchema>;

export const ExtractionStartSchema = z.object({
  type: z.literal('start'),
  runsOn: RunsOnSchema,
  /** Units to read, when known before the work (frames of a video); progress may say it later. */
  total: z.optional(count),
  unit: z.optional(ProgressUnitSchema),
  /** What is read: the start page of a scan, the page of a page extraction. */
  url: z.optional(z.string()),
  /** Website scan: links followed this deep (0: the start pages only), at most this many pages read. */
  depth: z.optional(z.number().check(z.int(), z.nonnegative())),
  maxPages: z.optional(z.number().check(z.int(), z.positive())),
  /** Documents: what the bytes turned out to be (`pdf`, `docx`, `ppt`…). */
  kind: z.optional(z.string()),
  /** Video: what the probe found. */
  video: z.optional(VideoFactsSchema),
  /** Why it runs where it does, when the user should know (a video this browser cannot decode went to the server). */
  note: z.optional(z.string()),
});

export const ExtractionProgressSchema = z.object({
  type: z.literal('progress'),
  /** Units finished (pages scanned, slides read, frames made). */
  done: count,
  /** Units in all, when known. */
  total: z.optional(count),
  unit: ProgressUnitSchema,
  /** Website scan: pages found but not read yet. */
  queued: z.optional(count),
  /** Images found so far, as the worker counts them (the screen may not have drawn them all yet). */
  found: z.optional(count),
  /** What is being read now: the page's URL during a scan. */
  detail: z.optional(z.string()),
  /** Website scan: pages that could not be read. */
  failed: z.optional(count),
  /**
   * Website scan: which pages failed and why, the first ones (a bounded list), sent when it changes;
   * a reader keeps the last list it was sent.
   */
  failures: z.optional(z.array(z.object({ url: z.string(), reason: z.string() }))),
  /**
   * Image addresses found but not checked so far: the extraction's budget of images or bytes ran
   * out before they were fetched (`MESSAGES.budget.notChecked` words it).
   */
  notChecked: z.optional(count),
});

export const ExtractionImageSchema = z.object({
  type: z.literal('image'),
  /**
   * One image. Its `url` says where its bytes are: http(s) for a web image (fetched and zipped by
   * the server), `data:` for bytes sent over the wire (server video frames, inline SVG), `blob:`
   * for bytes made on this device.
   */
  image: ExtractedImageSchema,
});

export const ExtractionDoneSchema = z.object({
  type: z.literal('done'),
  /** Images found in all. */
  found: count,
  /** Units read in all (pages scanned) and what they are. */
  done: z.optional(count),
  unit: z.optional(ProgressUnitSchema),
  /** The work stopped at a limit (the scan's page limit) with more still to read. */
  stoppedAtLimit: z.optional(z.boolean()),
  /** Image addresses found but never checked: a budget of images or bytes ran out (as on progress). */
  notChecked: z.optional(count),
  /** What the visitor should know of the result, in sentences (a render's scrolling cut short, drawings left out, addresses unchecked). */
  notices: z.optional(z.array(z.string().check(z.maxLength(2_000))).check(z.maxLength(20))),
});

/** The work stopped; images sent before it are good. */
export const ExtractionErrorSchema = z.object({
  type: z.literal('error'),
  /** The reason, worded for the user. */
  error: z.string(),
  /** A machine-readable reason when there is one (`aborted`, `password-required`, `unreadable`…). */
  code: z.optional(z.string()),
});

export const ExtractionEventSchema = z.discriminatedUnion('type', [
  ExtractionStartSchema,
  ExtractionProgressSchema,
  ExtractionImageSchema,
  ExtractionDoneSchema,
  ExtractionErrorSchema,
]);
export type ExtractionEvent = z.infer<typeof ExtractionEventSchema>;
export type ExtractionEventOf<T extends ExtractionEvent['type']> = Extract<ExtractionEvent, { type: T }>;
