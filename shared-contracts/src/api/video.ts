import * as z from 'zod/mini';
import { FRAME_INTERVAL_DEFAULT_SECONDS, FRAME_INTERVAL_MAX_SECONDS, FRAME_INTERVAL_MIN_SECONDS } from '../limits.ts';
import {
  FRAME_FORMAT_DEFAULT,
  FRAME_QUALITY_DEFAULT,
  FrameFormatSchema,
  FrameQualitySchema,
} from '../video/frameFormat.ts';
import { PublicUrlSchema } from './extract.ts';

/** The slider's bounds (spec section 5): whole seconds, 1 to 30. */
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
});
export type VideoFramesFields = z.infer<typeof VideoFramesFieldsSchema>;

/** The multipart field names of `POST /api/video/frames`. */
export const VIDEO_FRAMES_FIELDS = {
  file: 'file',
  url: 'url',
  interval: 'interval',
  format: 'format',
  quality: 'quality',
} as const;

/**
 * `?as=zip` (or `Accept: application/zip`) answers with a ZIP of the frames; otherwise NDJSON lines of
 * `ExtractionEventSchema`: start (with the video's facts), then an image (its url a `data:` URL of
 * the frame) and a progress line per frame, then done or error.
 */
export const VideoFramesQuerySchema = z.object({
  as: z.optional(z.enum(['ndjson', 'zip'])),
});
