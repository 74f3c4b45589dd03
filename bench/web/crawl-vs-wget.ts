// Crawl a 200-page loopback site at depth 3 with our crawler and with `wget -r -l 3 -p`, on the
// same site in one run, and print the ratio of wall times.
//   extract-api/node_modules/.bin/tsx bench/web/crawl-vs-wget.ts [--delay MS] [--runs N]
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createSafeFetcher } from 'extract-api/safe-fetch';
import { extractWebsite } from 'extract-api/web';
import { serveSite } from './site.ts';

const { values } = parseArgs({
  options: { delay: { type: 'string', default: '0' }, runs: { type: 'string', default: '3' } },
});
const delayMs = Number(values.delay);
const runs = Number(values.runs);

if (spawnSync('wget', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('wget is missing: apt-get install -y wget');
  process.exit(1);
}

const site = await serveSite({ pages: 200, delayMs });
const fetcher = createSafeFetcher({ allowLoopback: true });

async function ours() {
  const started = performance.now();
  let pages = 0;
  let images = 0;
  const scan = extractWebsite({ url: `${site.origin}/`, depth: 3, maxPages: 1000 }, undefined, {
    fetch: fetcher.fetch,
  });
  for await (const event of scan) {
    if (event.type === 'done') {
      pages = event.done ?? 0;
      images = event.found;
    }
  }
  return { ms: performance.now() - started, pages, images };
}

// Asynchronously: the site is served by this very process, which must keep answering.
const run = promisify(execFile);

async function wget() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wget-'));
  const started = performance.now();
  // wget exits 8 when any request answered an error; the site has none, but don't let that hide a result.
  await run('wget', ['-r', '-l', '3', '-p', '-q', '-e', 'robots=on', '-P', dir, `${site.origin}/`]).catch(
    () => undefined,
  );
  const ms = performance.now() - started;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
  const pages = files.filter((f) => f.name.endsWith('.html')).length;
  const images = files.filter((f) => f.name.endsWith('.png')).length;
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(f.parentPath, f.name)).size, 0);
  rmSync(dir, { recursive: true, force: true });
  return { ms, pages, images, bytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
// Warm-up: the JIT settles after a couple of crawls (658, 492, 413, 227 ms measured in a row).
for (let i = 0; i < 3; i += 1) await ours();
const oursRuns = [];
const wgetRuns = [];
for (let i = 0; i < runs; i += 1) {
  oursRuns.push(await ours());
  wgetRuns.push(await wget());
}
await fetcher.close();
await site.close();

const o = median(oursRuns.map((r) => r.ms));
const w = median(wgetRuns.map((r) => r.ms));
console.log(`site: ${site.pages} pages, ${site.images} distinct PNGs, ${delayMs} ms per request; ${runs} runs, median`);
console.log(
  `ours   extractWebsite depth 3: ${o.toFixed(0)} ms, ${oursRuns[0]?.pages} pages, ${oursRuns[0]?.images} images (each measured by a 64 KiB range request)`,
);
console.log(
  `wget   -r -l 3 -p:           ${w.toFixed(0)} ms, ${wgetRuns[0]?.pages} pages, ${wgetRuns[0]?.images} images (${((wgetRuns[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB downloaded)`,
);
console.log(`ratio  wget / ours = ${(w / o).toFixed(2)}x (goal: at least 3x)`);
console.log(execFileSync('wget', ['--version']).toString().split('\n')[0]);
