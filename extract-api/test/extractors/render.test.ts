import { existsSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../../../tooling/chromium.mjs';
import {
  CHROMIUM_MISSING_MESSAGE,
  closeRenderer,
  DEFAULT_RENDER_QUEUE,
  DEFAULT_RENDER_TIMEOUT_MS,
  DEFAULT_RENDERS,
  RenderFailedError,
  RenderUnavailableError,
  renderPage,
  setRenderLimits,
} from '../../src/extractors/render/index.ts';
import { CSS_URLS_FUNCTION } from '../../src/extractors/render/inPage.ts';
import {
  createSafeFetcher,
  isSafeFetchError,
  type SafeFetch,
  type SafeFetcher,
} from '../../src/services/safeFetch/index.ts';

// Every request here goes to one server on 127.0.0.1 (through safeFetch with loopback allowed);
// the pages also try 10.0.0.1 and 169.254.169.254, which safeFetch must refuse before connecting.

/**
 * The Chromium every part of the project starts (tooling/chromium.mjs). A test that needs it and
 * does not find it fails, saying where it looked and how to install it; none is skipped.
 */
function chromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH} (tooling/chromium.mjs: the CHROMIUM_PATH variable, else /usr/bin/chromium). Install it with \`apt-get install -y chromium\` (npm test's setup does), or set CHROMIUM_PATH to it.`,
    );
  }
  return CHROMIUM_PATH;
}

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const HEAD = '<meta charset="utf-8"><link rel="icon" href="data:,">';

const PAGES: Record<string, string> = {
  // Images made by script after load, lazy images an IntersectionObserver loads when scrolled
  // into view (one more is appended when the end is reached, so the page grows), a background
  // set by script, one on ::before, and one in a linked stylesheet (relative to the stylesheet).
  '/dynamic/index.html': `<!doctype html><html><head>${HEAD}
<link rel="stylesheet" href="../css/site.css">
<style>
  .spacer { height: 2400px; }
  img.lazy { display: block; width: 40px; height: 40px; }
  #hero::before { content: ''; display: block; width: 10px; height: 10px; background-image: url(img/pseudo-before.png); }
  #scripted { width: 20px; height: 20px; }
</style></head><body>
<div id="hero"></div>
<div class="box"></div>
<div id="scripted"></div>
<div class="spacer"></div><img class="lazy" data-src="img/lazy-1.png" alt="one">
<div class="spacer"></div><img class="lazy" data-src="img/lazy-2.png" alt="two">
<div class="spacer"></div><img class="lazy" data-src="img/lazy-3.png" alt="three">
<div id="end"></div>
<script>
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const img = entry.target;
      if (img.dataset.src) { img.src = img.dataset.src; io.unobserve(img); }
      if (img.id === 'end' && !window.appended) {
        window.appended = true;
        const more = document.createElement('div');
        more.innerHTML = '<div class="spacer"></div><img class="lazy" data-src="img/lazy-appended.png">';
        document.body.appendChild(more);
        io.observe(more.querySelector('img'));
      }
    }
  });
  document.querySelectorAll('img.lazy, #end').forEach((el) => io.observe(el));
  window.addEventListener('load', () => {
    setTimeout(() => {
      const img = new Image();
      img.src = 'img/added-after-load.png';
      document.body.prepend(img);
      document.getElementById('scripted').style.backgroundImage = 'url("img/bg-by-script.png")';
    }, 0);
  });
</script></body></html>`,
  '/css/site.css': '.box { width: 30px; height: 30px; background-image: url(../dynamic/img/from-stylesheet.png); }',

  // Addresses the browser must never reach, and a POST it must not send.
  '/ssrf/index.html': `<!doctype html><html><head>${HEAD}</head><body>
<img src="ok.png">
<img src="http://10.0.0.1/x.png">
<iframe src="http://169.254.169.254/"></iframe>
<div style="width:10px;height:10px;background-image:url(http://10.0.0.1/bg.png)"></div>
<script>
  fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});
  fetch('/ssrf/post', { method: 'POST', body: 'x' }).catch(() => {});
</script></body></html>`,

  // An image that never answers: the render is cut short around it.
  '/hanging-image/index.html': `<!doctype html><html><head>${HEAD}</head><body>
<img src="ok.png"><img src="/hang/forever.png"></body></html>`,

  // An app shell: the window does not scroll, its main pane does.
  '/pane/index.html': `<!doctype html><html><head>${HEAD}<style>
  html, body { margin: 0; height: 100%; overflow: hidden; }
  main { height: 100%; overflow-y: auto; }
  .spacer { height: 3000px; }
</style></head><body><main>
<div class="spacer"></div><img class="lazy" data-src="deep.png" width="40" height="40">
</main><script>
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) entry.target.src = entry.target.dataset.src;
  });
  document.querySelectorAll('img.lazy').forEach((img) => io.observe(img));
</script></body></html>`,

  '/plain/index.html': `<!doctype html><html><head>${HEAD}</head><body><img src="ok.png"></body></html>`,
};

type Hit = { method: string; path: string };

// A real browser on a shared 2-core machine: give each test room beyond vitest's 5 s default.
describe(`renderPage with Chromium at ${CHROMIUM_PATH}`, { timeout: 30_000 }, () => {
  const hits: Hit[] = [];
  const sockets = new Set<Socket>();
  const hangListeners: (() => void)[] = [];
  let server: http.Server;
  let origin: string;
  let fetcher: SafeFetcher;
  let strictFetcher: SafeFetcher;

  /** safeFetch with loopback allowed, recording every call and every refusal. */
  function recordingFetch() {
    const calls: { url: string; kind: string }[] = [];
    const refusals: { url: string; code: string }[] = [];
    const fetch: SafeFetch = async (url, options) => {
      calls.push({ url: String(url), kind: options.kind });
      try {
        return await fetcher.fetch(url, options);
      } catch (error) {
        if (isSafeFetchError(error)) refusals.push({ url: String(url), code: error.code });
        throw error;
      }
    };
    return { fetch, calls, refusals };
  }

  beforeAll(async () => {
    server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      hits.push({ method: req.method ?? '', path });
      if (path.startsWith('/hang/')) {
        for (const listener of hangListeners.splice(0)) listener();
        return; // never answers
      }
      const page = PAGES[path] ?? PAGES[`${path}index.html`];
      if (page !== undefined) {
        res.writeHead(200, { 'content-type': path.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8' });
        res.end(page);
        return;
      }
      if (path.endsWith('.png')) {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
        res.end(PNG);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    fetcher = createSafeFetcher({ allowLoopback: true });
    strictFetcher = createSafeFetcher({ allowLoopback: false });
  });

  afterAll(async () => {
    await closeRenderer();
    await fetcher.close();
    await strictFetcher.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('records images added by script after load and lazy images loaded by scrolling, and CSS backgrounds', async () => {
    const { fetch } = recordingFetch();
    const page = await renderPage(`${origin}/dynamic/`, { fetch, chromiumPath: chromium() });

    expect(page.finalUrl).toBe(`${origin}/dynamic/`);
    const loaded = page.loadedImages.map((image) => image.url);
    const img = (name: string) => `${origin}/dynamic/img/${name}`;
    expect(loaded).toEqual(
      expect.arrayContaining([
        img('added-after-load.png'),
        img('lazy-1.png'),
        img('lazy-2.png'),
        img('lazy-3.png'),
        img('lazy-appended.png'),
        img('bg-by-script.png'),
        img('pseudo-before.png'),
        img('from-stylesheet.png'),
      ]),
    );
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(page.loadedImages.every((image) => image.contentType === 'image/png')).toBe(true);

    expect(page.cssBackgrounds).toEqual(
      expect.arrayContaining([img('bg-by-script.png'), img('pseudo-before.png'), img('from-stylesheet.png')]),
    );
    expect(page.cssBackgrounds).toHaveLength(3);

    // The HTML is the DOM after scripts and scrolling.
    expect(page.html).toMatch(/^<html/);
    expect(page.html).toContain('src="img/added-after-load.png"');
    expect(page.html).toContain('src="img/lazy-appended.png"');
    expect(page.refusedRequests).toEqual([]);
    expect(page.scroll.stoppedBy).toBe('end');
  });

  it('without scrolling, the lazy images further down are not loaded', async () => {
    const { fetch } = recordingFetch();
    const page = await renderPage(`${origin}/dynamic/`, { fetch, chromiumPath: chromium(), scroll: { timeMs: 0 } });
    expect(page.scroll).toEqual({ steps: 0, stoppedBy: 'time' });
    const loaded = page.loadedImages.map((image) => image.url);
    expect(loaded).toContain(`${origin}/dynamic/img/added-after-load.png`);
    expect(loaded).not.toContain(`${origin}/dynamic/img/lazy-3.png`);
    expect(loaded).not.toContain(`${origin}/dynamic/img/lazy-appended.png`);
  });

  it('scrolls the pane that scrolls when the window does not', async () => {
    const page = await renderPage(`${origin}/pane/`, { fetch: fetcher.fetch, chromiumPath: chromium() });
    expect(page.loadedImages.map((image) => image.url)).toEqual([`${origin}/pane/deep.png`]);
  });

  it('never fetches private or metadata addresses, refuses POST, and still renders the page', async () => {
    const { fetch, refusals, calls } = recordingFetch();
    const before = hits.length;
    const page = await renderPage(`${origin}/ssrf/`, { fetch, chromiumPath: chromium() });

    const loaded = page.loadedImages.map((image) => image.url);
    expect(loaded).toEqual([`${origin}/ssrf/ok.png`]);
    expect(loaded.some((url) => url.includes('10.0.0.1') || url.includes('169.254.169.254'))).toBe(false);

    // safeFetch was asked and refused each one before connecting.
    expect(refusals).toEqual(
      expect.arrayContaining([
        { url: 'http://10.0.0.1/x.png', code: 'blocked-address' },
        { url: 'http://169.254.169.254/', code: 'blocked-address' },
        { url: 'http://169.254.169.254/latest/meta-data/', code: 'blocked-address' },
      ]),
    );
    const refused = page.refusedRequests.map((request) => [request.url, request.code]);
    expect(refused).toEqual(
      expect.arrayContaining([
        ['http://10.0.0.1/x.png', 'blocked-address'],
        ['http://169.254.169.254/', 'blocked-address'],
        ['http://169.254.169.254/latest/meta-data/', 'blocked-address'],
        [`${origin}/ssrf/post`, 'method'],
      ]),
    );
    const reasonFor = (url: string) => page.refusedRequests.find((request) => request.url === url)?.reason;
    expect(reasonFor('http://10.0.0.1/x.png')).toMatch(/^This address points to a private network/);
    expect(reasonFor('http://169.254.169.254/')).toMatch(/^This address points to a cloud metadata service/);
    expect(reasonFor(`${origin}/ssrf/post`)).toBe('POST requests are not sent while rendering, only GET.');
    // The POST was never handed to safeFetch, and the server saw only GETs of the page and its image.
    expect(calls.some((call) => call.url.endsWith('/ssrf/post'))).toBe(false);
    expect(hits.slice(before)).toEqual([
      { method: 'GET', path: '/ssrf/' },
      { method: 'GET', path: '/ssrf/ok.png' },
    ]);
    // A background in the DOM is still reported as a URL; fetching it is the prober's (safe) job.
    expect(page.cssBackgrounds).toEqual(['http://10.0.0.1/bg.png']);
  });

  it('fails with a clear error when safeFetch refuses the page itself (loopback not allowed)', async () => {
    const error = await renderPage(`${origin}/plain/`, {
      fetch: strictFetcher.fetch,
      chromiumPath: chromium(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderFailedError);
    expect(error).toMatchObject({
      code: 'page-fetch',
      message:
        'This address points to the extractor’s own machine (loopback), which it does not fetch. Use a public web address.',
    });
  });

  it('fails with the site’s status when the page is not there', async () => {
    const error = await renderPage(`${origin}/missing.html`, { fetch: fetcher.fetch, chromiumPath: chromium() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RenderFailedError);
    expect(error).toMatchObject({ code: 'page-fetch' });
    expect((error as Error).message).toContain('HTTP 404');
  });

  it('gives RenderUnavailableError when there is no Chromium at chromiumPath', async () => {
    const error = await renderPage(`${origin}/plain/`, {
      fetch: fetcher.fetch,
      chromiumPath: '/nonexistent/chromium',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderUnavailableError);
    expect(error).toMatchObject({ code: 'chromium-missing', message: CHROMIUM_MISSING_MESSAGE });
    expect(CHROMIUM_MISSING_MESSAGE).toBe(
      'Render JavaScript needs Chromium, which is not installed on this server. Turn the option off, or install Chromium (apt-get install chromium) and set EXTRACT_API_CHROMIUM_PATH.',
    );
  });

  it('stops at once when the signal aborts', async () => {
    const controller = new AbortController();
    hangListeners.push(() => controller.abort());
    const startedAt = Date.now();
    const error = await renderPage(`${origin}/hanging-image/`, {
      fetch: fetcher.fetch,
      chromiumPath: chromium(),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(controller.signal.aborted).toBe(true);
    expect(error).toBeInstanceOf(RenderFailedError);
    expect(error).toMatchObject({ code: 'aborted', message: 'The render was cancelled.' });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('an already aborted signal renders nothing', async () => {
    const { fetch, calls } = recordingFetch();
    const error = await renderPage(`${origin}/plain/`, {
      fetch,
      chromiumPath: chromium(),
      signal: AbortSignal.abort(),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'aborted' });
    expect(calls).toEqual([]);
  });

  it('a page that never answers fails with the time-out message', async () => {
    const startedAt = Date.now();
    const error = await renderPage(`${origin}/hang/page.html`, {
      fetch: fetcher.fetch,
      chromiumPath: chromium(),
      timeoutMs: 1_500,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderFailedError);
    expect(error).toMatchObject({ code: 'timeout' });
    expect((error as Error).message).toMatch(/^The page took longer than 1\.5 s to render/);
    expect(Date.now() - startedAt).toBeLessThan(4_000);
  });

  it('a resource that never answers does not sink the render: what loaded in time is reported', async () => {
    const startedAt = Date.now();
    const page = await renderPage(`${origin}/hanging-image/`, {
      fetch: fetcher.fetch,
      chromiumPath: chromium(),
      timeoutMs: 2_500,
    });
    expect(page.loadedImages.map((image) => image.url)).toEqual([`${origin}/hanging-image/ok.png`]);
    expect(Date.now() - startedAt).toBeLessThan(4_000);
  });

  it("passes the process's renders gate: a full line refuses a visitor at once, a scan's page waits its turn, the gate's limit is the render's", async () => {
    setRenderLimits({ concurrency: 1, maxWaiting: 0, timeLimitMs: 1_500 });
    try {
      const options = { fetch: fetcher.fetch, chromiumPath: chromium() };
      const startedAt = Date.now();
      const holding = renderPage(`${origin}/hang/held.html`, options).catch((e: unknown) => e);
      await expect(renderPage(`${origin}/dynamic/`, options)).rejects.toMatchObject({
        name: 'BusyError',
        message: MESSAGES.url.renderBusy,
        statusCode: 503,
      });
      const patient = renderPage(`${origin}/hang/waited.html`, { ...options, waitForTurn: true }).catch(
        (e: unknown) => e,
      );
      // The held render is stopped at the gate's limit, with the render's own words for it.
      expect(await holding).toMatchObject({
        code: 'timeout',
        message: expect.stringMatching(/^The page took longer than 1\.5 s/),
      });
      // The patient one ran after it, its own 1.5 s from when it got its place.
      expect(await patient).toMatchObject({ code: 'timeout' });
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3_000);
      expect(hits.filter((hit) => hit.path === '/hang/waited.html').length).toBeGreaterThan(0);
    } finally {
      setRenderLimits({
        concurrency: DEFAULT_RENDERS,
        maxWaiting: DEFAULT_RENDER_QUEUE,
        timeLimitMs: DEFAULT_RENDER_TIMEOUT_MS,
      });
    }
  });
});

describe('the in-page url() reader', () => {
  const cssUrls = new Function(`return ${CSS_URLS_FUNCTION}`)() as (value: string) => string[];

  it('reads url() the way Chromium serializes computed values', () => {
    expect(cssUrls('url("http://a.test/x.png")')).toEqual(['http://a.test/x.png']);
    expect(cssUrls('linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255)), url("b.png")')).toEqual(['b.png']);
    expect(cssUrls('image-set(url("a.png") 1x, url("a@2x.png") 2x)')).toEqual(['a.png', 'a@2x.png']);
    expect(cssUrls('none')).toEqual([]);
  });

  it('handles quotes, bare URLs, spaces and CSS escapes', () => {
    expect(cssUrls('url("a\\"b.png")')).toEqual(['a"b.png']);
    expect(cssUrls("url('single.png')")).toEqual(['single.png']);
    expect(cssUrls('url(  bare.png  )')).toEqual(['bare.png']);
    expect(cssUrls('url("\\31 .png")')).toEqual(['1.png']);
    expect(cssUrls('URL(upper.png)')).toEqual(['upper.png']);
    expect(cssUrls('myurl(no.png)')).toEqual([]);
    expect(cssUrls('url("data:image/svg+xml,%3Csvg%3E")')).toEqual(['data:image/svg+xml,%3Csvg%3E']);
  });
});
