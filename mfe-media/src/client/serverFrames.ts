import {
  API_PATHS,
  type ExtractedImage,
  type ExtractionEvent,
  fieldsOfFrameSelection,
  VIDEO_FRAMES_FIELDS,
} from 'shared-contracts';
import { readNdjson } from 'shared-ui';
import type { FrameJobRequest } from '../worker/protocol.ts';

/** A refusal or failure of the server's ffmpeg path, worded for the user (503: ffmpeg missing, busy). */
export class ServerFramesError extends Error {
  override readonly name = 'ServerFramesError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const unreachable = () =>
  new ServerFramesError('The video service could not be reached. Check your connection and try again.', 0);

export type ServerFramesJob = Pick<FrameJobRequest, 'selection' | 'format' | 'quality'> & {
  file?: Blob;
  url?: string;
};

/**
 * `POST /api/video/frames`: the server's ffmpeg makes the frames of what this browser cannot decode
 * (AVI, FLV, MPEG-TS, HEVC…). Fields go before the file, as the server reads the form in order.
 * Events arrive one per line as ffmpeg produces frames (the one event union: each frame an image
 * whose url is a data: URL); each frame is handed on as an object URL of its bytes, like the frames
 * made here. Aborting the signal closes the request and stops ffmpeg.
 */
export async function* fetchServerFrames(job: ServerFramesJob, signal: AbortSignal): AsyncGenerator<ExtractionEvent> {
  const form = new FormData();
  for (const [name, value] of fieldsOfFrameSelection(job.selection)) form.append(name, value);
  form.append(VIDEO_FRAMES_FIELDS.format, job.format);
  form.append(VIDEO_FRAMES_FIELDS.quality, String(job.quality));
  if (job.url) form.append(VIDEO_FRAMES_FIELDS.url, job.url);
  if (job.file) form.append(VIDEO_FRAMES_FIELDS.file, job.file, job.file instanceof File ? job.file.name : 'video');

  // The answer's schemas load beside the request: no wait of their own, and none on the page's first load.
  // Caught at once, so a request that fails before they are awaited leaves no unhandled rejection.
  const schemas = import('./serverSchemas.ts').catch(() => undefined);
  let response: Response;
  try {
    response = await fetch(API_PATHS.videoFrames, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/x-ndjson' },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw unreachable();
  }
  const loaded = await schemas;
  if (!loaded) throw unreachable();
  const { ApiErrorSchema, ExtractionEventSchema } = loaded;
  if (!response.ok || !response.body) {
    const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => null));
    throw new ServerFramesError(
      parsed.success ? parsed.data.error : `The video service answered ${response.status}. Please try again.`,
      response.status,
    );
  }
  for await (const event of readNdjson(response.body, ExtractionEventSchema)) {
    yield event.type === 'image' ? { type: 'image', image: onDevice(event.image) } : event;
  }
}

/**
 * A frame sent as a data: URL, as an object URL of its bytes: the grid, downloads and Save read it
 * like a frame made here, the base64 text is not kept, and it is released the same way.
 */
export function onDevice(image: ExtractedImage): ExtractedImage {
  const match = /^data:([^;,]+)?(?:;[^,]*)?;base64,(.*)$/s.exec(image.url);
  if (!match) return image;
  const blob = frameBlob(match[2] ?? '', image.mimeType ?? match[1] ?? 'application/octet-stream');
  return { ...image, url: URL.createObjectURL(blob), size: blob.size };
}

/** The bytes of a frame the server sent as base64. */
export function frameBlob(base64: string, mimeType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mimeType });
}
