// @vitest-environment node
/**
 * What a metafile draws (metafileContent), by kind of record: the corpus's empty EMF (a header
 * and EOF, bug65228.pptx), its text-only and text-and-blit EMFs (Excel and Word OLE previews in
 * word_with_embeded.doc, FloatingPictures.doc), a bitmap wrapper (picture.doc), shapes only
 * (VariousPictures.docx); and built metafiles, EMF+ included, cut and garbled ones.
 */
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { metafileContent } from '../src/core/metafile/index.ts';
import { extractDocument } from '../src/index.ts';
import { emf, emfPlusComment, emfPlusRecord, emfRecord, wmf, wmfRecord } from './metafileFixtures.ts';

async function metafileOf(key: string, name: string): Promise<Uint8Array> {
  for await (const image of extractDocument(readCorpus(key))) if (image.name === name) return image.bytes;
  throw new Error(`${key} has no picture named ${name}`);
}

describe('metafileContent on the corpus', () => {
  it.each([
    // key, picture, format, drawing, text, blits (counted from the records by hand, MS-EMF 2.1.1)
    ['pptx/bug65228.pptx', 'image1.emf', 'EMF', 0, 0, 0],
    ['doc/word_with_embeded.doc', 'image4.emf', 'EMF', 6, 6, 0],
    ['doc/word_with_embeded.doc', 'image1.emf', 'EMF', 18, 2, 8],
    ['doc/FloatingPictures.doc', 'image16.emf', 'EMF', 30, 12, 9],
    ['doc/picture.doc', 'image1.emf', 'EMF', 1, 0, 1],
    ['docx/VariousPictures.docx', 'image3.emf', 'EMF', 85, 0, 0],
    ['docx/VariousPictures.docx', 'image1.wmf', 'WMF', 90, 0, 0],
    ['docx/drawing.docx', 'image1.wmf', 'WMF', 3, 1, 2],
  ] as const)('%s %s', async (key, name, format, drawing, text, blits) => {
    expect(metafileContent(await metafileOf(key, name), format)).toEqual({ drawing, text, blits });
  });
});

describe('metafileContent on built metafiles', () => {
  const rectangle = emfRecord(0x2b, new Uint8Array(16));
  const textOut = emfRecord(0x54, new Uint8Array(68));
  it('EMF: an empty one, shapes, text, and EMF+ drawing inside comments', () => {
    expect(metafileContent(emf(), 'EMF')).toEqual({ drawing: 0, text: 0, blits: 0 });
    // state records only (SETTEXTCOLOR, SAVEDC) draw nothing
    expect(metafileContent(emf(emfRecord(0x18, new Uint8Array(4)), emfRecord(0x21, new Uint8Array(0))), 'EMF')).toEqual(
      { drawing: 0, text: 0, blits: 0 },
    );
    expect(metafileContent(emf(rectangle, textOut, textOut), 'EMF')).toEqual({ drawing: 3, text: 2, blits: 0 });
    const plus = emfPlusComment(
      emfPlusRecord(0x4001, 0, new Uint8Array(16)), // Header: draws nothing
      emfPlusRecord(0x400a, 0, new Uint8Array(8)), // FillRects
      emfPlusRecord(0x401c, 0, new Uint8Array(8)), // DrawString
      emfPlusRecord(0x401a, 0, new Uint8Array(8)), // DrawImage
    );
    expect(metafileContent(emf(plus), 'EMF')).toEqual({ drawing: 3, text: 1, blits: 1 });
  });

  it('WMF, placeable or not: an empty one, shapes, text', () => {
    expect(metafileContent(wmf([]), 'WMF')).toEqual({ drawing: 0, text: 0, blits: 0 });
    const records = [wmfRecord(0x041b, new Uint8Array(8)), wmfRecord(0x0521, new Uint8Array(8))];
    expect(metafileContent(wmf(records), 'WMF')).toEqual({ drawing: 2, text: 1, blits: 0 });
    expect(metafileContent(wmf(records, false), 'WMF')).toEqual({ drawing: 2, text: 1, blits: 0 });
  });

  it('not a metafile, cut short or with a damaged record size: what came before counts, nothing throws', () => {
    expect(metafileContent(new Uint8Array(0), 'EMF')).toEqual({ drawing: 0, text: 0, blits: 0 });
    expect(metafileContent(new TextEncoder().encode('not a metafile at all, just text'), 'WMF')).toEqual({
      drawing: 0,
      text: 0,
      blits: 0,
    });
    const whole = emf(rectangle, textOut);
    expect(metafileContent(whole.subarray(0, 88 + rectangle.length + 10), 'EMF')).toEqual({
      drawing: 1,
      text: 0,
      blits: 0,
    });
    const damaged = whole.slice();
    new DataView(damaged.buffer).setUint32(88 + rectangle.length + 4, 0xfffffff0, true);
    expect(metafileContent(damaged, 'EMF')).toEqual({ drawing: 1, text: 0, blits: 0 });
  });
});
