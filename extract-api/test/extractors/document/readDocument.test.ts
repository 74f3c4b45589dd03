import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../../../tooling/corpus.mjs';
import { toHttpFailure } from '../../../src/errors.ts';
import { DocumentLimitError, readDocumentImages, uploadLimitFor } from '../../../src/extractors/document/index.ts';

describe('readDocumentImages', () => {
  it('should stop a document that outlives its time limit with a reason', async () => {
    const { kind, images } = await readDocumentImages(readCorpus('pdf/pdfjs_wikipedia.pdf'), {
      timeLimitMs: 0,
    });
    expect(kind).toBe('pdf');
    const failure = await (async () => {
      for await (const _ of images) {
        // drain
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DocumentLimitError);
    expect(toHttpFailure(failure)).toEqual({
      status: 422,
      message: expect.stringMatching(/took longer than 0 seconds/),
    });
  });

  it('should refuse bytes that are no document before any work, as unsupported', async () => {
    let thrown: unknown;
    try {
      await readDocumentImages(new TextEncoder().encode('just some text'));
    } catch (error) {
      thrown = error;
    }
    expect(toHttpFailure(thrown)).toMatchObject({ status: 415, code: 'unsupported' });
  });
});

describe('uploadLimitFor', () => {
  it('should hold a PDF to 100 MB, wherever in its first 1024 bytes the header is, and the rest to 50 MB', () => {
    const late = new Uint8Array(1100);
    late.set(new TextEncoder().encode('%PDF-1.4'), 1000);
    expect(uploadLimitFor(late)).toEqual({ maxBytes: 100 * 1024 * 1024, pdf: true });
    expect(uploadLimitFor(new TextEncoder().encode('PK\u0003\u0004'))).toEqual({
      maxBytes: 50 * 1024 * 1024,
      pdf: false,
    });
    const tooLate = new Uint8Array(1200);
    tooLate.set(new TextEncoder().encode('%PDF-1.4'), 1100);
    expect(uploadLimitFor(tooLate).pdf).toBe(false);
  });

  it('should hold a PDF that lost its header to the PDF limit, as the engine reads it as one', () => {
    const headless = new TextEncoder().encode('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
    expect(uploadLimitFor(headless)).toEqual({ maxBytes: 100 * 1024 * 1024, pdf: true });
  });
});
