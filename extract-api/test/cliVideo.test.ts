/**
 * `pnpm extract <video>` with every frame mode, run as users run it (the built CLI), on videos
 * the test makes with ffmpeg.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sheetLayout } from 'media-files';
import { MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobeKeyframeTimes, makeKeyframeVideo, makeSceneVideo } from '../../tooling/testVideos.mjs';

const run = promisify(execFile);
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtCli = path.join(packageDir, 'dist', 'cli.js');

async function cli(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtCli, ...args], {
      cwd: packageDir,
      env: { ...process.env, INIT_CWD: work },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'cli-video-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('pnpm extract <video>', { timeout: 60_000 }, () => {
  it('--scenes writes a frame per shot into --out, named to the millisecond', async () => {
    const video = makeSceneVideo(path.join(work, 'videos'));
    const { code, stdout, stderr } = await cli([video, '--scenes', '--out', 'scenes']);
    expect(stderr).toContain('4 frames of scene-cuts.mp4');
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.slice(0, 12)),
    ).toEqual(['00:00:00.000', '00:00:02.000', '00:00:03.600', '00:00:05.600']);
    const files = (await readdir(path.join(work, 'scenes'))).sort();
    expect(files).toEqual([
      'frame-00-00-00-000.png',
      'frame-00-00-02-000.png',
      'frame-00-00-03-600.png',
      'frame-00-00-05-600.png',
    ]);
    const png = await readFile(path.join(work, 'scenes', files[1] ?? ''));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('--keyframes --from --to --json: the key frames ffprobe lists inside the range', async () => {
    const video = makeKeyframeVideo(path.join(work, 'videos'));
    const expected = ffprobeKeyframeTimes(video).filter((t) => t >= 1 && t < 4);
    const { code, stdout } = await cli([video, '--keyframes', '--from', '00:00:01', '--to', '00:00:04', '--json']);
    expect(code).toBe(0);
    const times = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { timeSeconds: number }).timeSeconds);
    expect(times).toEqual(expected);
  });

  it('--count 4 spreads 4 frames evenly; a bad time or two modes are refused with why', async () => {
    const video = makeSceneVideo(path.join(work, 'videos'));
    const counted = await cli([video, '--count', '4', '--to', '4']);
    expect(
      counted.stdout
        .trim()
        .split('\n')
        .map((line) => line.slice(0, 8)),
    ).toEqual(['00:00:00', '00:00:01', '00:00:02', '00:00:03']);
    const badTime = await cli([video, '--from', '1:75']);
    expect(badTime.code).toBe(2);
    expect(badTime.stderr).toContain(MESSAGES.video.range.invalidTime('--from'));
    const twoModes = await cli([video, '--keyframes', '--count', '3']);
    expect(twoModes.code).toBe(2);
    expect(twoModes.stderr).toContain('Choose one of --every, --scenes, --keyframes and --count');
  });

  it('--sheet writes the contact sheet as a PNG of the layout’s size and a one-page PDF holding it', async () => {
    const video = makeSceneVideo(path.join(work, 'videos'));
    const { code, stderr } = await cli([
      video,
      '--count',
      '6',
      '--sheet',
      '--columns',
      '3',
      '--width',
      '900',
      '--out',
      'sheet',
    ]);
    expect(stderr).toContain('contact sheet: scene-cuts-sheet.png and scene-cuts-sheet.pdf');
    expect(code).toBe(0);
    const png = await readFile(path.join(work, 'sheet', 'scene-cuts-sheet.png'));
    const expected = sheetLayout({ count: 6, frameWidth: 320, frameHeight: 180, columns: 3, width: 900 });
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([expected.width, expected.height]);
    const pdf = path.join(work, 'sheet', 'scene-cuts-sheet.pdf');
    expect(execFileSync('qpdf', ['--show-npages', pdf], { encoding: 'utf8' }).trim()).toBe('1');
    const images = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images.map((line) => line.trim().split(/\s+/).slice(3, 5))).toEqual([
      [String(expected.width), String(expected.height)],
    ]);
    const refused = await cli([video, '--sheet']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--sheet writes the contact sheet into --out DIR');
    // The screen's sliders and the CLI take the same bounds (media-files' SHEET_SETTINGS).
    const tooWide = await cli([video, '--sheet', '--width', '4001', '--out', 'sheet']);
    expect(tooWide.code).toBe(2);
    expect(tooWide.stderr).toContain('--width takes a whole number from 400 to 4000, got 4001');
    const noColumns = await cli([video, '--sheet', '--columns', '0', '--out', 'sheet']);
    expect(noColumns.stderr).toContain('--columns takes a whole number from 1 to 10, got 0');
  });
});
