import { describe, expect, it } from 'vitest';
import { RemotesManifestSchema } from '../src/federation/remotesManifest.ts';
import { PATHS, REDIRECTS } from '../src/routes/paths.ts';

describe('RemotesManifestSchema', () => {
  it('accepts a map of known remotes to entry URLs', () => {
    const manifest = RemotesManifestSchema.parse({
      remotes: {
        mfe_media: 'http://localhost:4302/mf-manifest.json',
        mfe_account: '/remotes/mfe-account/mf-manifest.json',
      },
    });
    expect(manifest.remotes.mfe_media).toBe('http://localhost:4302/mf-manifest.json');
  });

  it('refuses an unknown remote name', () => {
    expect(RemotesManifestSchema.safeParse({ remotes: { mfe_other: '/x.json' } }).success).toBe(false);
  });

  it('refuses an empty entry', () => {
    expect(RemotesManifestSchema.safeParse({ remotes: { mfe_media: '' } }).success).toBe(false);
  });
});

describe('REDIRECTS', () => {
  it('only ever points at a route of the table', () => {
    const routes = new Set<string>(Object.values(PATHS));
    for (const target of Object.values(REDIRECTS)) expect(routes.has(target)).toBe(true);
  });

  it('never redirects a route of the table (no loops)', () => {
    for (const path of Object.values(PATHS)) expect(REDIRECTS[path]).toBeUndefined();
  });
});
