import type { ExtractedImage, ExtractionEvent } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractWebsite } from '../../../src/extractors/web/index.ts';
import { createSafeFetcher } from '../../../src/services/safeFetch/index.ts';
import { type FileServer, startFileServer } from '../../fixtures/fileServer.ts';
import { fixtureSite } from '../../fixtures/site.ts';

describe('extractWebsite', () => {
  let server: FileServer;
  const fetcher = createSafeFetcher({ allowLoopback: true });

  beforeAll(async () => {
    server = await startFileServer(fixtureSite());
  });
  afterAll(async () => {
    await server.close();
    await fetcher.close();
  });

  async function crawl(depth: number, maxPages = 100, signal?: AbortSignal) {
    server.hits.length = 0;
    const events: ExtractionEvent[] = [];
    for await (const event of extractWebsite({ url: server.url('/'), depth, maxPages }, signal, fetcher)) {
      events.push(event);
    }
    const images = events.flatMap((e) => (e.type === 'image' ? [e.image] : []));
    const done = events.find((e) => e.type === 'done');
    const pagesRead = server.hits.map((h) => h.path).filter((p) => !p.startsWith('/img/') && p !== '/robots.txt');
    return { events, images, done, pagesRead };
  }

  const names = (images: ExtractedImage[]) => images.map((i) => new URL(i.url).pathname).sort();

  it('should read the start page and the pages it links to at depth 1 (depth counts link hops)', async () => {
    const { images, done, pagesRead } = await crawl(1);
    expect(pagesRead.sort()).toEqual(['/', '/a.html', '/b.html']);
    expect(names(images)).toEqual(['/img/a.png', '/img/b.png', '/img/bg.gif', '/img/hero.png']);
    expect(done).toMatchObject({ done: 3, unit: 'pages', found: 4 });
  });

  it('should go one hop deeper per depth, breadth-first', async () => {
    expect(names((await crawl(2)).images)).toEqual([
      '/img/a.png',
      '/img/b.png',
      '/img/bg.gif',
      '/img/c.png',
      '/img/hero.png',
    ]);
    expect(names((await crawl(3)).images)).toContain('/img/d.png');
    const deepest = await crawl(10);
    expect(names(deepest.images)).toEqual([
      '/img/a.png',
      '/img/b.png',
      '/img/bg.gif',
      '/img/c.png',
      '/img/d.png',
      '/img/hero.png',
    ]);
    expect(deepest.done).toMatchObject({ done: 5, found: 6 });
  });

  it('should read each page once despite link cycles, and never another site or a robots-forbidden page', async () => {
    const { pagesRead } = await crawl(10);
    expect(pagesRead.sort()).toEqual(['/', '/a.html', '/b.html', '/c.html', '/d.html']);
    expect(server.hits.some((h) => h.path.startsWith('/private/'))).toBe(false);
  });

  it('should report each image once, with the first page it was found on', async () => {
    const { images } = await crawl(10);
    const hero = images.filter((i) => i.url.endsWith('/img/hero.png'));
    expect(hero).toHaveLength(1);
    expect(hero[0]?.pageUrl).toBe(server.url('/'));
    expect(images.find((i) => i.url.endsWith('/img/c.png'))?.pageUrl).toBe(server.url('/c.html'));
  });

  it('should measure every image it reports', async () => {
    const { images } = await crawl(2);
    const hero = images.find((i) => i.url.endsWith('/img/hero.png'));
    expect(hero).toMatchObject({ format: 'PNG', width: 1200, height: 600, source: 'website' });
    expect(hero?.size).toBeGreaterThan(0);
  });

  it('should stop at the page limit and say so', async () => {
    const { done, pagesRead } = await crawl(10, 2);
    expect(pagesRead).toHaveLength(2);
    expect(done).toMatchObject({ done: 2, stoppedAtLimit: true });
  });

  it('should announce its bounds first and report progress as it goes', async () => {
    const { events } = await crawl(2, 50);
    expect(events[0]).toEqual({
      type: 'start',
      runsOn: 'server',
      unit: 'pages',
      url: server.url('/'),
      depth: 2,
      maxPages: 50,
    });
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress[0]).toMatchObject({ unit: 'pages', done: 0, queued: 1, found: 0, detail: server.url('/') });
    expect(events.at(-1)?.type).toBe('done');
  });

  it('should stop reading pages once cancelled', async () => {
    const controller = new AbortController();
    server.hits.length = 0;
    const seen: ExtractionEvent[] = [];
    await expect(
      (async () => {
        for await (const event of extractWebsite(
          { url: server.url('/'), depth: 10, maxPages: 100 },
          controller.signal,
          fetcher,
        )) {
          seen.push(event);
          if (event.type === 'image') controller.abort();
        }
      })(),
    ).rejects.toThrow();
    const pagesRead = server.hits.map((h) => h.path).filter((p) => p.endsWith('.html'));
    expect(pagesRead.length).toBeLessThan(4);
    expect(seen.some((e) => e.type === 'done')).toBe(false);
  });

  it('should fail when the start page cannot be read', async () => {
    const refusing = createSafeFetcher({ allowLoopback: false });
    await expect(
      (async () => {
        for await (const _ of extractWebsite({ url: server.url('/'), depth: 2, maxPages: 10 }, undefined, refusing)) {
          // drain
        }
      })(),
    ).rejects.toMatchObject({ code: 'blocked-address' });
    await refusing.close();
  });
});
