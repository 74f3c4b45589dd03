#!/usr/bin/env node
// The first-load JavaScript of every route of the built site in one run: every script the browser
// downloads until the network is idle, gzipped at level 6 (what a server's gzip sends), with the
// budget (issue "Tool pages as light as the home page": 250 KB gzip a route; `/` has had 150 KB).
// With --slow, each tool page is also opened on Lighthouse's mobile throttling (150 ms round trip,
// 1.6 Mbps down, 750 kbps up, CPU 4x slower, through the DevTools protocol) and timed until it
// answers a click on its main control.
//   node bench/first-load.mjs [origin] [--route /path]… [--slow] [--files]
//   default origin: the embedded site, http://localhost:8080 (start it first: `npm start`)
// Uses Debian's Chromium like the e2e suite.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/chromium.mjs';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { route: { type: 'string', multiple: true }, slow: { type: 'boolean' }, files: { type: 'boolean' } },
});
const origin = (positionals[0] ?? 'http://localhost:8080').replace(/\/$/, '');
const KB = 1024;
const HOME_BUDGET = 150 * KB;
const ROUTE_BUDGET = 250 * KB;

/** Every route of the site, and for the tools the click that shows the page works. */
const ROUTES = [
  ['/'],
  ['/tools'],
  ['/image-extractor-url', { button: 'Extract Images', answer: 'URL Required' }],
  ['/image-extractor-website', { button: 'Scan Website', answer: 'Website URL Required' }],
  ['/image-extractor-video', { tab: 'Video URL', answer: 'Video URL' }],
  ['/image-extractor-pdf', { button: 'Extract Images from PDF', answer: 'No File Selected' }],
  ['/image-extractor-docx', { button: 'Extract Images from Word', answer: 'No File Selected' }],
  ['/image-extractor-ppt', { button: 'Extract Images from PowerPoint', answer: 'No File Selected' }],
  ['/sign-in'],
  ['/sign-up'],
  ['/profile'],
  ['/faq'],
  ['/contact-us'],
];
const routes = values.route ? ROUTES.filter(([path]) => values.route.includes(path)) : ROUTES;

// What each script is made of: the builds write chunk-packages.json (tooling/chunkPackages.mjs),
// each chunk's bytes by package; a script's gzip size is split in the same proportions.
const root = fileURLToPath(new URL('..', import.meta.url));
const chunkMaps = new Map();
function chunkMapOf(folder) {
  if (!chunkMaps.has(folder)) {
    const file = join(root, folder, 'dist', 'chunk-packages.json');
    chunkMaps.set(folder, existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
  }
  return chunkMaps.get(folder);
}
/** The bytes by package of a script served at `pathname` (`/assets/x.js`, `/remotes/mfe-media/assets/y.js`). */
function packagesOfScript(pathname) {
  const remote = pathname.match(/^\/remotes\/([\w-]+)\/(.+)$/);
  const [folder, file] = remote ? [remote[1], remote[2]] : ['shell', pathname.slice(1)];
  return chunkMapOf(folder)[file] ?? { [`unknown (${folder})`]: 1 };
}
const GROUPS = [
  ['react + react-dom', /^(react|react-dom|scheduler)$/],
  ['react-router', /^react-router/],
  [
    'antd (+ @rc-component, cssinjs)',
    /^(antd|@ant-design\/(?!icons)|@rc-component\/|rc-|classnames|@babel\/runtime|stylis|@emotion\/|dayjs|throttle-debounce|json2mq|compute-scroll-into-view|scroll-into-view-if-needed|copy-to-clipboard|toggle-selection|string-convert)/,
  ],
  ['@ant-design/icons', /^@ant-design\/icons/],
  ['zod', /^zod$/],
  ['Module Federation (runtime + build plugin)', /^@module-federation/],
];
const groupOf = (name) => GROUPS.find(([, pattern]) => pattern.test(name))?.[0] ?? name;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

/** The scripts a fresh visit to `path` downloads until the network is idle. */
async function firstLoad(path) {
  const context = await browser.newContext();
  const page = await context.newPage();
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
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  await context.close();
  if (failed.length > 0) throw new Error(`${path}: scripts failed to load:\n${failed.join('\n')}`);
  return scripts;
}

/** Milliseconds from navigation until the page answers a click on its main control, throttled. */
async function timeToAnswer(path, action) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = performance.now();
  await page.goto(origin + path, { waitUntil: 'commit' });
  const main = page.getByRole('main');
  if (action.button) await main.getByRole('button', { name: action.button, exact: true }).click({ timeout: 120_000 });
  else await main.getByRole('tab', { name: action.tab }).click({ timeout: 120_000 });
  await page.getByText(action.answer, { exact: true }).first().waitFor({ timeout: 120_000 });
  const ms = performance.now() - started;
  await context.close();
  return ms;
}

const rows = [];
for (const [path, action] of routes) {
  const scripts = await firstLoad(path);
  const gz = scripts.reduce((sum, s) => sum + s.gz, 0);
  const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
  const budget = path === '/' ? HOME_BUDGET : ROUTE_BUDGET;
  const answer = values.slow && action ? await timeToAnswer(path, action) : undefined;
  rows.push({ path, scripts, gz, raw, budget, answer });
}
await browser.close();

console.log(`First-load JavaScript of ${origin} (gzip level 6, until the network is idle)`);
console.log(
  `| route | scripts | raw | gzip | budget |${values.slow ? ' answers a click (slow 4G, CPU 4x) |' : ''}\n|---|---:|---:|---:|---|${values.slow ? '---:|' : ''}`,
);
for (const r of rows) {
  const verdict = `${r.gz <= r.budget ? 'within' : 'OVER'} ${kb(r.budget)} (${((100 * r.gz) / r.budget).toFixed(0)}%)`;
  const slow = values.slow ? ` ${r.answer === undefined ? '' : `${(r.answer / 1000).toFixed(1)} s`} |` : '';
  console.log(`| \`${r.path}\` | ${r.scripts.length} | ${kb(r.raw)} | **${kb(r.gz)}** | ${verdict} |${slow}`);
}
// Where the bytes of the heaviest route come from, by package.
const heaviest = rows.reduce((a, b) => (b.gz > a.gz ? b : a));
const byPackage = new Map();
for (const s of heaviest.scripts) {
  const parts = Object.entries(packagesOfScript(new URL(s.url).pathname));
  const total = parts.reduce((sum, [, bytes]) => sum + bytes, 0) || 1;
  for (const [name, bytes] of parts) {
    const group = groupOf(name);
    byPackage.set(group, (byPackage.get(group) ?? 0) + (s.gz * bytes) / total);
  }
}
console.log(`\nThe heaviest, \`${heaviest.path}\`, by package (gzip):`);
for (const [name, gz] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]))
  console.log(`  ${kb(gz).padStart(9)}  ${name}`);
if (values.files) for (const s of heaviest.scripts) console.log(`${kb(s.gz).padStart(10)}  ${new URL(s.url).pathname}`);
process.exitCode = rows.some((r) => r.gz > r.budget) ? 1 : 0;
