import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

describe("the root entry's first load", () => {
  // What `import { accountStore } from 'browser-services'` downloads: the modules its static imports
  // reach. zod (through shared-contracts' schemas) and the PBKDF2 code must be behind an import().
  const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'([^']+)'/gms;

  async function staticGraph(entry: URL): Promise<{ files: Set<string>; packages: Set<string> }> {
    const files = new Set<string>();
    const packages = new Set<string>();
    const visit = async (url: URL) => {
      if (files.has(url.pathname)) return;
      files.add(url.pathname);
      const source = await readFile(url, 'utf8');
      for (const [, specifier = ''] of source.matchAll(STATIC_IMPORT)) {
        if (specifier.startsWith('.')) await visit(new URL(specifier, url));
        else packages.add(specifier);
      }
    };
    await visit(entry);
    return { files, packages };
  }

  it('reaches neither zod, nor the schemas, nor the hashing code', async () => {
    const { files, packages } = await staticGraph(new URL('../src/index.ts', import.meta.url));
    expect([...files].some((file) => file.endsWith('/account/storage.ts'))).toBe(true);
    expect([...files].filter((file) => /\/(schemas|password)\.ts$/.test(file))).toEqual([]);
    // Only shared-contracts' zod-free entry points (the root one bundles the schemas).
    expect([...packages].filter((name) => /^(zod|shared-contracts$)/.test(name))).toEqual([]);
  });
});
