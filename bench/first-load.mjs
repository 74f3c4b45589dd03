#!/usr/bin/env node
// Measures the first-load JavaScript of a page of the built site: every script the browser
// downloads until the network is idle, gzipped at level 6 (what a server's gzip sends), grouped
// by the package it comes from.
//   node bench/first-load.mjs [url]      default: the embedded site, http://localhost:8080/
// Start the site first (`npm start`). Uses Debian's Chromium like the e2e suite.
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/chromium.mjs';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const url = process.argv[2] ?? 'http://localhost:8080/';
const BUDGET_GZ_BYTES = 150 * 1024;

// Module Federation names shared chunks after the package they hold; app chunks after their source.
// The shell's build names a chunk after the package it holds (shell/vite.config.ts codeSplitting);
// remotes' shared chunks carry the package in their Module Federation name.
const PACKAGE_PATTERNS = [
  ['react-router-dom (+ react-router)', /vendor-react-router|router/],
  ['react + react-dom (+ scheduler)', /vendor-react-|react_mf_2_dom|__react__|jsx-runtime/],
  ['@ant-design/icons', /icons/],
  ['antd (+ its rc-component, cssinjs deps)', /antd/],
  ['zod', /zod/],
  ['@module-federation/runtime', /remoteLoader|remoteEntry|_virtual_mf|hostInit/],
];

function packageOf(file) {
  for (const [name, pattern] of PACKAGE_PATTERNS) if (pattern.test(file)) return name;
  return 'shell (app code)';
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const page = await browser.newPage();
const scripts = [];
const failed = [];
page.on('response', async (response) => {
  const type = response.request().resourceType();
  if (type !== 'script' && !response.url().endsWith('.js')) return;
  if (!response.ok()) {
    failed.push(`${response.status()} ${response.url()}`);
    return;
  }
  try {
    const body = await response.body();
    scripts.push({ url: response.url(), raw: body.length, gz: gzipSync(body, { level: 6 }).length });
  } catch {
    // A redirect or an aborted request has no body.
  }
});
await page.goto(url, { waitUntil: 'networkidle' });
await browser.close();
if (failed.length > 0) {
  console.error(`Scripts failed to load, so the page did not really load:\n${failed.join('\n')}`);
  process.exit(1);
}

const byPackage = new Map();
for (const s of scripts) {
  const name = packageOf(new URL(s.url).pathname);
  const entry = byPackage.get(name) ?? { raw: 0, gz: 0, files: 0 };
  entry.raw += s.raw;
  entry.gz += s.gz;
  entry.files += 1;
  byPackage.set(name, entry);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [...byPackage.entries()].sort((a, b) => b[1].gz - a[1].gz);
console.log(`First-load JavaScript of ${url}`);
console.log('| package | files | raw | gzip |\n|---|---:|---:|---:|');
for (const [name, e] of rows) console.log(`| ${name} | ${e.files} | ${kb(e.raw)} | ${kb(e.gz)} |`);
const total = rows.reduce((sum, [, e]) => sum + e.gz, 0);
const totalRaw = rows.reduce((sum, [, e]) => sum + e.raw, 0);
console.log(`| **total** | ${scripts.length} | ${kb(totalRaw)} | **${kb(total)}** |`);
console.log(
  `budget ${kb(BUDGET_GZ_BYTES)} gz: ${total <= BUDGET_GZ_BYTES ? 'within' : 'OVER'} (${((100 * total) / BUDGET_GZ_BYTES).toFixed(0)}% of budget)`,
);
if (process.argv.includes('--files'))
  for (const s of scripts) console.log(`${kb(s.gz).padStart(10)}  ${new URL(s.url).pathname}`);
