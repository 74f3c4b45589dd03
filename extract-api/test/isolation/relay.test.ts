/**
 * The built server (`node dist/server.js`) relaying bytes from a hostile site on 127.0.0.1: the
 * script trick (a 206 nobody asked for, `Content-Type: application/mp4,text/html`, a body holding
 * `<script>`), a range that skips the file's first bytes, a page labelled as something else. No
 * answer may carry a type a browser would run; every relayed answer carries `nosniff`, the
 * sandbox policy and CORP, whichever route passed it on.
 * Run alone (vitest.isolation.config.ts), after the package's build.
 */
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractDocument } from 'document-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../../tooling/corpus.mjs';
import { corpusPath } from '../extractors/video/corpusVideo.ts';
import { png, svg } from '../fixtures/images.ts';
import { type BuiltServer, startBuiltServer } from './builtServer.ts';

const MP4 = readFileSync(corpusPath('video/sar_2x1.mp4'));
const PNG = png(40, 30);
const SVG = svg('width="64" height="64"');
const PAGE = Buffer.from(`<!doctype html><script>alert(document.domain)</script>${' '.repeat(600)}`);
const SCRIPT = Buffer.from(`<script>fetch('/api/extract',{method:'POST'})</script>`.padEnd(120, ' '));
/** Whatever it is asked, this answers the issue's trick. */
const LYING_TYPE = 'application/mp4,text/html';

/** An opened image keeps inline styles (an SVG's drawing, the browser's image viewer); no script. */
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const RELAYED = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
};

/** Serves `body` honouring `Range: bytes=a-b`, under whatever type it is told to claim. */
function serve(req: IncomingMessage, res: ServerResponse, body: Buffer, type: string) {
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  if (!range) {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, 'accept-ranges': 'bytes' });
    res.end(body);
    return;
  }
  const start = Number(range[1]);
  const end = Math.min(range[2] ? Number(range[2]) : body.length - 1, body.length - 1);
  res.writeHead(206, {
    'content-type': type,
    'content-range': `bytes ${start}-${end}/${body.length}`,
    'content-length': end - start + 1,
  });
  res.end(body.subarray(start, end + 1));
}

let server: BuiltServer;
let site: http.Server;
let origin: string;

async function metafile(): Promise<Buffer> {
  for await (const image of extractDocument(readCorpus('doc/word_with_embeded.doc'))) {
    if (image.name === 'image4.emf') return Buffer.from(image.bytes);
  }
  throw new Error('doc/word_with_embeded.doc has no image4.emf');
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/vid' || path === '/partial.png') {
      res.writeHead(206, {
        'content-type': path === '/vid' ? LYING_TYPE : 'image/png',
        'content-range': `bytes 1-${SCRIPT.length}/${SCRIPT.length + 1}`,
        'content-length': SCRIPT.length,
      });
      res.end(SCRIPT);
    } else if (path === '/page') serve(req, res, PAGE, 'application/octet-stream');
    else if (path === '/clip.mp4') serve(req, res, MP4, LYING_TYPE);
    else if (path === '/pic.png') serve(req, res, PNG, 'text/html');
    else if (path === '/logo.svg') serve(req, res, SVG, 'text/html');
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startBuiltServer({ EXTRACT_API_ALLOW_LOOPBACK: '1' });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => site?.close(resolve));
});

const videoSource = (path: string) =>
  `${server.base}/api/video/source?${new URLSearchParams({ url: `${origin}${path}` })}`;
const image = (path: string) => `${server.base}/api/image?${new URLSearchParams({ url: `${origin}${path}` })}`;

/** No type a browser would run as a page or a script: JSON refusals, or what a route chose from checked bytes. */
function expectHarmless(response: Response, body: string | Buffer) {
  const type = response.headers.get('content-type') ?? '';
  expect(type).not.toMatch(/html|javascript|ecmascript|text\/xml|application\/xml/i);
  expect(type).toMatch(/^(application\/json|video\/|image\/|application\/zip$|application\/x-ndjson)/);
  if (response.status >= 400) {
    expect(type).toMatch(/^application\/json/);
    expect(String(body)).not.toContain('<script');
  }
}

function expectRelayed(response: Response, policy = RELAYED['content-security-policy']) {
  expect(response.headers.get('x-content-type-options')).toBe(RELAYED['x-content-type-options']);
  expect(response.headers.get('content-security-policy')).toBe(policy);
  expect(response.headers.get('cross-origin-resource-policy')).toBe(RELAYED['cross-origin-resource-policy']);
}

describe('the script trick on the built server', () => {
  it.each([
    ['no range', {}],
    ['bytes=1-', { range: 'bytes=1-' }],
    ['bytes=0-', { range: 'bytes=0-' }],
    ['bytes=1-120', { range: 'bytes=1-120' }],
  ])('GET /api/video/source of the trick (%s) is refused, as JSON', async (_, headers) => {
    const response = await fetch(videoSource('/vid'), { headers });
    const body = await response.text();
    expect(response.status).toBe(502);
    expectHarmless(response, body);
  });

  it('HEAD /api/video/source of the trick is refused', async () => {
    const response = await fetch(videoSource('/vid'), { method: 'HEAD' });
    expect(response.status).toBe(502);
    expectHarmless(response, '');
  });

  it('a page asked from byte 1 (Range: bytes=1-) is checked from byte 0 and refused', async () => {
    const response = await fetch(videoSource('/page'), { headers: { range: 'bytes=1-' } });
    const body = await response.text();
    expect(response.status).toBe(415);
    expectHarmless(response, body);
  });

  it('a real video asked from byte 1 is passed on typed by its container, never by the site’s label', async () => {
    const response = await fetch(videoSource('/clip.mp4'), { headers: { range: 'bytes=1-' } });
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-range')).toBe(`bytes 1-${MP4.length - 1}/${MP4.length}`);
    expect(body.equals(MP4.subarray(1))).toBe(true);
    expectHarmless(response, body);
    expectRelayed(response);
  });
});

describe('every relayed answer of the built server', () => {
  it('/api/image: typed by its magic bytes, sandboxed, and an unasked 206 refused', async () => {
    const picture = await fetch(image('/pic.png'));
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(bytes.equals(PNG)).toBe(true);
    expectRelayed(picture, IMAGE_POLICY);

    const logo = await fetch(image('/logo.svg'));
    await logo.arrayBuffer();
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expectRelayed(logo, IMAGE_POLICY);

    for (const path of ['/page', '/partial.png']) {
      const refused = await fetch(image(path));
      const body = await refused.text();
      expect(refused.status, path).toBeGreaterThanOrEqual(400);
      expectHarmless(refused, body);
    }
  });

  it('/api/zip: application/zip, sandboxed', async () => {
    const response = await fetch(`${server.base}/api/zip`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ images: [{ url: `${origin}/pic.png`, name: 'a.png' }] }),
    });
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(body.subarray(0, 4).toString('hex')).toBe('504b0304');
    expectRelayed(response);
  });

  it('/api/metafile-preview: image/png, sandboxed', async () => {
    const response = await fetch(`${server.base}/api/metafile-preview`, {
      method: 'POST',
      headers: { 'content-type': 'image/emf' },
      body: await metafile(),
    });
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status, body.toString()).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
    expectRelayed(response);
  });

  it.each([
    ['NDJSON', '', 'application/x-ndjson; charset=utf-8'],
    ['ZIP', '?as=zip', 'application/zip'],
  ])('/api/video/frames (%s): its own type, sandboxed', async (_, query, type) => {
    const form = new FormData();
    form.append('url', `${origin}/clip.mp4`);
    form.append('mode', 'count');
    form.append('count', '2');
    const response = await fetch(`${server.base}/api/video/frames${query}`, { method: 'POST', body: form });
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status, body.toString().slice(0, 300)).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expectHarmless(response, body);
    expectRelayed(response);
  });
});
