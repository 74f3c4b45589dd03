// The audit test site: the pages and robots.txt of this folder, the images build.mjs made, and three
// answers a static folder cannot give (a redirect, a 404, an HTML page sent as a JPEG). node:http only.
//
//   node sites/audit/build.mjs /tmp/audit-assets
//   AUDIT_ASSETS=/tmp/audit-assets PORT=4330 node sites/audit/serve.mjs
//
// Listens on 127.0.0.1 only. Query strings are ignored: `/img/dup/harbour.webp?v=2` is the same file
// under another address, as a CDN's cache-busting makes it.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = path.dirname(fileURLToPath(import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** Addresses that answer with a redirect, and where to. */
export const REDIRECTS = { '/redirect/a.webp': '/img/loading/redirected.webp' };
/** An address that answers 200 with an HTML page, labelled as a JPEG: not an image, whatever the header says. */
export const NOT_AN_IMAGE = '/img/not-an-image.jpg';

async function fileIn(root, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = path.join(root, path.normalize(decoded));
  if (!file.startsWith(root + path.sep)) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) return fileIn(root, path.posix.join(pathname, 'index.html'));
  return info?.isFile() ? { file, size: info.size } : undefined;
}

/** A request handler serving the site, its images read from `assetsDir`. */
export function auditSiteHandler(assetsDir) {
  const assets = path.resolve(assetsDir);
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const target = REDIRECTS[url.pathname];
    if (target) {
      res.writeHead(301, { location: target, 'cache-control': 'no-store' }).end();
      return;
    }
    if (url.pathname === NOT_AN_IMAGE) {
      const body = '<!doctype html><title>Not found</title><p>This page is not an image.</p>';
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const ext = path.extname(url.pathname).toLowerCase();
    // Pages and robots.txt come from this folder; images from the built folder only.
    const found =
      ext === '.html' || ext === '.txt' || ext === ''
        ? await fileIn(SITE, url.pathname)
        : await fileIn(assets, url.pathname);
    if (!found || found.file.endsWith('.mjs') || found.file.endsWith('.md')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': found.size,
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(found.file).pipe(res);
  };
}

/** Starts the site on 127.0.0.1 (port 0: any free one); resolves to its origin and a close(). */
export async function startAuditSite(assetsDir, port = 0) {
  const handle = auditSiteHandler(assetsDir);
  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => (res.headersSent ? res.destroy() : res.writeHead(500).end()));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const assets = process.env.AUDIT_ASSETS;
  if (!assets) {
    console.error('Set AUDIT_ASSETS to the folder build.mjs wrote.');
    process.exit(2);
  }
  const site = await startAuditSite(assets, Number(process.env.PORT ?? 4330));
  console.log(`audit site: ${site.origin}/ (images from ${assets})`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => site.close().then(() => process.exit(0)));
}
