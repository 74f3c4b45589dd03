/**
 * The built server serving the built site (`npm start`): every page carries the policy the
 * composed site runs under, with the remotes.json being served; every file carries nosniff; no
 * dotfile and no build report of the built apps is served.
 * Needs `pnpm run build` at the root first, and says so when the site is not built.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_FOLDERS } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from './builtServer.ts';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SHELL_DIST = path.join(repoDir, 'shell', 'dist');
const APPS = [
  { prefix: '/', dist: SHELL_DIST },
  ...Object.values(REMOTE_FOLDERS).map((folder) => ({
    prefix: `/remotes/${folder}/`,
    dist: path.join(repoDir, folder, 'dist'),
  })),
];

function requireBuiltSite(): void {
  const missing = [
    path.join(SHELL_DIST, 'index.html'),
    ...APPS.slice(1).map((app) => path.join(app.dist, 'remoteEntry.js')),
  ].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`the site is not built (${missing.join(', ')} missing): run \`pnpm run build\` at the root first.`);
  }
}

/** Every file below `dir`, dotfiles included, as paths relative to it with `/`. */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const isHiddenOrReport = (file: string) =>
  file.split('/').some((segment) => segment.startsWith('.')) ||
  file.endsWith('.map') ||
  ['mf-stats.json', 'chunk-packages.json'].includes(path.posix.basename(file));

function policyOf(response: Response): Record<string, string[]> {
  const header = response.headers.get('content-security-policy');
  expect(header, `${response.url} has a Content-Security-Policy`).toBeTypeOf('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the built site as served by the built server', () => {
  let server: BuiltServer;
  let dir: string;
  let remotesFile: string;

  beforeAll(async () => {
    requireBuiltSite();
    dir = await mkdtemp(path.join(tmpdir(), 'site-headers-'));
    remotesFile = path.join(dir, 'remotes.json');
    await writeFile(remotesFile, JSON.stringify({ remotes: { mfe_media: '/remotes/mfe-media/remoteEntry.js' } }));
    server = await startBuiltServer({
      EXTRACT_API_SERVE_SITE: '1',
      EXTRACT_API_REMOTES_FILE: remotesFile,
      EXTRACT_API_DATA_DIR: path.join(dir, 'data'),
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('should send every page under the policy, unframeable and unsniffable', async () => {
    for (const url of ['/', '/image-extractor-pdf', '/no/such/page']) {
      const page = await fetch(`${server.base}${url}`, { headers: { accept: 'text/html' } });
      expect(page.status, url).toBe(200);
      const policy = policyOf(page);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('permissions-policy')).toContain('camera=()');
    }
  });

  it('should build a shell page that needs no inline script and nothing from another origin', async () => {
    const html = await (await fetch(`${server.base}/`, { headers: { accept: 'text/html' } })).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes, 'every script of the shell is a file').toMatch(/\bsrc="\/[^/]/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    for (const [, url] of html.matchAll(/\b(?:src|href)="([^"]+)"/g)) expect(url).toMatch(/^\/[^/]/);
  });

  it('should name the origins of the remotes.json it serves, re-read on each request', async () => {
    await writeFile(
      remotesFile,
      JSON.stringify({
        remotes: {
          mfe_media: 'http://localhost:4302/remoteEntry.js',
          mfe_documents: 'https://cdn.example/documents/2.0.0/remoteEntry.js',
        },
      }),
    );
    const policy = policyOf(await fetch(`${server.base}/`, { headers: { accept: 'text/html' } }));
    for (const directive of ['script-src', 'style-src', 'connect-src', 'worker-src']) {
      expect(policy[directive], directive).toEqual(
        expect.arrayContaining(['http://localhost:4302', 'https://cdn.example']),
      );
    }
    expect(JSON.stringify(policy)).not.toContain('/documents/');
  });

  it('should serve no dotfile and no build report of the built apps, and every other file with nosniff', async () => {
    const viteManifest = path.join(repoDir, REMOTE_FOLDERS.mfe_media, 'dist', '.vite', 'manifest.json');
    expect(existsSync(viteManifest), 'the remotes are built with a .vite/manifest.json').toBe(true);
    const refused: string[] = [];
    let served = 0;
    for (const app of APPS) {
      for (const file of await filesBelow(app.dist)) {
        // The shell's dev-time remotes.json is answered by the server's own route.
        if (app.dist === SHELL_DIST && file === 'remotes.json') continue;
        const url = `${server.base}${app.prefix}${file}`;
        const response = await fetch(url);
        await response.arrayBuffer();
        if (isHiddenOrReport(file)) {
          expect(response.status, url).toBe(404);
          refused.push(url);
        } else {
          expect(response.status, url).toBe(200);
          expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
          served += 1;
        }
      }
    }
    expect(refused).toContain(`${server.base}/remotes/mfe-media/.vite/manifest.json`);
    expect(served).toBeGreaterThan(100);
    const asBrowser = await fetch(`${server.base}/remotes/mfe-media/.vite/manifest.json`, {
      headers: { accept: 'text/html' },
    });
    expect(asBrowser.status).toBe(404);
    expect(await asBrowser.text()).not.toContain('remoteEntry');
  });

  it('should send nosniff with API answers', async () => {
    const health = await fetch(`${server.base}/api/health`);
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
