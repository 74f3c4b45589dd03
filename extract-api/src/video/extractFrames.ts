import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatTimestamp, frameFileName, frameTimes, timestampsNeedMillis } from 'media-files';
import { type FrameFormat, frameExtension, frameMimeType } from 'shared-contracts';
import { VideoJobError } from './errors.ts';
import { frameExtractionArgs } from './ffmpegArgs.ts';
import { lastLine, type VideoInfo } from './probeVideo.ts';
import { runProcess } from './runProcess.ts';
import { splitImages } from './splitImages.ts';

export type FrameRequest = {
  ffmpegPath: string;
  /** The video on disk. */
  input: string;
  /** A folder of this job's own, for ffmpeg's second output. */
  workDir: string;
  video: VideoInfo;
  intervalSeconds: number;
  format: FrameFormat;
  quality: number;
  /** Kills ffmpeg: the client left, or the time limit passed. */
  signal: AbortSignal;
};

export type ExtractedFrame = {
  index: number;
  timeSeconds: number;
  timestamp: string;
  name: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: Buffer;
};

/** The plan a job announces before any frame: the times, and whether names need milliseconds. */
export function planFrames(video: VideoInfo, intervalSeconds: number) {
  const times = frameTimes(video.durationSeconds, intervalSeconds);
  return { times, millis: timestampsNeedMillis(times) };
}

/**
 * The frames at every `interval` seconds, in order, as ffmpeg encodes them (see ffmpegArgs.ts for
 * why one run is exact). Stops ffmpeg when the consumer stops reading or `signal` fires.
 */
export async function* extractFrames(request: FrameRequest): AsyncGenerator<ExtractedFrame> {
  const { video, format } = request;
  const { times, millis } = planFrames(video, request.intervalSeconds);
  if (times.length === 0) return;
  const lastFrameFile = path.join(request.workDir, `last.${frameExtension(format)}`);
  const args = frameExtractionArgs({
    input: request.input,
    lastFrameFile,
    intervalSeconds: request.intervalSeconds,
    frames: times.length,
    format,
    quality: request.quality,
    video,
  });
  const frameAt = (index: number, bytes: Buffer): ExtractedFrame => {
    const timeSeconds = times[index] ?? 0;
    return {
      index,
      timeSeconds,
      timestamp: formatTimestamp(timeSeconds, { millis }),
      name: frameFileName(timeSeconds, format, { millis }),
      mimeType: frameMimeType(format),
      width: video.width,
      height: video.height,
      bytes,
    };
  };

  const ffmpeg = runProcess(request.ffmpegPath, args, request.signal);
  let index = 0;
  try {
    for await (const image of splitImages(ffmpeg.stdout, format)) {
      if (index >= times.length) break;
      yield frameAt(index, image);
      index += 1;
    }
    const exit = await ffmpeg.exited;
    if (request.signal.aborted) throw abortReason(request.signal);
    if (exit.code !== 0) {
      const why = lastLine(exit.stderr) || `ffmpeg exited with ${exit.code ?? exit.signal}`;
      throw new VideoJobError('unreadable', `ffmpeg could not convert this video (${why}).`, exit.stderr);
    }
    // Times after the video track's last frame (the container runs on): that last frame is on screen.
    if (index < times.length) {
      let last: Buffer;
      try {
        last = await readFile(lastFrameFile);
      } catch {
        throw new VideoJobError('unreadable', 'ffmpeg found no frame it could decode in this video.');
      }
      for (; index < times.length; index += 1) yield frameAt(index, last);
    }
  } catch (error) {
    if (request.signal.aborted) throw abortReason(request.signal);
    throw error;
  } finally {
    ffmpeg.kill();
    await ffmpeg.exited.catch(() => undefined);
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof VideoJobError ? signal.reason : VideoJobError.aborted();
}
