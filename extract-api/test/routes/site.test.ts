import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
