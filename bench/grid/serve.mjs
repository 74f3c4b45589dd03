// A static server for a built bench page on loopback: files as they are, any other path the
// page's index (a client-side route, such as the Word screen's).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves `root` on a free loopback port; resolves to its origin and a close function. */
export function serve(root, index = 'index.html') {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    let body;
    let type = TYPES[path.extname(file)];
    try {
      body = await readFile(file);
    } catch {
      body = await readFile(path.join(root, index));
      type = TYPES['.html'];
    }
    response.writeHead(200, { 'content-type': type ?? 'application/octet-stream' });
    response.end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}
