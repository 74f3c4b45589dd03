#!/usr/bin/env node
// Frames from a 1080p H.264 MP4 of at least 2 minutes: the video screen in Chromium (WebCodecs in a
// Worker, through the page a user sees: the built shell and remote, served by extract-api) against ffmpeg writing the same frames as PNGs, one mode at a
// time, the two sides alternating for BENCH_ROUNDS=3 rounds; prints the median ratio of wall times
// (goal ≤ 1.0), the frame counts of both sides, and the tab's peak memory.
//
//   every      a frame every 5 s         ffmpeg -i in.mp4 -vf fps=1/5 out%04d.png
//   scenes     scene changes, the        ffmpeg -i in.mp4 -vf "select='gt(scene,0.3)'" -vsync vfr out%04d.png
//              screen's default (70 %)
//   keyframes  key frames                ffmpeg -skip_frame nokey -i in.mp4 -vsync vfr out%04d.png
//
//   pnpm --filter mfe-media run build          # the page under test
//   pnpm run build                             # once, if shell/dist is missing (the script builds extract-api)
//   node bench/video/frames-vs-ffmpeg.mjs [--mode every|scenes|keyframes|all] [--cuts] [--cli] [video.mp4]
//
// Without a video it makes the input once with ffmpeg's test sources (never committed):
// /tmp/bench-video/in-1080p-130s.mp4, 130 s of testsrc2 at 1920x1080, 30 fps, libx264 (no cuts:
// scene mode finds only its opening shot); with --cuts, /tmp/bench-video/in-1080p-130s-cuts.mp4,
// the same length made of 13 shots of 10 s from five different test sources in turn, 12 hard cuts
// (at 10, 20, … 120 s). --mode all runs every mode on the plain input, then scenes and key frames on the one with
// cuts. --cli also times the command line (`node extract-api/dist/cli.js <video> --scenes|--keyframes
// --out DIR`, what `pnpm extract` runs after its build) in each round.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tooling/chromium.mjs';
import { RAISED_RATE_LIMITS_ENV } from '../../tooling/rateLimits.mjs';
import { chromiumMarker, chromiumMemory } from '../chromiumMemory.mjs';

const require = createRequire(new URL('../../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = '/tmp/bench-video';
const INTERVAL_S = 5;
const PORT = 4390;
/** shared-contracts' PATHS.videoExtractor. */
const VIDEO_PAGE = '/image-extractor-video';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    mode: { type: 'string', default: 'every' },
    cuts: { type: 'boolean', default: false },
    cli: { type: 'boolean', default: false },
  },
});
const MODES = ['every', 'scenes', 'keyframes'];
if (options.mode !== 'all' && !MODES.includes(options.mode)) {
  throw new Error(`--mode is one of ${MODES.join(', ')} or all, not ${options.mode}`);
}

mkdirSync(WORK, { recursive: true });
const ffmpegQuiet = (args) => execFileSync('ffmpeg', ['-v', 'error', '-y', '-nostdin', ...args]);

/** 130 s of 1080p testsrc2: no cuts. */
function plainInput() {
  const file = path.join(WORK, 'in-1080p-130s.mp4');
  if (!existsSync(file)) {
    console.log(`making ${file} (130 s of 1080p testsrc2, libx264)…`);
    ffmpegQuiet([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-t', '130'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', file],
    ]);
  }
  return file;
}

/** Five test sources that look nothing alike, so each join is a hard cut. */
const SHOT_SOURCES = [
  'testsrc2=size=1920x1080',
  'smptehdbars=size=1920x1080',
  'testsrc=size=1920x1080',
  'rgbtestsrc=size=1920x1080',
  'life=size=480x270:mold=10:ratio=0.1:death_color=0x203040:life_color=0xe0c040',
];
const SHOT_SECONDS = 10;
const SHOTS = 13;

/** 130 s of 1080p in 13 shots of 10 s, the five sources in turn (each from its start): 12 cuts, at 10, 20, … 120 s. */
function cutsInput() {
  const file = path.join(WORK, 'in-1080p-130s-cuts.mp4');
  if (!existsSync(file)) {
    console.log(
      `making ${file} (${SHOTS} shots of ${SHOT_SECONDS} s from ${SHOT_SOURCES.length} test sources, libx264)…`,
    );
    const shots = Array.from({ length: SHOTS }, (_, k) => SHOT_SOURCES[k % SHOT_SOURCES.length]);
    const graph = [
      ...shots.map((_, k) => `[${k}]scale=1920:1080:flags=neighbor,setsar=1,format=yuv420p[s${k}]`),
      `${shots.map((_, k) => `[s${k}]`).join('')}concat=n=${SHOTS}:v=1:a=0[v]`,
    ].join(';');
    ffmpegQuiet([
      ...shots.flatMap((source) => ['-f', 'lavfi', '-t', String(SHOT_SECONDS), '-i', `${source}:rate=30`]),
      ...['-filter_complex', graph, '-map', '[v]'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', file],
    ]);
  }
  return file;
}

/** What each run measures: a mode on an input. */
const runs =
  options.mode === 'all'
    ? [
        ...MODES.map((mode) => ({ mode, input: positionals[0] ?? plainInput() })),
        ...(positionals[0] ? [] : ['scenes', 'keyframes'].map((mode) => ({ mode, input: cutsInput() }))),
      ]
    : [{ mode: options.mode, input: positionals[0] ?? (options.cuts ? cutsInput() : plainInput()) }];

function probeOf(input) {
  const probe = JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration:stream=width,height,codec_name', '-of', 'json', input],
      { encoding: 'utf8' },
    ),
  );
  return { ...probe.streams[0], duration: Number(probe.format.duration) };
}

// --- ffmpeg, the reference ---------------------------------------------------------------------
const ffOut = path.join(WORK, 'ffmpeg-out');
/** The reference command of each mode, writing PNGs into `dir`. */
const FFMPEG_ARGS = {
  every: (input, dir) => ['-i', input, '-vf', `fps=1/${INTERVAL_S}`, path.join(dir, 'out%04d.png')],
  scenes: (input, dir) => [
    '-i',
    input,
    '-vf',
    "select='gt(scene,0.3)'",
    '-vsync',
    'vfr',
    path.join(dir, 'out%04d.png'),
  ],
  keyframes: (input, dir) => ['-skip_frame', 'nokey', '-i', input, '-vsync', 'vfr', path.join(dir, 'out%04d.png')],
};
function runFfmpeg(mode, input) {
  rmSync(ffOut, { recursive: true, force: true });
  mkdirSync(ffOut);
  const started = performance.now();
  execFileSync('ffmpeg', ['-v', 'error', '-nostdin', ...FFMPEG_ARGS[mode](input, ffOut)]);
  return { ms: performance.now() - started, frames: readdirSync(ffOut).length };
}

// --- the command line (the server's ffmpeg path, as `pnpm extract` runs it) ------------------------
const cliOut = path.join(WORK, 'cli-out');
const CLI_FLAGS = { every: ['--every', String(INTERVAL_S)], scenes: ['--scenes'], keyframes: ['--keyframes'] };
// The server the page is served by, and the CLI, built as `pnpm extract` builds them.
execFileSync('pnpm', ['--silent', '--filter', 'extract-api', 'run', 'build'], { cwd: REPO, stdio: 'inherit' });
function runCli(mode, input) {
  rmSync(cliOut, { recursive: true, force: true });
  mkdirSync(cliOut);
  const started = performance.now();
  execFileSync('node', [path.join(REPO, 'extract-api/dist/cli.js'), input, ...CLI_FLAGS[mode], '--out', cliOut], {
    stdio: 'ignore',
  });
  return { ms: performance.now() - started, frames: readdirSync(cliOut).filter((f) => f.endsWith('.png')).length };
}

// --- the video screen in Chromium ----------------------------------------------------------------
// The screen as a user gets it: the built shell, with the media remote and the API, from one
// extract-api process (the embedded default, `npm start`'s layout) on a port of the bench's own.
const server = spawn(process.execPath, [path.join(REPO, 'extract-api/dist/server.js')], {
  cwd: REPO,
  stdio: 'ignore',
  detached: true,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: 'localhost',
    LOG_LEVEL: 'warn',
    EXTRACT_API_DATA_DIR: path.join(WORK, 'api-data'),
    // The bench is one client sending more than a visitor would: it measures the work, not the limits.
    ...RAISED_RATE_LIMITS_ENV,
  },
});
const stopServer = () => {
  try {
    process.kill(-server.pid);
  } catch {}
};
process.on('exit', stopServer);
let serverUp = false;
for (let i = 0; i < 300 && !serverUp; i += 1) {
  serverUp = await fetch(`http://localhost:${PORT}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!serverUp) await new Promise((r) => setTimeout(r, 200));
}
if (!serverUp) throw new Error(`extract-api did not answer on ${PORT}: is shell/dist built (pnpm run build)?`);

// A switch Chromium ignores, to find this browser's process among the machine's others.
const MARKER = chromiumMarker('video');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, MARKER] });
const chromiumRss = chromiumMemory(MARKER);

const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
let peakRss = 0;
let peakAboveBaseline = 0;
let peakHeap = 0;

/** The screen's label of each mode (the catalogue's words: shared-contracts MESSAGES.video.modes). */
const MODE_LABELS = { every: 'Every N seconds', scenes: 'Scene changes', keyframes: 'Key frames' };

/** One extraction through the screen, from a fresh page: wall time from the click to the button coming back. */
async function runBrowser(mode, input, size) {
  await page.goto(`http://localhost:${PORT}${VIDEO_PAGE}`, { timeout: 120_000 });
  await page.getByTestId('upload-input').setInputFiles(input);
  await page.getByText('Video ready! Click Extract Frames to process the video.').waitFor();
  // the defaults: every 5 s, scene sensitivity 70 % (ffmpeg's 0.3)
  if (mode !== 'every') {
    await page
      .locator('label')
      .filter({ hasText: new RegExp(`^${MODE_LABELS[mode]}$`) })
      .click();
  }
  await page.waitForTimeout(1000);
  const baselineRss = chromiumRss();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const rss = chromiumRss();
      peakRss = Math.max(peakRss, rss);
      peakAboveBaseline = Math.max(peakAboveBaseline, rss - baselineRss);
      const { metrics } = await cdp.send('Performance.getMetrics');
      peakHeap = Math.max(peakHeap, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  await page.getByRole('button', { name: 'Extract Frames' }).click();
  const busy = page.getByRole('button', { name: 'Extracting Frames...' });
  await busy.waitFor();
  await busy.waitFor({ state: 'detached', timeout: 900_000 });
  const ms = performance.now() - started;
  sampling = false;
  await sampler;
  // the grid loads itself when the first frame comes (React.lazy): a mode whose frames all come at
  // the end (scene changes) has not drawn it yet when the button comes back; the toast says the count
  const toast = page.getByText(/^\d+ frames have been extracted from the video\.$/).first();
  const made = Number((await toast.textContent({ timeout: 60_000 }))?.match(/^\d+/)?.[0] ?? Number.NaN);
  const region = page.getByRole('region', { name: 'Extracted Frames' });
  if (made > 0)
    await region
      .getByRole('listitem')
      .nth(made - 1)
      .waitFor({ timeout: 60_000 });
  return {
    ms,
    frames: await region.getByRole('listitem').count(),
    fullSize: await region.getByText(`${size.width} x ${size.height}`).count(),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

// The machine is shared: rounds alternate the sides so that a busy moment slows each, and the
// median ratio is reported.
const summaries = [];
for (const { mode, input } of runs) {
  const probe = probeOf(input);
  const size = { width: probe.width, height: probe.height };
  console.log(
    `\n== ${mode}: ${input}, ${probe.duration.toFixed(1)} s, ${probe.codec_name} ${probe.width}x${probe.height}`,
  );
  console.log(`   ffmpeg ${FFMPEG_ARGS[mode](path.basename(input), 'out').join(' ')}`);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const ffmpeg = runFfmpeg(mode, input);
    const chromium = await runBrowser(mode, input, size);
    const cli = options.cli ? runCli(mode, input) : undefined;
    rounds.push({ ffmpeg, chromium, cli, ratio: chromium.ms / ffmpeg.ms });
    console.log(
      `round ${round + 1}: ffmpeg ${ffmpeg.frames} PNGs in ${seconds(ffmpeg.ms)}; Chromium ${chromium.frames} PNGs (${chromium.fullSize} at ${size.width} x ${size.height}) in ${seconds(chromium.ms)}; ratio ${(chromium.ms / ffmpeg.ms).toFixed(2)}${cli ? `; CLI ${cli.frames} PNGs in ${seconds(cli.ms)}, ratio ${(cli.ms / ffmpeg.ms).toFixed(2)}` : ''}`,
    );
    if (chromium.fullSize !== chromium.frames) process.exitCode = 1;
    if (mode === 'every' && chromium.frames !== Math.ceil(probe.duration / INTERVAL_S)) process.exitCode = 1;
    if (mode === 'keyframes' && chromium.frames !== ffmpeg.frames) process.exitCode = 1;
  }
  const summary = {
    mode,
    input: path.basename(input),
    ffmpeg: median(rounds.map((r) => r.ffmpeg.ms)),
    chromium: median(rounds.map((r) => r.chromium.ms)),
    ratio: median(rounds.map((r) => r.ratio)),
    cli: options.cli ? median(rounds.map((r) => r.cli.ms)) : undefined,
    cliRatio: options.cli ? median(rounds.map((r) => r.cli.ms / r.ffmpeg.ms)) : undefined,
    frames: { ffmpeg: rounds[0].ffmpeg.frames, chromium: rounds[0].chromium.frames, cli: rounds[0].cli?.frames },
  };
  summaries.push(summary);
  console.log(
    `median of ${ROUNDS}: ffmpeg ${seconds(summary.ffmpeg)}, Chromium ${seconds(summary.chromium)}; ratio browser / ffmpeg (median of rounds) ${summary.ratio.toFixed(2)} (goal ≤ 1.0)${options.cli ? `; CLI ${seconds(summary.cli)}, ratio CLI / ffmpeg ${summary.cliRatio.toFixed(2)}` : ''}`,
  );
  const { frames } = summary;
  if (frames.ffmpeg !== frames.chromium) {
    // ffmpeg's select keeps only frames over the threshold; the screen (and the CLI) also keep the opening shot
    console.log(
      `frame counts differ: ffmpeg ${frames.ffmpeg}, Chromium ${frames.chromium}${mode === 'scenes' ? ' (the screen adds the opening shot to the cuts)' : ''}`,
    );
  }
}
await browser.close();
stopServer();

console.log(
  '\n| mode | input | ffmpeg | Chromium | ratio | frames ffmpeg / Chromium' +
    (options.cli ? ' / CLI | CLI | CLI / ffmpeg |' : ' |'),
);
for (const s of summaries) {
  console.log(
    `| ${s.mode} | ${s.input} | ${seconds(s.ffmpeg)} | ${seconds(s.chromium)} | ${s.ratio.toFixed(2)} | ${s.frames.ffmpeg} / ${s.frames.chromium}${options.cli ? ` / ${s.frames.cli} | ${seconds(s.cli)} | ${s.cliRatio.toFixed(2)} |` : ' |'}`,
  );
}
console.log(
  `peak memory: Chromium process tree RSS ${mb(peakRss)} (${mb(peakAboveBaseline)} above the page with the video loaded), page JS heap ${mb(peakHeap)}`,
);
