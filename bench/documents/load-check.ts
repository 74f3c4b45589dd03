// Load check of POST /v1/extract-images: the real server process, 20 concurrent uploads of a
// real 2.5 MB PDF (the corpus's freeculture.pdf) while /api/health is probed every 20 ms.
//   extract-api/node_modules/.bin/tsx bench/documents/load-check.ts [--uploads N] [--file PATH]
// Prints the slowest answer, the worst health latency, and the peak memory of the API process
// (VmHWM: worker threads live inside it, so their heaps are part of it) and, when the server logs
// them, the document workers' heap after each job.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { corpusPath } from '../../tooling/corpus.mjs';
import { RAISED_RATE_LIMITS_ENV } from '../../tooling/rateLimits.mjs';

const { values } = parseArgs({
  options: { uploads: { type: 'string', default: '20' }, file: { type: 'string' } },
});
const uploads = Number(values.uploads);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = values.file ?? corpusPath('pdf/freeculture.pdf');
const bytes = readFileSync(file);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The built server, as `npm start` runs it (`node dist/server.js`; build it first with
// `pnpm --filter extract-api run build`), with the bench's event-loop probe preloaded.
const loopDelay = path.join(repo, 'bench/documents/loop-delay.mjs');
const server = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    '--import',
    loopDelay,
    'dist/server.js',
  ],
  {
    cwd: path.join(repo, 'extract-api'),
    // Rate limits raised: the bench is one client measuring the work, not the limits.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EXTRACT_API_SERVE_SITE: '0',
      LOG_LEVEL: 'info',
      ...RAISED_RATE_LIMITS_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let serverErr = '';
server.stderr.on('data', (chunk: Buffer) => {
  serverErr += chunk.toString();
});
const workerHeaps: number[] = [];
let logTail = '';
server.stdout.on('data', (chunk: Buffer) => {
  logTail += chunk.toString();
  const lines = logTail.split('\n');
  logTail = lines.pop() ?? '';
  for (const line of lines) {
    const heap = /"workerHeapBytes":(\d+)/.exec(line)?.[1];
    if (heap) workerHeaps.push(Number(heap));
  }
});

const status = (field: string) => {
  const text = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;
};
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

const ready = Date.now();
for (;;) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (Date.now() - ready > 30_000) throw new Error('the server did not start within 30 s');
  await new Promise((r) => setTimeout(r, 100));
}
const idleRss = status('VmRSS');

// Health is probed from a thread of its own: this process's own work (sending 20 uploads,
// parsing 20 answers of megabytes) would otherwise count as the server's latency.
const prober = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
  let running = true;
  const probes = [];
  parentPort.on('message', () => { running = false; });
  (async () => {
    while (running) {
      const started = performance.now();
      await fetch(workerData + '/api/health').then((r) => r.arrayBuffer());
      probes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
    parentPort.postMessage(probes);
  })();`,
  { eval: true, workerData: base },
);

const started = performance.now();
const answers = await Promise.all(
  Array.from({ length: uploads }, async () => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), path.basename(file));
    const response = await fetch(`${base}/v1/extract-images`, { method: 'POST', body: form });
    const body = (await response.json()) as { images?: unknown[]; message?: string };
    return { status: response.status, ms: performance.now() - started, images: body.images?.length ?? body.message };
  }),
);
const probesDone = once(prober, 'message');
prober.postMessage('stop');
const [probes] = (await probesDone) as [number[]];
await prober.terminate();
const peakRss = status('VmHWM');
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));

const statuses = answers.reduce<Record<number, number>>((acc, a) => {
  acc[a.status] = (acc[a.status] ?? 0) + 1;
  return acc;
}, {});
const sorted = [...probes].sort((a, b) => a - b);
console.log(`file: ${path.relative(repo, file)} (${mb(bytes.length)}), ${uploads} concurrent uploads`);
console.log(`answers: ${JSON.stringify(statuses)}, images per answer: ${[...new Set(answers.map((a) => a.images))]}`);
console.log(`slowest answer: ${(Math.max(...answers.map((a) => a.ms)) / 1000).toFixed(1)} s`);
console.log(
  `health: ${probes.length} probes, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]?.toFixed(1)} ms, worst ${sorted.at(-1)?.toFixed(1)} ms`,
);
console.log(`API process RSS: idle ${mb(idleRss)}, peak ${mb(peakRss)} (VmHWM, worker threads included)`);
process.stdout.write(serverErr);
console.log(
  `load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
if (workerHeaps.length) {
  console.log(`document worker heap after a job: max ${mb(Math.max(...workerHeaps))} (V8 total_heap_size)`);
}
