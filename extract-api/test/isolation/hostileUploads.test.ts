/**
 * The built server (`node dist/server.js`, as `npm start` runs it) under hostile and heavy
 * documents: every class of hostile file answers a clean 4xx or its images within the job's
 * wall-clock limit, the process stays up, and /api/health answers within 100 ms all the while: for
 * one hostile file every probe but one, and none stalled past half a second (a parse run on the
 * server's own thread would stall it for the parse's whole length, seconds; on 2 cores shared with
 * the workers one probe can come back a few ms late: a CI run here saw 102.6 ms). For a burst of
 * 20 real uploads: 99 probes in 100.
 * Run alone (vitest.isolation.config.ts), after the package's build.
 */
import { HOSTILE_DOCUMENTS } from 'document-engine/hostile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../../tooling/corpus.mjs';
import { type BuiltServer, probeHealth, startBuiltServer } from './builtServer.ts';

const TIME_LIMIT_S = 10;
const HEALTH_P99_MS = 100;
const HEALTH_STALL_MS = 500;

async function upload(base: string, fileName: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  const started = performance.now();
  const response = await fetch(`${base}/v1/extract-images`, { method: 'POST', body: form });
  const body = (await response.json()) as { images?: unknown[]; message?: string };
  return { status: response.status, body, ms: performance.now() - started };
}

describe('the built server under hostile and heavy documents', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ EXTRACT_API_DOCUMENT_TIME_LIMIT_S: String(TIME_LIMIT_S) });
    // One real document first, so the workers are started and warm before anything is timed.
    await upload(server.base, 'warm.pdf', readCorpus('pdf/cmykjpeg.pdf'));
  });
  afterAll(() => server?.stop());

  it.each(HOSTILE_DOCUMENTS.map((doc) => [doc.name, doc] as const))(
    '%s: a clean answer within the time limit, health within 100 ms, the server up',
    async (_, doc) => {
      const bytes = doc.build();
      const stop = probeHealth(server.base);
      const { status, body, ms } = await upload(server.base, doc.fileName, bytes);
      const health = await stop();
      // the engine's bounds answer with images or its reason; the pool's with 422: never a 5xx
      expect(status === 200 || (status >= 400 && status < 500), `${status} ${body.message}`).toBe(true);
      if (status !== 200) expect(body.message).toMatch(/\w+/);
      expect(ms).toBeLessThan(TIME_LIMIT_S * 1000 + 3_000);
      const late = health.latencies.filter((ms) => ms >= HEALTH_P99_MS);
      expect(late.length, `health probes of ${HEALTH_P99_MS} ms or more: ${late.join(', ')}`).toBeLessThanOrEqual(1);
      expect(health.worst, `worst of ${health.probes} health probes`).toBeLessThan(HEALTH_STALL_MS);
      expect(server.child.exitCode).toBeNull();
    },
  );

  // 20 uploads at once also load this test process (it sends 50 MB and parses 68 MB of answers on
  // the same 2 cores): 99 in 100 probes within 100 ms, and none stalled past a second. The bench
  // (bench/documents/load-check.ts, a client of its own) measures the worst probe at 50-85 ms; one
  // CI run here saw a single 302 ms probe among 507.
  it('20 concurrent uploads of a real 2.5 MB PDF all answer while health stays within 100 ms (p99)', async () => {
    const bytes = readCorpus('pdf/freeculture.pdf');
    const stop = probeHealth(server.base);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => upload(server.base, 'freeculture.pdf', bytes.slice())),
    );
    const health = await stop();
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.images?.length)).size).toBe(1);
    expect(health.p99, `p99 of ${health.probes} health probes`).toBeLessThan(HEALTH_P99_MS);
    expect(health.worst, `worst of ${health.probes} health probes`).toBeLessThan(1_000);
    expect(server.child.exitCode).toBeNull();
  });
});
