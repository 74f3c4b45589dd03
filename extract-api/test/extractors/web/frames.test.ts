import type { ExtractionEvent } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPageImages } from '../../../src/extractors/page/index.ts';
import { extractWebsite, readWebPage } from '../../../src/extractors/web/index.ts';
import { createSafeFetcher } from '../../../src/services/safeFetch/index.ts';
import { type FileServer, type Served, startFileServer } from '../../fixtures/fileServer.ts';
import { gif, png } from '../../fixtures/images.ts';

const html = (markup: string): Served => ({ body: Buffer.from(markup), type: 'text/html; charset=utf-8' });

/**
 * A manual built with frames: the frameset has no body; its pictures are in its frames, one of
 * which holds an iframe of its own, and another an iframe of another site.
 */
function framesSite(): Record<string, Served> {
  return {
    '/': html(`<!doctype html><html><frameset cols="200,*">
      <frame src="nav.html"><frame src="content.html#top"><frame src="about:blank"></frameset></html>`),
    '/nav.html': html(
      `<body><img src="/img/nav.png"><a href="content.html">Chapter</a><a href="more.html">More</a></body>`,
    ),
    '/content.html': html(`<body><img src="/img/content.png">
      <iframe src="inner.html"></iframe><iframe src="https://other.example/widget.html"></iframe></body>`),
    '/inner.html': html(`<body><img src="/img/inner.gif"><iframe src="/"></iframe></body>`),
    '/more.html': html(`<body><img src="/img/more.png"></body>`),
    '/img/nav.png': { body: png(20, 10), type: 'image/png' },
    '/img/content.png': { body: png(30, 10), type: 'image/png' },
    '/img/inner.gif': { body: gif(40, 10), type: 'image/gif' },
    '/img/more.png': { body: png(50, 10), type: 'image/png' },
  };
}

describe('frames and iframes', () => {
  let server: FileServer;
  const fetcher = createSafeFetcher({ allowLoopback: true });
  beforeAll(async () => {
    server = await startFileServer(framesSite());
  });
  afterAll(async () => {
    await server.close();
    await fetcher.close();
  });

  it('should list frame and iframe addresses, resolved, without about: or fragments', () => {
    const scan = findPageImages(
      '<frameset><frame src="a.html#x"><frame src="about:blank"></frameset><iframe src="//cdn.example/w"></iframe>',
      'https://site.example/dir/',
    );
    expect(scan.frames).toEqual(['https://site.example/dir/a.html', 'https://cdn.example/w']);
  });

  it("should read a frameset's frames and their same-site iframes as part of the page, never another site's", async () => {
    server.hits.length = 0;
    const page = await readWebPage(server.url('/'), { fetch: fetcher.fetch });
    expect(page.candidates.map((c) => new URL(c.url).pathname).sort()).toEqual([
      '/img/content.png',
      '/img/inner.gif',
      '/img/nav.png',
    ]);
    expect(page.frames.sort()).toEqual([
      server.url('/content.html'),
      server.url('/inner.html'),
      server.url('/nav.html'),
    ]);
    // The cross-site iframe is listed as a link, not fetched; the frame's own links are the page's.
    expect(page.links).toContain('https://other.example/widget.html');
    expect(page.links).toContain(server.url('/more.html'));
    // Each frame once, though inner.html frames the page itself again.
    const paths = server.hits.map((h) => h.path).filter((p) => p.endsWith('.html') || p === '/');
    expect(paths.sort()).toEqual(['/', '/content.html', '/inner.html', '/nav.html']);
  });

  it('should give the frames images in a scan, each frame fetched once, and follow links found in frames', async () => {
    server.hits.length = 0;
    const events: ExtractionEvent[] = [];
    for await (const event of extractWebsite({ url: server.url('/'), depth: 1, maxPages: 10 }, undefined, fetcher)) {
      events.push(event);
    }
    const images = events.flatMap((e) => (e.type === 'image' ? [e.image] : []));
    expect(images.map((i) => new URL(i.url).pathname).sort()).toEqual([
      '/img/content.png',
      '/img/inner.gif',
      '/img/more.png',
      '/img/nav.png',
    ]);
    expect(images.find((i) => i.url.endsWith('/img/inner.gif'))?.pageUrl).toBe(server.url('/'));
    const pages = server.hits.map((h) => h.path).filter((p) => p.endsWith('.html') || p === '/');
    expect(pages.sort()).toEqual(['/', '/content.html', '/inner.html', '/more.html', '/nav.html']);
    expect(events.at(-1)).toMatchObject({ type: 'done', done: 2, found: 4 });
  });
});
