/**
 * The image pass's queue, on a file server on 127.0.0.1 reached through the real safe fetch:
 * concurrency never passed, a full queue makes images wait (never refused), a job's limit refuses,
 * each address fetched once per job, a stalled image timed out, and the copies served per job.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { JOB_PATHS, MESSAGES } from 'shared-contracts';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createFileStore,
  createImagePass,
  type ImagePass,
  type ImagePassOptions,
} from '../../src/audit/imagePass/index.ts';
import { createSafeFetcher, type SafeFetcher } from '../../src/services/safeFetch/index.ts';
import { type FileServer, startFileServer } from '../fixtures/fileServer.ts';
import { themeJpeg } from './imagePassFixtures.ts';

let fetcher: SafeFetcher;
let server: FileServer;
let photo: Buffer;
const passes: ImagePass[] = [];

beforeAll(async () => {
  fetcher = createSafeFetcher({ allowLoopback: true });
  server = await startFileServer();
  // A real photo, small enough that encoding it takes a moment, not seconds.
  photo = await sharp(themeJpeg()).resize(240).jpeg({ quality: 90 }).toBuffer();
  for (let i = 0; i < 8; i += 1) server.set(`/slow-${i}.jpg`, { body: photo, type: 'image/jpeg', delayMs: 250 });
  server.set('/photo.jpg', { body: photo, type: 'image/jpeg' });
  server.set('/stalled.jpg', { body: photo, type: 'image/jpeg', stallAfter: 100 });
  server.set('/page.html', { body: Buffer.from('<!doctype html><p>hello</p>'), type: 'image/jpeg' });
});

afterEach(() => {
  for (const pass of passes.splice(0)) pass.close();
});

afterAll(async () => {
  await server.close();
  await fetcher.close();
});

function makePass(options: Partial<ImagePassOptions> = {}): ImagePass {
  const pass = createImagePass({
    concurrency: 1,
    maxQueue: 100,
    maxImagesPerJob: 100,
    timeoutMs: 20_000,
    maxImageBytes: 10 * 1024 * 1024,
    maxPixels: 40_000_000,
    ssimTarget: 0.985,
    filesBytes: 64 * 1024 * 1024,
    filesTtlMs: 60_000,
    jobTtlMs: 3_600_000,
    fetch: fetcher.fetch,
    tools: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
    ...options,
  });
  passes.push(pass);
  return pass;
}

async function finished(pass: ImagePass, jobId: string, timeoutMs = 30_000) {
  const start = Date.now();
  for (;;) {
    const progress = pass.results(jobId);
    if (progress.total > 0 && progress.done === progress.total) return progress;
    if (Date.now() - start > timeoutMs)
      throw new Error(`job ${jobId}: ${progress.done} of ${progress.total} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const hitsOf = (path: string) => server.hits.filter((hit) => hit.path === path).length;

describe('createImagePass', () => {
  it('never runs more images at once than its concurrency', async () => {
    const pass = makePass({ concurrency: 2 });
    const before = server.inFlight.max;
    expect(before).toBeLessThanOrEqual(1);
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, pass.stats.active);
    }, 5);
    for (let i = 0; i < 6; i += 1) pass.request('job-c', { url: server.url(`/slow-${i}.jpg`), encode: false });
    const progress = await finished(pass, 'job-c');
    clearInterval(watch);
    expect(progress.done).toBe(6);
    expect(progress.results.every((r) => r.format === 'JPEG' && r.dhash?.length === 16)).toBe(true);
    expect(server.inFlight.max).toBe(2);
    expect(most).toBe(2);
    expect(pass.stats).toMatchObject({ active: 0, queued: 0, waiting: 0 });
  });

  it('fetches ahead of the analysis, never holding more images than `fetches`', async () => {
    const pass = makePass({ concurrency: 1, fetches: 3 });
    server.inFlight.max = 0;
    for (let i = 0; i < 6; i += 1) pass.request('job-f', { url: server.url(`/slow-${i}.jpg?f`), encode: false });
    const progress = await finished(pass, 'job-f');
    expect(progress.done).toBe(6);
    expect(progress.results.every((r) => r.format === 'JPEG')).toBe(true);
    expect(server.inFlight.max).toBe(3);
    expect(pass.stats).toMatchObject({ active: 0, queued: 0, waiting: 0 });
  });

  it('lets a job’s images wait past a full queue, takes turns between jobs, and finishes them all', async () => {
    const pass = makePass({ concurrency: 1, maxQueue: 1 });
    const admissions = [0, 1, 2, 3].map((i) =>
      pass.request('job-big', { url: server.url(`/slow-${i}.jpg`), encode: false }),
    );
    // The first starts at once, the second takes the one place in the queue, the others wait.
    expect(admissions).toEqual(['queued', 'queued', 'waiting', 'waiting']);
    expect(pass.stats).toMatchObject({ active: 1, queued: 1, waiting: 2 });
    expect(pass.results('job-big')).toMatchObject({ done: 0, total: 4, busy: true });
    expect(pass.request('job-small', { url: server.url('/slow-7.jpg'), encode: false })).toBe('waiting');

    const small = await finished(pass, 'job-small');
    expect(small.done).toBe(1);
    // The small job took its turn before the big job's last image.
    expect(pass.results('job-big').done).toBeLessThan(4);
    const big = await finished(pass, 'job-big');
    expect(big).toMatchObject({ done: 4, total: 4, busy: false, overLimit: false });
  });

  it('refuses images past a job’s limit, and fetches each address once per job', async () => {
    const pass = makePass({ maxImagesPerJob: 2 });
    const url = server.url('/photo.jpg');
    const before = hitsOf('/photo.jpg');
    expect(pass.request('job-l', { url, encode: false })).toBe('queued');
    expect(pass.request('job-l', { url, encode: true })).toBe('known');
    expect(pass.request('job-l', { url: server.url('/slow-5.jpg'), encode: false })).toBe('queued');
    expect(pass.request('job-l', { url: server.url('/slow-6.jpg'), encode: false })).toBe('over-limit');
    const progress = await finished(pass, 'job-l');
    expect(progress).toMatchObject({ done: 2, total: 2, overLimit: true });
    expect(hitsOf('/photo.jpg') - before).toBe(1);
    // Another job fetches it for itself.
    pass.request('job-other', { url, encode: false });
    await finished(pass, 'job-other');
    expect(hitsOf('/photo.jpg') - before).toBe(2);
  });

  it('gives up on an image after its time limit, says so, and frees its turn', async () => {
    const pass = makePass({ timeoutMs: 1_000 });
    const started = Date.now();
    pass.request('job-t', { url: server.url('/stalled.jpg'), encode: true });
    pass.request('job-t', { url: server.url('/photo.jpg'), encode: false });
    const progress = await finished(pass, 'job-t');
    const stalled = progress.results.find((r) => r.url.endsWith('/stalled.jpg'));
    expect(stalled?.error).toBe(MESSAGES.audit.image.timedOut(1));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(progress.results.find((r) => r.url.endsWith('/photo.jpg'))?.format).toBe('JPEG');
    expect(pass.stats.active).toBe(0);
  });

  it('fetches through the safe fetch it is given: its byte cap, its address rules, the site’s errors', async () => {
    // Sent chunked, without a Content-Length: the cap bites while the body is read.
    const chunked = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(photo);
    });
    await new Promise<void>((resolve) => chunked.listen(0, '127.0.0.1', resolve));
    const chunkedUrl = `http://127.0.0.1:${(chunked.address() as AddressInfo).port}/photo.jpg`;
    const capped = makePass({ maxImageBytes: 1_000 });
    capped.request('job-f', { url: chunkedUrl, encode: false });
    capped.request('job-f', { url: server.url('/missing.jpg'), encode: false });
    capped.request('job-f', { url: server.url('/page.html'), encode: false });
    const progress = await finished(capped, 'job-f');
    await new Promise<void>((resolve) => chunked.close(() => resolve()));
    const byPath = (path: string) => progress.results.find((r) => r.url.endsWith(path));
    expect(byPath('/photo.jpg')?.error).toMatch(/larger than the extractor accepts/);
    expect(byPath('/missing.jpg')?.error).toMatch(/HTTP 404/);
    expect(byPath('/page.html')?.error).toBe(MESSAGES.audit.image.notAnImage);
    const hit = server.hits.findLast((h) => h.path === '/missing.jpg');
    expect(hit?.headers['user-agent']).toMatch(/^ImageExtractor\//);
    expect(hit?.headers.accept).toMatch(/^image\/avif/);

    // Without allowLoopback, the same fetcher type refuses 127.0.0.1 before connecting.
    const strict = createSafeFetcher();
    try {
      const pass = makePass({ fetch: strict.fetch });
      const before = hitsOf('/photo.jpg');
      pass.request('job-s', { url: server.url('/photo.jpg'), encode: false });
      const refused = await finished(pass, 'job-s');
      expect(refused.results[0]?.error).toMatch(/loopback/);
      expect(hitsOf('/photo.jpg')).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('keeps the copies per job for the files route, and drops them with the job', async () => {
    const pass = makePass();
    pass.request('job-e', { url: server.url('/photo.jpg'), encode: true });
    const progress = await finished(pass, 'job-e');
    const copies = progress.results[0]?.encoded ?? [];
    expect(copies.map((c) => c.format)).toEqual(['WEBP', 'AVIF']);
    for (const copy of copies) {
      const prefix = JOB_PATHS.websiteJobAuditFile('job-e', '');
      expect(copy.url.startsWith(prefix)).toBe(true);
      const fileId = decodeURIComponent(copy.url.slice(prefix.length));
      const file = pass.file('job-e', fileId);
      expect(file?.bytes.length).toBe(copy.bytes);
      expect(file?.name).toBe(copy.name);
      expect((await sharp(file?.bytes).metadata()).width).toBe(copy.width);
      expect(pass.file('job-other', fileId)).toBeUndefined();
    }
    expect(pass.stats.fileBytes).toBe(copies.reduce((sum, c) => sum + c.bytes, 0));
    pass.forget('job-e');
    expect(pass.results('job-e')).toMatchObject({ done: 0, total: 0 });
    expect(pass.stats.fileBytes).toBe(0);
  });
});

describe('createFileStore', () => {
  const file = (size: number) => ({ bytes: Buffer.alloc(size, 1), mimeType: 'image/webp', name: 'a.webp' });

  it('keeps files within its byte cap, oldest out first, and for its time to live', () => {
    let time = 0;
    const store = createFileStore({ maxBytes: 1_000, ttlMs: 100, now: () => time });
    const a = store.put('j', file(400), 'WEBP');
    const b = store.put('j', file(400), 'WEBP');
    expect(a).toMatch(/^[\w-]{16}\.webp$/);
    expect(store.bytes).toBe(800);
    const c = store.put('j', file(400), 'AVIF');
    expect(c.endsWith('.avif')).toBe(true);
    expect(store.get('j', a)).toBeUndefined();
    expect(store.get('j', b)?.bytes.length).toBe(400);
    expect(store.bytes).toBe(800);
    // Larger than the whole store: never kept.
    const huge = store.put('j', file(2_000), 'WEBP');
    expect(store.get('j', huge)).toBeUndefined();
    time = 150;
    expect(store.get('j', b)).toBeUndefined();
    expect(store.get('j', c)).toBeUndefined();
    expect(store.bytes).toBe(0);
  });
});
