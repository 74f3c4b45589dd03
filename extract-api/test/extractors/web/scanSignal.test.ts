import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractWebsite } from '../../../src/extractors/web/index.ts';
import { createSafeFetcher, onAbort } from '../../../src/services/safeFetch/index.ts';
import { type FileServer, type Served, startFileServer } from '../../fixtures/fileServer.ts';
import { png } from '../../fixtures/images.ts';

const PAGES = 30;
const IMAGES_PER_PAGE = 10;

/** A start page linking PAGES pages, each with a stylesheet and IMAGES_PER_PAGE images: dozens of requests at once. */
function busySite(): Record<string, Served> {
  const site: Record<string, Served> = {};
  const links = Array.from({ length: PAGES }, (_, i) => `<a href="/p${i}.html">${i}</a>`).join('');
  site['/'] = { body: Buffer.from(`<!doctype html><body>${links}</body>`), type: 'text/html' };
  for (let i = 0; i < PAGES; i += 1) {
    const images = Array.from({ length: IMAGES_PER_PAGE }, (_, j) => `<img src="/i${i}-${j}.png">`).join('');
    site[`/p${i}.html`] = {
      body: Buffer.from(`<!doctype html><head><link rel="stylesheet" href="/s${i}.css"></head><body>${images}</body>`),
      type: 'text/html',
      delayMs: 30,
    };
    site[`/s${i}.css`] = { body: Buffer.from('a{}'), type: 'text/css', delayMs: 30 };
    for (let j = 0; j < IMAGES_PER_PAGE; j += 1) {
      site[`/i${i}-${j}.png`] = { body: png(10 + i, 10 + j), type: 'image/png', delayMs: 20 };
    }
  }
  return site;
}

describe("a scan's signal", () => {
  let server: FileServer;
  const fetcher = createSafeFetcher({ allowLoopback: true });
  beforeAll(async () => {
    server = await startFileServer(busySite());
  });
  afterAll(async () => {
    await server.close();
    await fetcher.close();
  });

  it('should carry one abort listener however many requests of the scan run at once, none once it is done', async () => {
    const controller = new AbortController();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, getEventListeners(controller.signal, 'abort').length);
    }, 1);
    let images = 0;
    try {
      const scan = extractWebsite({ url: server.url('/'), depth: 1, maxPages: 100 }, controller.signal, fetcher);
      for await (const event of scan) if (event.type === 'image') images += 1;
    } finally {
      clearInterval(watch);
      process.off('warning', onWarning);
    }
    expect(images).toBe(PAGES * IMAGES_PER_PAGE);
    // Many requests ran at once (the server saw them), yet the signal held one listener at most.
    expect(server.inFlight.max).toBeGreaterThan(10);
    expect(most).toBe(1);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('should still stop every request of the scan when it aborts', async () => {
    const controller = new AbortController();
    const scan = extractWebsite({ url: server.url('/'), depth: 1, maxPages: 100 }, controller.signal, fetcher);
    const outcome = (async () => {
      for await (const event of scan) if (event.type === 'image') controller.abort();
    })();
    await expect(outcome).rejects.toBeDefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('onAbort', () => {
  it('should call each listener once, through one listener on the signal, and forget those stopped', () => {
    const controller = new AbortController();
    const heard: string[] = [];
    const stops = ['a', 'b', 'c'].map((name) => onAbort(controller.signal, () => heard.push(name)));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    stops[1]?.();
    controller.abort();
    expect(heard).toEqual(['a', 'c']);
    let late = 0;
    onAbort(controller.signal, () => {
      late += 1;
    });
    expect(late).toBe(1);
  });

  it('should leave the signal bare when the last listener stops', () => {
    const controller = new AbortController();
    const stops = [onAbort(controller.signal, () => undefined), onAbort(controller.signal, () => undefined)];
    for (const stop of stops) stop();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    let heard = 0;
    onAbort(controller.signal, () => {
      heard += 1;
    });
    controller.abort();
    expect(heard).toBe(1);
  });
});
