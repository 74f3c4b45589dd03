#!/usr/bin/env node
// The browser ZIP path with ~1 GB of images: zip.html (./zip.ts) makes COUNT distinct image files
// of SIZE bytes as blob: URLs in the tab (as a document's images are), then runs shared-ui's
// zipInBrowser (media-files' zipStream, zipToBlob, saveBlob) and the download is saved to disk.
// Sampled every 100 ms: the RSS of Chromium's whole process tree and the page's JS heap
// (CDP Performance.getMetrics JSHeapUsedSize), against the archive's size: the images held once
// plus an archive held in memory would show as about twice the archive above the page's start.
//
//   pnpm --filter mfe-documents exec vite build --config ../bench/grid/vite.config.mjs --mode zip
//   node bench/grid/zip-memory.mjs [--count 128] [--size 8388608] [--dist /tmp/bench-grid/zip]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tooling/chromium.mjs';
import { chromiumMarker, chromiumMemory } from '../chromiumMemory.mjs';
import { serve } from './serve.mjs';

const require = createRequire(new URL('../../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '128' },
    size: { type: 'string', default: String(8 * 1024 * 1024) },
    dist: { type: 'string', default: '/tmp/bench-grid/zip' },
  },
});
const COUNT = Number(values.count);
const SIZE = Number(values.size);

const site = await serve(values.dist, 'zip.html');
// A switch Chromium ignores, to find this browser's process among the machine's others.
const MARKER = chromiumMarker('zip');
// A profile on disk, as a visitor's browser has: Chromium pages large blobs to the profile's
// folder; an in-memory (incognito-like) context must hold every blob in memory and fails past its quota.
const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-zip-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, MARKER],
  acceptDownloads: true,
});

const page = context.pages()[0] ?? (await context.newPage());
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const heap = async () =>
  (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;

await page.goto(`${site.origin}/zip.html`);
await page.waitForFunction(() => document.title === 'bench ready');
const chromiumRss = chromiumMemory(MARKER);
const start = chromiumRss();
const made = await page.evaluate(([count, size]) => window.bench.make(count, size), [COUNT, SIZE]);
await page.waitForTimeout(2000);
const withImages = chromiumRss();

let sampling = true;
let peakRss = 0;
let peakHeap = 0;
const sampler = (async () => {
  while (sampling) {
    peakRss = Math.max(peakRss, chromiumRss());
    peakHeap = Math.max(peakHeap, await heap());
    await new Promise((r) => setTimeout(r, 100));
  }
})();
const downloaded = page.waitForEvent('download', { timeout: 1_800_000 });
const zipMs = await page.evaluate(() => window.bench.zip());
const download = await downloaded;
const file = await download.path();
sampling = false;
await sampler;
const archive = statSync(file).size;
// What went in (Info-ZIP's unzip lists it): every image, or a could-not-download.txt saying why not.
const listed = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
const failures = listed.includes('could-not-download.txt')
  ? execFileSync('unzip', ['-p', file, 'could-not-download.txt'], { encoding: 'utf8' })
      .split('\n')
      .slice(2, 5)
      .join(' | ')
  : '';
await download.delete();
await context.close();
rmSync(profile, { recursive: true, force: true });
site.close();
rmSync(file, { force: true });

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `input: ${COUNT} files of ${mb(SIZE)} as blob: URLs = ${mb(made)}; archive ${mb(archive)} in ${(zipMs / 1000).toFixed(1)} s; load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
console.log(
  `entries: ${listed.filter((name) => name.endsWith('.png')).length} images of ${COUNT}${failures ? `; not written: ${failures}` : ''}`,
);
console.log(
  `Chromium RSS: ${mb(start)} at start, ${mb(withImages)} with the images made, peak ${mb(peakRss)} while zipping = ${mb(peakRss - withImages)} above the images (${((peakRss - withImages) / archive).toFixed(2)}x the archive); page JS heap peak ${mb(peakHeap)}`,
);
