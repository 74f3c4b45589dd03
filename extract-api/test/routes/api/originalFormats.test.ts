/**
 * "Prefer original formats" on a server that picks the format by the request's Accept, as image
 * CDNs do with their automatic format: asked as a browser asks, it sends WebP; asked for original
 * formats, JPEG. The extraction, Open/Download (the image proxy) and the ZIP ask the same way, so a
 * card's format is the file's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ExtractResponse } from 'shared-contracts';
import { imageProxyPath } from 'shared-contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../fixtures/images.ts';
import { readStoredZip } from '../../fixtures/readZip.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

let app: FastifyInstance;
let cdn: http.Server;
let origin: string;
let remove: () => Promise<void>;
const accepts: string[] = [];

beforeAll(async () => {
  const picture = png(64, 48);
  const webp = await sharp(picture).webp().toBuffer();
  const jpeg = await sharp(picture).jpeg().toBuffer();
  cdn = http.createServer((req, res) => {
    if (req.url === '/post.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<img src="/photo?w=64" alt="Photo">');
      return;
    }
    const accept = req.headers.accept ?? '';
    accepts.push(accept);
    const body = accept.includes('image/webp') ? webp : jpeg;
    res.writeHead(200, { 'content-type': body === webp ? 'image/webp' : 'image/jpeg', vary: 'Accept' }).end(body);
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  const dir = await tempDir();
  remove = dir.remove;
  app = await buildTestApp({ dataDir: dir.dir, allowLoopback: true });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => cdn.close(resolve));
  await remove();
});

const extract = async (originalFormats?: boolean) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/extract',
    payload: { url: `${origin}/post.html`, ...(originalFormats === undefined ? {} : { originalFormats }) },
  });
  expect(response.statusCode).toBe(200);
  const [image] = response.json<ExtractResponse>().images;
  if (!image) throw new Error('no image found');
  return image;
};

describe('Prefer original formats', () => {
  it('gives the WebP a browser would get by default, and the JPEG when asked for original formats', async () => {
    const plain = await extract();
    expect(plain).toMatchObject({ format: 'WEBP', width: 64, height: 48 });
    expect(plain.originalFormat).toBeUndefined();
    const original = await extract(true);
    expect(original).toMatchObject({ format: 'JPEG', width: 64, height: 48, originalFormat: true });
  });

  it('opens, downloads and zips the image in the format its card says', async () => {
    const image = await extract(true);
    const opened = await app.inject({ method: 'GET', url: imageProxyPath(image) });
    expect(opened.headers['content-type']).toBe('image/jpeg');
    const downloaded = await app.inject({ method: 'GET', url: imageProxyPath(image, 'photo.jpg') });
    expect([...downloaded.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // Without it, the proxy asks as a browser does.
    const asBrowser = await app.inject({ method: 'GET', url: imageProxyPath({ url: image.url }) });
    expect(asBrowser.headers['content-type']).toBe('image/webp');

    const zipped = await app.inject({
      method: 'POST',
      url: '/api/zip',
      payload: { images: [{ url: image.url, name: 'photo', originalFormat: true }] },
    });
    expect(zipped.statusCode).toBe(200);
    const files = readStoredZip(zipped.rawPayload);
    const entry = files.find((file) => file.name.startsWith('photo'));
    expect(entry?.name).toBe('photo.jpg');
    expect([...(entry?.bytes.subarray(0, 3) ?? [])]).toEqual([0xff, 0xd8, 0xff]);
    expect(accepts.some((accept) => accept.includes('image/webp'))).toBe(true);
  });
});
