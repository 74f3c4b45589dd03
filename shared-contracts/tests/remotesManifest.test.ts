import { describe, expect, it } from 'vitest';
import { checkRemotesManifest } from '../src/federation/remotesManifest.ts';
import { PATHS, REDIRECTS } from '../src/routes/paths.ts';

describe('checkRemotesManifest', () => {
  it('accepts a map of known remotes to entry URLs, and ignores other keys', () => {
    const checked = checkRemotesManifest({
      $comment: 'deployed 2026-11-25',
      remotes: {
        mfe_media: 'http://localhost:4302/mf-manifest.json',
        mfe_account: '/remotes/mfe-account/mf-manifest.json',
      },
    });
    expect(checked).toEqual({
      success: true,
      data: {
        remotes: {
          mfe_media: 'http://localhost:4302/mf-manifest.json',
          mfe_account: '/remotes/mfe-account/mf-manifest.json',
        },
      },
    });
  });

  it('refuses an unknown remote name, and says which', () => {
    const checked = checkRemotesManifest({ remotes: { mfe_other: '/x.json' } });
    expect(checked.success).toBe(false);
    expect(!checked.success && checked.error).toContain('"mfe_other" is not a remote of this site');
  });

  it('refuses an empty or non-string entry', () => {
    expect(checkRemotesManifest({ remotes: { mfe_media: '' } }).success).toBe(false);
    expect(checkRemotesManifest({ remotes: { mfe_media: 42 } }).success).toBe(false);
  });

  it('refuses what is not a manifest at all', () => {
    for (const value of [null, 'remotes', [], {}, { remotes: [] }, { remotes: null }]) {
      expect(checkRemotesManifest(value).success, JSON.stringify(value)).toBe(false);
    }
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
