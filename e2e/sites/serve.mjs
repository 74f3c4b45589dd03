// The loopback fixture site the URL and Website extractors are pointed at in e2e: the static files of
// sites/gallery/, and a log of the requests it answered. No dependencies: node:http only.
//
//   PORT=4320 node sites/serve.mjs
//
// - Any file answers after `?delay=ms` milliseconds when asked so (at most MAX_DELAY_MS): a slow page.
// - A file asked for with `?hold=name` waits, while a test holds that name, until the test lets it go
//   (at most MAX_DELAY_MS): GET /__hold?name=… starts holding, GET /__release?name=… answers those
//   waiting and stops. Nobody holding, it answers at once. A wait that ends on the test's word, not
//   on a clock, so a slow machine cannot see the page answer early.
// - GET /__hits: every request so far (itself excepted), oldest first, as JSON, with the server's clock.
// - Listens on loopback only (127.0.0.1, and ::1 where the machine has it): `localhost` and
//   `127.0.0.1` are two host names of the same server, so a link to the other one is another site.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gallery');
const PORT = Number(process.env.PORT ?? 4320);
const MAX_DELAY_MS = 30_000;
/** Requests kept in the log; the oldest go first past that. */
const MAX_HITS = 5_000;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/** @typedef {{ seq: number, at: number, method: string, host: string, path: string, query: string, userAgent: string, status?: number, answerAt?: number, end?: 'answered' | 'aborted' }} Hit */
/** @type {Hit[]} */
const hits = [];
let seq = 0;
/** Names a test holds, each with the answers waiting on it. @type {Map<string, Set<() => void>>} */
const held = new Map();

/** The file a path names, inside ROOT, or undefined. A folder answers with its index.html. */
async function fileFor(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = path.join(ROOT, path.normalize(decoded));
  if (file !== ROOT && !file.startsWith(ROOT + path.sep)) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) return fileFor(path.posix.join(pathname, 'index.html'));
  return info?.isFile() ? { file, size: info.size } : undefined;
}

function sendText(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

async function serveFile(req, res, url) {
  const found = await fileFor(url.pathname);
  if (!found) return sendText(res, 404, 'Not found');
  res.writeHead(200, {
    'content-type': TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': found.size,
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(found.file).pipe(res);
}

async function handle(req, res) {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  if (url.pathname === '/__hits') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    return res.end(JSON.stringify({ now: Date.now(), hits }));
  }
  /** @type {Hit} */
  const hit = {
    seq: ++seq,
    at: Date.now(),
    method: req.method ?? 'GET',
    host: url.host,
    path: url.pathname,
    query: url.search,
    userAgent: String(req.headers['user-agent'] ?? ''),
  };
  hits.push(hit);
  if (hits.length > MAX_HITS) hits.shift();
  res.once('close', () => {
    hit.status = res.statusCode;
    hit.end = res.writableFinished ? 'answered' : 'aborted';
  });
  if (url.pathname === '/__hold' || url.pathname === '/__release') {
    const name = url.searchParams.get('name') ?? '';
    if (url.pathname === '/__hold') held.set(name, held.get(name) ?? new Set());
    else {
      for (const answer of held.get(name) ?? []) answer();
      held.delete(name);
    }
    return sendText(res, 200, 'ok');
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed');

  const holdName = url.searchParams.get('hold');
  const waiting = holdName === null ? undefined : held.get(holdName);
  if (waiting) {
    const released = await new Promise((resolve) => {
      const answer = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(answer, MAX_DELAY_MS);
      waiting.add(answer);
      res.once('close', () => {
        waiting.delete(answer);
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (!released) return;
  }

  const delay = Math.min(Math.max(Number(url.searchParams.get('delay')) || 0, 0), MAX_DELAY_MS);
  if (delay > 0) {
    hit.answerAt = hit.at + delay;
    const waited = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(true), delay);
      // A client that leaves while it waits gets nothing.
      res.once('close', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (!waited) return;
  }
  await serveFile(req, res, url);
}

function listen(host) {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) sendText(res, 500, String(error));
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORT, host, () => resolve(server));
  });
}

const servers = [await listen('127.0.0.1')];
try {
  servers.push(await listen('::1'));
} catch {
  // No IPv6 loopback here: `localhost` resolves to 127.0.0.1 alone.
}
console.log(`fixture site: http://localhost:${PORT}/ serving ${ROOT}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    process.exit(0);
  });
}
