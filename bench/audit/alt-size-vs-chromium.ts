// The image audit's "missing alt" and "missing size attributes" counts against a reference pass in
// Chromium over the same pages: per page, the elements of the report's `alt-missing` and
// `size-unsized` findings (buildAudit over the page's ImageUses as a scan reads them: readWebPage
// with `audit`, statically, then rendered with layout) against the same elements counted by
// Chromium in its live DOM, with JavaScript off (against our static count) and on (against our
// rendered count: the page scrolled to its end as our render does).
//
// The definition both sides count, which is readImageUses's and the rules':
// - an element is an `<img>` or an `<input type=image>` that names an image: for `<img>`, a `src`,
//   a lazy loader's address (data-src, data-lazy-src, data-original, data-original-src, data-lazy,
//   data-lazyload, data-lazy-load, data-echo), or a srcset candidate (its own `srcset`, data-srcset,
//   data-lazy-srcset, data-original-srcset, or its `<picture>`'s `<source>`s); for `<input>`, a
//   `src`. An address is not empty, not `#…`, not javascript:/about:/blob:, has a `/` or a `.`, and
//   resolves to http(s) or data:image. The image an element is counted under is its lazy address,
//   else its widest (or densest) srcset candidate when a lazy srcset replaces src, else src, else
//   that candidate: the differences listed name elements by it.
// - left out: elements inside `<noscript>`, `<template>`, `<script>` or `<style>`; elements whose
//   own inline style says `display:none`; 1x1 tracking pixels (width and height attributes each
//   `0` or `1`).
// - missing alt: no `alt` attribute at all, and not decorative (`role` presentation or none on the
//   element, `aria-hidden=true` on it or an ancestor).
// - missing size: not both a width and a height attribute that are a positive number of px (`300`,
//   `300px`; `100%` or `auto` are not), and not sized by its inline style (`aspect-ratio` other than
//   auto, or both `width` and `height` other than auto).
// Chromium counts with its own HTML parser, DOM and CSSOM (the style attribute as Chromium reads
// it), so the bench checks our parse of the markup (htmlparser2) and of rendered pages against the
// browser's, not one predicate against itself.
//
//   extract-api/node_modules/.bin/tsx bench/audit/alt-size-vs-chromium.ts [--dir DIR | --urls FILE] [--strict]
//
// Default pages: the reference corpus's saved pages (corpus web/*.html, 8 of them), or `--dir`'s
// *.html (bench/audit/alt-size-pages: markup where a parser other than a browser's may go wrong),
// served from a loopback server, every request to another host refused on both sides (there is no
// network here). `--urls FILE`: one address a line (live or local), fetched as they are.
// Exits 1 on a difference with `--strict`.
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildAudit, LAZY_SRC, LAZY_SRCSET } from 'extract-api/audit';
import { closeRenderer, RENDER_VIEWPORT } from 'extract-api/render';
import { createSafeFetcher } from 'extract-api/safe-fetch';
import { readWebPage } from 'extract-api/web';
import type { ImageUse } from 'shared-contracts';
import { corpusPath } from '../../tooling/corpus.mjs';

const { values } = parseArgs({
  options: {
    urls: { type: 'string' },
    dir: { type: 'string' },
    strict: { type: 'boolean', default: false },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});
const chromiumPath = values.chromium as string;

// playwright-core is extract-api's: the bench borrows it rather than installing its own.
const fromApi = createRequire(createRequire(import.meta.url).resolve('extract-api/package.json'));
const { chromium } = fromApi('playwright-core') as typeof import('playwright-core');

type Counts = { alt: number; size: number };
/** The addresses of the elements counted, once per element, for the differences. */
type Counted = Counts & { altElements: string[]; sizeElements: string[] };

/** Our counts: the elements of the page's alt-missing and size-unsized findings. */
function ourCounts(uses: ImageUse[], render: boolean): Counted {
  const report = buildAudit({
    jobId: 'bench',
    status: 'done',
    pages: 1,
    render,
    uses,
    fetches: [],
    images: [],
    pass: [],
    encoding: { done: 0, total: 0 },
  });
  const of = (rule: string) => report.findings.filter((f) => f.rule === rule);
  const addresses = (rule: string) => of(rule).flatMap((f) => Array<string>(f.elements).fill(f.imageUrl));
  const elements = (rule: string) => of(rule).reduce((sum, f) => sum + f.elements, 0);
  return {
    alt: elements('alt-missing'),
    size: elements('size-unsized'),
    altElements: addresses('alt-missing'),
    sizeElements: addresses('size-unsized'),
  };
}

/** What one list has that the other has not, element by element. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  return a.filter((item) => {
    const at = left.indexOf(item);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

/** The reference count, run in the page: the definition of the header over Chromium's live DOM. */
function countInPage(
  LAZY_SRC: readonly string[],
  LAZY_SRCSET: readonly string[],
): { alt: number; size: number; altElements: string[]; sizeElements: string[] } {
  const plausible = (raw: string | null) => {
    const value = (raw ?? '').trim();
    if (value === '' || value.startsWith('#')) return false;
    const lower = value.slice(0, 11).toLowerCase();
    if (lower.startsWith('javascript:') || lower.startsWith('about:') || lower.startsWith('blob:')) return false;
    if (lower.startsWith('data:')) return value.slice(5, 11).toLowerCase() === 'image/';
    return value.includes('/') || value.includes('.');
  };
  /** The address as the report names it (http(s) without its fragment, data:image as written), or undefined. */
  const resolve = (raw: string) => {
    const value = raw.trim();
    if (value.slice(0, 5).toLowerCase() === 'data:')
      return value.slice(5, 11).toLowerCase() === 'image/' ? value : undefined;
    try {
      const url = new URL(value, document.baseURI);
      url.hash = '';
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  };
  type Candidate = { url: string; width?: number; density?: number };
  const candidates = (srcset: string | null): Candidate[] =>
    (srcset ?? '')
      .split(/,(?=\s|$)/)
      .map((entry) => {
        const [url = '', descriptor = ''] = entry.trim().split(/\s+/);
        const width = /^(\d+)w$/i.exec(descriptor);
        const density = /^(\d*\.?\d+)x$/i.exec(descriptor);
        return {
          url,
          ...(width ? { width: Number(width[1]) } : {}),
          ...(density ? { density: Number(density[1]) } : {}),
        };
      })
      .filter((candidate) => candidate.url !== '');
  /** The candidate the report names the image by: the widest, else the densest, the last on a tie. */
  const largest = (set: Candidate[]) => {
    let best: Candidate | undefined;
    for (const c of set) {
      if (!best) best = c;
      else if (c.width !== undefined || best.width !== undefined) {
        if ((c.width ?? 0) >= (best.width ?? 0)) best = c;
      } else if ((c.density ?? 1) >= (best.density ?? 1)) best = c;
    }
    return best?.url;
  };
  /** The address the element shows, as written, or undefined. */
  const addressOf = (el: Element): string | undefined => {
    if (el.tagName === 'INPUT') {
      const src = el.getAttribute('src');
      return src !== null && plausible(src) ? src : undefined;
    }
    const lazySrc = LAZY_SRC.map((name) => el.getAttribute(name)).find((value) => value !== null && plausible(value));
    const lazySrcset = LAZY_SRCSET.map((name) => el.getAttribute(name)).find((value) => value?.trim());
    const set = candidates(lazySrcset ?? el.getAttribute('srcset'));
    const picture = el.parentElement?.tagName === 'PICTURE' ? el.parentElement : null;
    for (const source of picture ? Array.from(picture.children) : []) {
      if (source.tagName !== 'SOURCE') continue;
      const own = LAZY_SRCSET.map((name) => source.getAttribute(name)).find((value) => value?.trim());
      set.push(...candidates(own ?? source.getAttribute('srcset')));
    }
    const src = el.getAttribute('src');
    return (
      lazySrc ??
      (lazySrcset !== undefined ? largest(set) : undefined) ??
      (plausible(src) ? (src as string) : largest(set))
    );
  };
  const px = (value: string | null) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value ?? '');
    return !!match && Math.round(Number(match[1])) > 0;
  };
  const ariaHidden = (el: Element) => {
    for (let node: Element | null = el; node; node = node.parentElement)
      if (node.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true') return true;
    return false;
  };
  const out = { alt: 0, size: 0, altElements: [] as string[], sizeElements: [] as string[] };
  for (const el of Array.from(document.querySelectorAll('img, input'))) {
    if (el.tagName === 'INPUT' && el.getAttribute('type')?.trim().toLowerCase() !== 'image') continue;
    if (el.closest('noscript, template, script, style')) continue;
    const style = (el as HTMLElement).style;
    if (style.display === 'none') continue;
    const w = el.getAttribute('width')?.trim();
    const h = el.getAttribute('height')?.trim();
    if ((w === '1' || w === '0') && (h === '1' || h === '0')) continue;
    const written = addressOf(el);
    const address = written === undefined ? undefined : resolve(written);
    if (address === undefined) continue;
    const role = el.getAttribute('role')?.trim().toLowerCase();
    if (!el.hasAttribute('alt') && role !== 'presentation' && role !== 'none' && !ariaHidden(el)) {
      out.alt += 1;
      out.altElements.push(address);
    }
    const aspect = style.aspectRatio;
    const byCss =
      (aspect !== '' && aspect !== 'auto') ||
      (style.width !== '' && style.height !== '' && style.width !== 'auto' && style.height !== 'auto');
    if (!(px(el.getAttribute('width')) && px(el.getAttribute('height'))) && !byCss) {
      out.size += 1;
      out.sizeElements.push(address);
    }
  }
  return out;
}

/** The pages: the corpus's, served from loopback, or the list given. */
async function pages(): Promise<{ urls: string[]; close: () => Promise<void>; offline: boolean }> {
  if (values.urls) {
    const text = await readFile(values.urls, 'utf8');
    const urls = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    return { urls, close: async () => {}, offline: false };
  }
  const dir = values.dir ? path.resolve(values.dir) : corpusPath('web');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.html')).sort();
  const server = http.createServer(async (req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    if (!names.includes(name)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(await readFile(path.join(dir, name)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: names.map((name) => `${origin}/${name}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    offline: true,
  };
}

const { urls, close, offline } = await pages();
const fetcher = createSafeFetcher({ allowLoopback: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });

async function reference(url: string, javaScript: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { ...RENDER_VIEWPORT } });
  try {
    if (offline) {
      // No network here: other hosts are refused at once, as our fetch finds them unreachable.
      await context.route('**/*', (route) => {
        const target = new URL(route.request().url());
        return target.protocol === 'data:' || target.hostname === '127.0.0.1' ? route.continue() : route.abort();
      });
    }
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (javaScript) {
      // Scrolled to the end, as our render does, for the images a page adds as it is read.
      for (let step = 0; step < 40; step += 1) {
        const more = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight);
          return window.scrollY + window.innerHeight < document.documentElement.scrollHeight;
        });
        await page.waitForTimeout(100);
        if (!more) break;
      }
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    }
    // tsx compiles with esbuild's keepNames: the function's text calls a __name helper the page lacks.
    return (await page.evaluate(
      `(() => { const __name = (f) => f; return (${countInPage})(${JSON.stringify(LAZY_SRC)}, ${JSON.stringify(LAZY_SRCSET)}); })()`,
    )) as ReturnType<typeof countInPage>;
  } finally {
    await context.close();
  }
}

type Row = { page: string; mode: 'static' | 'rendered'; ours: Counts; chromium: Counts; diff: string[] };
const rows: Row[] = [];
for (const url of urls) {
  for (const render of [false, true]) {
    const read = await readWebPage(url, { fetch: fetcher.fetch, render, chromiumPath, audit: true });
    const ours = ourCounts(read.uses ?? [], render);
    const ref = await reference(read.finalUrl, render);
    const diff: string[] = [];
    for (const [what, mine, theirs] of [
      ['missing alt', ours.altElements, ref.altElements],
      ['missing size', ours.sizeElements, ref.sizeElements],
    ] as const) {
      for (const url of minus(mine, theirs)) diff.push(`  ${what}: ours only: ${url.slice(0, 160)}`);
      for (const url of minus(theirs, mine)) diff.push(`  ${what}: Chromium only: ${url.slice(0, 160)}`);
    }
    rows.push({
      page: url.replace(/^https?:\/\/127\.0\.0\.1:\d+\//, ''),
      mode: render ? 'rendered' : 'static',
      ours,
      chromium: { alt: ref.alt, size: ref.size },
      diff,
    });
  }
}
await browser.close();
await closeRenderer();
await fetcher.close();
await close();

const cell = (a: number, b: number) => `${a} / ${b}${a === b ? '' : ' ✗'}`;
const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
console.log(`Pages: ${urls.length}; Chromium ${browser.version()} at ${chromiumPath}; cells are ours / Chromium.\n`);
console.log(
  line([
    'page',
    'missing alt, JS off (static)',
    'missing size, JS off (static)',
    'missing alt, JS on (rendered)',
    'missing size, JS on (rendered)',
  ]),
);
console.log(line(['---', '---:', '---:', '---:', '---:']));
const total = { static: { ours: { alt: 0, size: 0 }, chromium: { alt: 0, size: 0 } } } as Record<
  string,
  { ours: Counts; chromium: Counts }
>;
total.rendered = { ours: { alt: 0, size: 0 }, chromium: { alt: 0, size: 0 } };
const byPage = new Map<string, Row[]>();
for (const row of rows) byPage.set(row.page, [...(byPage.get(row.page) ?? []), row]);
for (const [page, both] of byPage) {
  const cells = [page];
  for (const row of both) {
    cells.push(cell(row.ours.alt, row.chromium.alt), cell(row.ours.size, row.chromium.size));
    const t = total[row.mode] as { ours: Counts; chromium: Counts };
    t.ours.alt += row.ours.alt;
    t.ours.size += row.ours.size;
    t.chromium.alt += row.chromium.alt;
    t.chromium.size += row.chromium.size;
  }
  console.log(line(cells));
}
const s = total.static as { ours: Counts; chromium: Counts };
const r = total.rendered as { ours: Counts; chromium: Counts };
console.log(
  line([
    '**total**',
    cell(s.ours.alt, s.chromium.alt),
    cell(s.ours.size, s.chromium.size),
    cell(r.ours.alt, r.chromium.alt),
    cell(r.ours.size, r.chromium.size),
  ]),
);
const mismatches = rows.filter((row) => row.diff.length > 0);
for (const row of mismatches) console.log(`\n${row.page} (${row.mode}) differs:\n${row.diff.join('\n')}`);
console.log(mismatches.length === 0 ? '\nEvery count matches.' : `\n${mismatches.length} page reads differ.`);
if (values.strict && mismatches.length > 0) process.exitCode = 1;
