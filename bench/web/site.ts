// A generated website served on loopback, the same bytes for every tool a benchmark compares.
// Pages form a tree (page p links to pages p·fanOut+1 … p·fanOut+fanOut; by default fanOut is
// √pages, so every page is within two links of the home page; a small fanOut makes it deep) and
// each shows a handful of real PNG files (built with zlib, as the tests build them) plus a CSS
// background; with `uniqueImages`, also one image of its own (`/img/page-P.png`, one small PNG's
// bytes), so what a scan finds names the pages it read. An optional delay per request stands in
// for a real server's latency. `serveDirectory` serves a folder of real files the same way.
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { png } from 'extract-api/test-fixtures/images';

export type BenchSite = {
  origin: string;
  pages: number;
  images: number;
  /** Requests answered so far, by path (query left out). */
  hits: Map<string, number>;
  close: () => Promise<void>;
};

export type SiteOptions = {
  pages?: number;
  imagesPerPage?: number;
  delayMs?: number;
  /** Links per page (the tree's branching); √pages by default. */
  fanOut?: number;
  /** Each page also shows an image no other page shows. */
  uniqueImages?: boolean;
};

export async function serveSite({
  pages = 200,
  imagesPerPage = 6,
  delayMs = 0,
  fanOut = Math.ceil(Math.sqrt(pages)),
  uniqueImages = false,
}: SiteOptions = {}): Promise<BenchSite> {
  const files = new Map<string, { type: string; body: Buffer }>();
  const imagePool = 60;
  for (let i = 0; i < imagePool; i += 1) {
    files.set(`/img/photo-${i}.png`, { type: 'image/png', body: png(200 + i * 7, 120 + i * 5, 20_000 + i * 500) });
  }
  const ownImage = png(48, 32);
  for (let p = 0; p < pages; p += 1) {
    const children = Array.from({ length: fanOut }, (_, i) => p * fanOut + i + 1);
    const links = children.filter((c) => c < pages).map((c) => `<a href="/page-${c}.html">Page ${c}</a>`);
    const images = Array.from(
      { length: imagesPerPage },
      (_, i) => `<img src="/img/photo-${(p * 3 + i) % imagePool}.png" alt="Photo ${i}">`,
    );
    if (uniqueImages) {
      images.push(`<img src="/img/page-${p}.png" alt="Page ${p}'s own">`);
      files.set(`/img/page-${p}.png`, { type: 'image/png', body: ownImage });
    }
    const html = `<!doctype html><html><head><title>Page ${p}</title>
      <style>.banner{background-image:url(/img/photo-${p % imagePool}.png)}</style></head>
      <body><div class="banner"></div><h1>Page ${p}</h1>${images.join('')}<nav>${links.join(' ')} <a href="/">Home</a></nav></body></html>`;
    files.set(p === 0 ? '/' : `/page-${p}.html`, { type: 'text/html; charset=utf-8', body: Buffer.from(html) });
  }
  // A page most of whose images only a browser sees: 10 added by script, 10 lazy below the fold
  // whose addresses the script makes from a number (an attribute holding the address itself is
  // read without a browser).
  const scripted = Array.from({ length: 10 }, (_, i) => `/img/photo-${i}.png`);
  const lazy = Array.from({ length: 10 }, (_, i) => 20 + i);
  files.set('/scripted.html', {
    type: 'text/html; charset=utf-8',
    body: Buffer.from(`<!doctype html><html><body><h1>Scripted</h1><img src="/img/photo-40.png" alt="Static">
      <div style="height:3000px"></div>
      ${lazy.map((n) => `<img class="lazy" data-later="${n}" width="200" height="120">`).join('')}
      <script>
        for (const src of ${JSON.stringify(scripted)}) { const img = new Image(); img.src = src; document.body.append(img); }
        const io = new IntersectionObserver((entries) => entries.forEach((e) => {
          if (e.isIntersecting) { e.target.src = '/img/photo-' + e.target.dataset.later + '.png'; io.unobserve(e.target); }
        }));
        document.querySelectorAll('img.lazy').forEach((img) => io.observe(img));
      </script></body></html>`),
  });
  files.set('/robots.txt', { type: 'text/plain', body: Buffer.from('User-agent: *\nAllow: /\n') });

  return listen(async (pathname) => files.get(pathname === '/index.html' ? '/' : pathname), delayMs, {
    pages,
    images: imagePool + (uniqueImages ? pages : 0),
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

/** The files of `root` on loopback (a folder answers with its index.html), each after `delayMs`. */
export async function serveDirectory({ root, delayMs = 0 }: { root: string; delayMs?: number }): Promise<BenchSite> {
  const base = path.resolve(root);
  const lookup = async (pathname: string): Promise<{ type: string; body: Buffer } | undefined> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const file = path.join(base, path.normalize(decoded));
    if (file !== base && !file.startsWith(base + path.sep)) return undefined;
    const info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) return lookup(path.posix.join(pathname, 'index.html'));
    if (!info?.isFile()) return undefined;
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    return { type, body: await readFile(file) };
  };
  return listen(lookup, delayMs, { pages: 0, images: 0 });
}

async function listen(
  lookup: (pathname: string) => Promise<{ type: string; body: Buffer } | undefined>,
  delayMs: number,
  counts: { pages: number; images: number },
): Promise<BenchSite> {
  const hits = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const file = await lookup(pathname);
    const answer = () => {
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : file.body.length - 1, file.body.length - 1);
        res.writeHead(206, {
          'content-type': file.type,
          'content-range': `bytes ${start}-${end}/${file.body.length}`,
          'content-length': end - start + 1,
        });
        res.end(file.body.subarray(start, end + 1));
        return;
      }
      res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    ...counts,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
