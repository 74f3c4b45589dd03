// The image audit of a whole site against the scan alone, through the built API (`dist/server.js`,
// what `npm start` runs, its job queue embedded): a generated site on loopback (../web/site.ts,
// 1,000 pages by default, each with six shared pictures, one of its own and a CSS background), scanned
// to its last page once as a plain job and once with `audit: true`, the audit's report asked for
// every half second until it says done (the image pass having fetched, hashed and, where it pays,
// re-encoded every image). Wall time of each, interleaved over N runs (median), and the ratio; the
// report's counts, to show the audit read every page.
//   pnpm --filter extract-api run build
//   extract-api/node_modules/.bin/tsx bench/audit/audit-vs-scan.ts [--pages 1000] [--delay 0] [--runs 3]
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RAISED_RATE_LIMITS_ENV } from '../../tooling/rateLimits.mjs';
import { serveSite } from '../web/site.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    delay: { type: 'string', default: '0' },
    runs: { type: 'string', default: '3' },
  },
});
const pages = Number(values.pages);
const runs = Number(values.runs);

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = path.join(repoDir, 'extract-api/dist/server.js');
if (!existsSync(server)) {
  console.error(`${server} is missing: pnpm --filter extract-api run build`);
  process.exit(1);
}

const site = await serveSite({ pages, delayMs: Number(values.delay), uniqueImages: true });
const depth = Math.min(10, Math.ceil(Math.log(pages) / Math.log(Math.ceil(Math.sqrt(pages)))) + 1);

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [server], {
    cwd: path.dirname(path.dirname(server)),
    env: {
      ...process.env,
      ...RAISED_RATE_LIMITS_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      EXTRACT_API_ALLOW_LOOPBACK: '1',
      EXTRACT_API_SERVE_SITE: '0',
      EXTRACT_API_MAX_PAGES: String(pages),
      EXTRACT_API_MAX_IMAGES_PER_SCAN: String(pages * 10),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening at (http:\/\/[\d.:]+)/i.exec(seen) ?? /"address":"(http:\/\/[^"]+)"/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error('the server ended before it listened')));
  });
  child.stdout?.resume();
  return { base, child };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createJob(base: string, audit: boolean): Promise<string> {
  const answer = await fetch(`${base}/api/website-jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${site.origin}/`, depth, audit, original: false }),
  });
  if (answer.status !== 202) throw new Error(`job refused: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { id: string }).id;
}

async function scanAlone(base: string) {
  const started = performance.now();
  const id = await createJob(base, false);
  for (;;) {
    const snapshot = (await (await fetch(`${base}/api/website-jobs/${id}?after=999999999`)).json()) as {
      status: string;
      progress?: { done: number };
    };
    if (snapshot.status !== 'queued' && snapshot.status !== 'running') {
      return { ms: performance.now() - started, pages: snapshot.progress?.done ?? 0 };
    }
    await sleep(100);
  }
}

async function audited(base: string) {
  const started = performance.now();
  const id = await createJob(base, true);
  for (;;) {
    const report = (await (await fetch(`${base}/api/website-jobs/${id}/audit`)).json()) as {
      status: string;
      pages: number;
      images: number;
      uses: number;
      encoding: { done: number; total: number };
      summary: { findings: number; bytesToSave: number };
    };
    if (report.status === 'done') return { ms: performance.now() - started, report };
    await sleep(500);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const load = () =>
  execFileSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average: /, '');

console.log(
  `${pages} pages (depth ${depth}), ${site.images} images, ${values.delay} ms a request; ${runs} runs, interleaved, median`,
);
const { base, child } = await startServer();
const scanMs: number[] = [];
const auditMs: number[] = [];
let last: Awaited<ReturnType<typeof audited>> | undefined;
for (let run = 0; run < runs; run += 1) {
  const plain = await scanAlone(base);
  scanMs.push(plain.ms);
  last = await audited(base);
  auditMs.push(last.ms);
  console.log(
    `run ${run + 1}: scan ${plain.ms.toFixed(0)} ms (${plain.pages} pages), audit ${last.ms.toFixed(0)} ms (load ${load()})`,
  );
}
child.kill();
await site.close();
const scan = median(scanMs);
const audit = median(auditMs);
const report = last?.report;
console.log(`\nscan alone        ${scan.toFixed(0)} ms`);
console.log(`scan + audit      ${audit.toFixed(0)} ms   (${(audit / scan).toFixed(2)}x the scan)`);
if (report) {
  console.log(
    `report: ${report.pages} pages, ${report.images} images, ${report.uses} element uses, ${report.encoding.total} images through the pass, ${report.summary.findings} findings, ${report.summary.bytesToSave} bytes to save`,
  );
}
