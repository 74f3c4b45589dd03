import * as z from 'zod/mini';
import { FRAME_INTERVAL_DEFAULT_SECONDS } from '../limits.ts';
import {
  FRAME_FORMAT_DEFAULT,
  FRAME_QUALITY_DEFAULT,
  FrameFormatSchema,
  FrameQualitySchema,
} from '../video/frameFormat.ts';
import {
  FRAME_COUNT_DEFAULT,
  FRAME_MODES,
  FrameCountSchema,
  FrameIntervalSchema,
  type FrameSelection,
  FrameSelectionSchema,
  SCENE_SENSITIVITY_DEFAULT,
  SceneSensitivitySchema,
} from '../video/frameMode.ts';
import { PublicUrlSchema } from './extract.ts';

/**
 * zod/mini has no `preprocess`: this is classic zod's (a transform piped into `schema`), typed as
 * classic types it, so a field whose schema has a default stays optional in `z.input`.
 */
function preprocess<T extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniType<
    z.output<T>,
    unknown,
    z.core.$ZodPreprocessInternals<T, unknown>
  >;
}

/** A number sent as a form field (text); empty means "not given" so the default applies. */
function formNumber<T extends z.core.$ZodType>(schema: T) {
  return preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    return typeof value === 'string' ? Number(value.trim()) : value;
  }, schema);
}

/** `GET|HEAD /api/video/source?url=…`: a remote video file streamed through the server, Range requests passed on. */
export const VideoSourceQuerySchema = z.object({ url: PublicUrlSchema });
export type VideoSourceQuery = z.infer<typeof VideoSourceQuerySchema>;

/**
 * `POST /api/video/frames`, multipart form fields. The video is either the `file` part (streamed to
 * disk on the server) or `url` (fetched by the server). Send the fields BEFORE the file part: the
 * server reads the form in order and starts work when the file arrives.
 */
export const VideoFramesFieldsSchema = z.object({
  url: preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.optional(PublicUrlSchema)),
  interval: formNumber(z._default(FrameIntervalSchema, FRAME_INTERVAL_DEFAULT_SECONDS)),
  format: preprocess((v) => (v === '' ? undefined : v), z._default(FrameFormatSchema, FRAME_FORMAT_DEFAULT)),
  quality: formNumber(z._default(FrameQualitySchema, FRAME_QUALITY_DEFAULT)),
  /** Which frames: `interval` (default), `scenes`, `keyframes` or `count`, with their own fields. */
  mode: preprocess((v) => (v === '' ? undefined : v), z._default(z.enum(FRAME_MODES), 'interval')),
  sensitivity: formNumber(z._default(SceneSensitivitySchema, SCENE_SENSITIVITY_DEFAULT)),
  count: formNumber(z._default(FrameCountSchema, FRAME_COUNT_DEFAULT)),
  /** The range, in seconds from the first frame; empty for the start or the end. */
  from: formNumber(z.optional(z.number().check(z.gte(0, 'A time cannot be negative')))),
  to: formNumber(z.optional(z.number().check(z.gte(0, 'A time cannot be negative')))),
  /** `true` or `1`: each frame replaced by the sharpest within half a second. */
  sharpest: preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean()),
});
export type VideoFramesFields = z.infer<typeof VideoFramesFieldsSchema>;

/** The multipart field names of `POST /api/video/frames`. */
export const VIDEO_FRAMES_FIELDS = {
  file: 'file',
  url: 'url',
  interval: 'interval',
  format: 'format',
  quality: 'quality',
  mode: 'mode',
  sensitivity: 'sensitivity',
  count: 'count',
  from: 'from',
  to: 'to',
  sharpest: 'sharpest',
} as const;

/** The selection the form's fields describe (the fields of other modes are ignored); throws when the range is backwards. */
export function frameSelectionOfFields(fields: VideoFramesFields): FrameSelection {
  const mode =
    fields.mode === 'scenes'
      ? { kind: 'scenes' as const, sensitivity: fields.sensitivity }
      : fields.mode === 'keyframes'
        ? { kind: 'keyframes' as const }
        : fields.mode === 'count'
          ? { kind: 'count' as const, count: fields.count }
          : { kind: 'interval' as const, intervalSeconds: fields.interval };
  const range =
    fields.from === undefined && fields.to === undefined
      ? undefined
      : { fromSeconds: fields.from, toSeconds: fields.to };
  return FrameSelectionSchema.parse({ mode, range, sharpest: fields.sharpest });
}

/** The form fields of a selection, as the screen sends them (fields before the file). */
export function fieldsOfFrameSelection(selection: FrameSelection): Array<[string, string]> {
  const { mode, range } = selection;
  const fields: Array<[string, string]> = [[VIDEO_FRAMES_FIELDS.mode, mode.kind]];
  if (mode.kind === 'interval') fields.push([VIDEO_FRAMES_FIELDS.interval, String(mode.intervalSeconds)]);
  if (mode.kind === 'scenes') fields.push([VIDEO_FRAMES_FIELDS.sensitivity, String(mode.sensitivity)]);
  if (mode.kind === 'count') fields.push([VIDEO_FRAMES_FIELDS.count, String(mode.count)]);
  if (range?.fromSeconds !== undefined) fields.push([VIDEO_FRAMES_FIELDS.from, String(range.fromSeconds)]);
  if (range?.toSeconds !== undefined) fields.push([VIDEO_FRAMES_FIELDS.to, String(range.toSeconds)]);
  if (selection.sharpest) fields.push([VIDEO_FRAMES_FIELDS.sharpest, 'true']);
  return fields;
}

/**
 * `?as=zip` (or `Accept: application/zip`) answers with a ZIP of the frames; otherwise NDJSON lines of
 * `ExtractionEventSchema`: start (with the video's facts), then an image (its url a `data:` URL of
 * the frame) and a progress line per frame, then done or error.
 */
export const VideoFramesQuerySchema = z.object({
  as: z.optional(z.enum(['ndjson', 'zip'])),
});
