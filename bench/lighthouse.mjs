#!/usr/bin/env node
// Lighthouse 12's mobile preset (simulated slow 4G, CPU 4x slower, a 412 px phone) on every route
// of the built site, in one command: performance, LCP, TBT, CLS and accessibility per route, the
// median of --runs runs (Lighthouse's own advice: its simulated figures vary from run to run with
// what else the machine does), against the goals (performance >= 95, LCP <= 2.0 s,
// TBT <= 150 ms, CLS <= 0.05, accessibility 100).
//   node bench/lighthouse.mjs [origin] [--route /path]… [--runs N] [--json out.json] [--why]
//   default origin: the embedded site, http://localhost:8080 (start it first: `npm start`)
// --why prints, for a route that misses a goal, the elements that shifted, the LCP element and the
// long tasks' scripts. Uses Debian's Chromium like the e2e suite.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tooling/chromium.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    route: { type: 'string', multiple: true },
    runs: { type: 'string', default: '1' },
    json: { type: 'string' },
    why: { type: 'boolean' },
  },
});
const origin = (positionals[0] ?? 'http://localhost:8080').replace(/\/$/, '');
const runs = Math.max(1, Number(values.runs));
const ROUTES = [
  '/',
  '/tools',
  '/image-extractor-url',
  '/image-extractor-website',
  '/image-extractor-video',
  '/image-extractor-pdf',
  '/image-extractor-docx',
  '/image-extractor-ppt',
  '/sign-in',
  '/sign-up',
  '/profile',
  '/faq',
  '/contact-us',
];
const routes = values.route ?? ROUTES;
const GOALS = { performance: 95, lcp: 2000, tbt: 150, cls: 0.05, accessibility: 100 };

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_ARGS.filter((flag) => !flag.startsWith('--user-data-dir')), '--headless=new'],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
const reports = {};
try {
  for (const route of routes) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const audit = (id) => lhr.audits[id];
      samples.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        lcp: audit('largest-contentful-paint').numericValue,
        tbt: audit('total-blocking-time').numericValue,
        cls: audit('cumulative-layout-shift').numericValue,
        fcp: audit('first-contentful-paint').numericValue,
        lhr,
      });
    }
    const row = {
      route,
      performance: median(samples.map((s) => s.performance)),
      accessibility: Math.min(...samples.map((s) => s.accessibility)),
      fcp: median(samples.map((s) => s.fcp)),
      lcp: median(samples.map((s) => s.lcp)),
      tbt: median(samples.map((s) => s.tbt)),
      cls: Math.max(...samples.map((s) => s.cls)),
    };
    rows.push(row);
    const worst = samples.reduce((a, b) => (b.performance < a.performance ? b : a));
    reports[route] = worst.lhr;
    const misses =
      row.performance < GOALS.performance ||
      row.lcp > GOALS.lcp ||
      row.tbt > GOALS.tbt ||
      row.cls > GOALS.cls ||
      row.accessibility < GOALS.accessibility;
    console.error(`${route}: ${format(row)}${misses ? '  MISSES A GOAL' : ''}`);
    if (values.why && misses) explain(worst.lhr);
  }
} finally {
  await chrome.kill();
}

function format(row) {
  return `performance ${row.performance}, FCP ${(row.fcp / 1000).toFixed(2)} s, LCP ${(row.lcp / 1000).toFixed(2)} s, TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}, accessibility ${row.accessibility}`;
}

/** What Lighthouse names as the cause: shifted elements, the LCP element, long tasks' scripts, failing a11y audits. */
function explain(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  for (const item of items('layout-shifts')) {
    console.error(`  shift ${item.score?.toFixed(3)}: ${item.node?.snippet ?? item.node?.selector ?? '?'}`);
  }
  for (const item of items('largest-contentful-paint-element')) {
    for (const sub of item.items ?? []) {
      if (sub.node) console.error(`  LCP element: ${sub.node.snippet}`);
      else if (sub.phase) console.error(`  LCP phase ${sub.phase}: ${Math.round(sub.timing)} ms`);
    }
  }
  for (const item of items('long-tasks').slice(0, 6)) {
    console.error(`  long task ${Math.round(item.duration)} ms at ${Math.round(item.startTime)}: ${item.url}`);
  }
  for (const item of items('bootup-time').slice(0, 5)) {
    console.error(`  script ${item.url}: ${Math.round(item.scripting)} ms scripting`);
  }
  for (const [id, audit] of Object.entries(lhr.audits)) {
    if (lhr.categories.accessibility.auditRefs.some((ref) => ref.id === id) && audit.score === 0) {
      console.error(`  accessibility: ${id}: ${audit.title}`);
    }
  }
}

console.log(`| route | performance | FCP | LCP | TBT | CLS | accessibility |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|`);
for (const row of rows) {
  console.log(
    `| \`${row.route}\` | ${row.performance} | ${(row.fcp / 1000).toFixed(2)} s | ${(row.lcp / 1000).toFixed(2)} s | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${row.accessibility} |`,
  );
}
if (values.json) writeFileSync(values.json, JSON.stringify(reports));
