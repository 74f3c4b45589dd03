#!/usr/bin/env node
// Frames every 5 s from a 1080p H.264 MP4 of at least 2 minutes: the video screen in Chromium
// (WebCodecs in a Worker, through the page a user sees) against `ffmpeg -i in.mp4 -vf fps=1/5 out%04d.png`.
// Prints the ratio of wall times (goal ≤ 1.0, median of BENCH_ROUNDS=3 alternating rounds) and the
// tab's peak memory.
//
//   pnpm --filter mfe-media run build          # the page under test (its standalone harness)
//   node bench/video/frames-vs-ffmpeg.mjs [video.mp4]
//
// Without an argument it makes the input once with ffmpeg's test source (never committed):
// /tmp/bench-video/in-1080p-130s.mp4, 130 s of testsrc2 at 1920x1080, 30 fps, libx264.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tooling/chromium.mjs';

const require = createRequire(new URL('../../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = '/tmp/bench-video';
const INTERVAL_S = 5;
const PORT = 4390;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

mkdirSync(WORK, { recursive: true });
const input = process.argv[2] ?? path.join(WORK, 'in-1080p-130s.mp4');
if (!existsSync(input)) {
  console.log(`making ${input} (130 s of 1080p testsrc2, libx264)…`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1920x1080:rate=30',
    '-t',
    '130',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    input,
  ]);
}
const probe = JSON.parse(
  execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration:stream=width,height,codec_name', '-of', 'json', input],
    {
      encoding: 'utf8',
    },
  ),
);
const duration = Number(probe.format.duration);
const expectedFrames = Math.ceil(duration / INTERVAL_S);

// --- ffmpeg, the reference ---------------------------------------------------------------------
const ffOut = path.join(WORK, 'ffmpeg-out');
function runFfmpeg() {
  rmSync(ffOut, { recursive: true, force: true });
  mkdirSync(ffOut);
  const started = performance.now();
  execFileSync('ffmpeg', ['-v', 'error', '-i', input, '-vf', `fps=1/${INTERVAL_S}`, path.join(ffOut, 'out%04d.png')]);
  return { ms: performance.now() - started, frames: readdirSync(ffOut).length };
}

// --- the video screen in Chromium ----------------------------------------------------------------
const server = spawn(
  'pnpm',
  ['--filter', 'mfe-media', 'exec', 'vite', 'preview', '--port', String(PORT), '--strictPort'],
  {
    cwd: REPO,
    stdio: 'ignore',
    detached: true,
  },
);
const stopServer = () => {
  try {
    process.kill(-server.pid);
  } catch {}
};
process.on('exit', stopServer);
for (let i = 0; i < 100; i += 1) {
  const up = await fetch(`http://localhost:${PORT}/`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  await new Promise((r) => setTimeout(r, 200));
}

// A switch Chromium ignores, to find this browser's process among the machine's others.
const MARKER = `--bench-video-${process.pid}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, MARKER] });
const browserPid = readdirSync('/proc')
  .filter((d) => /^\d+$/.test(d))
  .map(Number)
  .find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(MARKER);
    } catch {
      return false;
    }
  });
if (!browserPid) throw new Error('Could not find the Chromium process to measure');

/** Resident memory of Chromium's whole process tree (browser, renderer, GPU, utility), in bytes. */
function chromiumRss() {
  const children = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(pid));
    } catch {}
  }
  let total = 0;
  const stack = [browserPid];
  while (stack.length > 0) {
    const pid = stack.pop();
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += rss ? Number(rss[1]) * 1024 : 0;
    } catch {}
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
let peakRss = 0;
let peakAboveBaseline = 0;
let peakHeap = 0;

/** One extraction through the screen, from a fresh page: wall time from the click to the button coming back. */
async function runBrowser() {
  await page.goto(`http://localhost:${PORT}/`);
  await page.getByTestId('upload-input').setInputFiles(input);
  await page.getByText('Video ready! Click Extract Frames to process the video.').waitFor();
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
  await busy.waitFor({ state: 'detached', timeout: 600_000 });
  const ms = performance.now() - started;
  sampling = false;
  await sampler;
  const region = page.getByRole('region', { name: 'Extracted Frames' });
  return {
    ms,
    frames: await region.getByRole('listitem').count(),
    fullSize: await region.getByText('1920 x 1080').count(),
  };
}

// The machine is shared: rounds alternate the two sides so that a busy moment slows both, and the
// median ratio is reported.
const rounds = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const ffmpeg = runFfmpeg();
  const chromium = await runBrowser();
  rounds.push({ ffmpeg, chromium, ratio: chromium.ms / ffmpeg.ms });
  console.log(
    `round ${round + 1}: ffmpeg ${ffmpeg.frames} PNGs in ${(ffmpeg.ms / 1000).toFixed(2)} s; Chromium ${chromium.frames} PNGs (${chromium.fullSize} at 1920 x 1080) in ${(chromium.ms / 1000).toFixed(2)} s; ratio ${(chromium.ms / ffmpeg.ms).toFixed(2)}`,
  );
  if (chromium.frames !== expectedFrames || chromium.fullSize !== expectedFrames) process.exitCode = 1;
}
await browser.close();
stopServer();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `input: ${input}, ${duration.toFixed(1)} s, ${probe.streams[0].codec_name} ${probe.streams[0].width}x${probe.streams[0].height}; ${expectedFrames} frames expected`,
);
console.log(
  `median of ${ROUNDS}: ffmpeg ${(median(rounds.map((r) => r.ffmpeg.ms)) / 1000).toFixed(2)} s, Chromium ${(median(rounds.map((r) => r.chromium.ms)) / 1000).toFixed(2)} s`,
);
console.log(`ratio browser / ffmpeg (median of rounds): ${median(rounds.map((r) => r.ratio)).toFixed(2)} (goal ≤ 1.0)`);
console.log(
  `peak memory: Chromium process tree RSS ${mb(peakRss)} (${mb(peakAboveBaseline)} above the page with the video loaded), page JS heap ${mb(peakHeap)}`,
);
