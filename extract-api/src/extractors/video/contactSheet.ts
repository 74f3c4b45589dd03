import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sheetLayout } from 'media-files';
import { VideoJobError } from './errors.ts';
import { lastLine } from './probeVideo.ts';
import { runForOutput } from './runProcess.ts';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** A font for drawtext: Debian's DejaVu when installed, else whatever fontconfig calls Sans. */
function font(bold: boolean): string {
  const file = bold ? DEJAVU_BOLD : DEJAVU;
  return existsSync(file) ? `fontfile=${file}` : `font=${bold ? 'Sans\\:bold' : 'Sans'}`;
}

export type SheetRequest = {
  ffmpegPath: string;
  /** The frames as image files, in order, with their timestamps. */
  frames: ReadonlyArray<{ file: string; timestamp: string }>;
  frameWidth: number;
  frameHeight: number;
  header: string;
  columns: number;
  width: number;
  /** A folder of the job's own, for the filter script and the texts. */
  workDir: string;
  signal?: AbortSignal;
};

/**
 * The contact sheet as a PNG, composed by ffmpeg with media-files' layout (the one the browser
 * draws with): a white canvas, each frame scaled into its cell and overlaid, drawtext for the header
 * and the timestamps. Texts are read from files (`textfile`), so a file name needs no escaping, and
 * the graph from a script, so hundreds of frames fit.
 */
export async function composeContactSheet(request: SheetRequest): Promise<Buffer> {
  const layout = sheetLayout({
    count: request.frames.length,
    frameWidth: request.frameWidth,
    frameHeight: request.frameHeight,
    columns: request.columns,
    width: request.width,
  });
  const texts = path.join(request.workDir, 'sheet-text');
  const headerFile = `${texts}-header.txt`;
  await writeFile(headerFile, request.header);
  const chains: string[] = [];
  let last = '0:v';
  for (const [i, frame] of request.frames.entries()) {
    const cell = layout.cells[i];
    if (!cell) continue;
    const label = `${texts}-${i}.txt`;
    await writeFile(label, frame.timestamp);
    chains.push(`[${i + 1}:v]scale=${cell.width}:${cell.height},setsar=1[f${i}]`);
    chains.push(
      `[${last}][f${i}]overlay=${cell.x}:${cell.y},drawtext=${font(false)}:textfile=${label}:fontsize=${layout.labelFontSize}:fontcolor=0x111111:x=${cell.labelX}-text_w/2:y=${cell.labelY}-ascent[b${i}]`,
    );
    last = `b${i}`;
  }
  chains.push(
    `[${last}]drawtext=${font(true)}:textfile=${headerFile}:fontsize=${layout.headerFontSize}:fontcolor=0x111111:x=${layout.headerX}:y=${layout.headerY}-ascent,format=rgb24[sheet]`,
  );
  const script = path.join(request.workDir, 'sheet.filter');
  await writeFile(script, chains.join(';\n'));
  const output = path.join(request.workDir, 'sheet.png');
  const result = await runForOutput(
    request.ffmpegPath,
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `color=c=white:s=${layout.width}x${layout.height}:d=1`],
      ...request.frames.flatMap((frame) => ['-i', frame.file]),
      ...['-filter_complex_script', script, '-map', '[sheet]', '-frames:v', '1', '-update', '1'],
      ...['-c:v', 'png', '-y', output],
    ],
    request.signal,
  );
  if (result.code !== 0) {
    throw new VideoJobError(
      'unreadable',
      `ffmpeg could not draw the contact sheet (${lastLine(result.stderr)}).`,
      result.stderr,
    );
  }
  return readFile(output);
}
