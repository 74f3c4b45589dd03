import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, VIDEO_MAX_BYTES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';
import { png } from '../../fixtures/images.ts';
import { buildTestApp, tempDir } from '../../helper.ts';
import { corpusPath } from '../../video/corpusVideo.ts';

// The upstream is a server on 127.0.0.1 (allowLoopback: true) serving real corpus videos.
const MP4 = readFileSync(corpusPath('video/video.mp4'));
const WEBM = readFileSync(corpusPath('video/frames.webm'));

let app: FastifyInstance;
let strictApp: FastifyInstance;
let server: FileServer;
let removeDir: () => Promise<void>;

beforeAll(async () => {
  const temp = await tempDir();
  removeDir = temp.remove;
  server = await startFileServer({
    '/clip.mp4': { body: MP4, type: 'video/mp4' },
    '/clip-octet': { body: WEBM, type: 'application/octet-stream' },
    '/no-ranges.mp4': { body: MP4, type: 'video/mp4', ignoreRange: true },
    '/page.html': { body: Buffer.from('<!doctype html><title>Video</title><video src="a.mp4">'), type: 'text/html' },
    '/fake.mp4': { body: png(64, 64), type: 'application/octet-stream' },
    '/huge.mp4': { body: MP4.subarray(0, 4096), type: 'video/mp4', claimLength: VIDEO_MAX_BYTES + 1, stallAfter: 1024 },
  });
  app = await buildTestApp({ dataDir: temp.dir, allowLoopback: true });
  strictApp = await buildTestApp({ dataDir: temp.dir });
});

afterAll(async () => {
  await Promise.all([app.close(), strictApp.close()]);
  await server.close();
  await removeDir();
});

const source = (url: string) => `/api/video/source?${new URLSearchParams({ url })}`;

describe('GET /api/video/source', () => {
  it('passes a byte range through: 206 with the upstream’s Content-Range, and only those bytes', async () => {
    const response = await app.inject({
      method: 'GET',
      url: source(server.url('/clip.mp4')),
      headers: { range: 'bytes=1000-1999' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 1000-1999/${MP4.length}`);
    expect(response.headers['content-length']).toBe('1000');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload.equals(MP4.subarray(1000, 2000))).toBe(true);
    expect(server.hits.at(-1)?.headers.range).toBe('bytes=1000-1999');
  });

  it('streams the whole file typed by its first bytes, even when the site says octet-stream', async () => {
    const response = await app.inject({ method: 'GET', url: source(server.url('/clip-octet')) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.headers['content-length']).toBe(String(WEBM.length));
    expect(response.rawPayload.equals(WEBM)).toBe(true);
  });

  it('answers an open range from byte 0 as the player first asks', async () => {
    const response = await app.inject({
      method: 'GET',
      url: source(server.url('/clip.mp4')),
      headers: { range: 'bytes=0-' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-range']).toBe(`bytes 0-${MP4.length - 1}/${MP4.length}`);
    expect(response.rawPayload.equals(MP4)).toBe(true);
  });

  it('answers 200 with the whole file when the site ignores ranges', async () => {
    const response = await app.inject({
      method: 'GET',
      url: source(server.url('/no-ranges.mp4')),
      headers: { range: 'bytes=10-20' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.rawPayload.length).toBe(MP4.length);
  });

  it('answers HEAD with the size and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: source(server.url('/clip.mp4')) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(MP4.length));
    expect(response.rawPayload.length).toBe(0);
  });

  it('refuses a YouTube link without fetching it, saying what to do instead', async () => {
    const before = server.hits.length;
    const response = await app.inject({ method: 'GET', url: source('https://www.youtube.com/watch?v=dQw4w9WgXcQ') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: MESSAGES.video.platformUnsupported });
    expect(server.hits.length).toBe(before);
  });

  it('refuses a web page (415), by its Content-Type', async () => {
    const response = await app.inject({ method: 'GET', url: source(server.url('/page.html')) });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe(MESSAGES.video.notAVideoUrl('text/html'));
  });

  it('refuses bytes that are not a video even when labelled octet-stream', async () => {
    const response = await app.inject({ method: 'GET', url: source(server.url('/fake.mp4')) });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toContain('does not point at a video file');
  });

  it('refuses a file over the video limit before streaming it', async () => {
    const response = await app.inject({ method: 'GET', url: source(server.url('/huge.mp4')) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(MESSAGES.video.tooLarge);
  });

  it('says so when the site answers with an error', async () => {
    const response = await app.inject({ method: 'GET', url: source(server.url('/missing.mp4')) });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/HTTP 404/);
  });

  it('refuses private addresses (loopback not allowed in production)', async () => {
    const response = await strictApp.inject({ method: 'GET', url: source(server.url('/clip.mp4')) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/loopback/);
  });

  it('is described in the OpenAPI document, with the frames route', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(spec.paths['/api/video/source'] ?? {})).toEqual(expect.arrayContaining(['get', 'head']));
    expect(Object.keys(spec.paths['/api/video/frames'] ?? {})).toEqual(['post']);
  });

  it('refuses what is not an http(s) address', async () => {
    const response = await app.inject({ method: 'GET', url: source('file:///etc/passwd') });
    expect(response.statusCode).toBe(400);
  });
});
