/**
 * The built server (`node dist/server.js`, as `npm start` runs it) started for a black-box test,
 * and /api/health timed from a thread of its own while the test attacks it. Every test under
 * test/isolation/ drives the server through this file only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';
import { RAISED_RATE_LIMITS_ENV } from '../../../tooling/rateLimits.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER = path.join(packageDir, 'dist', 'server.js');

export type BuiltServer = {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT` */
  base: string;
  /** Everything the server printed so far (pino's JSON lines). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts `node dist/server.js` on a free loopback port with the given settings on top of the
 * environment (API only unless `EXTRACT_API_SERVE_SITE` says otherwise, rate limits raised out of
 * reach unless `EXTRACT_API_RATE_LIMIT_*` say otherwise), and waits until it listens. A setting
 * given as undefined is left out, so that its default applies.
 */
export async function startBuiltServer(env: Record<string, string | undefined> = {}): Promise<BuiltServer> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: build it first (node scripts/build.mjs).`);
  const child = spawn(process.execPath, [SERVER], {
    cwd: packageDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      EXTRACT_API_SERVE_SITE: '0',
      LOG_LEVEL: 'info',
      ...RAISED_RATE_LIMITS_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (address) {
        clearTimeout(timer);
        resolve(address);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  await fetch(`${base}/api/health`);
  return {
    child,
    base,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Every probe's time in ms (fastest first), the worst, the 99th percentile, and the probes that failed. */
export type HealthSummary = { latencies: number[]; worst: number; p99: number; probes: number; failures: unknown[] };

/**
 * Probes /api/health every 20 ms from a thread of its own, so the test's own work is not counted.
 * The returned function stops probing, checks that every probe answered 200, and summarises.
 */
export function probeHealth(base: string): () => Promise<HealthSummary> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let running = true;
    const latencies = [];
    const failures = [];
    parentPort.on('message', () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        try {
          const response = await fetch(workerData + '/api/health');
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(response.status);
        } catch (error) {
          failures.push(String(error));
        }
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      latencies.sort((a, b) => a - b);
      parentPort.postMessage({ latencies, worst: latencies.at(-1), p99: latencies[Math.floor(latencies.length * 0.99)], probes: latencies.length, failures });
    })();`,
    { eval: true, workerData: base },
  );
  return async () => {
    const result = once(worker, 'message');
    worker.postMessage('stop');
    const [summary] = (await result) as [HealthSummary];
    await worker.terminate();
    expect(summary.failures).toEqual([]);
    return summary;
  };
}
