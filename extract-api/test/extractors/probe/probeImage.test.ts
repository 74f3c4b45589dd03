import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLimiter,
  PROBE_MAX_BYTES,
  probeAll,
  probeDataUrl,
  probeImage,
} from '../../../src/extractors/probe/index.ts';
import { createSafeFetcher, SafeFetchError, type SafeFetcher } from '../../../src/services/safeFetch/index.ts';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';
import { gif, jpeg, png, svg, webpVp8x } from '../../fixtures/images.ts';

// Every request goes to a server these tests start on 127.0.0.1; the fetcher allows loopback only.
let fetcher: SafeFetcher;
let server: FileServer;

beforeAll(() => {
  fetcher = createSafeFetcher({ allowLoopback: true });
});
afterAll(async () => {
  await fetcher.close();
});
afterEach(async () => {
  await server?.close();
});

const MB = 1024 * 1024;

describe('probeImage', () => {
  it('measures a 5 MB PNG with ONE range request of at most 64 KiB; the size is Content-Range’s total', async () => {
    const file = png(1920, 1080, 5 * MB);
    server = await startFileServer({ '/big.png': { body: file, type: 'image/png' } });
    const facts = await probeImage(server.url('/big.png'), fetcher.fetch);
    expect(facts).toEqual({
      format: 'PNG',
      mimeType: 'image/png',
      width: 1920,
      height: 1080,
      size: file.length,
      finalUrl: server.url('/big.png'),
      status: 206,
      contentType: 'image/png',
    });
    expect(server.hits).toHaveLength(1);
    expect(server.hits[0]?.headers.range).toBe('bytes=0-65535');
    expect(server.hits[0]?.sent).toBeLessThanOrEqual(64 * 1024);
  });

  it('reads only the start of a server that ignores Range, closes it, and takes the size from Content-Length', async () => {
    const file = png(640, 480, 20 * MB);
    server = await startFileServer({ '/whole.png': { body: file, type: 'image/png', ignoreRange: true } });
    const facts = await probeImage(server.url('/whole.png'), fetcher.fetch);
    expect(facts).toMatchObject({ format: 'PNG', width: 640, height: 480, size: file.length });
    expect(server.hits).toHaveLength(1);
    await expect.poll(() => server.hits[0]?.closedEarly).toBe(true);
    // What got out before the close is socket buffers, not the file.
    expect(server.hits[0]?.sent).toBeLessThan(file.length / 2);
    expect(server.hits[0]?.finished).toBe(false);
  });

  it('measures a file beyond the download limit that ignores Range, by its Content-Length', async () => {
    const head = png(4000, 3000, 200 * 1024);
    server = await startFileServer({
      '/poster.png': { body: head, ignoreRange: true, claimLength: 200 * MB, stallAfter: head.length },
    });
    expect(await probeImage(server.url('/poster.png'), fetcher.fetch)).toMatchObject({
      format: 'PNG',
      width: 4000,
      height: 3000,
      size: 200 * MB,
    });
    await expect.poll(() => server.hits[0]?.closedEarly).toBe(true);
  });

  it('fetches the next range for a JPEG whose SOF comes after 100 KB of APP segments', async () => {
    const file = jpeg(4000, 3000, { appBytes: 100_000, scanBytes: 3 * MB });
    server = await startFileServer({ '/photo.jpg': { body: file, type: 'image/jpeg' } });
    const facts = await probeImage(server.url('/photo.jpg'), fetcher.fetch);
    expect(facts).toMatchObject({
      format: 'JPEG',
      mimeType: 'image/jpeg',
      width: 4000,
      height: 3000,
      size: file.length,
    });
    expect(server.hits.map((hit) => hit.headers.range)).toEqual(['bytes=0-65535', 'bytes=65536-131071']);
  });

  it('stops at 1 MiB in all when a JPEG’s frame header is further in', async () => {
    const file = jpeg(10, 10, { appBytes: 2 * MB });
    server = await startFileServer({ '/huge-exif.jpg': { body: file } });
    const facts = await probeImage(server.url('/huge-exif.jpg'), fetcher.fetch);
    expect(facts).toEqual({
      format: 'JPEG',
      mimeType: 'image/jpeg',
      size: file.length,
      finalUrl: server.url('/huge-exif.jpg'),
      status: 206,
      contentType: 'application/octet-stream',
    });
    const sent = server.hits.reduce((total, hit) => total + hit.sent, 0);
    expect(sent).toBeLessThanOrEqual(PROBE_MAX_BYTES);
  });

  it('asks no further than the end of the file', async () => {
    const file = jpeg(40, 30, { appBytes: 80_000 });
    server = await startFileServer({ '/short.jpg': { body: file } });
    expect(await probeImage(server.url('/short.jpg'), fetcher.fetch)).toMatchObject({ width: 40, height: 30 });
    expect(server.hits.map((hit) => hit.headers.range)).toEqual(['bytes=0-65535', `bytes=65536-${file.length - 1}`]);
  });

  it('reads on in the same answer when Range is ignored and the JPEG needs more', async () => {
    const file = jpeg(1200, 900, { appBytes: 150_000 });
    server = await startFileServer({ '/p.jpg': { body: file, ignoreRange: true } });
    const facts = await probeImage(server.url('/p.jpg'), fetcher.fetch);
    expect(facts).toMatchObject({ format: 'JPEG', width: 1200, height: 900, size: file.length });
    expect(server.hits).toHaveLength(1);
  });

  it('measures a small file completely, with its exact size', async () => {
    const file = gif(16, 9);
    server = await startFileServer({ '/tiny.gif': { body: file, type: 'text/plain' } });
    expect(await probeImage(server.url('/tiny.gif'), fetcher.fetch)).toMatchObject({
      format: 'GIF',
      mimeType: 'image/gif',
      width: 16,
      height: 9,
      size: file.length,
    });
  });

  it('reads an SVG’s size from its root element', async () => {
    server = await startFileServer({
      '/logo.svg': { body: svg('viewBox="0 0 512 256"'), type: 'image/svg+xml' },
    });
    expect(await probeImage(server.url('/logo.svg'), fetcher.fetch)).toMatchObject({
      format: 'SVG',
      mimeType: 'image/svg+xml',
      width: 512,
      height: 256,
    });
  });

  it('reports no format for an answer that is not an image, and fails with the HTTP status for a 404', async () => {
    server = await startFileServer({ '/page.png': { body: Buffer.from('<!doctype html><p>hi'), type: 'image/png' } });
    const facts = await probeImage(server.url('/page.png'), fetcher.fetch);
    expect(facts.format).toBeUndefined();
    expect(facts.width).toBeUndefined();
    await expect(probeImage(server.url('/missing.png'), fetcher.fetch)).rejects.toMatchObject({
      name: 'SafeFetchError',
      code: 'http-status',
      status: 404,
    });
  });

  it('refuses a private address without connecting', async () => {
    const refusing = createSafeFetcher();
    try {
      await expect(probeImage('http://10.0.0.1/x.png', refusing.fetch)).rejects.toMatchObject({
        code: 'blocked-address',
      });
      await expect(probeImage('http://127.0.0.1:9/x.png', refusing.fetch)).rejects.toMatchObject({
        code: 'blocked-address',
      });
    } finally {
      await refusing.close();
    }
  });
});

describe('probeDataUrl', () => {
  it('decodes locally', () => {
    const file = webpVp8x(33, 44);
    expect(probeDataUrl(`data:image/webp;base64,${file.toString('base64')}`)).toMatchObject({
      format: 'WEBP',
      width: 33,
      height: 44,
      size: file.length,
    });
    const inline = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"/>')}`;
    expect(probeDataUrl(inline)).toMatchObject({ format: 'SVG', width: 24, height: 24, finalUrl: inline });
    expect(probeDataUrl('data:text/plain,hello')).toEqual({ finalUrl: 'data:text/plain,hello', size: 5 });
  });
});

describe('probeAll', () => {
  it('probes with a bound, once per distinct URL, answering in input order', async () => {
    const files: Record<string, { body: Buffer; delayMs: number }> = {};
    for (let i = 1; i <= 10; i += 1) files[`/${i}.png`] = { body: png(i, i), delayMs: 30 };
    server = await startFileServer(files);
    const urls = [
      ...Array.from({ length: 10 }, (_, i) => server.url(`/${i + 1}.png`)),
      server.url('/3.png'),
      server.url('/gone.png'),
      `data:image/png;base64,${png(7, 8).toString('base64')}`,
    ];
    const outcomes = await probeAll(urls, fetcher.fetch, { concurrency: 3 });
    expect(server.inFlight.max).toBeLessThanOrEqual(3);
    expect(server.inFlight.max).toBeGreaterThan(1);
    expect(server.hits.filter((hit) => hit.path === '/3.png')).toHaveLength(1);
    expect(outcomes.map((outcome) => outcome.url)).toEqual(urls);
    expect(outcomes.slice(0, 10).map((outcome) => (outcome.ok ? outcome.facts.width : undefined))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(outcomes[10]).toEqual(outcomes[2]);
    const gone = outcomes[11];
    expect(gone?.ok).toBe(false);
    expect(gone?.ok === false && gone.error).toBeInstanceOf(SafeFetchError);
    expect(outcomes[12]).toMatchObject({ ok: true, facts: { format: 'PNG', width: 7, height: 8 } });
  });

  it('stops when its signal fires: rejects with aborted, and the rest never start', async () => {
    const files: Record<string, { body: Buffer; delayMs: number }> = {};
    for (let i = 0; i < 12; i += 1) files[`/${i}.png`] = { body: png(2, 2), delayMs: 200 };
    server = await startFileServer(files);
    const controller = new AbortController();
    const run = probeAll(
      Object.keys(files).map((path) => server.url(path)),
      fetcher.fetch,
      { concurrency: 2, signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
    expect(server.hits.length).toBeLessThanOrEqual(2);
  });
});

describe('createLimiter', () => {
  it('runs at most N at once, in order, and frees a turn when a task throws', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      order.push(n);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 1) throw new Error('boom');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => limit(task(n))));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(limit.active).toBe(0);
    expect(() => createLimiter(0)).toThrow(TypeError);
  });
});
