// @vitest-environment node
/** Damaged PDFs: truncated, bytes flipped, hostile nesting. Only DocumentErrors, never a crash or a hang. */
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { extractPdf } from '../src/core/pdf/extractPdf.ts';
import { DocumentError } from '../src/errors.ts';

async function outcome(bytes: Uint8Array): Promise<string> {
  try {
    let count = 0;
    for await (const _ of extractPdf(bytes)) count++;
    return `ok ${count}`;
  } catch (error) {
    if (error instanceof DocumentError) return error.code;
    throw error;
  }
}

/** A small deterministic generator for the damage positions. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('damaged PDFs', () => {
  it('should survive hostile syntax', async () => {
    const hostile = [
      `%PDF-1.4\n1 0 obj ${'['.repeat(100_000)} endobj trailer << /Root 1 0 R >>`,
      `%PDF-1.4\n1 0 obj ${')'.repeat(200_000)}${'}'.repeat(200_000)} endobj`,
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 1 0 R >> endobj trailer << /Root 1 0 R >>',
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj 2 0 obj << /Type /Pages /Kids [2 0 R 2 0 R] >> endobj trailer << /Root 1 0 R >>',
      '%PDF-1.4\nstartxref 999999999 %%EOF',
    ];
    for (const text of hostile) {
      const result = await outcome(Uint8Array.from(text, (c) => c.charCodeAt(0)));
      expect(result).toMatch(/^(ok \d+|invalid|too-large|unsupported)$/);
    }
  });

  it('should give images or a DocumentError for truncated and corrupted corpus files', async () => {
    const next = random(42);
    for (const name of [
      'issue1350.pdf',
      'bug900822.pdf',
      'pdfjs_wikipedia.pdf',
      'images_1bit_grayscale.pdf',
      'S2.pdf',
    ]) {
      const original = readCorpus(`pdf/${name}`);
      for (let trial = 0; trial < 6; trial++) {
        const cut = original.subarray(0, Math.floor(original.length * next()));
        expect(await outcome(cut)).toMatch(/^(ok \d+|invalid|too-large|unsupported|password-required)$/);
        const flipped = new Uint8Array(original);
        for (let k = 0; k < 20; k++) flipped[Math.floor(next() * flipped.length)] = Math.floor(next() * 256);
        expect(await outcome(flipped)).toMatch(/^(ok \d+|invalid|too-large|unsupported|password-required)$/);
      }
    }
  }, 120_000);
});
