import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';
import { jpeg, png, svg } from '../../fixtures/images.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

// Upstream images come from a server this file starts on 127.0.0.1 (allowLoopback: true).
let app: FastifyInstance;
let server: FileServer;
let removeDir: () => Promise<void>;
let partial: http.Server;
let partialUrl: string;

const PNG = png(40, 30);
const BIG_JPEG = jpeg(2000, 1000, { scanBytes: 3 * 1024 * 1024 });
const SVG = svg('width="64" height="64"');

beforeAll(async () => {
  const temp = await tempDir();
  removeDir = temp.remove;
  server = await startFileServer({
    '/pic.txt': { body: PNG, type: 'text/plain' },
    '/photo.png': { body: BIG_JPEG, type: 'image/png' },
    '/logo.svg': { body: Buffer.concat([SVG, Buffer.from(`<!-- ${'x'.repeat(4000)} -->`)]), type: 'image/svg+xml' },
    '/page.html': { body: Buffer.from('<!doctype html><html><body><svg></svg></body></html>'), type: 'text/html' },
    '/stall.png': { body: png(300, 300, 256 * 1024), type: 'image/png', stallAfter: 1024 },
    '/huge.png': { body: PNG, claimLength: 60 * 1024 * 1024, stallAfter: PNG.length },
  });
  // A 206 nobody asked for: a PNG's first bytes, then a page.
  partial = http.createServer((_req, res) => {
    const body = Buffer.concat([PNG.subarray(0, 64), Buffer.from('<script>alert(1)</script>')]);
    res.writeHead(206, {
      'content-type': 'image/png',
      'content-range': `bytes 0-${body.length - 1}/${body.length * 2}`,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => partial.listen(0, '127.0.0.1', resolve));
  partialUrl = `http://127.0.0.1:${(partial.address() as AddressInfo).port}/partial.png`;
  app = await buildTestApp({ dataDir: temp.dir, allowLoopback: true });
});

afterAll(async () => {
  await app.close();
  await server.close();
  await new Promise((resolve) => partial.close(resolve));
  await removeDir();
});

afterEach(() => {
  server.hits.length = 0;
});

const image = (url: string, download?: string) =>
  `/api/image?${new URLSearchParams({ url, ...(download ? { download } : {}) })}`;

describe('GET /api/image', () => {
  it('answers the Content-Type of the magic bytes, not the upstream’s text/plain, with the bytes as served', async () => {
    const response = await app.inject({ method: 'GET', url: image(server.url('/pic.txt')) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(response.headers['content-disposition']).toBe(`inline; filename="pic.png"; filename*=UTF-8''pic.png`);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('streams a large image through whole, byte for byte, named for its true format', async () => {
    const response = await app.inject({ method: 'GET', url: image(server.url('/photo.png')) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-length']).toBe(String(BIG_JPEG.length));
    expect(response.rawPayload.equals(BIG_JPEG)).toBe(true);
    expect(response.headers['content-disposition']).toContain('filename="photo.jpg"');
  });

  it('downloads under a unicode name as an attachment (RFC 6266), with the extension of the true format', async () => {
    const response = await app.inject({ method: 'GET', url: image(server.url('/pic.txt'), 'Café 画像 "1".jpg') });
    expect(response.statusCode).toBe(200);
    const disposition = response.headers['content-disposition'];
    expect(disposition).toBe(
      `attachment; filename="Cafe __ -1-.png"; filename*=UTF-8''Caf%C3%A9%20%E7%94%BB%E5%83%8F%20-1-.png`,
    );
    expect(decodeURIComponent(String(disposition).split("''")[1] ?? '')).toBe('Café 画像 -1-.png');
  });

  it('serves an SVG under a policy that runs no script, and never compresses it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: image(server.url('/logo.svg')),
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(0, SVG.length).equals(SVG)).toBe(true);
  });

  it('refuses a page that is not an image with 415', async () => {
    const response = await app.inject({ method: 'GET', url: image(server.url('/page.html')) });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      success: false,
      error: expect.stringContaining('not an image'),
    });
  });

  it('refuses a part of a file (206) it did not ask for, though its bytes start like a PNG', async () => {
    const response = await app.inject({ method: 'GET', url: image(partialUrl) });
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ success: false, error: expect.stringContaining('only part of the file') });
  });

  it('says which status the image’s server answered with', async () => {
    const response = await app.inject({ method: 'GET', url: image(server.url('/nothing.png')) });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ success: false, error: expect.stringContaining('HTTP 404') });
  });

  it('answers 413 for a file beyond the image limit, without reading it', async () => {
    const response = await app.inject({ method: 'GET', url: image(server.url('/huge.png')) });
    expect(response.statusCode).toBe(413);
    expect(response.json().success).toBe(false);
  });

  it('refuses private addresses with 400 before connecting', async () => {
    const response = await app.inject({ method: 'GET', url: image('http://10.0.0.1/x.png') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: expect.stringContaining('private') });
  });

  it('refuses a non-http address with 400 (schema)', async () => {
    const response = await app.inject({ method: 'GET', url: image('file:///etc/passwd') });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('closes the upstream when the client goes away mid-image', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${address}${image(server.url('/stall.png'))}`, (response) => {
        expect(response.headers['content-type']).toBe('image/png');
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    await expect.poll(() => server.hits.find((hit) => hit.path === '/stall.png')?.closedEarly).toBe(true);
  });

  it('refuses loopback with 400 when loopback is not allowed', async () => {
    const temp = await tempDir();
    const strict = await buildTestApp({ dataDir: temp.dir, allowLoopback: false });
    try {
      const response = await strict.inject({ method: 'GET', url: image(server.url('/pic.txt')) });
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
      expect(server.hits).toHaveLength(0);
    } finally {
      await strict.close();
      await temp.remove();
    }
  });
});
