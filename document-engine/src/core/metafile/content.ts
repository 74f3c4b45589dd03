/**
 * What a metafile draws, by kind of record: for a preview, to tell a picture of nothing (no record
 * that puts anything on the page: "This EMF picture is empty") from one a renderer failed on, and
 * to know when a renderer that skips text or bitmaps (rtf.js skips both in an EMF) cannot draw
 * all of it. One bounded pass over the records, like the bitmap walk; damage ends it.
 */
import { u16, u32 } from '../bytes.ts';
import { isEmf } from './emf.ts';

export type MetafileContent = {
  /** Records that put something on the page: shapes, fills, text, bitmaps (EMF+ ones included). */
  drawing: number;
  /** Of those, text records. */
  text: number;
  /** Of those, bit-block transfers (bitmaps, and the pattern fills GDI draws as blits). */
  blits: number;
};

const EMR_EOF = 0x0e;
const EMR_COMMENT = 0x46;
const EMF_PLUS = 0x2b464d45; // "EMF+"

/** MS-EMF 2.1.1: every record type that draws, in the order of the specification's table. */
const EMF_DRAWING = new Set([
  0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0f, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x35, 0x36, 0x37, 0x38,
  0x3e, 0x3f, 0x40, 0x47, 0x48, 0x49, 0x4a, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x76,
]);
const EMF_TEXT = new Set([0x53, 0x54, 0x60, 0x61, 0x6c]);
const EMF_BLITS = new Set([0x4c, 0x4d, 0x4e, 0x4f, 0x50, 0x51, 0x72, 0x74]);

/** MS-EMFPLUS 2.1.1.1: Clear, the Draw and Fill records, DrawImage(Points), DrawString, DrawDriverString. */
const EMF_PLUS_DRAWING = new Set([
  0x4009, 0x400a, 0x400b, 0x400c, 0x400d, 0x400e, 0x400f, 0x4010, 0x4011, 0x4012, 0x4013, 0x4014, 0x4015, 0x4016,
  0x4017, 0x4018, 0x4019, 0x401a, 0x401b, 0x401c, 0x4036,
]);
const EMF_PLUS_TEXT = new Set([0x401c, 0x4036]);
const EMF_PLUS_IMAGES = new Set([0x401a, 0x401b]);

/** MS-WMF 2.1.1.1: the record functions that draw. */
const WMF_DRAWING = new Set([
  0x0817, 0x0830, 0x0418, 0x0548, 0x0419, 0x0228, 0x0429, 0x012a, 0x012b, 0x0213, 0x061d, 0x081a, 0x0324, 0x0325,
  0x0538, 0x041b, 0x061c, 0x041f,
]);
const WMF_TEXT = new Set([0x0521, 0x0a32]);
const WMF_BLITS = new Set([0x0922, 0x0940, 0x0b23, 0x0b41, 0x0f43, 0x0d33]);

const PLACEABLE_KEY = 0x9ac6cdd7;
const PLACEABLE_BYTES = 22;

/** What the metafile draws; all zero when it is not one this reader knows (or is empty). */
export function metafileContent(bytes: Uint8Array, format: 'EMF' | 'WMF'): MetafileContent {
  return format === 'EMF' ? emfContent(bytes) : wmfContent(bytes);
}

function emfContent(bytes: Uint8Array): MetafileContent {
  const content: MetafileContent = { drawing: 0, text: 0, blits: 0 };
  if (!isEmf(bytes)) return content;
  let at = 0;
  while (at + 8 <= bytes.length) {
    const type = u32(bytes, at);
    const size = u32(bytes, at + 4);
    if (size < 8 || at + size > bytes.length) break;
    if (EMF_TEXT.has(type)) {
      content.drawing++;
      content.text++;
    } else if (EMF_BLITS.has(type)) {
      content.drawing++;
      content.blits++;
    } else if (EMF_DRAWING.has(type)) {
      content.drawing++;
    } else if (type === EMR_COMMENT && size >= 16 && u32(bytes, at + 12) === EMF_PLUS) {
      const end = at + Math.min(size, 12 + u32(bytes, at + 8));
      emfPlusContent(bytes, at + 16, end, content);
    }
    if (type === EMR_EOF) break;
    at += size;
  }
  return content;
}

/** EMF+ records (type u16, flags u16, size u32, data size u32) inside one comment. */
function emfPlusContent(bytes: Uint8Array, from: number, end: number, content: MetafileContent): void {
  let at = from;
  while (at + 12 <= end) {
    const type = u16(bytes, at);
    const size = u32(bytes, at + 4);
    if (size < 12 || at + size > end) break;
    if (EMF_PLUS_DRAWING.has(type)) {
      content.drawing++;
      if (EMF_PLUS_TEXT.has(type)) content.text++;
      if (EMF_PLUS_IMAGES.has(type)) content.blits++;
    }
    at += size;
  }
}

function wmfContent(bytes: Uint8Array): MetafileContent {
  const content: MetafileContent = { drawing: 0, text: 0, blits: 0 };
  const start = u32(bytes, 0) === PLACEABLE_KEY ? PLACEABLE_BYTES : 0;
  const type = u16(bytes, start);
  if (bytes.length < start + 18 || (type !== 1 && type !== 2) || u16(bytes, start + 2) !== 9) return content;
  let at = start + 18;
  while (at + 6 <= bytes.length) {
    const size = u32(bytes, at) * 2;
    const fn = u16(bytes, at + 4);
    if (size < 6 || at + size > bytes.length || fn === 0) break;
    if (WMF_TEXT.has(fn)) {
      content.drawing++;
      content.text++;
    } else if (WMF_BLITS.has(fn)) {
      content.drawing++;
      content.blits++;
    } else if (WMF_DRAWING.has(fn)) {
      content.drawing++;
    }
    at += size;
  }
  return content;
}
