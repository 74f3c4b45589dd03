import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractWebsite, readWebPage } from '../../../src/extractors/web/index.ts';
import { createSafeFetcher } from '../../../src/services/safeFetch/index.ts';
import { type FileServer, type Served, startFileServer } from '../../fixtures/fileServer.ts';
import { png } from '../../fixtures/images.ts';

const html = (markup: string): Served => ({ body: Buffer.from(markup), type: 'text/html; charset=utf-8' });
const css = (text: string): Served => ({ body: Buffer.from(text), type: 'text/css', delayMs: 20 });
const SHEETS = 6;

/**
 * A page linking more stylesheets than are read at once, each importing another; and three pages
 * sharing one stylesheet, as the pages of a site do.
 */
function stylesSite(): Record<string, Served> {
  const site: Record<string, Served> = {
    '/': html(
      `<!doctype html><head>${Array.from({ length: SHEETS }, (_, i) => `<link rel="stylesheet" href="/s${i}.css">`).join('')}</head><body></body>`,
    ),
    '/home.html': html('<link rel="stylesheet" href="/shared.css"><a href="/a.html">a</a><a href="/b.html">b</a>'),
    '/a.html': html('<link rel="stylesheet" href="/shared.css">'),
    '/b.html': html('<link rel="stylesheet" href="/shared.css">'),
    '/shared.css': css('header { background: url(/img/shared.png) }'),
    '/img/shared.png': { body: png(30, 10), type: 'image/png' },
  };
  for (let i = 0; i < SHEETS; i += 1) {
    site[`/s${i}.css`] = css(`@import url(/i${i}.css); .s${i} { background: url(/img/s${i}.png) }`);
    site[`/i${i}.css`] = css(`.i${i} { background-image: url(/img/i${i}.png) }`);
  }
  return site;
}

describe("a page's stylesheets", () => {
  let server: FileServer;
  const fetcher = createSafeFetcher({ allowLoopback: true });
  beforeAll(async () => {
    server = await startFileServer(stylesSite());
  });
  afterAll(async () => {
    await server.close();
    await fetcher.close();
  });

  it('should read more stylesheets than are fetched at once, each with its @import, and the images of all', async () => {
    const page = await readWebPage(server.url('/'), { fetch: fetcher.fetch });
    const expected = Array.from({ length: SHEETS }, (_, i) => [`/img/s${i}.png`, `/img/i${i}.png`]).flat();
    expect(page.candidates.map((c) => new URL(c.url).pathname).sort()).toEqual(expected.sort());
  });

  it('should fetch a stylesheet once in a scan, however many of its pages link it', async () => {
    server.hits.length = 0;
    const images: string[] = [];
    const scan = extractWebsite({ url: server.url('/home.html'), depth: 1, maxPages: 10 }, undefined, fetcher);
    for await (const event of scan) {
      if (event.type === 'image') images.push(`${new URL(event.image.url).pathname} on ${event.image.pageUrl}`);
    }
    expect(images).toEqual([`/img/shared.png on ${server.url('/home.html')}`]);
    expect(server.hits.filter((hit) => hit.path === '/shared.css')).toHaveLength(1);
    expect(server.hits.filter((hit) => hit.path.endsWith('.html'))).toHaveLength(3);
  });
});
