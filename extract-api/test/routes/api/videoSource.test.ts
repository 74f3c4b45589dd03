import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { VIDEO_SNIFF_BYTES } from 'media-files';
import { MESSAGES, VIDEO_MAX_BYTES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath } from '../../extractors/video/corpusVideo.ts';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';
import { png } from '../../fixtures/images.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

// The upstream is a server on 127.0.0.1 (allowLoopback: true) serving real corpus videos.
const MP4 = readFileSync(corpusPath('video/video.mp4'));
const WEBM = readFileSync(corpusPath('video/frames.webm'));

// The script trick: whatever is asked, a 206 of bytes 1-120 of a 121-byte "file" under a
// type list whose last entry a browser would render.
const SCRIPT = Buffer.from(`<script>fetch('/api/extract',{method:'POST'})</script>`.padEnd(120, ' '));

let app: FastifyInstance;
let strictApp: FastifyInstance;
let server: FileServer;
let attacker: http.Server;
let attackerUrl: string;
let removeDir: () => Promise<void>;

beforeAll(async () => {
  const temp = await tempDir();
  removeDir = temp.remove;
  server = await startFileServer({
    '/clip.mp4': { body: MP4, type: 'video/mp4' },
    '/clip-octet': { body: WEBM, type: 'application/octet-stream' },
    '/no-ranges.mp4': { body: MP4, type: 'video/mp4', ignoreRange: true },
    '/page.html': { body: Buffer.from('<!doctype html><title>Video</title><video src="a.mp4">'), type: 'text/html' },
    // A page that claims to be a video, from a server that honours ranges.
    '/page.mp4': {
      body: Buffer.from(`<!doctype html><script>alert(document.domain)</script>${' '.repeat(600)}`),
      type: 'video/mp4',
    },
    '/fake.mp4': { body: png(64, 64), type: 'application/octet-stream' },
    '/huge.mp4': { body: MP4.subarray(0, 4096), type: 'video/mp4', claimLength: VIDEO_MAX_BYTES + 1, stallAfter: 1024 },
  });
  attacker = http.createServer((req, res) => {
    if (req.url === '/shifted.mp4') {
      // The head as asked; any other range answered with the file's first 1000 bytes instead.
      const asked = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      const start = Number(asked?.[1] ?? 0);
      const end = start === 0 ? Number(asked?.[2] || MP4.length - 1) : 999;
      res.writeHead(206, {
        'content-type': 'video/mp4',
        'content-range': `bytes 0-${end}/${MP4.length}`,
        'content-length': end + 1,
      });
      res.end(MP4.subarray(0, end + 1));
      return;
    }
    res.writeHead(206, {
      'content-type': 'application/mp4,text/html',
      'content-range': `bytes 1-${SCRIPT.length}/${SCRIPT.length + 1}`,
      'content-length': SCRIPT.length,
    });
    res.end(SCRIPT);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/vid`;
  app = await buildTestApp({ dataDir: temp.dir, allowLoopback: true });
  strictApp = await buildTestApp({ dataDir: temp.dir });
});

afterAll(async () => {
  await Promise.all([app.close(), strictApp.close()]);
  await server.close();
  await new Promise((resolve) => attacker.close(resolve));
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
    // The range does not show the container's signature: the file's first bytes were read first.
    expect(server.hits.slice(-2).map((hit) => hit.headers.range)).toEqual([
      `bytes=0-${VIDEO_SNIFF_BYTES - 1}`,
      'bytes=1000-1999',
    ]);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
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
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.rawPayload.length).toBe(MP4.length);
    // The head request's whole-file answer is the answer: the file is not fetched twice.
    expect(server.hits.filter((hit) => hit.path === '/no-ranges.mp4')).toHaveLength(1);
  });

  it('answers HEAD with the size and the sniffed type, reading only the first bytes', async () => {
    const response = await app.inject({ method: 'HEAD', url: source(server.url('/clip-octet')) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(WEBM.length));
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.length).toBe(0);
    expect(server.hits.at(-1)?.headers.range).toBe(`bytes=0-${VIDEO_SNIFF_BYTES - 1}`);
  });

  it('answers a short range at byte 0 (bytes=0-1, as Safari first asks) typed by the file’s first bytes', async () => {
    const response = await app.inject({
      method: 'GET',
      url: source(server.url('/clip-octet')),
      headers: { range: 'bytes=0-1' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-type']).toBe('video/webm');
    expect(response.headers['content-range']).toBe(`bytes 0-1/${WEBM.length}`);
    expect(response.rawPayload.equals(WEBM.subarray(0, 2))).toBe(true);
  });

  describe('the script trick: nothing but a checked video goes out, typed by its container', () => {
    it.each([
      ['no range', undefined],
      ['bytes=1-', 'bytes=1-'],
      ['bytes=0-', 'bytes=0-'],
      ['bytes=1-120', 'bytes=1-120'],
    ])('refuses a 206 that was not asked for or holds another range (%s)', async (_, range) => {
      const response = await app.inject({
        method: 'GET',
        url: source(attackerUrl),
        headers: range ? { range } : {},
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).not.toContain('<script>');
      expect(response.json().success).toBe(false);
    });

    it('refuses a HEAD to the same server', async () => {
      const response = await app.inject({ method: 'HEAD', url: source(attackerUrl) });
      expect(response.statusCode).toBe(502);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    });

    it('checks the file’s first bytes when the range asked skips them (bytes=1-)', async () => {
      const response = await app.inject({
        method: 'GET',
        url: source(server.url('/page.mp4')),
        headers: { range: 'bytes=1-' },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toContain('does not point at a video file');
      // Refused on the head alone: the asked range was never fetched.
      expect(server.hits.at(-1)?.headers.range).toBe(`bytes=0-${VIDEO_SNIFF_BYTES - 1}`);
    });

    it('refuses a 206 whose range is not the one asked, though the file’s head was a video', async () => {
      const shifted = attackerUrl.replace('/vid', '/shifted.mp4');
      const whole = await app.inject({ method: 'GET', url: source(shifted), headers: { range: 'bytes=0-' } });
      expect(whole.statusCode).toBe(206);
      expect(whole.headers['content-type']).toBe('video/mp4');
      const wrong = await app.inject({ method: 'GET', url: source(shifted), headers: { range: 'bytes=1000-1999' } });
      expect(wrong.statusCode).toBe(502);
      expect(wrong.json().error).toContain('a different part of the file');
    });

    it('never passes on the site’s Content-Type, even for a real video', async () => {
      server.set('/labelled.mp4', { body: MP4, type: 'application/mp4,text/html' });
      const response = await app.inject({
        method: 'GET',
        url: source(server.url('/labelled.mp4')),
        headers: { range: 'bytes=4096-' },
      });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-type']).toBe('video/mp4');
      expect(response.rawPayload.equals(MP4.subarray(4096))).toBe(true);
    });
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
