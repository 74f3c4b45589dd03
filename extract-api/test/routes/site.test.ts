import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { REMOTE_FOLDERS } from 'shared-contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/routes/site/index.ts';
import { buildTestApp, tempDir, writeBuiltSite } from '../helper.ts';

describe('site hosting', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let app: FastifyInstance | undefined;

  beforeEach(async () => {
    ({ dir, remove } = await tempDir());
    await writeBuiltSite(dir);
  });
  afterEach(async () => {
    await app?.close();
    await remove();
  });

  it('should serve the embedded remotes.json pointing at remotes it hosts itself', async () => {
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true });
    const manifest = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(manifest.json()).toEqual({
      remotes: {
        mfe_url_website: '/remotes/mfe-url-website/remoteEntry.js',
        mfe_media: '/remotes/mfe-media/remoteEntry.js',
        mfe_documents: '/remotes/mfe-documents/remoteEntry.js',
        mfe_account: '/remotes/mfe-account/remoteEntry.js',
      },
    });
    const entry = await app.inject({ method: 'GET', url: '/remotes/mfe-media/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('mfe-media');
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('should serve an operator-provided remotes.json, re-read on every request', async () => {
    const file = path.join(dir, 'remotes.json');
    await writeFile(file, JSON.stringify({ remotes: { mfe_media: 'https://cdn.example/media/v1/remoteEntry.js' } }));
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true, remotesFile: file });
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
      remotes: { mfe_media: 'https://cdn.example/media/v1/remoteEntry.js' },
    });
    await writeFile(file, JSON.stringify({ remotes: { mfe_media: 'https://cdn.example/media/v2/remoteEntry.js' } }));
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
      remotes: { mfe_media: 'https://cdn.example/media/v2/remoteEntry.js' },
    });
  });

  it('should answer client-side routes with the shell, and unknown API paths with JSON 404', async () => {
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true });
    const page = await app.inject({ method: 'GET', url: '/image-extractor-pdf', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const api = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json<{ success: boolean }>().success).toBe(false);
  });

  it('should cache hashed assets for good and the entry page not at all', async () => {
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true });
    const asset = await app.inject({ method: 'GET', url: '/assets/App-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const index = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('should refuse to start when the site is not built', async () => {
    const empty = await tempDir();
    await expect(buildTestApp({ dataDir: empty.dir, siteDir: empty.dir, serveSite: true })).rejects.toThrow(
      /not built/,
    );
    await empty.remove();
  });
});

/** A page's Content-Security-Policy as directive → sources. */
function policyOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'the page has a Content-Security-Policy').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the headers of the site', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let app: FastifyInstance | undefined;
  const html = { accept: 'text/html' };

  beforeEach(async () => {
    ({ dir, remove } = await tempDir());
    await writeBuiltSite(dir);
  });
  afterEach(async () => {
    await app?.close();
    await remove();
  });

  it.each([
    ['the landing page', '/'],
    ['index.html itself', '/index.html'],
    ['a client-side route', '/image-extractor-pdf'],
    ['an unknown page (the shell says Page Not Found)', '/no/such/page'],
  ])(
    'should send %s under the policy, unframeable, unsniffable, without referrer or unused features',
    async (_, url) => {
      app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true });
      const page = await app.inject({ method: 'GET', url, headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const policy = policyOf(page);
      expect(policy['default-src']).toEqual(["'self'"]);
      // The embedded remotes are on this origin: 'self' is all it takes.
      expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['form-action']).toEqual(["'self'"]);
      expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['permissions-policy']).toContain('camera=()');
      expect(page.headers['permissions-policy']).toContain('microphone=()');
      expect(page.headers['permissions-policy']).toContain('geolocation=()');
      expect(page.headers['permissions-policy']).not.toContain('fullscreen');
    },
  );

  it("should allow the origins of an operator's remotes.json, as it is on each request", async () => {
    const file = path.join(dir, 'remotes.json');
    await writeFile(
      file,
      JSON.stringify({
        remotes: {
          mfe_media: 'https://cdn.example/media/v1/remoteEntry.js',
          mfe_documents: 'http://localhost:4303/mf-manifest.json',
          mfe_account: '/remotes/mfe-account/remoteEntry.js',
        },
      }),
    );
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true, remotesFile: file });
    const first = policyOf(await app.inject({ method: 'GET', url: '/', headers: html }));
    for (const directive of ['script-src', 'style-src', 'connect-src', 'worker-src', 'font-src']) {
      expect(first[directive], directive).toEqual(
        expect.arrayContaining(['https://cdn.example', 'http://localhost:4303']),
      );
    }
    // Origins only: never a path of the entry.
    expect(JSON.stringify(first)).not.toContain('/media/v1');
    expect(first['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:']);

    await writeFile(file, JSON.stringify({ remotes: { mfe_media: 'https://other-cdn.example/remoteEntry.js' } }));
    const second = policyOf(await app.inject({ method: 'GET', url: '/tools', headers: html }));
    expect(second['script-src']).toEqual(["'self'", 'https://other-cdn.example', "'wasm-unsafe-eval'"]);
  });

  it('should send pages without validators, so a browser never keeps a policy remotes.json no longer gives', async () => {
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true });
    for (const url of ['/', '/index.html', '/tools']) {
      const page = await app.inject({ method: 'GET', url, headers: html });
      expect(page.headers.etag, url).toBeUndefined();
      expect(page.headers['last-modified'], url).toBeUndefined();
      const again = await app.inject({
        method: 'GET',
        url,
        headers: { ...html, 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() },
      });
      expect(again.statusCode, url).toBe(200);
      expect(again.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('should serve a page that allows no remote origin when remotes.json cannot be read', async () => {
    const file = path.join(dir, 'remotes.json');
    await writeFile(file, '{ not json');
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true, remotesFile: file });
    const page = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(page.statusCode).toBe(200);
    expect(policyOf(page)['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('should send nosniff with scripts, API answers and 404s, and no page policy with them', async () => {
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true });
    for (const url of ['/assets/App-abc123.js', '/remotes/mfe-media/remoteEntry.js', '/api/health', '/api/nope']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toBeUndefined();
    }
  });

  it('should send nosniff with API answers when the site is not served', async () => {
    app = await buildTestApp({ dataDir: dir });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('what the site never serves', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let app: FastifyInstance | undefined;

  beforeEach(async () => {
    ({ dir, remove } = await tempDir());
    await writeBuiltSite(dir);
    const shellDist = path.join(dir, 'shell', 'dist');
    const mediaDist = path.join(dir, REMOTE_FOLDERS.mfe_media, 'dist');
    await mkdir(path.join(mediaDist, '.vite'), { recursive: true });
    await mkdir(path.join(mediaDist, 'assets'), { recursive: true });
    await writeFile(path.join(mediaDist, '.vite', 'manifest.json'), '{"src/main.ts":{}}');
    await writeFile(path.join(mediaDist, 'assets', 'page-abc.js.map'), '{"sources":["../src/page.ts"]}');
    await writeFile(path.join(mediaDist, 'mf-stats.json'), '{}');
    await writeFile(path.join(mediaDist, 'chunk-packages.json'), '{}');
    await writeFile(path.join(mediaDist, 'mf-manifest.json'), '{"id":"mfe_media"}');
    await writeFile(path.join(shellDist, '.env'), 'SECRET=1');
    await writeFile(path.join(shellDist, 'chunk-packages.json'), '{}');
    await writeFile(path.join(shellDist, 'assets', 'App-abc123.js.map'), '{}');
  });
  afterEach(async () => {
    await app?.close();
    await remove();
  });

  it.each([
    '/remotes/mfe-media/.vite/manifest.json',
    '/remotes/mfe-media/%2Evite/manifest.json',
    '/remotes/mfe-media/assets/../.vite/manifest.json',
    '/remotes/mfe-media/assets/page-abc.js.map',
    '/remotes/mfe-media/mf-stats.json',
    '/remotes/mfe-media/chunk-packages.json',
    '/.env',
    '/chunk-packages.json',
    '/assets/App-abc123.js.map',
  ])('should answer %s with 404, to a browser as to a script', async (url) => {
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true });
    for (const accept of ['*/*', 'text/html']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept } });
      expect(response.statusCode, `${url} (${accept})`).toBe(404);
      expect(response.body).not.toMatch(/src\/main|sources|SECRET|<div id="root">/);
    }
  });

  it('should still serve what the remotes need at run time', async () => {
    app = await buildTestApp({ dataDir: dir, siteDir: dir, serveSite: true });
    expect((await app.inject({ method: 'GET', url: '/remotes/mfe-media/mf-manifest.json' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/remotes/mfe-media/remoteEntry.js' })).statusCode).toBe(200);
  });
});

describe('contentSecurityPolicy', () => {
  it('should take no source from an entry that is not a plain http(s) origin', () => {
    const policy = contentSecurityPolicy({
      remotes: {
        mfe_media: 'javascript:alert(1)',
        mfe_documents: 'https://a;script-src/remoteEntry.js',
        mfe_account: 'data:text/javascript,alert(1)',
        mfe_url_website: '//cdn.example:8443/url/remoteEntry.js',
      },
    });
    expect(policy).toContain("script-src 'self' cdn.example:8443 'wasm-unsafe-eval'");
    expect(policy).not.toMatch(/alert|a;script-src|data:text/);
    expect(policy.split(';').filter((directive) => directive.trim().startsWith('script-src'))).toHaveLength(1);
  });
});

describe('GET /api/health', () => {
  it('should say the service is up', async () => {
    const { dir, remove } = await tempDir();
    const app = await buildTestApp({ dataDir: dir });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
    await app.close();
    await remove();
  });

  it('should document the API as OpenAPI', async () => {
    const { dir, remove } = await tempDir();
    const app = await buildTestApp({ dataDir: dir });
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/contact']));
    await app.close();
    await remove();
  });
});
