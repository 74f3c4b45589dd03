import { describe, expect, it } from 'vitest';
import {
  decodeDataUrl,
  parseSvgLength,
  readDimensions,
  sniffImageFormat,
  sniffNeedsMore,
  svgDimensions,
} from '../../../src/extractors/probe/index.ts';
import {
  bmp,
  exifOrientation,
  gif,
  heif,
  icon,
  jp2,
  jpeg,
  jxlCodestream,
  png,
  svg,
  tiff,
  webpVp8x,
} from '../../fixtures/images.ts';

const text = (value: string) => Buffer.from(value, 'utf8');

describe('sniffImageFormat', () => {
  const images: Array<[string, Buffer, string, string, [number, number] | undefined]> = [
    ['PNG built with zlib and IHDR', png(3, 2), 'PNG', 'image/png', [3, 2]],
    ['GIF89a', gif(5, 4), 'GIF', 'image/gif', [5, 4]],
    ['JPEG with SOF0', jpeg(640, 480), 'JPEG', 'image/jpeg', [640, 480]],
    ['WebP VP8X', webpVp8x(300, 200), 'WEBP', 'image/webp', [300, 200]],
    ['SVG with BOM, XML declaration, comment and DOCTYPE', svg(), 'SVG', 'image/svg+xml', [120, 80]],
    ['AVIF (ftyp avif)', heif('avif', ['mif1', 'avif'], 1024, 768), 'AVIF', 'image/avif', [1024, 768]],
    ['AVIF behind a generic mif1 brand', heif('mif1', ['miaf', 'avif'], 64, 32), 'AVIF', 'image/avif', [64, 32]],
    ['HEIC', heif('heic', ['mif1', 'heic'], 4032, 3024), 'HEIC', 'image/heic', [4032, 3024]],
    ['BMP', bmp(7, 3), 'BMP', 'image/bmp', [7, 3]],
    ['ICO', icon(1, 48), 'ICO', 'image/x-icon', [48, 48]],
    ['CUR', icon(2, 32), 'CUR', 'image/x-icon', [32, 32]],
    ['TIFF (little-endian, IFD at the end)', tiff(90, 60), 'TIFF', 'image/tiff', [90, 60]],
    ['JPEG XL codestream', jxlCodestream(), 'JXL', 'image/jxl', undefined],
    ['JPEG 2000', jp2(), 'JP2', 'image/jp2', undefined],
  ];

  it.each(images)('%s', (_label, bytes, format, mimeType, size) => {
    expect(sniffImageFormat(bytes)).toEqual({ format, mimeType });
    expect(sniffNeedsMore(bytes)).toBe(false);
    if (size) {
      expect(readDimensions(bytes, format, true)).toEqual({ kind: 'found', width: size[0], height: size[1] });
    }
  });

  const notImages: Array<[string, Buffer]> = [
    ['HTML page', text('<!DOCTYPE html><html><head><title>x</title></head><body><img src=a.png></body></html>')],
    ['HTML page with an inline <svg>', text('<!doctype html>\n<svg width="10" height="10"></svg>')],
    ['HTML starting with a comment, then <html>', text('<!-- hi --><html><svg></svg></html>')],
    ['JSON', text('{"images":["a.png"],"svg":"<svg></svg>"}')],
    ['PDF', text('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')],
    ['MP4 (ftyp isom)', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), text('ftypisom'), Buffer.alloc(12)])],
    ['plain text', text('hello, world\n')],
    ['XML that is not SVG', text('<?xml version="1.0"?><rss version="2.0"><channel/></rss>')],
    ['empty', Buffer.alloc(0)],
    ['NUL bytes', Buffer.alloc(64)],
  ];

  it.each(notImages)('refuses %s', (_label, bytes) => {
    expect(sniffImageFormat(bytes)).toBeUndefined();
  });

  it('says when the bytes so far could still be an SVG prologue', () => {
    expect(sniffNeedsMore(text('<?xml version="1.0"?>\n<!-- a long comment that has not ended'))).toBe(true);
    expect(sniffNeedsMore(text('<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY a "b"> '))).toBe(true);
    expect(sniffNeedsMore(text('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'))).toBe(false);
    expect(sniffNeedsMore(text('<!doctype html><html lang="en">'))).toBe(false);
    expect(sniffNeedsMore(png(1, 1))).toBe(false);
  });

  it('takes namespaced roots and UTF-16 with a BOM', () => {
    expect(
      sniffImageFormat(text('<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="1" height="1"/>'))?.format,
    ).toBe('SVG');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<svg width="3" height="4"/>', 'utf16le')]);
    expect(sniffImageFormat(utf16)?.format).toBe('SVG');
    expect(readDimensions(utf16, 'SVG', true)).toEqual({ kind: 'found', width: 3, height: 4 });
  });
});

describe('dimensions', () => {
  it('applies a JPEG’s EXIF rotation by 90° (orientation 6)', () => {
    expect(readDimensions(jpeg(640, 480, { exif: exifOrientation(6) }), 'JPEG', true)).toEqual({
      kind: 'found',
      width: 480,
      height: 640,
    });
    expect(readDimensions(jpeg(640, 480, { exif: exifOrientation(1) }), 'JPEG', true)).toMatchObject({ width: 640 });
  });

  it('asks for the bytes up to a JPEG’s frame header when APP segments come first', () => {
    const file = jpeg(800, 600, { appBytes: 100_000 });
    const head = file.subarray(0, 65_536);
    const answer = readDimensions(head, 'JPEG');
    expect(answer.kind).toBe('need');
    const need = (answer as { bytes: number }).bytes;
    expect(need).toBeGreaterThan(65_536);
    expect(need).toBeLessThan(file.length);
    // Given exactly what it asked for (step by step), it finds the size.
    let bytes = file.subarray(0, need);
    for (let step = 0; step < 5; step += 1) {
      const next = readDimensions(bytes, 'JPEG');
      if (next.kind !== 'need') break;
      bytes = file.subarray(0, next.bytes);
    }
    expect(readDimensions(bytes, 'JPEG')).toEqual({ kind: 'found', width: 800, height: 600 });
    expect(readDimensions(head, 'JPEG', true)).toEqual({ kind: 'none' });
  });

  it('asks for a TIFF’s IFD when it lies further in', () => {
    const file = tiff(90, 60, 100_000);
    expect(readDimensions(file.subarray(0, 65_536), 'TIFF')).toEqual({ kind: 'need', bytes: 8 + 100_000 + 2 });
    expect(readDimensions(file, 'TIFF', true)).toEqual({ kind: 'found', width: 90, height: 60 });
  });

  it('reads an SVG’s size from width/height, or the viewBox, with a real parser', () => {
    expect(svgDimensions('<svg width="120px" height="1in"/>')).toEqual({ width: 120, height: 96 });
    expect(svgDimensions('<svg viewBox="0 0 300 150"/>')).toEqual({ width: 300, height: 150 });
    expect(svgDimensions('<svg viewBox="0,0,300,150" width="600"/>')).toEqual({ width: 600, height: 300 });
    expect(svgDimensions('<svg width="100%" height="100%" viewBox="0 0 40 20"/>')).toEqual({ width: 40, height: 20 });
    expect(svgDimensions('<svg width="100%"/>')).toBeUndefined();
    // An attribute value holding markup-like text does not confuse the tokenizer.
    expect(svgDimensions('<svg data-x="<svg width=&quot;1&quot;>" width="7" height="9"/>')).toEqual({
      width: 7,
      height: 9,
    });
    // A start tag cut off by the end of the bytes read is not read at all.
    expect(svgDimensions('<svg width="7" heig')).toBeUndefined();
    expect(parseSvgLength('2em')).toBeUndefined();
    expect(parseSvgLength('12.5')).toBe(12.5);
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 and percent-encoded data', () => {
    const bytes = png(2, 2);
    expect(Buffer.from(decodeDataUrl(`data:image/png;base64,${bytes.toString('base64')}`)?.bytes ?? [])).toEqual(bytes);
    const svgText = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="5"/>';
    const decoded = decodeDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`);
    expect(decoded?.mimeType).toBe('image/svg+xml');
    expect(Buffer.from(decoded?.bytes ?? []).toString('utf8')).toBe(svgText);
    expect(decodeDataUrl('https://example.com/a.png')).toBeUndefined();
    expect(decodeDataUrl('data:image/png;base64,***')).toBeUndefined();
  });
});
