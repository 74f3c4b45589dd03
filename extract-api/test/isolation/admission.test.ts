/**
 * The built server's admission control, seen from the sites it reads: however many website scans
 * are asked for, through whichever route, at most EXTRACT_API_SCAN_JOBS read at once, the line
 * behind them is bounded and the rest are told to come back; a scan's include pattern built to
 * make a regex backtrack costs nothing; at most EXTRACT_API_RENDERS pages are in Chromium at once.
 * Every site is a node http server on 127.0.0.1 (EXTRACT_API_ALLOW_LOOPBACK=1).
 * Run alone (vitest.isolation.config.ts), after the package's build.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES, SCAN_PATTERN_MAX_WILDCARDS } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, probeHealth, startBuiltServer } from './builtServer.ts';

const SCANS_AT_ONCE = 2;
const SCAN_QUEUE = 6;
const PAGE_DELAY_MS = 600;
const RENDER_QUEUE = 2;
const HOLD_MS = 1_500;
const CHROMIUM = '/usr/bin/chromium';

/** Pages being answered right now, and the most at once, of one kind of path. */
type InFlight = { now: number; most: number; total: number };
const track = (): InFlight => ({ now: 0, most: 0, total: 0 });

/**
 * The attacked site, on loopback:
 * - `/s/N/` links `/s/N/p1.html` and `/s/N/p2.html`: every page answers after PAGE_DELAY_MS;
 * - `/attack/` links 20 addresses of 34 a's, the input a `*a*a…*b` regex takes seconds on;
 * - `/render/N.html` holds its render open: its script fetches `/hold/N`, answered after HOLD_MS.
 */
async function startSite() {
  const pages = track();
  const holds = track();
  const run = async (counter: InFlight, work: () => Promise<void>) => {
    counter.now += 1;
    counter.total += 1;
    counter.most = Math.max(counter.most, counter.now);
    try {
      await work();
    } finally {
      counter.now -= 1;
    }
  };
  const html = (res: http.ServerResponse, body: string) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><body>${body}</body>`);
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://site');
    const scanPage = /^\/s\/(\d+)\/(p\d\.html)?$/.exec(pathname);
    if (scanPage) {
      void run(pages, async () => {
        await sleep(PAGE_DELAY_MS);
        html(res, scanPage[2] ? 'a page' : `<a href="p1.html">1</a><a href="p2.html">2</a>`);
      });
      return;
    }
    if (pathname === '/attack/') {
      const links = Array.from({ length: 20 }, (_, n) => `<a href="/${'a'.repeat(34)}${n}">${n}</a>`);
      return html(res, links.join(''));
    }
    const renderPage = /^\/render\/(\d+)\.html$/.exec(pathname);
    if (renderPage) return html(res, `<script>fetch('/hold/${renderPage[1]}').then((r) => r.text());</script>`);
    if (pathname.startsWith('/hold/')) {
      void run(holds, async () => {
        await sleep(HOLD_MS);
        res.writeHead(200, { 'content-type': 'text/plain' }).end('held');
      });
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, pages, holds, close: () => new Promise((resolve) => server.close(resolve)) };
}

type Site = Awaited<ReturnType<typeof startSite>>;

const post = (base: string, path: string, body: object) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A website job followed to its last event; the last event. */
async function followJob(base: string, id: string): Promise<{ type: string; code?: string }> {
  const lines = (await (await fetch(`${base}/api/website-jobs/${id}/events`)).text()).trim().split('\n');
  return JSON.parse(lines.at(-1) ?? '{}');
}

/** One scan through one route, to its end: the status it was answered and how it ended. */
async function scanThrough(base: string, route: 'json' | 'stream' | 'job', url: string) {
  const path = { json: '/api/extract-website', stream: '/api/extract-website/stream', job: '/api/website-jobs' }[route];
  const response = await post(base, path, { url, depth: 1 });
  if (response.status === 503) {
    return {
      status: 503,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as { error?: string },
    };
  }
  if (route === 'json') return { status: response.status, body: (await response.json()) as { success?: boolean } };
  if (route === 'stream') {
    const lines = (await response.text()).trim().split('\n');
    return { status: response.status, last: JSON.parse(lines.at(-1) ?? '{}') as { type: string } };
  }
  const { id } = (await response.json()) as { id: string };
  return { status: response.status, last: await followJob(base, id) };
}

describe('the built server: one scans gate for every route that scans', () => {
  let site: Site;
  let server: BuiltServer;
  beforeAll(async () => {
    site = await startSite();
    server = await startBuiltServer({
      EXTRACT_API_ALLOW_LOOPBACK: '1',
      EXTRACT_API_SCAN_JOBS: String(SCANS_AT_ONCE),
      EXTRACT_API_SCAN_QUEUE: String(SCAN_QUEUE),
      // One page of a scan at a time: the pages in flight at the site are the scans reading.
      EXTRACT_API_PAGES_PER_HOST: '1',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await site?.close();
  });

  it(`12 scans at once across the three routes: ${SCANS_AT_ONCE} read at once, ${SCAN_QUEUE} wait, the rest are told to come back`, async () => {
    const routes = ['json', 'stream', 'job'] as const;
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        scanThrough(server.base, routes[n % 3] as (typeof routes)[number], `${site.origin}/s/${n}/`),
      ),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 503);
    const admitted = outcomes.filter((outcome) => outcome.status !== 503);
    expect(refused).toHaveLength(12 - SCANS_AT_ONCE - SCAN_QUEUE);
    for (const outcome of refused) {
      expect(outcome).toMatchObject({ retryAfter: '60', body: { error: MESSAGES.website.busy } });
    }
    for (const outcome of admitted) {
      if ('body' in outcome) expect(outcome.body).toMatchObject({ success: true });
      else expect(outcome.last).toMatchObject({ type: 'done' });
    }
    // Every admitted scan read its 3 pages; never more than the gate's places at once.
    expect(site.pages.total).toBe((SCANS_AT_ONCE + SCAN_QUEUE) * 3);
    expect(site.pages.most).toBe(SCANS_AT_ONCE);
    expect(server.child.exitCode).toBeNull();
  });

  it('an include pattern built to make a regex backtrack: the scan ends at once and health stays under 1 s', async () => {
    const stop = probeHealth(server.base);
    const started = performance.now();
    const response = await post(server.base, '/api/website-jobs', {
      url: `${site.origin}/attack/`,
      depth: 1,
      include: ['*a*a*a*a*a*a*a*a*a*a*b'],
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    expect(await followJob(server.base, id)).toMatchObject({ type: 'done' });
    const elapsed = performance.now() - started;
    const health = await stop();
    expect(elapsed).toBeLessThan(3_000);
    expect(health.worst, `worst of ${health.probes} health probes`).toBeLessThan(1_000);
  });

  it(`refuses a pattern of more than ${SCAN_PATTERN_MAX_WILDCARDS} wildcards with a sentence (400)`, async () => {
    const response = await post(server.base, '/api/website-jobs', {
      url: `${site.origin}/attack/`,
      include: ['*a'.repeat(SCAN_PATTERN_MAX_WILDCARDS + 1)],
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(
      MESSAGES.website.patternWildcards(SCAN_PATTERN_MAX_WILDCARDS),
    );
  });
});

describe.runIf(existsSync(CHROMIUM))('the built server: one renders gate', () => {
  let site: Site;
  let server: BuiltServer;
  beforeAll(async () => {
    site = await startSite();
    server = await startBuiltServer({
      EXTRACT_API_ALLOW_LOOPBACK: '1',
      EXTRACT_API_RENDER_QUEUE: String(RENDER_QUEUE),
      // Running as root in a test container: Chromium without its sandbox, for this test only.
      EXTRACT_API_CHROMIUM_NO_SANDBOX: '1',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await site?.close();
  });

  it(`6 pages to render at once: 2 in Chromium at once, ${RENDER_QUEUE} wait, the rest are told to come back`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, n) => {
        const response = await post(server.base, '/api/extract', {
          url: `${site.origin}/render/${n}.html`,
          render: true,
        });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { success: boolean; error?: string },
        };
      }),
    );
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused).toHaveLength(6 - 2 - RENDER_QUEUE);
    for (const answer of refused) {
      expect(answer).toMatchObject({ retryAfter: '60', body: { success: false, error: MESSAGES.url.renderBusy } });
    }
    const rendered = answers.filter((answer) => answer.status === 200);
    expect(rendered.map((answer) => answer.body.success)).toEqual([true, true, true, true]);
    // Each render held its page open for HOLD_MS: the site saw every one, never more than 2 at once.
    expect(site.holds.total).toBe(4);
    expect(site.holds.most).toBe(2);
  });
});
