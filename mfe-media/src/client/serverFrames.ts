import {
  API_PATHS,
  ApiErrorSchema,
  VIDEO_FRAMES_FIELDS,
  type VideoFramesEvent,
  VideoFramesEventSchema,
} from 'shared-contracts';
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

/**
 * `POST /api/video/frames`: the server's ffmpeg makes the frames of what this browser cannot decode
 * (AVI, FLV, MPEG-TS, HEVC…). Fields go before the file, as the server reads the form in order.
 * Events arrive one per line as ffmpeg produces frames; aborting the signal closes the request and
 * stops ffmpeg.
 */
export async function fetchServerFrames(
  job: Pick<FrameJobRequest, 'intervalSeconds' | 'format' | 'quality'> & { file?: Blob; url?: string },
  onEvent: (event: VideoFramesEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const form = new FormData();
  form.append(VIDEO_FRAMES_FIELDS.interval, String(job.intervalSeconds));
  form.append(VIDEO_FRAMES_FIELDS.format, job.format);
  form.append(VIDEO_FRAMES_FIELDS.quality, String(job.quality));
  if (job.url) form.append(VIDEO_FRAMES_FIELDS.url, job.url);
  if (job.file) form.append(VIDEO_FRAMES_FIELDS.file, job.file, job.file instanceof File ? job.file.name : 'video');

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
    throw new ServerFramesError('The video service could not be reached. Check your connection and try again.', 0);
  }
  if (!response.ok || !response.body) {
    const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => null));
    throw new ServerFramesError(
      parsed.success ? parsed.data.error : `The video service answered ${response.status}. Please try again.`,
      response.status,
    );
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const emit = (line: string) => {
    if (!line.trim()) return;
    const parsed = VideoFramesEventSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new ServerFramesError('The video service sent something that is not a frame.', 502);
    if (parsed.data.type === 'error') throw new ServerFramesError(parsed.data.error, 500);
    onEvent(parsed.data);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      emit(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  }
  emit(buffered);
}

/** The bytes of a frame the server sent as base64. */
export function frameBlob(base64: string, mimeType: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mimeType });
}
