import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ANTD_MODULES } from 'shared-ui/design-system-sharing';
import { describe, expect, it } from 'vitest';
import { SHARED_MODULES } from '../../tooling/federation.mjs';
import { sharedProviders } from '../src/federation/sharedProviders.ts';
import * as SharedRouter from '../src/federation/sharedRouter.ts';

(globalThis as { __SHARED_VERSIONS__?: Record<string, string> }).__SHARED_VERSIONS__ = {};

const root = join(import.meta.dirname, '..', '..');
const REMOTE_FOLDERS = ['mfe-url-website', 'mfe-media', 'mfe-documents', 'mfe-account', 'shared-ui'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('what the shell shares with the remotes', () => {
  it('provides every share key the remotes are built to take from it, and nothing else', () => {
    expect(Object.keys(sharedProviders()).sort()).toEqual([...SHARED_MODULES].sort());
  });

  it('provides each antd module of the design system', () => {
    const designSystem = JSON.parse(
      readFileSync(join(root, 'shared-ui/src/design-system/antdModules.json'), 'utf8'),
    ) as Record<string, string>;
    expect(Object.keys(ANTD_MODULES).sort()).toEqual(Object.values(designSystem).sort());
  });

  it('hands the remotes every react-router-dom name they import', () => {
    const imported = new Set<string>();
    for (const folder of REMOTE_FOLDERS) {
      for (const file of sources(join(root, folder, 'src'))) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router-dom'/g)) {
          for (const name of (match[1] ?? '').split(',')) {
            const bare = name.trim().replace(/^type\s+/, '');
            if (bare && !name.trim().startsWith('type ')) imported.add(bare.split(/\s+as\s+/)[0] ?? bare);
          }
        }
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    const missing = [...imported].filter((name) => !(name in SharedRouter));
    expect(missing, `add these to shell/src/federation/sharedRouter.ts`).toEqual([]);
  });
});
