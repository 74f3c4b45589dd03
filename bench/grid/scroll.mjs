#!/usr/bin/env node
// The grid with thousands of images, through the real Word screen (mfe-documents' standalone
// harness built for production by ./vite.config.mjs): a .docx of N distinct PNGs (./docx.mjs) is
// extracted in the page, the grid drawn, then the window is scrolled top to bottom at a steady
// 150 px a frame (requestAnimationFrame) in Debian's Chromium. Prints frames per second and the
// frame times (rAF deltas), the main thread's work during the scroll (CDP Performance.getMetrics:
// script, layout, style) and the DOM size. With --hash, then Find duplicates: the Worker's own
// time per image (the `ms` each result carries) and the wall time per image.
//
//   pnpm --filter mfe-documents exec vite build --config ../bench/grid/vite.config.mjs
//   node bench/grid/scroll.mjs [--count 5000] [--dist /tmp/bench-grid/dist] [--hash]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tooling/chromium.mjs';
import { docxOf } from './docx.mjs';
import { serve } from './serve.mjs';

const require = createRequire(new URL('../../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '5000' },
    dist: { type: 'string', default: '/tmp/bench-grid/dist' },
    hash: { type: 'boolean', default: false },
    step: { type: 'string', default: '150' },
  },
});
const COUNT = Number(values.count);
const STEP = Number(values.step);

mkdirSync('/tmp/bench-grid', { recursive: true });
const input = `/tmp/bench-grid/pictures-${COUNT}.docx`;
if (!existsSync(input)) writeFileSync(input, docxOf(COUNT));

const site = await serve(values.dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
// The hashing Worker reports each image's time (HashResult.ms): keep them as they pass.
await page.addInitScript(() => {
  const Base = window.Worker;
  window.__hashMs = [];
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (event.data?.kind === 'result' && !event.data.result.error) window.__hashMs.push(event.data.result.ms);
      });
    }
  };
});
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const metrics = async () =>
  Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));

await page.goto(site.origin);
await page.getByRole('link', { name: 'Word extractor' }).click();
await page.getByTestId('upload-input').setInputFiles(input);
const started = performance.now();
await page.getByRole('button', { name: 'Extract Images from Word' }).click();
await page
  .getByTestId('results-count')
  .filter({ hasText: `${COUNT} images` })
  .waitFor({ timeout: 900_000 });
// The grid is drawn once the browser paints after the count shows.
await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const toGrid = performance.now() - started;
await page.waitForTimeout(2000);

const before = await metrics();
const scroll = await page.evaluate(
  (step) =>
    new Promise((resolve) => {
      const deltas = [];
      let last = performance.now();
      const t0 = last;
      const frame = (now) => {
        deltas.push(now - last);
        last = now;
        const bottom = document.documentElement.scrollHeight - innerHeight;
        if (scrollY >= bottom - 1) {
          resolve({ deltas: deltas.slice(1), ms: now - t0, height: document.documentElement.scrollHeight });
          return;
        }
        scrollBy(0, step);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(frame);
      });
    }),
  STEP,
);
const after = await metrics();
const sorted = [...scroll.deltas].sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const cards = await page.getByRole('listitem').count();
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
console.log(`input: ${COUNT} PNGs in a .docx (${input}); dist ${values.dist}; viewport 1280x900; load ${load}`);
console.log(
  `click to grid drawn: ${(toGrid / 1000).toFixed(1)} s; list items in the DOM after the scroll: ${cards}; DOM nodes ${after.Nodes}`,
);
console.log(
  `scroll ${scroll.height} px at ${STEP} px/frame: ${scroll.deltas.length} frames in ${(scroll.ms / 1000).toFixed(1)} s = ${((scroll.deltas.length * 1000) / scroll.ms).toFixed(1)} fps; frame ms median ${pct(50).toFixed(1)}, p95 ${pct(95).toFixed(1)}, p99 ${pct(99).toFixed(1)}, longest ${sorted.at(-1).toFixed(1)}; frames over 25 ms: ${sorted.filter((d) => d > 25).length}`,
);
const spent = (name) => ((after[name] - before[name]) * 1000).toFixed(0);
console.log(
  `main thread during the scroll (ms): tasks ${spent('TaskDuration')}, script ${spent('ScriptDuration')}, layout ${spent('LayoutDuration')}, style ${spent('RecalcStyleDuration')}`,
);

if (values.hash) {
  await page.evaluate(() => scrollTo(0, 0));
  const hashStarted = performance.now();
  await page.getByRole('button', { name: 'Find duplicates' }).click();
  await page
    .getByTestId('duplicates-status')
    .filter({ hasText: /folded|No duplicates/ })
    .waitFor({ timeout: 900_000 });
  const wall = performance.now() - hashStarted;
  const ms = (await page.evaluate(() => window.__hashMs)).sort((a, b) => a - b);
  const mean = ms.reduce((s, v) => s + v, 0) / ms.length;
  console.log(
    `Find duplicates: ${ms.length} images hashed; in the Worker (bytes there to SHA-256 + dHash done) mean ${mean.toFixed(2)} ms, median ${ms[Math.floor(ms.length / 2)].toFixed(2)}, p95 ${ms[Math.floor(ms.length * 0.95)].toFixed(2)}, max ${ms.at(-1).toFixed(2)} ms/image; wall (click to result, 4 at a time, with fetching) ${(wall / 1000).toFixed(1)} s = ${(wall / ms.length).toFixed(2)} ms/image; status: ${await page.getByTestId('duplicates-status').textContent()}`,
  );
}
await browser.close();
site.close();
