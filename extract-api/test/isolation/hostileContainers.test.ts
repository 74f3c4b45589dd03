/**
 * The built server (`node dist/server.js`) under the hostile containers: e-books, OpenDocument
 * files, workbooks, image archives, e-mail, saved pages and RTF, each made hostile in one way.
 * Every one answers a clean 200 (the kind its bytes say) or a 4xx with a sentence, never a 5xx,
 * within the job's wall-clock limit; the process stays up, and /api/health answers within 100 ms
 * all the while (every probe but one, none stalled past half a second), as hostileUploads holds
 * the documents to. The well-formed seeds they are built from answer their pictures.
 * Run alone (vitest.isolation.config.ts), after the package's build.
 */
import {
  type HostileDocument,
  MAIL_HOSTILE_DOCUMENTS,
  RTF_HOSTILE_DOCUMENTS,
  wellFormedCbz,
  wellFormedEpub,
  wellFormedFlatOdt,
  wellFormedOdf,
  wellFormedXlsx,
  ZIP_CONTAINER_HOSTILE_DOCUMENTS,
} from 'document-engine/hostile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, probeHealth, startBuiltServer } from './builtServer.ts';

const TIME_LIMIT_S = 10;
const HEALTH_P99_MS = 100;
const HEALTH_STALL_MS = 500;

const HOSTILE_CONTAINERS: readonly HostileDocument[] = [
  ...ZIP_CONTAINER_HOSTILE_DOCUMENTS,
  ...MAIL_HOSTILE_DOCUMENTS,
  ...RTF_HOSTILE_DOCUMENTS,
];

async function upload(base: string, fileName: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  const started = performance.now();
  const response = await fetch(`${base}/v1/extract-images`, { method: 'POST', body: form });
  const body = (await response.json()) as { kind?: string; images?: unknown[]; message?: string };
  return { status: response.status, body, ms: performance.now() - started };
}

describe('the built server under hostile containers', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ EXTRACT_API_DOCUMENT_TIME_LIMIT_S: String(TIME_LIMIT_S) });
    // One real container first, so the workers are started and warm before anything is timed.
    const warm = await upload(server.base, 'warm.epub', wellFormedEpub());
    expect(warm.status).toBe(200);
  });
  afterAll(() => server?.stop());

  it.each(HOSTILE_CONTAINERS.map((doc) => [doc.name, doc] as const))(
    '%s: a clean answer within the time limit, health within 100 ms, the server up',
    async (_, doc) => {
      const bytes = doc.build();
      const stop = probeHealth(server.base);
      const { status, body, ms } = await upload(server.base, doc.fileName, bytes);
      const health = await stop();
      expect(status === 200 || (status >= 400 && status < 500), `${status} ${body.message}`).toBe(true);
      if (status === 200) expect(body.kind).toBe(doc.kind);
      else expect(body.message).toMatch(/\w+ \w+/);
      expect(ms).toBeLessThan(TIME_LIMIT_S * 1000 + 3_000);
      const late = health.latencies.filter((ms) => ms >= HEALTH_P99_MS);
      expect(late.length, `health probes of ${HEALTH_P99_MS} ms or more: ${late.join(', ')}`).toBeLessThanOrEqual(1);
      expect(health.worst, `worst of ${health.probes} health probes`).toBeLessThan(HEALTH_STALL_MS);
      expect(server.child.exitCode).toBeNull();
    },
  );

  it.each([
    ['an EPUB', 'a.epub', wellFormedEpub, 'epub', 2],
    // the ODP's second picture is in no slide: given too, as the engine gives every stored picture
    ['an ODP', 'a.odp', () => wellFormedOdf(), 'odp', 2],
    ['a flat ODT', 'a.fodt', wellFormedFlatOdt, 'odt', 1],
    ['an XLSX', 'a.xlsx', () => wellFormedXlsx(), 'xlsx', 1],
    ['a CBZ', 'a.cbz', wellFormedCbz, 'image-archive', 3],
  ] as const)('the well-formed seed of %s answers its pictures', async (_, fileName, build, kind, count) => {
    const { status, body } = await upload(server.base, fileName, build());
    expect(status, body.message).toBe(200);
    expect(body.kind).toBe(kind);
    expect(body.images).toHaveLength(count);
  });
});
