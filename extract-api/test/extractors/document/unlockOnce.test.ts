/**
 * The server unlocks a document once: decrypting a password-protected DOCX/PPTX derives a key
 * through up to 100,000 hash rounds, and the kind it answers must be the one it extracts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { readCorpus } from '../../../../tooling/corpus.mjs';
import { readDocumentImages } from '../../../src/extractors/document/index.ts';

// The engine's own module, by path (the one place a test reaches inside the engine): a spy on
// the package's export would miss a call `extractDocument` makes inside the engine.
const unlock = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../../../document-engine/src/documentKind.ts', async (importOriginal) => {
  const actual = await importOriginal<Pick<typeof import('document-engine'), 'unlockDocument'>>();
  return {
    ...actual,
    unlockDocument: (...args: Parameters<typeof actual.unlockDocument>) => {
      unlock.calls += 1;
      return actual.unlockDocument(...args);
    },
  };
});

const encrypted = () =>
  new Uint8Array(
    readFileSync(createRequire(import.meta.url).resolve('document-engine/fixtures/having-images-standard.docx')),
  );

describe('readDocumentImages', () => {
  it.each([
    ['a PDF', () => readCorpus('pdf/bug1755507.pdf'), undefined, 'pdf'],
    ['a password-protected DOCX', encrypted, 'Pässwort-15', 'docx'],
  ])('unlocks %s once, and extracts what it unlocked', async (_name, bytes, password, expected) => {
    unlock.calls = 0;
    const { kind, images } = await readDocumentImages(bytes(), { password });
    let count = 0;
    for await (const _ of images) count += 1;
    expect(kind).toBe(expected);
    expect(count).toBeGreaterThan(0);
    expect(unlock.calls).toBe(1);
  });
});
