import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './fixtures/images.ts';

const run = promisify(execFile);
const builtCli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const PAGES = 10;
/** Each answer waits this long, as a real server's would: what is done at once shows. */
const DELAY_MS = 40;

type Hit = { path: string; range: boolean; at: number };

/**
 * A site of a home page linking to PAGES pages, each with a small picture of its own, and one
 * picture larger than a probe reads (the home page's). Range requests are honoured, as by most servers.
 */
async function startSite() {
  const files = new Map<string, { type: string; body: Buffer }>();
  const links = Array.from({ length: PAGES }, (_, i) => `<a href="/p${i + 1}.html">${i + 1}</a>`).join('');
  const html = (body: string) => Buffer.from(`<!doctype html><body>${body}</body>`);
  files.set('/', { type: 'text/html', body: html(`<img src="/img/big.png"><img src="/img/small-0.png">${links}`) });
  files.set('/img/big.png', { type: 'image/png', body: png(50, 40, 200_000) });
  for (let i = 0; i <= PAGES; i += 1) {
    files.set(`/img/small-${i}.png`, { type: 'image/png', body: png(20 + i, 10) });
    if (i > 0) files.set(`/p${i}.html`, { type: 'text/html', body: html(`<img src="/img/small-${i}.png">`) });
  }
  const hits: Hit[] = [];
  let open = 0;
  let maxOpenWhole = 0;
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    hits.push({ path: pathname, range: range !== null, at: performance.now() });
    // Pages, robots.txt and whole downloads: what the host's turns are for (probes have a gate of their own).
    if (!range) {
      open += 1;
      maxOpenWhole = Math.max(maxOpenWhole, open);
    }
    setTimeout(() => {
      if (!range) open -= 1;
      const file = files.get(pathname);
      if (!file) return res.writeHead(404).end();
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : file.body.length - 1, file.body.length - 1);
        res.writeHead(206, {
          'content-type': file.type,
          'content-range': `bytes ${start}-${end}/${file.body.length}`,
          'content-length': end - start + 1,
        });
        return res.end(file.body.subarray(start, end + 1));
      }
      res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
    }, DELAY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    files,
    hits,
    get maxOpenWhole() {
      return maxOpenWhole;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('pnpm extract --website --out', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let out: string;
  beforeAll(async () => {
    site = await startSite();
    out = await mkdtemp(path.join(tmpdir(), 'cli-website-'));
  });
  afterAll(async () => {
    await site.close();
    await rm(out, { recursive: true, force: true });
  });

  it("should save each image while the scan goes on, a small one from its probe's bytes, downloads within the host's turns", async () => {
    const { stderr } = await run(
      process.execPath,
      [builtCli, `${site.origin}/`, '--website', '--depth', '1', '--out', out],
      {
        env: { ...process.env, EXTRACT_API_ALLOW_LOOPBACK: '1', EXTRACT_API_PAGES_PER_HOST: '2' },
      },
    );
    expect(stderr).toMatch(new RegExp(`${PAGES + 2} images on ${PAGES + 1} pages`));
    expect(stderr).toMatch(new RegExp(`saved ${PAGES + 2} files`));

    const saved = (await readdir(out)).sort();
    expect(saved).toHaveLength(PAGES + 2);
    for (const name of saved) {
      expect(await readFile(path.join(out, name))).toEqual(site.files.get(`/img/${name}`)?.body);
    }
    const asked = (file: string) => site.hits.filter((hit) => hit.path === file);
    // A small picture is asked for once: its probe read it whole, and those bytes were written.
    for (let i = 0; i <= PAGES; i += 1) expect(asked(`/img/small-${i}.png`)).toHaveLength(1);
    // The large one is probed (a range), then downloaded whole...
    expect(asked('/img/big.png').map((hit) => hit.range)).toEqual([true, false]);
    // ...before the scan has asked for its last page, and never past the host's 2 requests at once.
    const download = asked('/img/big.png')[1]?.at ?? Number.POSITIVE_INFINITY;
    const lastPage = Math.max(...site.hits.filter((hit) => hit.path.endsWith('.html')).map((hit) => hit.at));
    expect(download).toBeLessThan(lastPage);
    expect(site.maxOpenWhole).toBe(2);
  });
});
