import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ZIP_FAILURES_FILE } from 'media-files';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';
import { gif, jpeg, png } from '../../fixtures/images.ts';
import { readStoredZip } from '../../fixtures/readZip.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

// Upstream images come from a server this file starts on 127.0.0.1 (allowLoopback: true).
let app: FastifyInstance;
let server: FileServer;
let removeDir: () => Promise<void>;

const A_PNG = png(10, 10);
const B_JPEG = jpeg(64, 48);
const C_PNG = png(12, 12);
const D_GIF = gif(3, 3);
/** Past the size an image is held whole for: this one is streamed into the archive. */
const BIG_PNG = png(200, 100, 5 * 1024 * 1024);
const SVG_TEXT = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle r="8" cx="8" cy="8"/></svg>';

beforeAll(async () => {
  const temp = await tempDir();
  removeDir = temp.remove;
  server = await startFileServer({
    '/a.png': { body: A_PNG, type: 'image/png' },
    '/b.png': { body: B_JPEG, type: 'image/png' },
    '/c.png': { body: C_PNG, type: 'image/png' },
    '/d': { body: D_GIF, type: 'application/octet-stream' },
    '/big.png': { body: BIG_PNG, type: 'image/png' },
    '/page.html': { body: Buffer.from('<!doctype html><title>x</title>'), type: 'text/html' },
    '/broken.png': { body: BIG_PNG, type: 'image/png', destroyAfter: 4.5 * 1024 * 1024 },
    '/stall.png': { body: png(300, 300, 256 * 1024), type: 'image/png', stallAfter: 1024 },
    // A part of a file nobody asked for: its first bytes are not the file's.
    '/partial.png': { body: A_PNG, type: 'image/png', status: 206 },
  });
  app = await buildTestApp({ dataDir: temp.dir, allowLoopback: true });
});

afterAll(async () => {
  await app.close();
  await server.close();
  await removeDir();
});

afterEach(() => {
  server.hits.length = 0;
});

const entries = () => [
  { url: server.url('/a.png'), name: 'a.png' },
  // A JPEG named .png: the name follows the true format.
  { url: server.url('/b.png'), name: 'a.png' },
  // The same name again: made unique.
  { url: server.url('/c.png'), name: 'a.png' },
  { url: server.url('/gone.png'), name: 'gone.png' },
  { url: `data:image/svg+xml,${encodeURIComponent(SVG_TEXT)}`, name: 'inline icon' },
  { url: server.url('/page.html'), name: 'page.png' },
  { url: server.url('/big.png'), name: 'big.png' },
  // A path climbing out of the archive's folder: its folders are kept, the climb is not.
  { url: server.url('/d'), name: '../../etc/passwd' },
  // A batch: a folder per source; an absolute path is made relative.
  { url: server.url('/a.png'), name: 'report/a.png' },
  { url: server.url('/c.png'), name: '/example.org-page/a.png' },
];

function expectArchive(zip: Buffer) {
  const files = readStoredZip(zip);
  expect(files.map((file) => file.name)).toEqual([
    'a.png',
    'a.jpg',
    'a-2.png',
    'inline icon.svg',
    'big.png',
    'etc/passwd.gif',
    'report/a.png',
    'example.org-page/a.png',
    'manifest.csv',
    'manifest.json',
    ZIP_FAILURES_FILE,
  ]);
  const byName = new Map(files.map((file) => [file.name, file.bytes]));
  expect(byName.get('a.png')?.equals(A_PNG)).toBe(true);
  expect(byName.get('a.jpg')?.equals(B_JPEG)).toBe(true);
  expect(byName.get('a-2.png')?.equals(C_PNG)).toBe(true);
  expect(byName.get('inline icon.svg')?.toString('utf8')).toBe(SVG_TEXT);
  expect(byName.get('big.png')?.equals(BIG_PNG)).toBe(true);
  expect(byName.get('etc/passwd.gif')?.equals(D_GIF)).toBe(true);
  expect(byName.get('report/a.png')?.equals(A_PNG)).toBe(true);
  expect(byName.get('example.org-page/a.png')?.equals(C_PNG)).toBe(true);
  for (const { name } of files) expect(name.startsWith('/') || name.split('/').includes('..'), name).toBe(false);
  const failures = byName.get(ZIP_FAILURES_FILE)?.toString('utf8') ?? '';
  expect(failures).toContain('gone.png: the server answered with HTTP 404');
  expect(failures).toContain('page.png: this address is not an image');
  expect(failures).not.toContain('a.png');
  // The manifest lists every file written, by its name in the archive, measured from its bytes.
  const manifest = JSON.parse(byName.get('manifest.json')?.toString('utf8') ?? '{}');
  expect(manifest.images.map((row: { file: string }) => row.file)).toEqual(files.slice(0, 8).map((f) => f.name));
  expect(manifest.images[1]).toEqual({
    file: 'a.jpg',
    source: server.url('/b.png'),
    bytes: B_JPEG.length,
    format: 'JPEG',
    sha256: createHash('sha256').update(B_JPEG).digest('hex'),
  });
  expect(manifest.images[4]).toMatchObject({
    file: 'big.png',
    bytes: BIG_PNG.length,
    sha256: createHash('sha256').update(BIG_PNG).digest('hex'),
  });
  expect(manifest.images[3]).toEqual({
    file: 'inline icon.svg',
    bytes: SVG_TEXT.length,
    format: 'SVG',
    sha256: createHash('sha256').update(SVG_TEXT).digest('hex'),
  });
  const csv = byName.get('manifest.csv')?.toString('utf8') ?? '';
  expect(csv.split('\r\n')[0]).toBe(
    'file,source,page,slide,time,foundOn,alt,width,height,bytes,format,sha256,shownUrl,shownWidth,shownHeight,figure,caption',
  );
  expect(csv.split('\r\n')).toHaveLength(10);
}

describe('POST /api/zip', () => {
  it('streams a ZIP of the served bytes: unique, safe names with true extensions, failures listed inside', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/zip',
      headers: { 'accept-encoding': 'gzip, br' },
      payload: { images: entries() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="images.zip"; filename*=UTF-8''images.zip`,
    );
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
    });
    expectArchive(response.rawPayload);
  });

  it('takes the hidden form’s post: the request as JSON in a payload field', async () => {
    const payload = JSON.stringify({ images: entries(), name: 'Fotos vom Café' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/zip',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ payload }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Fotos vom Cafe.zip"; filename*=UTF-8''Fotos%20vom%20Caf%C3%A9.zip`,
    );
    expectArchive(response.rawPayload);
  });

  it('refuses a request with nothing to download, or a form without valid JSON, with 400', async () => {
    const empty = await app.inject({ method: 'POST', url: '/api/zip', payload: { images: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, error: expect.stringContaining('Nothing to download') });

    const notJson = await app.inject({
      method: 'POST',
      url: '/api/zip',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'payload=%7Bnope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ success: false, error: expect.stringContaining('not valid JSON') });

    const otherScheme = await app.inject({
      method: 'POST',
      url: '/api/zip',
      payload: { images: [{ url: 'file:///etc/passwd', name: 'x' }] },
    });
    expect(otherScheme.statusCode).toBe(400);
  });

  it('writes what the client says of each image into the manifest, beside what it measured', async () => {
    const facts = {
      source: 'https://example.org/a.png',
      foundOn: 'https://example.org/gallery',
      alt: 'Sunset, "north" beach',
      width: 10,
      height: 10,
    };
    const response = await app.inject({
      method: 'POST',
      url: '/api/zip',
      payload: { images: [{ url: server.url('/a.png'), name: 'sunset.png', facts }] },
    });
    const files = new Map(readStoredZip(response.rawPayload).map((file) => [file.name, file.bytes.toString('utf8')]));
    expect(JSON.parse(files.get('manifest.json') ?? '{}').images).toEqual([
      {
        file: 'sunset.png',
        ...facts,
        bytes: A_PNG.length,
        format: 'PNG',
        sha256: createHash('sha256').update(A_PNG).digest('hex'),
      },
    ]);
    expect(files.get('manifest.csv')).toContain('"Sunset, ""north"" beach"');
  });

  it('lists a private address as not downloaded, without connecting', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/zip',
      payload: { images: [{ url: 'http://10.0.0.1/x.png', name: 'x.png' }], name: 'one' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="one.zip"');
    const files = readStoredZip(response.rawPayload);
    expect(files.map((file) => file.name)).toEqual([ZIP_FAILURES_FILE]);
    expect(files[0]?.bytes.toString('utf8')).toContain('x.png: This address points to a private');
  });

  it('lists a part of a file (206) the site sent unasked as not downloaded', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/zip',
      payload: { images: [{ url: server.url('/partial.png'), name: 'p.png' }], name: 'one' },
    });
    expect(response.statusCode).toBe(200);
    const files = readStoredZip(response.rawPayload);
    expect(files.map((file) => file.name)).toEqual([ZIP_FAILURES_FILE]);
    expect(files[0]?.bytes.toString('utf8')).toContain('p.png: the server sent only part of the file (HTTP 206)');
  });

  it('keeps the archive whole when a streamed image breaks off, and says the file is incomplete', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/zip',
      payload: {
        images: [
          { url: server.url('/broken.png'), name: 'broken.png' },
          { url: server.url('/a.png'), name: 'after.png' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const files = readStoredZip(response.rawPayload);
    expect(files.map((file) => file.name)).toEqual([
      'broken.png',
      'after.png',
      'manifest.csv',
      'manifest.json',
      ZIP_FAILURES_FILE,
    ]);
    expect(files[0]?.bytes.length).toBeLessThan(BIG_PNG.length);
    expect(files[0]?.bytes.equals(BIG_PNG.subarray(0, files[0].bytes.length))).toBe(true);
    expect(files[1]?.bytes.equals(A_PNG)).toBe(true);
    expect(files[4]?.bytes.toString('utf8')).toMatch(/broken\.png: the download broke off after \d+ bytes/);
  });

  it('stops fetching when the client goes away', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const body = JSON.stringify({
      images: [
        { url: server.url('/a.png'), name: 'a.png' },
        { url: server.url('/stall.png'), name: 'stall.png' },
      ],
    });
    await new Promise<void>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/zip', headers: { 'content-type': 'application/json' } },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
      request.end(body);
    });
    await expect.poll(() => server.hits.find((hit) => hit.path === '/stall.png')?.closedEarly).toBe(true);
    expect((app.server.address() as AddressInfo).port).toBe(Number(port));
  });
});
