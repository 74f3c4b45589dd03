import type { FastifyInstance } from 'fastify';
import { type ExtractionEvent, ExtractionEventSchema, type ExtractResponse, MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileServer, type Served, startFileServer } from '../../fixtures/fileServer.ts';
import { svg } from '../../fixtures/images.ts';
import { fixtureSite } from '../../fixtures/site.ts';
import { buildTestApp, tempDir } from '../../helper.ts';

describe('extraction routes', () => {
  let app: FastifyInstance;
  let server: FileServer;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    server = await startFileServer({
      ...fixtureSite(),
      '/gallery.html': {
        type: 'text/html',
        body: Buffer.from(`<!doctype html><base href="/img/">
          <img src="a.png" srcset="a.png 300w, hero.png 1200w" alt="Gallery">
          <img src="missing.png">
          <svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg>
          <div style="background-image:url('/img/logo.svg')"></div>`),
      },
      '/img/logo.svg': { body: svg(), type: 'image/svg+xml' },
      '/img/missing.png': { body: Buffer.from('not found'), status: 404, type: 'text/plain' },
      '/report.pdf': { body: Buffer.from('%PDF-1.7'), type: 'application/pdf' },
    });
    const dir = await tempDir();
    remove = dir.remove;
    app = await buildTestApp({ dataDir: dir.dir, allowLoopback: true });
  });
  afterAll(async () => {
    await app.close();
    await server.close();
    await remove();
  });

  describe('POST /api/extract', () => {
    it('should answer every image of the page, measured, in the API shape', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extract',
        payload: { url: server.url('/gallery.html') },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<ExtractResponse>();
      expect(body.success).toBe(true);
      const byPath = new Map(
        body.images.map((i) => [i.url.startsWith('data:') ? 'inline-svg' : new URL(i.url).pathname, i]),
      );
      // srcset: the largest candidate is the image, the other a variant.
      expect(byPath.get('/img/hero.png')).toMatchObject({ format: 'PNG', width: 1200, height: 600, alt: 'Gallery' });
      expect(byPath.get('/img/hero.png')?.variants?.map((v) => new URL(v.url).pathname)).toEqual(['/img/a.png']);
      expect(byPath.get('/img/logo.svg')).toMatchObject({ format: 'SVG', width: 120, height: 80 });
      expect(byPath.get('inline-svg')).toMatchObject({ format: 'SVG' });
      // A 404 is not an image: left out, and counted.
      expect(byPath.has('/img/missing.png')).toBe(false);
      expect(body.message).toMatch(/1 more address/);
      expect(new Set(body.images.map((i) => i.name)).size).toBe(body.images.length);
    });

    it('should refuse a private address with a clear error', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/extract', payload: { url: 'http://10.0.0.1/' } });
      expect(response.statusCode).toBe(400);
      const body = response.json<ExtractResponse>();
      expect(body).toMatchObject({ success: false, images: [] });
      expect(body.error).toMatch(/private/i);
    });

    it('should say when the address is not a web page', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extract',
        payload: { url: server.url('/report.pdf') },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<ExtractResponse>().error).toMatch(/not a web page/);
    });

    it('should take an address that is itself an image', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extract',
        payload: { url: server.url('/img/hero.png') },
      });
      expect(response.json<ExtractResponse>().images).toMatchObject([{ format: 'PNG', width: 1200 }]);
    });

    it('should refuse what is not an http(s) URL', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extract',
        payload: { url: 'file:///etc/passwd' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ success: boolean }>().success).toBe(false);
    });
  });

  describe('POST /api/extract-website', () => {
    it('should answer every image of the site with the pages read', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extract-website',
        payload: { url: server.url('/'), depth: 1 },
      });
      const body = response.json<ExtractResponse>();
      expect(body).toMatchObject({ success: true, pages: 3 });
      expect(body.images).toHaveLength(4);
      expect(body.images.every((i) => i.pageUrl?.startsWith(server.origin))).toBe(true);
    });

    it.each([0, 11])('should refuse the depth %s', async (depth) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extract-website',
        payload: { url: server.url('/'), depth },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/Scan depth must be between 1 and 10/);
    });
  });

  describe('the website routes run their scans through the scans gate', () => {
    /** A site whose one page answers after `delayMs`, beside the usual fixture. */
    let slow: FileServer;
    let gated: FastifyInstance;
    let gatedBase: string;
    let removeGatedDir: () => Promise<void>;
    beforeAll(async () => {
      slow = await startFileServer({
        '/': { body: Buffer.from('<img src="/img/a.png"><a href="/slow.html">slow</a>'), type: 'text/html' },
        '/slow.html': { body: Buffer.from('<img src="/img/b.png">'), type: 'text/html', delayMs: 3_000 },
        '/img/a.png': fixtureSite()['/img/a.png'] as Served,
        '/img/b.png': fixtureSite()['/img/b.png'] as Served,
      });
      const dir = await tempDir();
      removeGatedDir = dir.remove;
      gated = await buildTestApp({
        dataDir: dir.dir,
        allowLoopback: true,
        scanJobs: 1,
        scanQueue: 0,
        scanTimeLimitMs: 1_000,
      });
      gatedBase = await gated.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await gated.close();
      await slow.close();
      await removeGatedDir();
    });

    it('refuses a scan beyond the line at once, 503 with its sentence and a Retry-After, on every website route', async () => {
      const first = gated.inject({ method: 'POST', url: '/api/extract-website', payload: { url: slow.url('/') } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const url of ['/api/extract-website', '/api/extract-website/stream']) {
        const refused = await gated.inject({ method: 'POST', url, payload: { url: slow.url('/') } });
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('60');
        expect(refused.json()).toEqual({ success: false, error: MESSAGES.website.busy });
      }
      await first;
    });

    it('answers a scan stopped at its time limit with what it found and why it stopped', async () => {
      const response = await gated.inject({
        method: 'POST',
        url: '/api/extract-website',
        payload: { url: slow.url('/') },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<ExtractResponse>();
      expect(body).toMatchObject({ success: true, message: MESSAGES.website.timeLimit(1) });
      expect(body.images.map((image) => new URL(image.url).pathname)).toEqual(['/img/a.png']);
    });

    it('streams a scan stopped at its time limit to its error line, the images before it kept', async () => {
      const response = await gated.inject({
        method: 'POST',
        url: '/api/extract-website/stream',
        payload: { url: slow.url('/') },
      });
      const events = response.body
        .trim()
        .split('\n')
        .map((line) => ExtractionEventSchema.parse(JSON.parse(line)));
      expect(events[0]).toMatchObject({ type: 'start' });
      expect(events.filter((event) => event.type === 'image')).toHaveLength(1);
      expect(events.at(-1)).toEqual({ type: 'error', error: MESSAGES.website.timeLimit(1), code: 'time-limit' });
    });

    it.each(['/api/extract-website', '/api/extract-website/stream'])(
      '%s: a client that leaves cancels its scan, whose requests stop and whose place frees at once',
      async (route) => {
        slow.hits.length = 0;
        const leaving = new AbortController();
        const request = fetch(`${gatedBase}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: slow.url('/') }),
          signal: leaving.signal,
        });
        request.catch(() => undefined);
        const slowHit = () => slow.hits.find((hit) => hit.path === '/slow.html');
        for (let i = 0; i < 100 && !slowHit(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(slowHit()).toBeDefined();
        leaving.abort();
        for (let i = 0; i < 100 && !slowHit()?.closedEarly; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(slowHit()?.closedEarly).toBe(true);
        // The one place is free again: a new scan is taken, not refused.
        const next = await gated.inject({
          method: 'POST',
          url: '/api/extract-website',
          payload: { url: server.url('/'), depth: 1 },
        });
        expect(next.statusCode).toBe(200);
      },
    );
  });

  describe('POST /api/extract-website/stream', () => {
    it('should stream start, progress, images and done as JSON lines', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extract-website/stream',
        payload: { url: server.url('/'), depth: 2 },
        // A gzip stream would hold lines back until a block fills: the route must not compress.
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers['content-type']).toMatch(/application\/x-ndjson/);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.endsWith('\n')).toBe(true);
      const events: ExtractionEvent[] = response.body
        .trim()
        .split('\n')
        .map((line) => ExtractionEventSchema.parse(JSON.parse(line)));
      expect(events[0]).toMatchObject({ type: 'start', runsOn: 'server', depth: 2 });
      expect(events.filter((e) => e.type === 'image')).toHaveLength(5);
      expect(events.filter((e) => e.type === 'progress').every((e) => e.unit === 'pages')).toBe(true);
      expect(events.at(-1)).toMatchObject({ type: 'done', done: 4, unit: 'pages', found: 5 });
    });

    it('should end with an error line when the start page cannot be read', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/extract-website/stream',
        payload: { url: 'http://192.168.1.1/', depth: 2 },
      });
      const last = ExtractionEventSchema.parse(JSON.parse(response.body.trim().split('\n').at(-1) ?? '{}'));
      expect(last.type).toBe('error');
    });
  });
});
