/**
 * `pnpm extract <video>`: the server's ffmpeg path run on a file on disk, with the screen's modes
 * (every frame mode the video screen offers). Each frame is printed as it is made and, with --out,
 * written there. Loaded only for a video (and, for their refusal, for a video's options).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FrameRangeError, formatBytes, formatTimestamp, parseTimestamp, planFrames, SHEET_SETTINGS } from 'media-files';
import {
  FRAME_MODE_DEFAULT,
  FrameCountSchema,
  type FrameFormat,
  FrameFormatSchema,
  FrameIntervalSchema,
  type FrameMode,
  type FrameSelection,
  FrameSelectionSchema,
  MESSAGES,
  sensitivityOfThreshold,
} from 'shared-contracts';
import type { AppConfig } from '../config.ts';
import {
  checkTools,
  composeContactSheet,
  type ExtractedFrame,
  extractFrames,
  isVideoJobError,
  probeVideo,
} from '../extractors/video/index.ts';
import { fail, values } from './args.ts';
import { InputFailure } from './inputs.ts';
import type { InputOutput } from './output.ts';

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
function printFrame(frame: ExtractedFrame, url: string, out: InputOutput) {
  if (values.json) {
    const { bytes, index, ...facts } = frame;
    out.json({ id: `frame-${index}`, ...facts, size: bytes.length, url, source: 'video' });
    return;
  }
  const size = formatBytes(frame.bytes.length) ?? '';
  out.line(
    `${frame.timestamp.padEnd(13)} ${frame.mimeType.replace('image/', '').toUpperCase().padEnd(5)} ${`${frame.width}x${frame.height}`.padEnd(11)}${size.padStart(8)}  ${frame.name}`,
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

export type VideoSettings = { selection: FrameSelection; columns: number; sheetWidth: number; format: FrameFormat };

/** The video options, checked once for every video of the call: a wrong one refuses the call. */
export function videoSettings(): VideoSettings {
  const selection = selectionOfOptions();
  if (!values.sheet && (values.columns !== undefined || values.width !== undefined))
    fail('--columns and --width are for --sheet.');
  if (values.sheet && !values.out) fail('--sheet writes the contact sheet into --out DIR: give one.');
  const columns = wholeIn('columns');
  const sheetWidth = wholeIn('width');
  const format = checked('format', FrameFormatSchema.safeParse(values.format ?? 'png'));
  return { selection, columns, sheetWidth, format };
}

export async function extractVideoFile(
  file: string,
  {
    outDir,
    signal,
    out,
    config,
    settings,
  }: {
    outDir: string | undefined;
    signal: AbortSignal;
    out: InputOutput;
    config: AppConfig;
    settings: VideoSettings;
  },
): Promise<void> {
  const { selection, columns, sheetWidth, format } = settings;
  const tools = { ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath };
  const workDir = await mkdtemp(path.join(tmpdir(), 'image-extractor-cli-video-'));
  try {
    await checkTools(tools);
    const video = await probeVideo(tools.ffprobePath, file, signal);
    try {
      planFrames(video.durationSeconds, selection);
    } catch (error) {
      if (error instanceof FrameRangeError) throw new InputFailure(error.message);
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
      printFrame(frame, url, out);
    }
    if (!values.json) {
      out.note(`${frames.length} frames of ${path.basename(file)} (${video.codec} ${video.width}x${video.height})`);
    }
    if (outDir) out.note(`saved ${frames.length} files to ${outDir}`);
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
      // pdf-lib is loaded only for a sheet
      const { sheetPdf } = await import('media-files/sheetPdf');
      await writeFile(path.join(outDir, `${stem}-sheet.pdf`), await sheetPdf(png, name));
      out.note(`contact sheet: ${stem}-sheet.png and ${stem}-sheet.pdf in ${outDir}`);
    }
  } catch (error) {
    if (isVideoJobError(error)) throw new InputFailure(`Extraction failed: ${error.message}`);
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
