// @vitest-environment node

import { extensionFor } from 'media-files/extensions';
import { describe, expect, it } from 'vitest';
import { sniffFormat } from '../src/core/sniffFormat.ts';
import { fakeGif, fakeJpeg, fakePng } from './ooxmlFixtures.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const le32 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, (value >>> 24) & 0xff];
const le16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
const be16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const be32 = (value: number) => [...be16(value >>> 16), ...be16(value & 0xffff)];

/** EMR_HEADER with rclBounds (0,0)-(99,49) and the " EMF" signature at offset 40. */
const emf = bytes(
  le32(1),
  le32(108),
  le32(0),
  le32(0),
  le32(99),
  le32(49),
  new Array(16).fill(0),
  ' EMF',
  new Array(64).fill(0),
);
/** A placeable WMF: bounding box 0,0-1440,720 at 1440 units per inch. */
const placeableWmf = bytes(
  le32(0x9ac6cdd7),
  le16(0),
  le16(0),
  le16(0),
  le16(1440),
  le16(720),
  le16(1440),
  new Array(10).fill(0),
);
const standardWmf = bytes(le16(1), le16(9), le16(0x0300), new Array(12).fill(0));
const bmp = bytes('BM', new Array(12).fill(0), le32(40), le32(640), le32(-480 >>> 0), new Array(16).fill(0));
const tiff = bytes(
  'II*\0',
  le32(8),
  le16(2),
  le16(256),
  le16(3),
  le32(1),
  le16(320),
  le16(0),
  le16(257),
  le16(4),
  le32(1),
  le32(200),
);
const jxr = bytes(
  [0x49, 0x49, 0xbc, 0x01],
  le32(8),
  le16(2),
  le16(0xbc80),
  le16(4),
  le32(1),
  le32(245),
  le16(0xbc81),
  le16(4),
  le32(1),
  le32(201),
);
const jp2 = bytes(
  be32(12),
  'jP  ',
  [0x0d, 0x0a, 0x87, 0x0a],
  be32(45),
  'jp2h',
  be32(22),
  'ihdr',
  be32(300),
  be32(400),
  new Array(8).fill(0),
);
const j2k = bytes(
  [0xff, 0x4f, 0xff, 0x51],
  be16(41),
  be16(0),
  be32(800),
  be32(600),
  be32(0),
  be32(0),
  new Array(8).fill(0),
);
const ico = bytes(
  le16(0),
  le16(1),
  le16(1),
  [32, 16, 0, 0],
  le16(1),
  le16(32),
  le32(100),
  le32(22),
  new Array(8).fill(0),
);
const pict = bytes(new Array(512).fill(0), be16(0), be16(0), be16(0), be16(120), be16(160), be16(0x0011), be16(0x02ff));
const svg = bytes('<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10"/>');

describe('sniffFormat', () => {
  it.each([
    ['PNG', fakePng(640, 480, 'x'), 'image/png', 640, 480],
    ['JPEG', fakeJpeg(1024, 768, 'x'), 'image/jpeg', 1024, 768],
    ['GIF', fakeGif(300, 200, 'x'), 'image/gif', 300, 200],
    ['BMP (bottom-up height is negative in the file)', bmp, 'image/bmp', 640, 480],
    ['TIFF', tiff, 'image/tiff', 320, 200],
    ['JPEG XR (.wdp)', jxr, 'image/vnd.ms-photo', 245, 201],
    ['EMF', emf, 'image/emf', 100, 50],
    ['placeable WMF', placeableWmf, 'image/wmf', 96, 48],
    ['standard WMF', standardWmf, 'image/wmf', undefined, undefined],
    ['JP2', jp2, 'image/jp2', 400, 300],
    ['JPEG 2000 codestream', j2k, 'image/jp2', 800, 600],
    ['ICO', ico, 'image/x-icon', 32, 16],
    ['PICT with its 512-byte header', pict, 'image/x-pict', 160, 120],
    ['SVG after a prolog and a comment', svg, 'image/svg+xml', undefined, undefined],
  ])('should read %s', (_label, input, mimeType, width, height) => {
    const found = sniffFormat(input);
    expect(found?.mimeType).toBe(mimeType);
    expect(found?.width).toBe(width);
    expect(found?.height).toBe(height);
  });

  it('should not guess from too little or from text that is not SVG', () => {
    expect(sniffFormat(new Uint8Array([0x89, 0x50]))).toBeUndefined();
    expect(sniffFormat(bytes('<?xml version="1.0"?><w:document/>'))).toBeUndefined();
    expect(sniffFormat(bytes('plain words, nothing else'))).toBeUndefined();
  });

  it("should name extensions after the engine's formats, JPEG 2000 as pdfimages does", () => {
    expect(['PNG', 'JPEG', 'TIFF', 'JXR', 'JPX', 'EMF', 'SVG'].map(extensionFor)).toEqual([
      'png',
      'jpg',
      'tif',
      'jxr',
      'jp2',
      'emf',
      'svg',
    ]);
  });
});
