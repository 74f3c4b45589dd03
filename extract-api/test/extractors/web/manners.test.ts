import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExtractionEvent } from 'shared-contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CrawlInput,
  createHostGate,
  extractWebsite,
  retryAfterMs,
  urlFilter,
} from '../../../src/extractors/web/index.ts';
import { createSafeFetcher } from '../../../src/services/safeFetch/index.ts';
import { png } from '../../fixtures/images.ts';

type Answer = {
  status?: number;
  type?: string;
  body: string | Buffer;
  headers?: Record<string, string>;
  delayMs?: number;
};
type Hit = { path: string; at: number; end?: number };

/** A site whose answers a test sets per path (a function may answer differently each time). */
async function startSite() {
  const routes = new Map<string, Answer | ((n: number) => Answer)>();
  const counts = new Map<string, number>();
  const hits: Hit[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const hit: Hit = { path, at: Date.now() };
    hits.push(hit);
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    const n = (counts.get(path) ?? 0) + 1;
    counts.set(path, n);
    const route = routes.get(path);
    const answer: Answer = typeof route === 'function' ? route(n) : (route ?? { status: 404, body: 'no' });
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    res.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'text/html', ...answer.headers });
    res.end(answer.body);
    hit.end = Date.now();
    open -= 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    routes,
    hits,
    pages: () => hits.filter((h) => h.path.endsWith('.html') || h.path === '/').map((h) => h.path),
    get maxOpen() {
      return maxOpen;
    },
    reset() {
      routes.clear();
      counts.clear();
      hits.length = 0;
      maxOpen = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const page = (body: string): Answer => ({ body: `<!doctype html><body>${body}</body>` });
const image = (w: number): Answer => ({ body: png(w, 10), type: 'image/png' });

describe('a scan minds its manners', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  const fetcher = createSafeFetcher({ allowLoopback: true });
  beforeAll(async () => {
    site = await startSite();
  });
  afterEach(() => site.reset());
  afterAll(async () => {
    await site.close();
    await fetcher.close();
  });

  async function scan(input: Omit<CrawlInput, 'maxPages'> & { maxPages?: number }, perHost?: number) {
    const events: ExtractionEvent[] = [];
    for await (const event of extractWebsite({ maxPages: 100, ...input }, undefined, { ...fetcher, perHost })) {
      events.push(event);
    }
    const images = events.flatMap((e) => (e.type === 'image' ? [new URL(e.image.url).pathname] : [])).sort();
    return { events, images, done: events.at(-1) };
  }

  it('should back off a host that answers 429, for its Retry-After, and then read the page', async () => {
    site.routes.set('/', page('<a href="/busy.html">busy</a>'));
    site.routes.set('/busy.html', (n) =>
      n === 1 ? { status: 429, body: 'slow down', headers: { 'retry-after': '1' } } : page('<img src="/b.png">'),
    );
    site.routes.set('/b.png', image(20));
    const { images, done } = await scan({ url: site.url('/'), depth: 1 });
    expect(images).toEqual(['/b.png']);
    expect(done).toMatchObject({ type: 'done', done: 2 });
    const busy = site.hits.filter((h) => h.path === '/busy.html');
    expect(busy).toHaveLength(2);
    expect((busy[1]?.at ?? 0) - (busy[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('should give up on a page still answering 503 after its retries, and say which and why', async () => {
    site.routes.set('/', page('<a href="/down.html">down</a><a href="/gone.html">gone</a>'));
    site.routes.set('/down.html', { status: 503, body: 'busy', headers: { 'retry-after': '0' } });
    const { events, done } = await scan({ url: site.url('/'), depth: 1 });
    expect(site.hits.filter((h) => h.path === '/down.html')).toHaveLength(4);
    expect(done).toMatchObject({ type: 'done', done: 3 });
    const last = events.filter((e) => e.type === 'progress').at(-1);
    expect(last).toMatchObject({ failed: 2 });
    const listed = events.flatMap((e) => (e.type === 'progress' && e.failures ? [e.failures] : [])).at(-1);
    expect(listed).toEqual(
      expect.arrayContaining([
        { url: site.url('/gone.html'), reason: 'HTTP 404' },
        { url: site.url('/down.html'), reason: 'HTTP 503, still after 3 retries' },
      ]),
    );
  });

  it("should honour robots.txt's Crawl-delay: one request at a time, that far apart", async () => {
    site.routes.set('/robots.txt', { type: 'text/plain', body: 'User-agent: *\nCrawl-delay: 0.3\n' });
    site.routes.set('/', page('<a href="/1.html">1</a><a href="/2.html">2</a><a href="/3.html">3</a>'));
    for (const n of [1, 2, 3]) site.routes.set(`/${n}.html`, page(''));
    await scan({ url: site.url('/'), depth: 1 });
    const pages = site.hits.filter((h) => h.path.endsWith('.html') || h.path === '/');
    expect(pages).toHaveLength(4);
    for (let i = 1; i < pages.length; i += 1) {
      expect((pages[i]?.at ?? 0) - (pages[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(280);
    }
    expect(site.maxOpen).toBe(1);
  });

  it('should read at most N pages of a host at once', async () => {
    const links = Array.from({ length: 8 }, (_, i) => `<a href="/p${i}.html">${i}</a>`).join('');
    site.routes.set('/', page(links));
    for (let i = 0; i < 8; i += 1) site.routes.set(`/p${i}.html`, { ...page(''), delayMs: 100 });
    await scan({ url: site.url('/'), depth: 1 }, 2);
    expect(site.pages()).toHaveLength(9);
    expect(site.maxOpen).toBe(2);
  });

  it("should send a page's stylesheets in its host's turns, as its pages", async () => {
    site.routes.set(
      '/',
      page('<link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/b.css"><a href="/1.html">1</a>'),
    );
    site.routes.set('/1.html', page(''));
    for (const sheet of ['/a.css', '/b.css']) {
      site.routes.set(sheet, { type: 'text/css', body: 'p { color: red }', delayMs: 100 });
    }
    await scan({ url: site.url('/'), depth: 1 }, 1);
    expect(site.hits.filter((h) => h.path.endsWith('.css'))).toHaveLength(2);
    expect(site.pages()).toEqual(['/', '/1.html']);
    expect(site.maxOpen).toBe(1);
  });

  it("should take a page's links while its images are measured, in a scan with no budget", async () => {
    site.routes.set('/', page('<img src="/slow.png"><a href="/next.html">next</a>'));
    site.routes.set('/slow.png', { ...image(20), delayMs: 400 });
    site.routes.set('/next.html', page(''));
    const { images } = await scan({ url: site.url('/'), depth: 1 });
    expect(images).toEqual(['/slow.png']);
    const slow = site.hits.find((h) => h.path === '/slow.png');
    const next = site.hits.find((h) => h.path === '/next.html');
    expect(next?.at).toBeLessThan(slow?.end ?? 0);
  });

  it('should follow only links the include patterns take and the exclude patterns leave', async () => {
    site.routes.set(
      '/',
      page('<a href="/blog/a.html">a</a><a href="/blog/drafts/b.html">b</a><a href="/shop/c.html">c</a>'),
    );
    for (const path of ['/blog/a.html', '/blog/drafts/b.html', '/shop/c.html']) site.routes.set(path, page(''));
    await scan({ url: site.url('/'), depth: 1, include: ['/blog/'], exclude: ['*/drafts/*'] });
    expect(site.pages().sort()).toEqual(['/', '/blog/a.html']);
  });

  it('should seed the first hop from sitemap.xml (an index followed), when asked', async () => {
    site.routes.set('/', page(''));
    site.routes.set('/sitemap.xml', {
      type: 'application/xml',
      body: `<?xml version="1.0"?><sitemapindex><sitemap><loc>${site.url('/pages.xml')}</loc></sitemap></sitemapindex>`,
    });
    site.routes.set('/pages.xml', {
      type: 'application/xml',
      body: `<urlset><url><loc>${site.url('/from-map.html?a=1&amp;b=2')}</loc></url><url><loc>https://other.example/x.html</loc></url></urlset>`,
    });
    site.routes.set('/from-map.html', page('<img src="/m.png">'));
    site.routes.set('/m.png', image(30));
    expect((await scan({ url: site.url('/'), depth: 1 })).images).toEqual([]);
    site.hits.length = 0;
    const { images } = await scan({ url: site.url('/'), depth: 1, sitemap: true });
    expect(images).toEqual(['/m.png']);
    expect(site.hits.some((h) => h.path === '/from-map.html')).toBe(true);
  });

  it('should measure the images an image sitemap lists, each with its page, within the include patterns', async () => {
    site.routes.set('/', page('<img src="/shown.png">'));
    site.routes.set('/sitemap.xml', {
      type: 'application/xml',
      body: `<?xml version="1.0"?><urlset xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <url><loc>${site.url('/post.html')}</loc>
          <image:image><image:loc>${site.url('/full/photo.png')}</image:loc></image:image>
          <image:image><image:loc>${site.url('/shown.png')}</image:loc></image:image></url>
        <url><loc>${site.url('/private/x.html')}</loc>
          <image:image><image:loc>${site.url('/full/hidden.png')}</image:loc></image:image></url>
      </urlset>`,
    });
    site.routes.set('/post.html', page(''));
    site.routes.set('/shown.png', image(21));
    site.routes.set('/full/photo.png', image(40));
    site.routes.set('/full/hidden.png', image(41));
    const { events, images } = await scan({ url: site.url('/'), depth: 1, sitemap: true, exclude: ['/private/'] });
    // Each once, the one the page also shows included; none listed for a page the patterns leave out.
    expect(images).toEqual(['/full/photo.png', '/shown.png']);
    const listed = events.find((e) => e.type === 'image' && e.image.url.endsWith('/full/photo.png'));
    expect(listed?.type === 'image' && listed.image).toMatchObject({
      pageUrl: site.url('/post.html'),
      foundIn: ['sitemap'],
    });
    // Without sitemap seeding, nothing is read from it.
    expect((await scan({ url: site.url('/'), depth: 1 })).images).toEqual(['/shown.png']);
  });

  it('should scan a batch of start pages as one scan, each image once per start address, which it names', async () => {
    site.routes.set('/one.html', page('<img src="/same.png"><img src="/1.png"><a href="/under-one.html">x</a>'));
    site.routes.set('/two.html', page('<img src="/same.png"><img src="/2.png">'));
    site.routes.set('/under-one.html', page('<img src="/same.png"><img src="/3.png">'));
    for (const [path, w] of [
      ['/same.png', 10],
      ['/1.png', 11],
      ['/2.png', 12],
      ['/3.png', 13],
    ] as const)
      site.routes.set(path, image(w));
    // As the visitor typed them: the second with a fragment (the page read is the same).
    const one = site.url('/one.html');
    const two = `${site.url('/two.html')}#top`;
    const { images, done, events } = await scan({ urls: [one, two], depth: 1 });
    expect(images).toEqual(['/1.png', '/2.png', '/3.png', '/same.png', '/same.png']);
    expect(done).toMatchObject({ done: 3, found: 5 });
    expect(events[0]).toMatchObject({ type: 'start', url: one });
    const found = events.flatMap((e) => (e.type === 'image' ? [e.image] : []));
    const byOrigin = (origin: string) =>
      found
        .filter((image) => image.origin === origin)
        .map((image) => new URL(image.url).pathname)
        .sort();
    // A page reached from a start page is that start page's: its images too.
    expect(byOrigin(one)).toEqual(['/1.png', '/3.png', '/same.png']);
    expect(byOrigin(two)).toEqual(['/2.png', '/same.png']);
    expect(new Set(found.map((image) => image.id)).size).toBe(found.length);
  });

  it("should read the start pages only at depth 0 (the URL tool's list), counting addresses", async () => {
    site.routes.set('/a.html', page('<img src="/1.png"><a href="/b.html">b</a>'));
    site.routes.set('/b.html', page('<img src="/2.png">'));
    site.routes.set('/c.html', page('<img src="/3.png">'));
    for (const [path, w] of [
      ['/1.png', 11],
      ['/2.png', 12],
      ['/3.png', 13],
    ] as const)
      site.routes.set(path, image(w));
    const { images, done, events } = await scan({ urls: [site.url('/a.html'), site.url('/c.html')], depth: 0 });
    expect(images).toEqual(['/1.png', '/3.png']);
    expect(done).toMatchObject({ done: 2, found: 2 });
    expect(site.hits.some((h) => h.path === '/b.html')).toBe(false);
    expect(events[0]).toMatchObject({ type: 'start', depth: 0 });
    const last = events.filter((e) => e.type === 'progress').at(-1);
    expect(last).toMatchObject({ done: 2, queued: 0 });
  });

  it('should name no origin for a scan of one start page', async () => {
    site.routes.set('/solo.html', page('<img src="/1.png">'));
    site.routes.set('/1.png', image(11));
    const { events } = await scan({ url: site.url('/solo.html'), depth: 0 });
    const found = events.flatMap((e) => (e.type === 'image' ? [e.image] : []));
    expect(found).toHaveLength(1);
    expect(found[0]?.origin).toBeUndefined();
  });
});

describe('manners, by themselves', () => {
  it('should read Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('120', 0)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 1970 00:00:05 GMT', 0)).toBe(5_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it('should match patterns with * over the whole URL, and others anywhere in it', () => {
    const filter = urlFilter(['https://a.example/docs/*', '/guide/'], ['*.pdf*']);
    expect(filter('https://a.example/docs/x.html')).toBe(true);
    expect(filter('https://b.example/guide/y.html')).toBe(true);
    expect(filter('https://a.example/blog/z.html')).toBe(false);
    expect(filter('https://a.example/docs/z.pdf?x')).toBe(false);
    expect(urlFilter()('anything')).toBe(true);
  });

  it('should hold a host back while it is paused', async () => {
    const gate = createHostGate(2);
    gate.pause('h', 200);
    const started = Date.now();
    await gate.run('h', async () => undefined);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
