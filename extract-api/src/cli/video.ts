/**
 * `pnpm extract <video>`: the server's ffmpeg path run on a file on disk, with the screen's modes
 * (every frame mode the video screen offers). Each frame is printed as it is made and, with --out, written there; Loaded only for a video.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  FrameRangeError,
  formatBytes,
  formatTimestamp,
  parseTimestamp,
  planFrames,
  SHEET_SETTINGS,
  sniffVideoContainer,
  VIDEO_SNIFF_BYTES,
} from 'media-files';
import { sheetPdf } from 'media-files/sheetPdf';
import {
  FRAME_MODE_DEFAULT,
  FrameCountSchema,
  FrameFormatSchema,
  FrameIntervalSchema,
  type FrameMode,
  type FrameSelection,
  FrameSelectionSchema,
  MESSAGES,
  sensitivityOfThreshold,
} from 'shared-contracts';
import { loadConfig } from '../config.ts';
import {
  checkTools,
  composeContactSheet,
  type ExtractedFrame,
  extractFrames,
  isVideoJobError,
  probeVideo,
} from '../extractors/video/index.ts';
import { fail, values } from './args.ts';

/** Whether the file's first bytes are a video container's (whatever its name says). */
export function isVideoFile(file: string): boolean {
  const bytes = new Uint8Array(VIDEO_SNIFF_BYTES);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    return sniffVideoContainer(bytes.subarray(0, read)) !== undefined;
  } finally {
    closeSync(fd);
  }
}

/** The options that only a video takes, for refusing them elsewhere. */
export const VIDEO_OPTIONS = [
  'every',
  'scenes',
  'keyframes',
  'count',
  'from',
  'to',
  'sharpest',
  'sheet',
  'columns',
  'width',
  'format',
] as const;

export function videoOptionsGiven(): string[] {
  return VIDEO_OPTIONS.filter((name) => values[name] !== undefined && values[name] !== false).map(
    (name) => `--${name}`,
  );
}

function number(name: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) fail(`--${name} takes a number, got ${text}`);
  return value;
}

function checked<T>(
  name: string,
  result: { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } },
): T {
  if (!result.success) fail(`--${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

function time(name: 'from' | 'to'): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  const seconds = parseTimestamp(text);
  if (seconds === undefined) fail(MESSAGES.video.range.invalidTime(`--${name}`));
  return seconds;
}

/** The selection the options describe: one mode at most (`FRAME_MODE_DEFAULT` without any). */
export function selectionOfOptions(): FrameSelection {
  const given = (['every', 'scenes', 'keyframes', 'count'] as const).filter(
    (name) => values[name] !== undefined && values[name] !== false,
  );
  if (given.length > 1)
    fail(`Choose one of --every, --scenes, --keyframes and --count, not ${given.map((g) => `--${g}`).join(' and ')}.`);
  let mode: FrameMode = FRAME_MODE_DEFAULT;
  if (values.every !== undefined) {
    mode = {
      kind: 'interval',
      intervalSeconds: checked('every', FrameIntervalSchema.safeParse(number('every', values.every))),
    };
  } else if (values.scenes !== undefined) {
    const threshold = number('scenes', values.scenes);
    if (threshold <= 0 || threshold >= 1)
      fail(`--scenes takes a scene score threshold between 0 and 1 (ffmpeg's), got ${values.scenes}`);
    mode = { kind: 'scenes', sensitivity: sensitivityOfThreshold(threshold) };
  } else if (values.keyframes) {
    mode = { kind: 'keyframes' };
  } else if (values.count !== undefined) {
    mode = { kind: 'count', count: checked('count', FrameCountSchema.safeParse(number('count', values.count))) };
  }
  const from = time('from');
  const to = time('to');
  const range = from === undefined && to === undefined ? undefined : { fromSeconds: from, toSeconds: to };
  return checked('from', FrameSelectionSchema.safeParse({ mode, range, sharpest: values.sharpest }));
}

/** One line of the frame table: time, format, size in pixels and bytes, file name. */
function printFrame(frame: ExtractedFrame, url: string) {
  if (values.json) {
    const { bytes, index, ...facts } = frame;
    process.stdout.write(
      `${JSON.stringify({ id: `frame-${index}`, ...facts, size: bytes.length, url, source: 'video' })}\n`,
    );
    return;
  }
  const size = formatBytes(frame.bytes.length) ?? '';
  process.stdout.write(
    `${frame.timestamp.padEnd(13)} ${frame.mimeType.replace('image/', '').toUpperCase().padEnd(5)} ${`${frame.width}x${frame.height}`.padEnd(11)}${size.padStart(8)}  ${frame.name}\n`,
  );
}

function wholeIn(name: keyof typeof SHEET_SETTINGS): number {
  const { min, max, default: fallback } = SHEET_SETTINGS[name];
  const text = values[name];
  if (text === undefined) return fallback;
  const value = number(name, text);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`--${name} takes a whole number from ${min} to ${max}, got ${text}`);
  return value;
}

export async function extractVideoFile(file: string, outDir: string | undefined, signal: AbortSignal): Promise<void> {
  const selection = selectionOfOptions();
  if (!values.sheet && (values.columns !== undefined || values.width !== undefined))
    fail('--columns and --width are for --sheet.');
  if (values.sheet && !outDir) fail('--sheet writes the contact sheet into --out DIR: give one.');
  const columns = wholeIn('columns');
  const sheetWidth = wholeIn('width');
  const format = checked('format', FrameFormatSchema.safeParse(values.format ?? 'png'));
  const config = loadConfig();
  const tools = { ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath };
  const workDir = await mkdtemp(path.join(tmpdir(), 'image-extractor-cli-video-'));
  try {
    await checkTools(tools);
    const video = await probeVideo(tools.ffprobePath, file, signal);
    try {
      planFrames(video.durationSeconds, selection);
    } catch (error) {
      if (error instanceof FrameRangeError) fail(error.message);
      throw error;
    }
    if (outDir) await mkdir(outDir, { recursive: true });
    const frames: Array<{ file: string; timestamp: string }> = [];
    for await (const frame of extractFrames({
      ffmpegPath: tools.ffmpegPath,
      input: file,
      workDir,
      video,
      selection,
      format,
      quality: 92,
      signal,
    })) {
      let url = '';
      if (outDir) {
        const target = path.join(outDir, frame.name);
        await writeFile(target, frame.bytes);
        url = pathToFileURL(target).href;
        frames.push({ file: target, timestamp: frame.timestamp });
      } else frames.push({ file: '', timestamp: frame.timestamp });
      printFrame(frame, url);
    }
    if (!values.json) {
      process.stderr.write(
        `${frames.length} frames of ${path.basename(file)} (${video.codec} ${video.width}x${video.height})\n`,
      );
    }
    if (outDir) process.stderr.write(`saved ${frames.length} files to ${outDir}\n`);
    if (values.sheet && outDir && frames.length > 0) {
      const name = path.basename(file);
      const png = await composeContactSheet({
        ffmpegPath: tools.ffmpegPath,
        frames,
        frameWidth: video.width,
        frameHeight: video.height,
        header: MESSAGES.video.sheet.header(name, formatTimestamp(video.durationSeconds), video.width, video.height),
        columns,
        width: sheetWidth,
        workDir,
        signal,
      });
      const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'video';
      await writeFile(path.join(outDir, `${stem}-sheet.png`), png);
      await writeFile(path.join(outDir, `${stem}-sheet.pdf`), await sheetPdf(png, name));
      process.stderr.write(`contact sheet: ${stem}-sheet.png and ${stem}-sheet.pdf in ${outDir}\n`);
    }
  } catch (error) {
    if (isVideoJobError(error)) fail(`Extraction failed: ${error.message}`);
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
