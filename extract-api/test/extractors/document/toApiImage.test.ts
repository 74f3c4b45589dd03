/**
 * A container's picture in the API's shape: where it was (sheet and cell, chapter, e-mail part,
 * address) carried over, a text longer than the answer's bound cut to it, a chapter that is no
 * positive whole number left out, so that every answer parses as DocumentApiImageSchema.
 */
import type { DocumentImage } from 'document-engine';
import { DocumentApiImageSchema, TEXT_FACT_MAX_CHARS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { toApiImage } from '../../../src/extractors/document/toApiImage.ts';

const picture = (facts: Partial<DocumentImage>): DocumentImage => ({
  name: 'a.png',
  bytes: new Uint8Array([1, 2, 3]),
  format: 'PNG',
  mimeType: 'image/png',
  ...facts,
});

describe('toApiImage of a container’s picture', () => {
  it('should carry sheet, cell, chapter, chapter title, Content-ID, file name and address', () => {
    const image = toApiImage(
      picture({
        sheet: 'Sales',
        cell: 'B4',
        chapter: 3,
        chapterTitle: 'Three',
        contentId: 'logo@example',
        fileName: 'logo.png',
        sourceUrl: 'https://example.org/logo.png',
      }),
      'a.png',
      'data:image/png;base64,AQID',
    );
    expect(DocumentApiImageSchema.parse(image)).toMatchObject({
      pageNumber: 1,
      sheet: 'Sales',
      cell: 'B4',
      chapter: 3,
      chapterTitle: 'Three',
      contentId: 'logo@example',
      fileName: 'logo.png',
      sourceUrl: 'https://example.org/logo.png',
    });
  });

  it('should cut a text past the bound and leave out empty texts and a chapter that is not a positive whole number', () => {
    const long = `https://example.org/${'a'.repeat(100_000)}`;
    for (const chapter of [0, -1, 1.5]) {
      const image = toApiImage(picture({ sourceUrl: long, sheet: '', chapter }), 'a.png', 'data:image/png;base64,AQID');
      const parsed = DocumentApiImageSchema.parse(image);
      expect(parsed.sourceUrl).toBe(long.slice(0, TEXT_FACT_MAX_CHARS));
      expect('sheet' in parsed || 'chapter' in parsed).toBe(false);
    }
  });

  it('should give a document’s picture none of these fields', () => {
    const image = toApiImage(picture({ pageNumbers: [2, 5] }), 'a.png', 'data:image/png;base64,AQID');
    expect(Object.keys(image).sort()).toEqual(
      ['format', 'mimeType', 'name', 'pageNumber', 'pageNumbers', 'size', 'url'].sort(),
    );
    expect(image.pageNumber).toBe(2);
  });
});
