import { open } from 'node:fs/promises';
import {
  displaySize,
  parseAspectRatio,
  sniffVideoContainer,
  VIDEO_SNIFF_BYTES,
  type VideoContainer,
} from 'media-files';
import { inputArgs } from './demuxers.ts';
import { VideoJobError } from './errors.ts';
import { runForOutput } from './runProcess.ts';

/** What ffprobe says about the first video stream, reduced to what frame extraction needs. */
export type VideoInfo = {
  /** The container the file's first bytes show: ffmpeg reads the file with its demuxer and no other. */
  container: VideoContainer;
  /** Seconds a player shows as the length: the container's duration, else the stream's, else the packets' span. */
  durationSeconds: number;
  codec: string;
  codedWidth: number;
  codedHeight: number;
  sampleAspectRatio: [number, number] | undefined;
  /** Degrees, as ffprobe reports the display matrix (-90 for a phone held upright). */
  rotationDegrees: number;
  /** The size frames are saved at: square pixels, rotation applied. */
  width: number;
  height: number;
  /** A high-dynamic-range transfer (PQ: HDR10, Dolby Vision base; HLG: broadcast), tone-mapped to SDR. */
  hdr?: 'pq' | 'hlg' | undefined;
};

type ProbeJson = {
  format?: { duration?: string };
  streams?: Array<{
    codec_name?: string;
    width?: number;
    height?: number;
    sample_aspect_ratio?: string;
    color_transfer?: string;
    duration?: string;
    side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
    tags?: { rotate?: string };
  }>;
};

function positive(text: string | undefined): number | undefined {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function unreadable(detail: string): VideoJobError {
  return new VideoJobError('unreadable', `This file has no video ffmpeg can read (${detail}).`, detail);
}

/** The container the file's first bytes show, read again from the file ffmpeg is about to open. */
async function containerOf(file: string): Promise<VideoContainer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(VIDEO_SNIFF_BYTES), 0, VIDEO_SNIFF_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    const container = sniffVideoContainer(head);
    if (!container) throw VideoJobError.notVideoFile(`first bytes ${head.subarray(0, 16).toString('hex')}`);
    return container;
  } finally {
    await handle.close();
  }
}

/**
 * Reads container and stream facts with ffprobe; demuxes every packet only when no duration is
 * stored. A file whose first bytes show no video container is refused before ffprobe runs.
 */
export async function probeVideo(ffprobePath: string, file: string, signal?: AbortSignal): Promise<VideoInfo> {
  const container = await containerOf(file);
  const probe = await runForOutput(
    ffprobePath,
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-select_streams',
      'v:0',
      ...inputArgs(container),
      file,
    ],
    signal,
  );
  if (signal?.aborted) throw VideoJobError.aborted();
  if (probe.code !== 0) throw unreadable(lastLine(probe.stderr) || `ffprobe exited with ${probe.code}`);
  let json: ProbeJson;
  try {
    json = JSON.parse(probe.stdout) as ProbeJson;
  } catch {
    throw unreadable('ffprobe gave no readable answer');
  }
  const stream = json.streams?.[0];
  if (!stream) throw unreadable('no video track');
  const codedWidth = stream.width ?? 0;
  const codedHeight = stream.height ?? 0;
  if (codedWidth <= 0 || codedHeight <= 0) throw unreadable('the video track has no picture size');

  const durationSeconds =
    positive(json.format?.duration) ??
    positive(stream.duration) ??
    (await packetSpan(ffprobePath, file, container, signal)) ??
    0;
  if (durationSeconds <= 0) throw unreadable('the video has no duration');

  const matrix = stream.side_data_list?.find((d) => d.side_data_type === 'Display Matrix');
  const rotationDegrees = Number(matrix?.rotation ?? stream.tags?.rotate ?? 0) || 0;
  const sampleAspectRatio = parseAspectRatio(stream.sample_aspect_ratio);
  const size = displaySize({ codedWidth, codedHeight, sampleAspectRatio, rotationDegrees });
  const hdr =
    stream.color_transfer === 'smpte2084' ? 'pq' : stream.color_transfer === 'arib-std-b67' ? 'hlg' : undefined;
  return {
    container,
    durationSeconds,
    hdr,
    codec: stream.codec_name ?? 'unknown',
    codedWidth,
    codedHeight,
    sampleAspectRatio,
    rotationDegrees,
    ...size,
  };
}

/** From the first packet's start to the last packet's end (Matroska files written without a duration). */
async function packetSpan(
  ffprobePath: string,
  file: string,
  container: VideoContainer,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const result = await runForOutput(
    ffprobePath,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time,duration_time',
      '-of',
      'csv=p=0',
      ...inputArgs(container),
      file,
    ],
    signal,
  );
  if (result.code !== 0) return undefined;
  let first = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const line of result.stdout.split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (pts === undefined || !Number.isFinite(pts)) continue;
    first = Math.min(first, pts);
    end = Math.max(end, pts + (Number.isFinite(duration) ? (duration ?? 0) : 0));
  }
  return end > first ? end - first : undefined;
}

export function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // With `-loglevel level+…` each line is tagged: the last error says why, not the last frame's info.
  const errors = lines.filter((line) => /\[(error|fatal|panic)\]/.test(line));
  const last = (errors.length > 0 ? errors : lines).at(-1) ?? '';
  return last.replace(/^(\[[^\]]+\] )*\[(error|fatal|panic)\] /, '');
}
