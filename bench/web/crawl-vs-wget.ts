// Crawl a 200-page loopback site at depth 3 with our crawler and with `wget -r -l 3 -p`, on the
// same site in one run, alternating, and print the ratio of wall times. With `--tree DIR`, the site
// is a folder of real files instead (a documentation tree, served from loopback by site.ts's
// serveDirectory, scanned from `--start`), and the images each found are compared: by both, only
// ours, only wget's (by address path), with the pages each asked the server for.
//   extract-api/node_modules/.bin/tsx bench/web/crawl-vs-wget.ts [--delay MS] [--runs N]
//   extract-api/node_modules/.bin/tsx bench/web/crawl-vs-wget.ts --tree /usr/share/doc/libxslt1-dev/html \
//     --start /index.html --depth 2 --delay 50 [--runs N]
// With `--cli`, the built command line (`node extract-api/dist/cli.js <url> --website --depth N --out
// DIR`, a process of its own, as a person types it; build it first with `node extract-api/scripts/build.mjs`)
// is timed too, on the same site, beside the in-process crawl and wget. `--cli-path FILE` runs another
// build of it instead; given more than once, each build is timed in every run (a before and an after).
//   extract-api/node_modules/.bin/tsx bench/web/crawl-vs-wget.ts --tree /usr/share/doc/libxslt1-dev/html \
//     --start /index.html --depth 2 --delay 50 --runs 5 --cli
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { createSafeFetcher } from 'extract-api/safe-fetch';
import { extractWebsite } from 'extract-api/web';
import { serveDirectory, serveSite } from './site.ts';

const { values } = parseArgs({
  options: {
    delay: { type: 'string', default: '0' },
    runs: { type: 'string', default: '3' },
    tree: { type: 'string' },
    start: { type: 'string', default: '/' },
    depth: { type: 'string', default: '3' },
    cli: { type: 'boolean', default: false },
    'cli-path': {
      type: 'string',
      multiple: true,
      default: [fileURLToPath(new URL('../../extract-api/dist/cli.js', import.meta.url))],
    },
  },
});
const delayMs = Number(values.delay);
const runs = Number(values.runs);
const depth = Number(values.depth);
const IMAGE_FILE = /\.(png|gif|jpe?g|svg|webp|avif|ico|bmp)$/i;

if (spawnSync('wget', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('wget is missing: apt-get install -y wget');
  process.exit(1);
}

const site = values.tree
  ? await serveDirectory({ root: values.tree, delayMs })
  : await serveSite({ pages: 200, delayMs });
const startUrl = new URL(values.start, site.origin).href;
const fetcher = createSafeFetcher({ allowLoopback: true });

/** The HTML pages the server was asked for since the last call (each path once). */
const pagesAsked = () => {
  const asked = [...site.hits.keys()].filter((p) => p === '/' || /\.html?$/i.test(p));
  site.hits.clear();
  return asked;
};

async function ours() {
  pagesAsked();
  const started = performance.now();
  let pages = 0;
  let images = 0;
  const found = new Set<string>();
  const scan = extractWebsite({ url: startUrl, depth, maxPages: 1000 }, undefined, {
    fetch: fetcher.fetch,
  });
  for await (const event of scan) {
    if (event.type === 'image') found.add(new URL(event.image.url).pathname);
    if (event.type === 'done') {
      pages = event.done ?? 0;
      images = event.found;
    }
  }
  return { ms: performance.now() - started, pages, images, found, asked: pagesAsked().length };
}

// Asynchronously: the site is served by this very process, which must keep answering.
const run = promisify(execFile);

async function wget() {
  pagesAsked();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wget-'));
  const started = performance.now();
  // wget exits 8 when any request answered an error (a documentation tree's broken link); don't let that hide a result.
  await run('wget', ['-r', '-l', String(depth), '-p', '-q', '-e', 'robots=on', '-P', dir, startUrl]).catch(
    () => undefined,
  );
  const ms = performance.now() - started;
  const hostDir = path.join(dir, new URL(site.origin).host);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
  const pages = files.filter((f) => /\.html?$/i.test(f.name)).length;
  const imageFiles = files.filter((f) => IMAGE_FILE.test(f.name));
  const found = new Set(imageFiles.map((f) => `/${path.relative(hostDir, path.join(f.parentPath, f.name))}`));
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(f.parentPath, f.name)).size, 0);
  rmSync(dir, { recursive: true, force: true });
  return { ms, pages, images: imageFiles.length, bytes, found, asked: pagesAsked().length };
}

/** The built CLI, saving every image it finds into a fresh folder (what wget -p does with requisites). */
async function cli(cliPath: string) {
  pagesAsked();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-cli-'));
  const started = performance.now();
  const { stderr } = await run(
    process.execPath,
    [cliPath, startUrl, '--website', '--depth', String(depth), '--out', dir, '--timing'],
    // The settings at their defaults, but loopback (the served site) allowed, as the isolation tests do.
    { env: { ...process.env, EXTRACT_API_ALLOW_LOOPBACK: '1' }, maxBuffer: 64 * 1024 * 1024 },
  );
  const ms = performance.now() - started;
  const files = readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isFile());
  const bytes = files.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  rmSync(dir, { recursive: true, force: true });
  const counted = /(\d+) images on (\d+) pages/.exec(stderr);
  const timing = /timing \(since the process started\): (.*)/.exec(stderr)?.[1] ?? '';
  return {
    ms,
    pages: Number(counted?.[2] ?? 0),
    images: files.length,
    bytes,
    asked: pagesAsked().length,
    timing,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
// Warm-up: the JIT settles after a couple of crawls (658, 492, 413, 227 ms measured in a row).
for (let i = 0; i < 3; i += 1) await ours();
const oursRuns = [];
const wgetRuns = [];
const cliPaths = values.cli ? values['cli-path'] : [];
const cliRuns = cliPaths.map(() => [] as Awaited<ReturnType<typeof cli>>[]);
for (const cliPath of cliPaths) await cli(cliPath); // its first start reads the build from disk
for (let i = 0; i < runs; i += 1) {
  oursRuns.push(await ours());
  wgetRuns.push(await wget());
  for (const [k, cliPath] of cliPaths.entries()) cliRuns[k]?.push(await cli(cliPath));
}
await fetcher.close();
await site.close();

const o = median(oursRuns.map((r) => r.ms));
const w = median(wgetRuns.map((r) => r.ms));
console.log(
  values.tree
    ? `site: ${values.tree} from ${values.start}, ${delayMs} ms per request; ${runs} runs, median`
    : `site: ${site.pages} pages, ${site.images} distinct PNGs, ${delayMs} ms per request; ${runs} runs, median`,
);
console.log(
  `runs (ms): ours ${oursRuns.map((r) => r.ms.toFixed(0)).join(' ')}; wget ${wgetRuns.map((r) => r.ms.toFixed(0)).join(' ')}`,
);
console.log(
  `ours   extractWebsite depth ${depth}: ${o.toFixed(0)} ms, ${oursRuns[0]?.pages} pages (${oursRuns[0]?.asked} HTML paths asked), ${oursRuns[0]?.images} images (each measured by a 64 KiB range request)`,
);
console.log(
  `wget   -r -l ${depth} -p:           ${w.toFixed(0)} ms, ${wgetRuns[0]?.pages} pages (${wgetRuns[0]?.asked} HTML paths asked), ${wgetRuns[0]?.images} images (${((wgetRuns[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB downloaded)`,
);
console.log(`ratio  wget / ours = ${(w / o).toFixed(2)}x (goal: at least 3x)`);
for (const [k, cliPath] of cliPaths.entries()) {
  const runsOf = cliRuns[k] ?? [];
  const c = median(runsOf.map((r) => r.ms));
  const medianRun = [...runsOf].sort((a, b) => a.ms - b.ms)[Math.floor(runsOf.length / 2)];
  console.log(`cli    ${cliPath}`);
  console.log(
    `       runs (ms): ${runsOf.map((r) => r.ms.toFixed(0)).join(' ')}; median ${c.toFixed(0)} ms, ${runsOf[0]?.pages} pages (${runsOf[0]?.asked} HTML paths asked), ${runsOf[0]?.images} files saved (${((runsOf[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB)`,
  );
  console.log(`       --timing of the median run: ${medianRun?.timing}`);
  console.log(`ratio  wget / cli = ${(w / c).toFixed(2)}x (goal: at least 3x)`);
}
const oursFound = oursRuns[0]?.found ?? new Set<string>();
const wgetFound = wgetRuns[0]?.found ?? new Set<string>();
const both = [...oursFound].filter((p) => wgetFound.has(p));
const onlyOurs = [...oursFound].filter((p) => !wgetFound.has(p));
const onlyWget = [...wgetFound].filter((p) => !oursFound.has(p));
console.log(
  `images by both: ${both.length}; only ours: ${onlyOurs.length} ${onlyOurs.slice(0, 10).join(' ')}; only wget: ${onlyWget.length} ${onlyWget.slice(0, 10).join(' ')}`,
);
console.log(execFileSync('wget', ['--version']).toString().split('\n')[0]);
