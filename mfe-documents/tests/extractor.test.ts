// @vitest-environment node
import { readFileSync } from 'node:fs';
import { type DocumentImage, sniffDocumentKind } from 'document-engine';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../tooling/corpus.mjs';
import { documentExtractor, readFileAhead } from '../src/extractor/documentEvents.ts';
import { hasBytesToZip, placeText, toDocumentResult } from '../src/extractor/documentResult.ts';
import { DOCX_PAGE, declaredAsKind, matchesKind, PDF_PAGE, PPT_PAGE } from '../src/extractor/pageConfigs.ts';
import { emfForRtfJs, metafileBox, previewPixels } from '../src/preview/metafileSize.ts';

const read = (path: string) => new Uint8Array(readFileSync(corpusPath(path)));
/** As the screen does: the Worker reads the kind, the page checks it against its own kinds. */
const matches = (page: typeof PDF_PAGE, bytes: Uint8Array, name: string) =>
  matchesKind(page, sniffDocumentKind(bytes), bytes.subarray(0, 8), name);

describe('which files a page takes', () => {
  it('by declared type or name first', () => {
    expect(declaredAsKind(PDF_PAGE, { name: 'a.PDF', type: '' })).toBe(true);
    expect(declaredAsKind(PDF_PAGE, { name: 'scan', type: 'application/pdf' })).toBe(true);
    expect(declaredAsKind(PDF_PAGE, { name: 'a.docx', type: '' })).toBe(false);
    expect(declaredAsKind(DOCX_PAGE, { name: 'old.doc', type: '' })).toBe(true);
    expect(declaredAsKind(PPT_PAGE, { name: 'deck.key', type: 'application/vnd.ms-powerpoint' })).toBe(true);
    expect(declaredAsKind(PPT_PAGE, { name: 'a.docx', type: '' })).toBe(false);
  });

  it('then by what the bytes are, whatever the name says', () => {
    expect(matches(PDF_PAGE, read('pdf/issue1350.pdf'), 'x.pdf')).toBe(true);
    expect(matches(PDF_PAGE, read('docx/WithGIF.docx'), 'x.pdf')).toBe(false);
    expect(matches(DOCX_PAGE, read('doc/two_images.doc'), 'x.docx')).toBe(true);
    expect(matches(DOCX_PAGE, read('pptx/shp-picture.pptx'), 'x.docx')).toBe(false);
    expect(matches(PPT_PAGE, read('ppt/backgrounds.ppt'), 'x.pptx')).toBe(true);
    expect(matches(PPT_PAGE, read('doc/two_images.doc'), 'x.ppt')).toBe(false);
    expect(matches(PDF_PAGE, new TextEncoder().encode('hello'), 'x.pdf')).toBe(false);
  });

  it('an encrypted OOXML package named .pptx is let through on the PowerPoint page only', () => {
    const encrypted = read('docx/bug53475-password-is-pass.docx');
    expect(matches(PPT_PAGE, encrypted, 'deck.pptx')).toBe(true);
    expect(matches(PPT_PAGE, encrypted, 'deck.ppt')).toBe(false);
    // A plain DOCX renamed .pptx is a ZIP, not a compound file: refused.
    expect(matches(PPT_PAGE, read('docx/WithGIF.docx'), 'deck.pptx')).toBe(false);
  });
});

describe('a chosen file read ahead', () => {
  /** A file that counts its reads. */
  class CountedFile extends Blob {
    reads = 0;
    override arrayBuffer() {
      this.reads += 1;
      return super.arrayBuffer();
    }
  }
  const drain = async (events: AsyncIterable<unknown>) => {
    for await (const _ of events);
  };

  it('is read once, when chosen; the Worker gets those bytes, and a second run reads the file again', async () => {
    const pdf = read('pdf/issue1350.pdf');
    const file = new CountedFile([pdf]);
    const given: Uint8Array[] = [];
    const extractor = documentExtractor(
      () => undefined,
      async (bytes) => {
        given.push(new Uint8Array(bytes));
      },
    );
    readFileAhead(file);
    readFileAhead(file);
    expect(file.reads).toBe(1);
    const input = { file: file as unknown as File, expectedKind: 'pdf' as const };
    await drain(extractor(input, new AbortController().signal));
    expect(file.reads).toBe(1);
    // A password asked for: the same file again, read again (the first bytes went to the Worker).
    await drain(extractor(input, new AbortController().signal));
    expect(file.reads).toBe(2);
    expect(given.map((bytes) => Buffer.from(bytes).equals(Buffer.from(pdf)))).toEqual([true, true]);
  });
});

describe('where a card says an image is', () => {
  const base = { id: '1', name: 'a.png', url: 'blob:x', source: 'pdf' as const };
  it('pages, slides and roles', () => {
    expect(placeText({ ...base, pageNumbers: [3] })).toBe('Page 3');
    expect(placeText({ ...base, pageNumbers: [1, 2, 5] })).toBe('Pages 1, 2, 5');
    expect(placeText({ ...base, slideNumbers: [4], role: 'layout' })).toBe('Slide 4 · Layout');
    expect(placeText({ ...base, role: 'body' })).toBeUndefined();
    const many = Array.from({ length: 15 }, (_, i) => i + 1);
    expect(placeText({ ...base, pageNumbers: many })).toBe('Pages 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 3 more');
  });
});

describe('Download All', () => {
  const found = (name: string, linkedUrl?: string) => ({
    name,
    format: 'PNG',
    mimeType: 'image/png',
    bytes: new Uint8Array(linkedUrl ? 0 : 8),
    ...(linkedUrl ? { linkedUrl } : {}),
  });
  const result = (image: ReturnType<typeof found>, index: number) =>
    // A minimal engine image: only the fields the record reads.
    toDocumentResult(image as unknown as DocumentImage, index, 'docx', (name) => name);

  it('is offered when one image has bytes, not when every image is only linked', () => {
    const linked = [found('a.png', 'https://example.com/a.png'), found('b.png', 'https://example.com/b.png')];
    expect(hasBytesToZip(linked.map(result))).toBe(false);
    expect(hasBytesToZip([...linked, found('c.png')].map(result))).toBe(true);
    expect(hasBytesToZip([])).toBe(false);
  });
});

describe('metafile previews', () => {
  // Built here: the header fields the preview reads, at the offsets MS-EMF and MS-WMF give.
  function emfHeader(bounds: [number, number, number, number], description?: { chars: number; offset: number }) {
    const bytes = new Uint8Array(116);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, 1, true);
    view.setUint32(4, 116, true);
    for (const [i, v] of bounds.entries()) view.setInt32(8 + i * 4, v, true);
    if (description) {
      view.setUint32(60, description.chars, true);
      view.setUint32(64, description.offset, true);
      bytes.fill(0x41, description.offset, description.offset + description.chars * 2);
    }
    return bytes;
  }

  it('reads the frame of an EMF and of a placeable WMF', () => {
    expect(metafileBox(emfHeader([300, -616, 490, -501]), 'EMF')).toEqual({
      left: 300,
      top: -616,
      width: 191,
      height: 116,
    });
    const wmf = new Uint8Array(22);
    const view = new DataView(wmf.buffer);
    view.setUint32(0, 0x9ac6cdd7, true);
    for (const [i, v] of [-1821, -2387, 64, -365].entries()) view.setInt16(6 + i * 2, v, true);
    expect(metafileBox(wmf, 'WMF')).toEqual({ left: -1821, top: -2387, width: 1885, height: 2022 });
    expect(metafileBox(new Uint8Array(8), 'WMF')).toBeUndefined();
  });

  it('sizes a preview to the frame, long side bounded', () => {
    expect(previewPixels({ width: 263, height: 184 }, 1200)).toEqual({ width: 1200, height: 840 });
    expect(previewPixels({ width: 10, height: 4000 }, 1200)).toEqual({ width: 3, height: 1200 });
  });

  it('hides a description that sits where rtf.js expects the OpenGL flag, in a copy only', () => {
    const original = emfHeader([0, 0, 10, 10], { chars: 13, offset: 88 });
    const copy = emfForRtfJs(original);
    expect([...copy.subarray(88, 100)].every((b) => b === 0)).toBe(true);
    expect(original[96]).toBe(0x41);
    const plain = emfHeader([0, 0, 10, 10]);
    expect(emfForRtfJs(plain)).toEqual(plain);
  });
});
