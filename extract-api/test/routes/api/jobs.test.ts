import type { FastifyInstance } from 'fastify';
import { JOB_PATHS, JobCreatedSchema, JobSnapshotSchema, SequencedEventSchema } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';
import { fixtureSite } from '../../fixtures/site.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

describe('website job routes', () => {
  let app: FastifyInstance;
  let server: FileServer;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    server = await startFileServer(fixtureSite());
    const dir = await tempDir();
    remove = dir.remove;
    app = await buildTestApp({ dataDir: dir.dir, allowLoopback: true });
  });
  afterAll(async () => {
    await app.close();
    await server.close();
    await remove();
  });

  const create = async (payload: object) => app.inject({ method: 'POST', url: JOB_PATHS.websiteJobs, payload });
  const lines = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => SequencedEventSchema.parse(JSON.parse(line)));

  it('should create a job (202, its id and where it is) and stream its numbered events from a cursor', async () => {
    const created = await create({ url: server.url('/'), depth: 2 });
    expect(created.statusCode).toBe(202);
    const { id } = JobCreatedSchema.parse(created.json());
    expect(created.headers.location).toBe(JOB_PATHS.websiteJob(id));

    const all = await app.inject({ method: 'GET', url: JOB_PATHS.websiteJobEvents(id) });
    expect(all.headers['content-type']).toMatch(/application\/x-ndjson/);
    const events = lines(all.body);
    expect(events[0]).toMatchObject({ type: 'start', depth: 2 });
    expect(events.at(-1)).toMatchObject({ type: 'done', done: 4, found: 5 });

    const middle = events.find((e) => e.type === 'image')?.seq ?? 0;
    const later = lines(
      (await app.inject({ method: 'GET', url: `${JOB_PATHS.websiteJobEvents(id)}?after=${middle}` })).body,
    );
    expect(later.every((e) => e.seq > middle)).toBe(true);
    expect(later.filter((e) => e.type === 'image')).toHaveLength(4);

    const snapshot = JobSnapshotSchema.parse(
      (await app.inject({ method: 'GET', url: `${JOB_PATHS.websiteJob(id)}?after=${middle}` })).json(),
    );
    expect(snapshot).toMatchObject({ id, status: 'done' });
    expect(snapshot.images).toHaveLength(4);
  });

  it('should take a batch of start addresses as one job', async () => {
    const { id } = JobCreatedSchema.parse(
      (await create({ urls: [server.url('/c.html'), server.url('/b.html')], depth: 1 })).json(),
    );
    const events = lines((await app.inject({ method: 'GET', url: JOB_PATHS.websiteJobEvents(id) })).body);
    expect(events.at(-1)).toMatchObject({ type: 'done', done: 4 });
  });

  it('should cancel a job and say so to whoever re-attaches', async () => {
    server.set('/slow.html', { body: Buffer.from('<p>slow</p>'), type: 'text/html', delayMs: 5_000 });
    const { id } = JobCreatedSchema.parse((await create({ url: server.url('/slow.html') })).json());
    const cancelled = await app.inject({ method: 'POST', url: JOB_PATHS.websiteJobCancel(id) });
    expect(JobSnapshotSchema.parse(cancelled.json()).status).toBe('cancelled');
    const events = lines((await app.inject({ method: 'GET', url: JOB_PATHS.websiteJobEvents(id) })).body);
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'cancelled', error: 'Scan cancelled.' });
  });

  it('should answer 404 for an unknown job, 400 for what is not an id or not a request', async () => {
    const unknown = 'Z'.repeat(22);
    for (const url of [JOB_PATHS.websiteJob(unknown), JOB_PATHS.websiteJobEvents(unknown)]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: expect.stringMatching(/no longer available/) });
    }
    expect((await app.inject({ method: 'POST', url: JOB_PATHS.websiteJobCancel(unknown) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/website-jobs/..%2F..%2Fetc' })).statusCode).toBe(400);
    expect((await create({ depth: 2 })).statusCode).toBe(400);
    expect((await create({ url: server.url('/'), depth: 11 })).statusCode).toBe(400);
    expect((await create({ url: server.url('/'), depth: -1 })).statusCode).toBe(400);
    // 0: the start pages only (the URL tool's list), at most SCAN_BATCH_MAX_URLS of them.
    expect((await create({ urls: [server.url('/a.html'), server.url('/b.html')], depth: 0 })).statusCode).toBe(202);
    expect(
      (await create({ urls: Array.from({ length: 101 }, (_, i) => server.url(`/${i}`)), depth: 0 })).statusCode,
    ).toBe(400);
    expect((await create({ url: 'http://169.254.169.254/' })).statusCode).toBe(202);
  });

  it('should fail a job for a refused address with the reason, the server unharmed', async () => {
    const { id } = JobCreatedSchema.parse((await create({ url: 'http://169.254.169.254/latest/' })).json());
    const events = lines((await app.inject({ method: 'GET', url: JOB_PATHS.websiteJobEvents(id) })).body);
    expect(events.at(-1)).toMatchObject({ type: 'error' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
