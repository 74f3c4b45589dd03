// Reading the corpus's saved pages (web/*.html, largest first, served on loopback) with
// readWebPage, stylesheets left out, against htmlparser2's parseDocument alone, the parse it
// starts with: the median wall time of each, in one run, and the ratio (what the walk, srcset,
// lazy attributes and inline CSS cost over the parse). Moved here from a page test that only
// logged the largest page's time.
//   extract-api/node_modules/.bin/tsx bench/web/page-scan.ts [--runs N]
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createSafeFetcher, type SafeFetch } from 'extract-api/safe-fetch';
import { readWebPage } from 'extract-api/web';
import { CORPUS_DIR, corpusManifest, corpusPath } from '../../tooling/corpus.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

// htmlparser2 as extract-api has it (bench does not depend on it itself).
const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.resolve(here, '../../extract-api/package.json'));
const { parseDocument } = (await import(
  pathToFileURL(require.resolve('htmlparser2')).href
)) as typeof import('htmlparser2');

const manifest = corpusManifest<{ files: Record<string, { kind: string; bytes: number }> }>();
const pages = Object.entries(manifest.files)
  .filter(([rel, entry]) => rel.startsWith('web/') && entry.kind === 'html')
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .map(([rel]) => rel);
const html = new Map(pages.map((rel) => [`/${rel}`, readFileSync(corpusPath(rel))]));

const server = http.createServer((req, res) => {
  const body = html.get(new URL(req.url ?? '/', 'http://x').pathname);
  res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body ?? 'not found');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const fetcher = createSafeFetcher({ allowLoopback: true });
// The page only: its stylesheets live on the saved sites' hosts, which this closed network refuses.
const fetch: SafeFetch = (url, options) =>
  options.kind === 'html' ? fetcher.fetch(url, options) : Promise.reject(new Error('stylesheets left out'));

async function median(run: () => unknown): Promise<number> {
  await run(); // warm-up, not timed
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
}

console.log(`${pages.length} saved pages of ${CORPUS_DIR}, ${runs} runs each after a warm-up, median`);
console.log(
  `${'page'.padEnd(24)} ${'KiB'.padStart(6)} ${'images'.padStart(6)} ${'ours ms'.padStart(8)} ${'parse ms'.padStart(8)}  ratio`,
);
let ours = 0;
let parse = 0;
for (const rel of pages) {
  const url = `${origin}/${rel}`;
  const text = html.get(`/${rel}`)?.toString('utf8') ?? '';
  const images = (await readWebPage(url, { fetch })).candidates.length;
  const readMs = await median(() => readWebPage(url, { fetch }));
  const parseMs = await median(() => parseDocument(text, { decodeEntities: true, lowerCaseAttributeNames: true }));
  ours += readMs;
  parse += parseMs;
  console.log(
    `${rel.padEnd(24)} ${(text.length / 1024).toFixed(0).padStart(6)} ${String(images).padStart(6)} ${readMs.toFixed(1).padStart(8)} ${parseMs.toFixed(1).padStart(8)}  ${(readMs / parseMs).toFixed(1)}x`,
  );
}
console.log(
  `${'all pages'.padEnd(38)} ${ours.toFixed(1).padStart(8)} ${parse.toFixed(1).padStart(8)}  ${(ours / parse).toFixed(1)}x`,
);
await fetcher.close();
server.close();
