/**
 * What the built command line loads to read a website: a static site's pages need neither undici's
 * whole package (fetch, WebSocket, caches, mocks) nor the CSS parser when no CSS names an image. Every
 * module file the process loads is listed (ES modules through a loader hook, CommonJS from the require
 * cache); a page whose inline style names an image shows the CSS parser is seen when it is loaded.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './fixtures/images.ts';

const run = promisify(execFile);
const builtCli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.MODULES_LOG, url + '\\n');
  return next(url, context);
}`;
const PRELOAD = (hooks: string) => `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(${JSON.stringify(hooks)});
const require = createRequire(import.meta.url);
process.on('exit', () => appendFileSync(process.env.MODULES_LOG, Object.keys(require.cache).join('\\n') + '\\n'));`;

const PAGES: Record<string, string> = {
  '/': '<!doctype html><body><img src="/a.png"><a href="/plain.html">plain</a></body>',
  '/plain.html': '<!doctype html><body><p style="color: red">text</p><img src="/a.png"></body>',
  '/styled.html': '<!doctype html><body><div style="background-image: url(/b.png)">x</div></body>',
};

let server: http.Server;
let origin: string;
let dir: string;
let preload: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cli-modules-'));
  await writeFile(path.join(dir, 'hooks.mjs'), HOOKS);
  preload = path.join(dir, 'preload.mjs');
  await writeFile(preload, PRELOAD(pathToFileURL(path.join(dir, 'hooks.mjs')).href));
  server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const page = PAGES[pathname];
    if (page) return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (pathname.endsWith('.png')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png(8, 6));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** The module files one website read loaded, and what it printed. */
async function modulesOf(startPath: string): Promise<{ modules: string[]; stdout: string }> {
  const log = path.join(dir, `modules-${startPath.replace(/\W/g, '_')}.log`);
  const { stdout } = await run(
    process.execPath,
    ['--import', pathToFileURL(preload).href, builtCli, `${origin}${startPath}`, '--website', '--depth', '1'],
    { env: { ...process.env, EXTRACT_API_ALLOW_LOOPBACK: '1', MODULES_LOG: log } },
  );
  return { modules: (await readFile(log, 'utf8')).split('\n').filter(Boolean), stdout };
}

const isUndiciIndex = (file: string) => /[/\\]undici[/\\]index\.js$/.test(file);
const isCssTree = (file: string) => /[/\\]css-tree[/\\]/.test(file);

describe('the command line reading a website', () => {
  it('loads only the parts of undici it uses, and no CSS parser when no CSS names an image', async () => {
    const { modules, stdout } = await modulesOf('/');
    expect(stdout).toContain(`${origin}/a.png`);
    // the list is real: undici's own files and the HTML parser were loaded and seen
    expect(modules.some((file) => /[/\\]undici[/\\]lib[/\\]dispatcher[/\\]agent\.js$/.test(file))).toBe(true);
    expect(modules.some((file) => /[/\\]htmlparser2[/\\]/.test(file))).toBe(true);
    expect(modules.filter(isUndiciIndex)).toEqual([]);
    expect(modules.filter(isCssTree)).toEqual([]);
  }, 60_000);

  it('loads the CSS parser once an inline style names an image', async () => {
    const { modules, stdout } = await modulesOf('/styled.html');
    expect(stdout).toContain(`${origin}/b.png`);
    expect(modules.some(isCssTree)).toBe(true);
  }, 60_000);
});
