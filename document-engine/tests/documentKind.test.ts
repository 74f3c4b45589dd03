// @vitest-environment node
/** The engine's front door: every corpus file is recognised by its bytes, and others are refused. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusPath, readCorpus } from '../../tooling/corpus.mjs';
import { DocumentError, extractDocument, sniffDocumentKind } from '../src/index.ts';

const kinds = ['pdf', 'docx', 'pptx', 'doc', 'ppt'] as const;

describe('sniffDocumentKind on the corpus', () => {
  for (const kind of kinds) {
    it(`recognises every .${kind} file`, () => {
      const files = readdirSync(corpusPath(kind));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const bytes = readCorpus(`${kind}/${file}`);
        // The encrypted DOCX is a compound file; the OOXML reader reports it.
        const expected = file === 'bug53475-password-is-pass.docx' ? 'docx' : kind;
        expect(sniffDocumentKind(bytes), file).toBe(expected);
      }
    });
  }
});

describe('extractDocument', () => {
  it('refuses bytes that are no document', async () => {
    const run = extractDocument(new TextEncoder().encode('just some text, not a document at all'));
    await expect(run.next()).rejects.toBeInstanceOf(DocumentError);
  });

  it('finds a PDF header after leading junk, as PDF readers do', () => {
    const bytes = new TextEncoder().encode(`${' '.repeat(100)}%PDF-1.4\n`);
    expect(sniffDocumentKind(bytes)).toBe('pdf');
  });
});
