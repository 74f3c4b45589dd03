import { existsSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decode } from 'fast-png';
import { MESSAGES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH } from '../../../tooling/chromium.mjs';
import type { ImageCandidate } from '../../src/extractors/page/index.ts';
import { probeDataUrl } from '../../src/extractors/probe/index.ts';
import { closeRenderer, MAX_CANVASES, MIN_CANVAS_SIDE, renderPage } from '../../src/extractors/render/index.ts';
import { readWebPage } from '../../src/extractors/web/readWebPage.ts';
import { toExtractedImages } from '../../src/extractors/web/toExtractedImages.ts';
import { createSafeFetcher, type SafeFetcher } from '../../src/services/safeFetch/index.ts';

// Everything a rendered page draws rather than links, and lists that load more as they are
// scrolled. Every page is served by one server on 127.0.0.1 (safeFetch with loopback allowed);
// "localhost" names the same server as another origin, to taint a canvas.

function chromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH} (tooling/chromium.mjs: the CHROMIUM_PATH variable, else /usr/bin/chromium). Install it with \`apt-get install -y chromium\`, or set CHROMIUM_PATH to it.`,
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

/** Images one batch of a feed adds, and how many batches the ending feed has. */
const BATCH = 10;
const FEED_BATCHES = 6;

/**
 * A feed that asks the server for BATCH more pictures whenever the visitor comes within a screen
 * of its end (a scroll listener, the way most "infinite" lists work), until the server says there
 * are no more (`/feed/`) or forever (`/endless/`).
 */
const feedPage = (feed: string) => `<!doctype html><html><head>${HEAD}<style>
  body { margin: 0; } img { display: block; width: 300px; height: 300px; }
</style></head><body><div id="list"></div><script>
  let next = 0, loading = false, done = false;
  async function more() {
    if (loading || done) return;
    loading = true;
    const answer = await (await fetch('/${feed}/more?from=' + next)).json();
    for (const url of answer.images) {
      const img = document.createElement('img');
      img.src = url;
      document.getElementById('list').appendChild(img);
    }
    next += answer.images.length;
    done = answer.done;
    loading = false;
    nearEnd();
  }
  function nearEnd() {
    if (window.scrollY + window.innerHeight >= document.body.scrollHeight - window.innerHeight) more();
  }
  window.addEventListener('scroll', nearEnd, { passive: true });
  more();
</script></body></html>`;

/** A sprite sheet of two 32-px icons: a red square, then a blue 16-px square on transparency. */
const SHEET_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32">
<rect x="0" y="0" width="32" height="32" fill="#ff0000"/><rect x="40" y="8" width="16" height="16" fill="#0000ff"/></svg>`;

const PAGES: Record<string, string> = {
  // Two icons cut from one sheet, the same red icon twice (one file), a background as large as
  // its box and one that covers its box (neither is a piece of a sheet), and text over an icon.
  '/sprites/index.html': `<!doctype html><html><head>${HEAD}<style>
  body { margin: 0; background: #eee; }
  header { height: 40px; background: #000; }
  .icon { width: 32px; height: 32px; background: url(sheet.svg) no-repeat; color: #000; }
  .red { background-position: 0 0; }
  .blue { background-position: -32px 0; }
  .whole { width: 64px; height: 32px; background: url(sheet.svg) no-repeat; }
  .cover { width: 20px; height: 20px; background: url(sheet.svg) no-repeat; background-size: cover; }
</style></head><body><header></header>
<div class="icon red">A</div><div class="icon blue"></div><div class="icon red" style="margin-left: 40px"></div>
<div class="whole"></div><div class="cover"></div>
</body></html>`,
  // More canvases than a frame gives, each drawn in its own colour.
  '/many-canvases/index.html': `<!doctype html><html><head>${HEAD}</head><body><script>
  for (let n = 0; n < 55; n++) {
    const canvas = document.createElement('canvas');
    canvas.width = 40; canvas.height = 40;
    const context = canvas.getContext('2d');
    context.fillStyle = 'rgb(' + n + ', 100, 200)';
    context.fillRect(0, 0, 40, 40);
    document.body.appendChild(canvas);
  }
</script></body></html>`,
  '/feed/index.html': feedPage('feed'),
  '/endless/index.html': feedPage('endless'),

  // A canvas drawn in 2D, one drawn by WebGL once (without preserveDrawingBuffer: blank when read
  // after it was shown, unless the render keeps the buffer), one too small, one never drawn, and
  // one that drew a picture of another origin (tainted: it cannot be read). A blob: image, one
  // whose URL the page revoked once shown, a blob: CSS background, an SVG made by script, images
  // inside open shadow roots (one nested), and an image only a script fetched.
  '/drawn/index.html': `<!doctype html><html><head>${HEAD}</head><body>
<canvas id="chart" width="200" height="120" aria-label="Sales chart"></canvas>
<canvas id="gl" width="64" height="48"></canvas>
<canvas id="tiny" width="16" height="16"></canvas>
<canvas id="blank" width="100" height="100"></canvas>
<canvas id="tainted" width="50" height="50"></canvas>
<img id="blob-img" alt="made in memory">
<img id="revoked-img">
<div id="blob-bg" style="width: 40px; height: 40px"></div>
<photo-card></photo-card>
<script>
  const chart = document.getElementById('chart').getContext('2d');
  chart.fillStyle = '#c00'; chart.fillRect(10, 10, 80, 100);
  chart.fillStyle = '#00c'; chart.fillRect(100, 40, 80, 70);

  const tiny = document.getElementById('tiny').getContext('2d');
  tiny.fillStyle = '#0c0'; tiny.fillRect(0, 0, 16, 16);

  requestAnimationFrame(() => {
    const gl = document.getElementById('gl').getContext('webgl');
    gl.clearColor(0, 0.6, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
  });

  const foreign = new Image();
  foreign.onload = () => document.getElementById('tainted').getContext('2d').drawImage(foreign, 0, 0, 50, 50);
  foreign.src = location.href.replace('127.0.0.1', 'localhost').replace(/drawn\\/.*$/, 'drawn/foreign.png');

  function blobOf(color, width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width; canvas.height = height;
    const context = canvas.getContext('2d');
    context.fillStyle = color; context.fillRect(0, 0, width, height);
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  }
  blobOf('#f80', 40, 30).then((blob) => { document.getElementById('blob-img').src = URL.createObjectURL(blob); });
  blobOf('#08f', 36, 24).then((blob) => {
    const img = document.getElementById('revoked-img');
    img.onload = () => URL.revokeObjectURL(img.src);
    img.src = URL.createObjectURL(blob);
  });
  blobOf('#888', 20, 20).then((blob) => {
    document.getElementById('blob-bg').style.backgroundImage = 'url(' + URL.createObjectURL(blob) + ')';
  });

  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 10 10');
  svg.setAttribute('width', '100');
  svg.setAttribute('aria-label', 'Scripted logo');
  svg.innerHTML = '<circle cx="5" cy="5" r="4" fill="purple"/>';
  document.body.appendChild(svg);

  customElements.define('photo-card', class extends HTMLElement {
    connectedCallback() {
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<style>.bg { width: 20px; height: 20px; background-image: url(shadow/bg.png); }</style>' +
        '<img src="shadow/pic.png" alt="in the shadow"><div class="bg"></div><inner-card></inner-card>';
    }
  });
  customElements.define('inner-card', class extends HTMLElement {
    connectedCallback() {
      this.attachShadow({ mode: 'open' }).innerHTML = '<img srcset="shadow/nested-1x.png 1x, shadow/nested-2x.png 2x">';
    }
  });

  fetch('net/only.png').then((response) => response.blob());
</script></body></html>`,
};

/** How many pictures the feed's server handed out. */
const handedOut = { feed: 0, endless: 0 };

describe(`what a rendered page draws, with Chromium at ${CHROMIUM_PATH}`, { timeout: 60_000 }, () => {
  const sockets = new Set<Socket>();
  let server: http.Server;
  let origin: string;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      const feed = /^\/(feed|endless)\/more$/.exec(path)?.[1] as 'feed' | 'endless' | undefined;
      if (feed) {
        const from = Number(url.searchParams.get('from') ?? 0);
        const last = feed === 'feed' ? Math.min(from + BATCH, BATCH * FEED_BATCHES) : from + BATCH;
        const images: string[] = [];
        for (let n = from; n < last; n++) images.push(`/${feed}/img/${n}.png`);
        handedOut[feed] = Math.max(handedOut[feed], last);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ images, done: feed === 'feed' && last >= BATCH * FEED_BATCHES }));
        return;
      }
      const page = PAGES[path] ?? PAGES[`${path}index.html`];
      if (page !== undefined) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page);
        return;
      }
      if (path.endsWith('.svg')) {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        res.end(SHEET_SVG);
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
  });

  afterAll(async () => {
    await closeRenderer();
    await fetcher.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('scrolls a list that loads more near its end until it has nothing more: all 60 pictures', async () => {
    const page = await renderPage(`${origin}/feed/`, { fetch: fetcher.fetch, chromiumPath: chromium() });
    const loaded = new Set(page.loadedImages.map((image) => image.url));
    const expected = Array.from({ length: BATCH * FEED_BATCHES }, (_, n) => `${origin}/feed/img/${n}.png`);
    expect(expected.filter((url) => !loaded.has(url))).toEqual([]);
    expect(loaded.size).toBe(BATCH * FEED_BATCHES);
    expect(page.scroll.stoppedBy).toBe('end');
    // 60 pictures of 300 px are 20 screens of 900 px.
    expect(page.scroll.steps).toBeGreaterThanOrEqual(20);
  });

  it('stops an endless list when the scroll time is spent, and says so', async () => {
    const startedAt = Date.now();
    const page = await renderPage(`${origin}/endless/`, {
      fetch: fetcher.fetch,
      chromiumPath: chromium(),
      scroll: { timeMs: 3_000 },
    });
    expect(page.scroll.stoppedBy).toBe('time');
    expect(page.scroll.steps).toBeGreaterThan(1);
    // It did scroll on past the first screens while the time lasted.
    expect(page.loadedImages.length).toBeGreaterThan(3 * BATCH);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
  });

  it('stops an endless list at the height budget, and says so', async () => {
    const page = await renderPage(`${origin}/endless/`, {
      fetch: fetcher.fetch,
      chromiumPath: chromium(),
      scroll: { heightPx: 6_000 },
    });
    expect(page.scroll.stoppedBy).toBe('height');
    // 6,000 px of 300-px pictures, and the batch the end of it asked for.
    expect(page.loadedImages.length).toBeGreaterThanOrEqual(20);
    expect(page.loadedImages.length).toBeLessThanOrEqual(40);
  });

  it('reads canvases as PNG (WebGL too), blob: images, shadow roots; skips tiny, blank and tainted canvases', async () => {
    const page = await renderPage(`${origin}/drawn/`, { fetch: fetcher.fetch, chromiumPath: chromium() });
    const canvases = page.drawn.images.filter((image) => image.kind === 'canvas');
    const sizes = canvases.map((image) => {
      const facts = probeDataUrl(image.url);
      return `${facts.format} ${facts.width}x${facts.height}`;
    });
    // The chart and the WebGL one; not the 16-px one (under MIN_CANVAS_SIDE), the blank one nor the tainted one.
    expect(MIN_CANVAS_SIDE).toBe(32);
    expect(sizes.sort()).toEqual(['PNG 200x120', 'PNG 64x48']);
    expect(canvases.find((image) => image.alt)?.alt).toBe('Sales chart');
    expect(page.drawn.taintedCanvases).toBe(1);
    expect(page.drawn.leftOut).toBe(0);

    const blobs = page.drawn.images.filter((image) => image.kind === 'blob');
    expect(
      blobs.map((image) => {
        const facts = probeDataUrl(image.url);
        return `${facts.format} ${facts.width}x${facts.height}`;
      }),
    ).toEqual(expect.arrayContaining(['PNG 40x30', 'PNG 36x24', 'PNG 20x20']));
    expect(blobs).toHaveLength(3);
    expect(blobs.find((image) => image.alt)?.alt).toBe('made in memory');

    expect(page.shadowRoots).toHaveLength(2);
    expect(page.shadowRoots[0]?.html).toContain('src="shadow/pic.png"');
    expect(page.shadowRoots[0]?.baseUrl).toBe(`${origin}/drawn/`);
    expect(page.shadowBackgrounds).toEqual([`${origin}/drawn/shadow/bg.png`]);
    // Reading blob: URLs back never went out as requests.
    expect(page.refusedRequests).toEqual([]);
    expect(page.loadedImages.some((image) => !image.url.startsWith('http'))).toBe(false);
  });

  it('gives each of them as an image, saying how it was captured', async () => {
    const read = await readWebPage(`${origin}/drawn/`, {
      fetch: fetcher.fetch,
      render: true,
      chromiumPath: chromium(),
    });
    const byUrl = new Map(read.candidates.map((candidate) => [candidate.url, candidate]));
    const where = (url: string) => byUrl.get(url)?.foundIn;
    const drawnSize = (candidate: ImageCandidate) => {
      const facts = probeDataUrl(candidate.url);
      return `${facts.width}x${facts.height}`;
    };
    const captured = (place: string) => read.candidates.filter((candidate) => candidate.foundIn.includes(place));

    expect(captured('canvas').map(drawnSize).sort()).toEqual(['200x120', '64x48']);
    expect(captured('canvas').every((candidate) => candidate.url.startsWith('data:image/png;base64,'))).toBe(true);
    expect(captured('blob').map(drawnSize).sort()).toEqual(['20x20', '36x24', '40x30']);
    expect(captured('blob').find((candidate) => candidate.alt === 'made in memory')).toBeDefined();

    const svgs = captured('inline-svg');
    expect(svgs).toHaveLength(1);
    expect(svgs[0]?.alt).toBe('Scripted logo');
    expect(decodeURIComponent(svgs[0]?.url ?? '')).toContain('<circle cx="5" cy="5" r="4" fill="purple"');

    expect(where(`${origin}/drawn/shadow/pic.png`)).toEqual(['img', 'shadow-dom']);
    expect(byUrl.get(`${origin}/drawn/shadow/pic.png`)?.alt).toBe('in the shadow');
    expect(where(`${origin}/drawn/shadow/bg.png`)).toEqual(expect.arrayContaining(['css', 'shadow-dom']));
    expect(where(`${origin}/drawn/shadow/nested-2x.png`)).toEqual(expect.arrayContaining(['shadow-dom']));
    expect(where(`${origin}/drawn/net/only.png`)).toEqual(['network']);
    // The tainting picture is an image of its own, seen only by the network log.
    expect(where(`http://localhost:${new URL(origin).port}/drawn/foreign.png`)).toEqual(['network']);

    expect(read.rendered).toEqual({
      taintedCanvases: 1,
      drawnLeftOut: 0,
      scroll: { steps: expect.any(Number), stoppedBy: 'end' },
      notices: [MESSAGES.url.renderCanvasesTainted(1)],
    });
    expect(read.rendered?.notices[0]).toMatch(/^1 drawing on this page uses pictures from another site/);

    // Measured without a fetch, and named by how they were made.
    const used = new Map<string, number>();
    const measured = await toExtractedImages([...captured('canvas'), ...captured('blob')], {
      fetch: fetcher.fetch,
      source: 'page',
      allocateName: (name) => {
        const count = (used.get(name) ?? 0) + 1;
        used.set(name, count);
        return count === 1 ? name : name.replace('.', `-${count}.`);
      },
    });
    expect(measured.unreadable).toBe(0);
    expect(
      measured.images.map((image) => `${image.name} ${image.format} ${image.width}x${image.height}`).sort(),
    ).toEqual([
      'blob-2.png PNG 36x24',
      'blob-3.png PNG 20x20',
      'blob.png PNG 40x30',
      'canvas-2.png PNG 64x48',
      'canvas.png PNG 200x120',
    ]);
  });

  it('an endless list through readWebPage gives its pictures and says the scroll was cut short', async () => {
    const { setScrollBudget, DEFAULT_SCROLL_HEIGHT_PX, DEFAULT_SCROLL_TIME_MS } = await import(
      '../../src/extractors/render/index.ts'
    );
    setScrollBudget({ timeMs: 2_000, heightPx: DEFAULT_SCROLL_HEIGHT_PX });
    try {
      const read = await readWebPage(`${origin}/endless/`, {
        fetch: fetcher.fetch,
        render: true,
        chromiumPath: chromium(),
      });
      expect(read.rendered?.scroll.stoppedBy).toBe('time');
      expect(read.rendered?.notices).toEqual([
        MESSAGES.url.renderScrollStopped('time', read.rendered?.scroll.steps ?? 0),
      ]);
      expect(read.rendered?.notices[0]).toMatch(/stopped when the time allowed for scrolling ran out/);
      const feed = read.candidates.filter((candidate) => candidate.url.startsWith(`${origin}/endless/img/`));
      expect(feed.length).toBeGreaterThan(2 * BATCH);
      // In the final DOM as <img>, so found there; the network log adds nothing of its own.
      expect(feed.every((candidate) => candidate.foundIn.includes('img'))).toBe(true);
      expect(handedOut.endless).toBeGreaterThanOrEqual(feed.length);
    } finally {
      setScrollBudget({ timeMs: DEFAULT_SCROLL_TIME_MS, heightPx: DEFAULT_SCROLL_HEIGHT_PX });
    }
  });

  it('gives at most MAX_CANVASES canvases a frame, and counts the rest with a sentence saying so', async () => {
    const read = await readWebPage(`${origin}/many-canvases/`, {
      fetch: fetcher.fetch,
      render: true,
      chromiumPath: chromium(),
    });
    expect(MAX_CANVASES).toBe(50);
    expect(read.candidates.filter((candidate) => candidate.foundIn.includes('canvas'))).toHaveLength(MAX_CANVASES);
    expect(read.rendered?.drawnLeftOut).toBe(5);
    expect(read.rendered?.notices).toEqual([
      '5 pictures drawn by this page were left out, too many or too large: a rendered page gives at most 50 drawings (canvases) per frame, each up to 12 MB, and 36 MB of drawn pictures in all.',
    ]);
  });

  it('cuts CSS sprites into the pieces the page shows, when asked', async () => {
    const plain = await renderPage(`${origin}/sprites/`, { fetch: fetcher.fetch, chromiumPath: chromium() });
    expect(plain.sprites).toEqual([]);

    const read = await readWebPage(`${origin}/sprites/`, {
      fetch: fetcher.fetch,
      render: true,
      chromiumPath: chromium(),
      cutSprites: true,
    });
    const pieces = read.candidates.filter((candidate) => candidate.foundIn.includes('css-sprite'));
    // Red and blue, once each: the second red box is the same piece.
    expect(pieces).toHaveLength(2);
    const pixels = pieces.map((piece) => {
      const png = decode(Buffer.from(piece.url.slice(piece.url.indexOf(',') + 1), 'base64'));
      expect([png.width, png.height]).toEqual([32, 32]);
      // As RGBA whatever the encoder chose (an opaque piece may come as RGB).
      return (x: number, y: number) => {
        const at = (y * png.width + x) * png.channels;
        const rgb = Array.from(png.data.slice(at, at + 3));
        return [...rgb, png.channels === 4 ? (png.data[at + 3] as number) : 255];
      };
    });
    const [red, blue] = pixels as [(x: number, y: number) => number[], (x: number, y: number) => number[]];
    // The whole red piece is the icon: the page's text ("A") over it is not in it.
    const notRed: string[] = [];
    for (let y = 0; y < 32; y++) {
      for (let x = 0; x < 32; x++) if (red(x, y).join() !== '255,0,0,255') notRed.push(`${x},${y}`);
    }
    expect(notRed).toEqual([]);
    // The blue one keeps its transparency: the page (its black header, its grey background) is not in it.
    expect(blue(16, 16)).toEqual([0, 0, 255, 255]);
    expect(blue(1, 1)[3]).toBe(0);
    // The sheet itself is still there, as a CSS background.
    expect(read.candidates.find((candidate) => candidate.url === `${origin}/sprites/sheet.svg`)?.foundIn).toContain(
      'css',
    );
  });
});
