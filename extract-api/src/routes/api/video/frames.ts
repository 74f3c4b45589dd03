import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type FramePlan,
  FrameRangeError,
  planFrames,
  safeFileName,
  videoPlatformOf,
  type ZipEntry,
  zipStream,
} from 'media-files';
import {
  API_PATHS,
  ApiErrorSchema,
  type ExtractedImage,
  type ExtractionEvent,
  type FrameFormat,
  type FrameSelection,
  frameFormatLabel,
  frameSelectionOfFields,
  MESSAGES,
  VIDEO_FRAMES_FIELDS,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_DURATION_SECONDS,
  VIDEO_MAX_FRAMES,
  type VideoFramesFields,
  VideoFramesFieldsSchema,
  VideoFramesQuerySchema,
} from 'shared-contracts';
import { BusyError, createGate } from '../../../admission/index.ts';
import { type HttpFailure, toHttpFailure } from '../../../errors.ts';
import {
  checkTools,
  type ExtractedFrame,
  extractFrames,
  isClearlyNotVideo,
  isVideoJobError,
  probeVideo,
  saveVideo,
  type VideoInfo,
  VideoJobError,
  type VideoTools,
} from '../../../extractors/video/index.ts';
import {
  binaryResponse,
  clientGoneSignal,
  contentDisposition,
  NDJSON_CONTENT_TYPE,
  relayHeaders,
  sendNdjson,
  sendStream,
} from '../../../http/index.ts';
import { isSafeFetchError, type SafeFetch } from '../../../services/safeFetch/index.ts';
import { VIDEO_ACCEPT } from './source.ts';

export type VideoFramesRouteOptions = {
  fetch: SafeFetch;
  tools: VideoTools;
  /** Conversions at once (EXTRACT_API_VIDEO_JOBS). */
  concurrency: number;
  /** Requests allowed to wait for a place (EXTRACT_API_VIDEO_QUEUE); more are told the server is busy. */
  maxWaiting: number;
  /** One job, from its first byte received to its last frame sent. */
  timeLimitMs: number;
  /** Parent of each job's own temporary folder. */
  tmpDir?: string | undefined;
};

export const VIDEO_JOB_DIR_PREFIX = 'image-extractor-video-';
const FIELD_MAX_CHARS = 4096;

class BadRequest extends Error {}

/** The selection the fields describe, or why they describe none (a range backwards). */
function selectionOfFields(fields: VideoFramesFields): FrameSelection | string {
  try {
    return frameSelectionOfFields(fields);
  } catch (error) {
    const issues = (error as { issues?: Array<{ message: string }> }).issues;
    return issues?.[0]?.message ?? String(error);
  }
}

/** The first message of each invalid field, as the API's other routes word them. */
function describeFieldErrors(fields: Record<string, string>): string | undefined {
  const parsed = VideoFramesFieldsSchema.safeParse(fields);
  if (parsed.success) return undefined;
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    if (seen.has(field)) continue;
    seen.add(field);
    parts.push(`${field}: ${issue.message}`);
  }
  return `Invalid request: ${parts.join('; ')}`;
}

function wantsZip(request: FastifyRequest<{ Querystring: { as?: 'ndjson' | 'zip' | undefined } }>): boolean {
  if (request.query.as) return request.query.as === 'zip';
  const accept = request.headers.accept ?? '';
  return accept.includes('application/zip') && !accept.includes('application/x-ndjson');
}

function zipName(stem: string | undefined): string {
  const base = safeFileName((stem ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, ''), 'video');
  return `${base}-frames.zip`;
}

function stemOfUrl(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '') || undefined;
  } catch {
    return undefined;
  }
}

/** A failure as the person who asked should read it, and its status; the details go to the log. */
function videoFailure(error: unknown): HttpFailure {
  const failure = toHttpFailure(error, { fetched: 'video' });
  if (isSafeFetchError(error)) return { ...failure, message: MESSAGES.video.fetchFailed(failure.message) };
  if (isVideoJobError(error)) return failure;
  return { status: 500, message: 'Something went wrong on our side while converting this video. Please try again.' };
}

/**
 * `POST /api/video/frames`: frames every `interval` seconds of a video the browser can't decode,
 * made by ffmpeg. The video arrives as the multipart `file` (streamed to a temporary file, never
 * held in memory) or as a `url` the server fetches through the safe fetch. The answer streams:
 * NDJSON events by default, a ZIP with `?as=zip`. The job's folder is deleted when the answer ends
 * or the client leaves (ffmpeg is killed then too). Bounded by VIDEO_MAX_BYTES, the duration and
 * frame limits, a time limit, and a number of jobs at once.
 */
export function videoFramesRoutes(options: VideoFramesRouteOptions): FastifyPluginAsyncZod {
  // The video gate: conversions at once, a line behind them, each stopped at its time limit.
  const conversions = createGate({
    name: 'video',
    concurrency: options.concurrency,
    maxWaiting: options.maxWaiting,
    timeLimitMs: options.timeLimitMs,
    busyMessage: MESSAGES.video.busy,
    timeLimitMessage: (limitMs) => VideoJobError.timeout(limitMs).message,
  });
  const tmpRoot = options.tmpDir ?? tmpdir();
  return async (app) => {
    // Scoped to this plugin: no other route of this scope takes multipart bodies.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 16, fieldSize: FIELD_MAX_CHARS, parts: 17 },
    });

    app.post(
      API_PATHS.videoFrames,
      {
        compress: false,
        schema: {
          summary:
            'Frames of a video (every N seconds, scene changes, key frames, N spread evenly), made with ffmpeg (for what the browser cannot decode)',
          description: `multipart/form-data: the video in \`${VIDEO_FRAMES_FIELDS.file}\` (up to ${VIDEO_MAX_BYTES} bytes) or a public address in \`${VIDEO_FRAMES_FIELDS.url}\`; \`mode\` (interval, scenes, keyframes, count; default interval) with \`interval\` (1–30 s, default 5), \`sensitivity\` (scenes, 1–99 %, default 70: ffmpeg's scene score above 0.3) or \`count\` (1–500, default 12); \`from\`/\`to\` (seconds, optional range); \`sharpest\` (true: each frame replaced by the sharpest within 0.5 s); \`format\` (png, jpeg, webp; default png), \`quality\` (1–100, JPEG and WebP). Answers NDJSON extraction events (start with the video's facts; per frame an image whose url is a data: URL of the frame, and a progress line; done or error) or, with \`?as=zip\` or \`Accept: application/zip\`, a ZIP of the frames. 503 when ffmpeg is not installed.`,
          consumes: ['multipart/form-data'],
          querystring: VideoFramesQuerySchema,
          response: {
            200: binaryResponse('NDJSON events, or a ZIP of the frames', ['application/x-ndjson', 'application/zip']),
            '4xx': ApiErrorSchema,
            '5xx': ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const fail = (status: number, error: string) => reply.code(status).send({ success: false, error });
        if (!request.isMultipart()) {
          return fail(
            415,
            `Send the video as multipart/form-data: the file in the field ${VIDEO_FRAMES_FIELDS.file}, or its address in the field ${VIDEO_FRAMES_FIELDS.url}.`,
          );
        }
        const asZip = wantsZip(request);
        const clientGone = clientGoneSignal(reply);
        const job = new AbortController();
        const onGone = () => job.abort(VideoJobError.aborted());
        clientGone.addEventListener('abort', onGone, { once: true });

        let release: (() => void) | undefined;
        let workDir: string | undefined;
        let cleaned: Promise<void> | undefined;
        // Runs once: when the answer has been sent, when the client left, or when preparing failed.
        const cleanup = () => {
          cleaned ??= (async () => {
            clientGone.removeEventListener('abort', onGone);
            if (!job.signal.aborted) job.abort(VideoJobError.aborted());
            if (workDir) await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
            release?.();
          })();
          return cleaned;
        };
        reply.raw.once('close', () => void cleanup());

        let video: VideoInfo;
        let fields: VideoFramesFields;
        let selection: FrameSelection;
        let plan: FramePlan;
        let stem: string | undefined;
        let input: string;
        try {
          await checkTools(options.tools);
          const admission = await conversions.admit({ signal: job.signal });
          release = admission.release;
          // Past the gate's clock the job stops, its reason the video's own words for it.
          admission.signal.addEventListener('abort', () => job.abort(VideoJobError.timeout(options.timeLimitMs)), {
            once: true,
          });
          await mkdir(tmpRoot, { recursive: true });
          workDir = await mkdtemp(path.join(tmpRoot, VIDEO_JOB_DIR_PREFIX));
          input = path.join(workDir, 'input');

          const raw: Record<string, string> = {};
          let received = false;
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== VIDEO_FRAMES_FIELDS.file || received) {
                part.file.resume();
                throw new BadRequest(
                  `Unexpected file field "${part.fieldname}": send one video in the field ${VIDEO_FRAMES_FIELDS.file}.`,
                );
              }
              stem = part.filename;
              await saveVideo(part.file, input, job.signal);
              if (part.file.truncated) throw VideoJobError.tooLarge();
              received = true;
            } else if (typeof part.value === 'string') {
              raw[part.fieldname] = part.value;
            }
          }
          const invalid = describeFieldErrors(raw);
          if (invalid) throw new BadRequest(invalid);
          fields = VideoFramesFieldsSchema.parse(raw);
          const chosen = selectionOfFields(fields);
          if (typeof chosen === 'string') throw new BadRequest(`Invalid request: ${chosen}`);
          selection = chosen;

          if (!received) {
            if (!fields.url) throw new VideoJobError('no-video', MESSAGES.video.noVideo);
            if (videoPlatformOf(fields.url)) throw new VideoJobError('platform', MESSAGES.video.platformUnsupported);
            stem = stemOfUrl(fields.url);
            const upstream = await options.fetch(fields.url, {
              kind: 'video',
              signal: job.signal,
              headers: { accept: VIDEO_ACCEPT },
              maxBytes: VIDEO_MAX_BYTES,
            });
            const declared = upstream.headers['content-type'];
            const type = (Array.isArray(declared) ? declared[0] : declared)?.split(';')[0]?.trim();
            if (isClearlyNotVideo(type)) {
              upstream.body.destroy();
              throw new VideoJobError('not-video', MESSAGES.video.notAVideoUrl(type ?? 'an unknown type'));
            }
            try {
              await saveVideo(upstream.body, input, job.signal);
            } catch (error) {
              if (isVideoJobError(error) && error.code === 'not-video') {
                throw new VideoJobError('not-video', MESSAGES.video.notAVideoUrl(type ?? 'an unknown type'));
              }
              throw error;
            }
          }

          video = await probeVideo(options.tools.ffprobePath, input, job.signal);
          if (video.durationSeconds > VIDEO_MAX_DURATION_SECONDS) throw VideoJobError.tooLong();
          try {
            plan = planFrames(video.durationSeconds, selection);
          } catch (error) {
            if (error instanceof FrameRangeError) throw new BadRequest(error.message);
            throw error;
          }
          if ((plan.times?.length ?? 0) > VIDEO_MAX_FRAMES) throw VideoJobError.tooLong();
        } catch (error) {
          // The client left or time ran out: the abort's own reason says which; a pipeline only says "aborted".
          const reason = job.signal.aborted ? job.signal.reason : undefined;
          const cause = isVideoJobError(reason) ? reason : error;
          await cleanup();
          // Cut for arriving too slowly (guardSlowClients): its 408 is sent already.
          if (reply.sent) return;
          if (cause instanceof BadRequest) return fail(400, cause.message);
          // Every place and the line are taken: the app answers 503 with a Retry-After.
          if (cause instanceof BusyError) throw cause;
          const multipartStatus = (cause as { code?: string }).code?.startsWith('FST_')
            ? (cause as { statusCode?: number }).statusCode
            : undefined;
          if (multipartStatus) {
            return fail(
              multipartStatus,
              `This upload could not be read (${(cause as Error).message}): send one video in the field ${VIDEO_FRAMES_FIELDS.file}, or an address in the field ${VIDEO_FRAMES_FIELDS.url}.`,
            );
          }
          const { status, message } = videoFailure(cause);
          if (status >= 500 && status !== 503 && status !== 504) request.log.error({ err: cause }, 'video job failed');
          return fail(status, message);
        }

        const { times, millis } = plan;
        const frames = extractFrames({
          ffmpegPath: options.tools.ffmpegPath,
          input,
          workDir,
          video,
          selection,
          format: fields.format,
          quality: fields.quality,
          signal: job.signal,
        });
        const start: ExtractionEvent = {
          type: 'start',
          runsOn: 'server',
          total: times?.length,
          unit: 'frames',
          video: {
            durationSeconds: video.durationSeconds,
            width: video.width,
            height: video.height,
            millis,
            codec: video.codec,
            hdr: video.hdr,
          },
        };

        if (asZip) {
          const archive = zipStream(zipEntries(frames, cleanup, request));
          relayHeaders(reply, {
            bytes: { made: 'application/zip' },
            disposition: contentDisposition('attachment', zipName(stem)),
          }).header('cache-control', 'no-store');
          return sendStream(reply, Readable.fromWeb(archive as NodeReadableStream<Uint8Array>));
        }
        relayHeaders(reply, { bytes: { made: NDJSON_CONTENT_TYPE } });
        return sendNdjson(reply, frameEvents(start, frames, fields.format), {
          onError: (error) => {
            if (isVideoJobError(error) && error.code === 'aborted') return undefined;
            if (!isVideoJobError(error)) request.log.error({ err: error }, 'video frames failed');
            return { type: 'error', error: videoFailure(error).message };
          },
          onEnd: cleanup,
        });
      },
    );
  };
}

/** A frame as every extractor hands an image over: its bytes ride in a data: URL. */
export function frameImage(frame: ExtractedFrame, format: FrameFormat): ExtractedImage {
  const { bytes, index, mimeType, ...facts } = frame;
  return {
    id: `frame-${index}`,
    url: `data:${mimeType};base64,${bytes.toString('base64')}`,
    source: 'video',
    format: frameFormatLabel(format),
    mimeType,
    size: bytes.length,
    ...facts,
  };
}

/** start, then an image and a progress line per frame, then done. */
async function* frameEvents(
  start: Extract<ExtractionEvent, { type: 'start' }>,
  frames: AsyncGenerator<ExtractedFrame>,
  format: FrameFormat,
): AsyncGenerator<ExtractionEvent> {
  yield start;
  let count = 0;
  for await (const frame of frames) {
    yield { type: 'image', image: frameImage(frame, format) };
    count += 1;
    yield { type: 'progress', done: count, total: start.total, unit: 'frames' };
  }
  yield { type: 'done', found: count };
}

/** The ZIP's entries; a failure part-way becomes an entry that fails, so the archive lists why in its text file. */
async function* zipEntries(
  frames: AsyncGenerator<ExtractedFrame>,
  cleanup: () => Promise<void>,
  request: FastifyRequest,
): AsyncGenerator<ZipEntry> {
  try {
    for await (const frame of frames) yield { name: frame.name, input: new Uint8Array(frame.bytes) };
  } catch (error) {
    if (isVideoJobError(error) && error.code === 'aborted') return;
    if (!isVideoJobError(error)) request.log.error({ err: error }, 'video frames failed');
    const { message } = videoFailure(error);
    yield {
      name: 'remaining frames',
      input: () => Promise.reject(new Error(message)),
    };
  } finally {
    await cleanup();
  }
}
