// Website scans as jobs on a generated site served on loopback (site.ts: by default
// 10,000 pages, 3 links each, so 9 hops deep, each page with an image of its own), scanned at
// depth 10 through the built API (`dist/server.js`, the same code `npm start` runs): embedded (the
// in-process job queue), then on Redis with 1, 2 and 4 `pnpm worker` processes (`dist/worker.js`),
// then 2 workers with one SIGKILLed when half the pages are done. For each: pages a second, images
// found, peak RSS (VmHWM) of the API and of each worker, the load average; the killed run's image
// addresses are compared with an undisturbed run's, and every run's list is checked for repeats.
//   pnpm --filter extract-api run build
//   extract-api/node_modules/.bin/tsx bench/web/scan-jobs.ts [--pages 10000] [--delay 20] [--depth 10]
//     [--fan-out 3] [--per-host 4] [--worker-pages 8] [--runs embedded,redis-1,redis-2,redis-4,kill-2]
//     [--timeout 240]
// Redis is Debian's redis-server on a free loopback port (extract-api's test fixture); each Redis
// run starts with an empty one. EXTRACT_API_WORKER_LOCK_MS is 5 s in every Redis run, so a killed
// worker's pages go to another within seconds (the default, 30 s, would add half a minute).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, type RedisServer, startRedisServer } from 'extract-api/test-fixtures/redis-server';
import { RAISED_RATE_LIMITS_ENV } from '../../tooling/rateLimits.mjs';
import { serveSite } from './site.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10000' },
    delay: { type: 'string', default: '20' },
    depth: { type: 'string', default: '10' },
    'fan-out': { type: 'string', default: '3' },
    'per-host': { type: 'string', default: '4' },
    'worker-pages': { type: 'string', default: '8' },
    runs: { type: 'string', default: 'embedded,redis-1,redis-2,redis-4,kill-2' },
    timeout: { type: 'string', default: '240' },
  },
});
const pages = Number(values.pages);
const delayMs = Number(values.delay);
const depth = Number(values.depth);
const perHost = values['per-host'];
const workerPages = values['worker-pages'];
const timeoutMs = Number(values.timeout) * 1000;
const runNames = values.runs.split(',').map((name) => name.trim());

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiDir = path.join(repoDir, 'extract-api');
if (!existsSync(path.join(apiDir, 'dist/server.js')) || !existsSync(path.join(apiDir, 'dist/worker.js'))) {
  console.error('extract-api/dist is missing: pnpm --filter extract-api run build');
  process.exit(1);
}

const site = await serveSite({ pages, delayMs, fanOut: Number(values['fan-out']), uniqueImages: true });
const uptime = () =>
  execFileSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load/, 'load');

/** Peak resident set (VmHWM) of a live process, in MB. */
function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const children = new Set<ChildProcess>();
/** A built entry point (`server.js`, `worker.js`); resolved once it prints `ready` (at once without). */
function start(script: string, env: Record<string, string>, ready?: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(apiDir, 'dist', script)], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      EXTRACT_API_ALLOW_LOOPBACK: '1',
      EXTRACT_API_SERVE_SITE: '0',
      EXTRACT_API_MAX_PAGES: String(pages),
      EXTRACT_API_PAGES_PER_HOST: perHost,
      EXTRACT_API_WORKER_PAGES: workerPages,
      LOG_LEVEL: 'warn',
      // The bench is one client measuring the work, not the limits.
      ...RAISED_RATE_LIMITS_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  if (ready === undefined) {
    child.stdout?.resume();
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    return Promise.resolve(child);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${output}`)), 30_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 20_000) output = output.slice(-10_000);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${output}`));
    });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function waitForHealth(origin: string) {
  for (let i = 0; i < 150; i += 1) {
    const ok = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API at ${origin} did not answer`);
}

type Snapshot = {
  status: string;
  cursor: number;
  images: { url: string }[];
  progress?: { done?: number; queued?: number; found?: number; failed?: number };
  error?: string;
};

type RunResult = {
  name: string;
  workers: number;
  seconds: number;
  pages: number;
  failed: number;
  /** Every image address of the job (its list read whole at the end). */
  images: string[];
  /** Images handed over to the reader following snapshots by cursor, and those it never got. */
  followed: number;
  missedByCursor: string[];
  /** The job's own count of images found. */
  foundCounter: number;
  repeats: number;
  apiRssMb: number;
  workerRssMb: number[];
  pageReads: number;
  pagesReadTwice: number;
  status: string;
  loadBefore: string;
  loadAfter: string;
  killedAt?: number;
};

/** One scan as a job through the API: created, followed by its snapshots until it ends. */
async function scan(name: string, workers: number, killHalfWay: boolean): Promise<RunResult> {
  const loadBefore = uptime();
  let redis: RedisServer | undefined;
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1' };
  if (workers > 0) {
    redis = await startRedisServer();
    env.REDIS_URL = redis.url;
    env.EXTRACT_API_WORKER_LOCK_MS = '5000';
  }
  const origin = `http://127.0.0.1:${port}`;
  const workerProcesses: ChildProcess[] = [];
  let api: ChildProcess | undefined;
  site.hits.clear();
  try {
    api = await start('server.js', env);
    await waitForHealth(origin);
    for (let i = 0; i < workers; i += 1) {
      workerProcesses.push(await start('worker.js', env, '[worker] reading'));
    }
    const started = performance.now();
    const created = await fetch(`${origin}/api/website-jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.origin}/`, depth }),
    });
    if (created.status !== 202) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const images: string[] = [];
    let cursor = 0;
    let last: Snapshot | undefined;
    let killedAt: number | undefined;
    const workerRss: number[] = workerProcesses.map(() => Number.NaN);
    for (;;) {
      const answer = await fetch(`${origin}/api/website-jobs/${id}?after=${cursor}`);
      last = (await answer.json()) as Snapshot;
      for (const image of last.images) images.push(image.url);
      cursor = last.cursor;
      if (!['queued', 'running'].includes(last.status)) break;
      const done = last.progress?.done ?? 0;
      if (killHalfWay && killedAt === undefined && done >= pages / 2) {
        const victim = workerProcesses[0];
        workerRss[0] = peakRssMb(victim?.pid);
        victim?.kill('SIGKILL');
        killedAt = done;
        console.log(`  ${name}: worker 1 SIGKILLed at ${done} pages done`);
      }
      if (performance.now() - started > timeoutMs) {
        console.log(`  ${name}: stopped after ${timeoutMs / 1000} s at ${done} pages`);
        await fetch(`${origin}/api/website-jobs/${id}/cancel`, { method: 'POST' });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    // The whole list again (after=0), and the job's own count: what following by cursor missed shows.
    const whole = (await (await fetch(`${origin}/api/website-jobs/${id}?after=0`)).json()) as Snapshot;
    const wholeList = whole.images.map((image) => image.url);
    const followed = new Set(images);
    const missedByCursor = wholeList.filter((url) => !followed.has(url));
    const apiRssMb = peakRssMb(api.pid);
    workerProcesses.forEach((worker, i) => {
      if (!Number.isFinite(workerRss[i])) workerRss[i] = peakRssMb(worker.pid);
    });
    const pageHits = [...site.hits].filter(([p]) => p === '/' || p.startsWith('/page-'));
    return {
      name,
      workers,
      seconds,
      pages: last?.progress?.done ?? 0,
      failed: last?.progress?.failed ?? 0,
      images: wholeList,
      followed: images.length,
      missedByCursor,
      foundCounter: whole.progress?.found ?? Number.NaN,
      repeats: wholeList.length - new Set(wholeList).size,
      apiRssMb,
      workerRssMb: workerRss,
      pageReads: pageHits.reduce((sum, [, n]) => sum + n, 0),
      pagesReadTwice: pageHits.filter(([, n]) => n > 1).length,
      status: last?.status ?? 'unknown',
      loadBefore,
      loadAfter: uptime(),
      ...(killedAt === undefined ? {} : { killedAt }),
    };
  } finally {
    await Promise.all(workerProcesses.map(stop));
    if (api) await stop(api);
    await redis?.stop();
  }
}

const results: RunResult[] = [];
try {
  for (const run of runNames) {
    const match = /^(embedded|redis|kill)(?:-(\d+))?$/.exec(run);
    if (!match) throw new Error(`unknown run ${run}`);
    const workers = match[1] === 'embedded' ? 0 : Number(match[2] ?? 1);
    const result = await scan(run, workers, match[1] === 'kill');
    results.push(result);
    console.log(
      `  ${run}: ${result.status}, ${result.pages} pages in ${result.seconds.toFixed(1)} s, ${result.images.length} images (${result.loadBefore})`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
  await site.close();
}

const fmt = (mb: number) => (Number.isFinite(mb) ? mb.toFixed(0) : '-');
console.log(
  `\nsite: ${pages} pages (fan-out ${values['fan-out']}), ${site.images} distinct images, ${delayMs} ms a request; depth ${depth}; ` +
    `EXTRACT_API_PAGES_PER_HOST=${perHost}, EXTRACT_API_WORKER_PAGES=${workerPages}`,
);
console.log(
  '| run | status | pages | s | pages/s | images (followed by cursor) | repeats | page requests (pages asked twice) | API peak RSS MB | workers peak RSS MB | load before → after |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
for (const r of results) {
  console.log(
    `| ${r.name}${r.killedAt === undefined ? '' : ` (SIGKILL at ${r.killedAt})`} | ${r.status} | ${r.pages} | ${r.seconds.toFixed(1)} | ${(r.pages / r.seconds).toFixed(0)} | ${r.images.length} (${r.followed}) | ${r.repeats} | ${r.pageReads} (${r.pagesReadTwice}) | ${fmt(r.apiRssMb)} | ${r.workerRssMb.map(fmt).join(', ') || '-'} | ${r.loadBefore.replace('load average: ', '')} → ${r.loadAfter.replace('load average: ', '')} |`,
  );
}
const expected = new Set(
  [
    ...Array.from({ length: 60 }, (_, i) => `/img/photo-${i}.png`),
    ...Array.from({ length: pages }, (_, p) => `/img/page-${p}.png`),
  ].map((p) => `${site.origin}${p}`),
);
for (const r of results) {
  const got = new Set(r.images);
  const missing = [...expected].filter((url) => !got.has(url));
  if (missing.length > 0 || r.missedByCursor.length > 0 || r.foundCounter !== r.images.length) {
    console.log(
      `${r.name}: job counted ${r.foundCounter} images, lists ${r.images.length}; the site has ${missing.length} more: ${missing.slice(0, 5).join(' ')}; following by cursor missed ${r.missedByCursor.length}: ${r.missedByCursor.slice(0, 5).join(' ')}`,
    );
  }
}
// The killed run against an undisturbed one: the same addresses, none twice.
const reference = results.find((r) => r.name === 'redis-2') ?? results.find((r) => r.name.startsWith('redis'));
for (const killed of results.filter((r) => r.name.startsWith('kill'))) {
  if (!reference) break;
  const a = new Set(killed.images);
  const b = new Set(reference.images);
  const onlyKilled = [...a].filter((url) => !b.has(url)).length;
  const onlyReference = [...b].filter((url) => !a.has(url)).length;
  console.log(
    `${killed.name} vs ${reference.name}: ${a.size} vs ${b.size} image addresses, ${onlyKilled} only in ${killed.name}, ${onlyReference} only in ${reference.name}, ${killed.repeats} repeated → ${onlyKilled === 0 && onlyReference === 0 && killed.repeats === 0 ? 'same set, none twice' : 'DIFFERENT'}`,
  );
}
const embedded = results.find((r) => r.name === 'embedded');
if (embedded && reference) {
  const theirs = new Set(reference.images);
  const same = embedded.images.length === theirs.size && embedded.images.every((url) => theirs.has(url));
  console.log(`embedded vs ${reference.name}: ${same ? 'same image addresses' : 'different image addresses'}`);
}
console.log(`node ${process.version}; ${execFileSync('redis-server', ['--version']).toString().trim()}`);
