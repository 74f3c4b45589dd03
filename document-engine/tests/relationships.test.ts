// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  parseContentTypes,
  parseRelationships,
  relationshipsPartName,
  resolvePartName,
} from '../src/core/ooxml/relationships.ts';
import { DocumentError } from '../src/errors.ts';
import { contentTypes, REL_IMAGE, rels } from './ooxmlFixtures.ts';

describe('relationships', () => {
  it.each([
    ['word/document.xml', 'media/image1.png', 'word/media/image1.png'],
    ['ppt/slides/slide1.xml', '../media/image1.png', 'ppt/media/image1.png'],
    ['ppt/slides/slide1.xml', '/ppt/media/image1.png', 'ppt/media/image1.png'],
    ['ppt/slides/slide1.xml', './../../ppt/media/./a.png#frag', 'ppt/media/a.png'],
    ['', 'word/document.xml', 'word/document.xml'],
  ])('should resolve a target of %s: %s', (source, target, expected) => {
    expect(resolvePartName(source, target)).toBe(expected);
  });

  it('should name the .rels part of a part and of the package', () => {
    expect(relationshipsPartName('word/document.xml')).toBe('word/_rels/document.xml.rels');
    expect(relationshipsPartName('')).toBe('_rels/.rels');
  });

  it('should read internal and external relationships, in file order', () => {
    const xml = rels([
      { id: 'rId2', type: 'image', target: '../media/image1.png' },
      { id: 'rId1', type: 'http://schemas.microsoft.com/office/2007/relationships/hdphoto', target: '../media/hd.wdp' },
      { id: 'rId3', type: 'image', target: 'https://example.com/a%20b.png', external: true },
    ]);
    const parsed = parseRelationships(xml, 'ppt/slides/slide1.xml');
    expect(parsed.list.map((r) => [r.id, r.kind, r.external, r.targetPart])).toEqual([
      ['rId2', 'image', false, 'ppt/media/image1.png'],
      ['rId1', 'hdphoto', false, 'ppt/media/hd.wdp'],
      ['rId3', 'image', true, undefined],
    ]);
    expect(parsed.byId.get('rId3')?.target).toBe('https://example.com/a%20b.png');
    expect(parsed.byId.get('rId2')?.type).toBe(REL_IMAGE);
  });

  it('should give content types by override, then by extension', () => {
    const types = parseContentTypes(contentTypes({ 'word/document.xml': 'application/main+xml' }));
    expect(contentTypeOf(types, 'word/document.xml')).toBe('application/main+xml');
    expect(contentTypeOf(types, 'word/media/a.PNG')).toBe('image/png');
    expect(contentTypeOf(types, 'word/media/a.wdp')).toBeUndefined();
  });

  it('should refuse malformed XML as an invalid document', () => {
    expect(() => parseRelationships('<Relationships><Relationship', 'word/document.xml')).toThrow(DocumentError);
  });
});
