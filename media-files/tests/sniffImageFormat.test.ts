import { describe, expect, it } from 'vitest';
import { sniffImageFormat, sniffNeedsMore } from '../src/files/sniffImageFormat.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

describe('sniffImageFormat: one sniffer for the web and for documents', () => {
  it('should know the web’s formats and the Office ones, with a size where the header has it', () => {
    const avif = bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1miafavif');
    expect(sniffImageFormat(avif)).toEqual({ format: 'AVIF', mimeType: 'image/avif' });
    const emf = bytes(
      le32(1),
      le32(108),
      le32(0),
      le32(0),
      le32(99),
      le32(49),
      new Array(16).fill(0),
      ' EMF',
      new Array(8).fill(0),
    );
    expect(sniffImageFormat(emf)).toEqual({ format: 'EMF', mimeType: 'image/emf', width: 100, height: 50 });
    const jxr = bytes([0x49, 0x49, 0xbc, 0x01], le32(8), [0, 0]);
    expect(sniffImageFormat(jxr)?.format).toBe('JXR');
    expect(sniffImageFormat(bytes([0xff, 0x0a, 0, 0]))?.format).toBe('JXL');
  });

  it('should take an SVG by its root element only: an HTML page with an inline <svg> is not one', () => {
    expect(
      sniffImageFormat(bytes('<?xml version="1.0"?>\n<!-- x -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'))?.format,
    ).toBe('SVG');
    expect(sniffImageFormat(bytes('<!doctype html><html><body><svg></svg></body></html>'))).toBeUndefined();
    expect(sniffNeedsMore(bytes('<?xml version="1.0"?>\n<!-- a comment still open'))).toBe(true);
  });

  it('should call neither a PDF nor a video an image', () => {
    expect(sniffImageFormat(bytes('%PDF-1.7\n1 0 obj << >> endobj'))).toBeUndefined();
    expect(sniffImageFormat(bytes([0, 0, 0, 0x18], 'ftypisom', new Array(12).fill(0)))).toBeUndefined();
  });
});

describe('sizes that only image-size used to read', () => {
  const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
  const text = (s: string) => [...s].map((c) => c.charCodeAt(0));

  it('reads a WebP canvas (VP8X)', () => {
    const bytes = new Uint8Array([
      ...text('RIFF'),
      ...[30, 0, 0, 0],
      ...text('WEBPVP8X'),
      ...[10, 0, 0, 0],
      ...[0, 0, 0, 0],
      ...le24(299),
      ...le24(199),
    ]);
    expect(sniffImageFormat(bytes)).toMatchObject({ format: 'WEBP', width: 300, height: 200 });
  });

  it('reads an AVIF item size (meta → iprp → ipco → ispe)', () => {
    const box = (type: string, body: number[]) => [...be32(8 + body.length), ...text(type), ...body];
    const ispe = box('ispe', [0, 0, 0, 0, ...be32(1024), ...be32(768)]);
    const meta = box('meta', [0, 0, 0, 0, ...box('iprp', box('ipco', ispe))]);
    const bytes = new Uint8Array([...box('ftyp', [...text('avif'), 0, 0, 0, 0, ...text('mif1')]), ...meta]);
    expect(sniffImageFormat(bytes)).toMatchObject({ format: 'AVIF', width: 1024, height: 768 });
  });

  it('reads a JPEG EXIF orientation, the stored size unturned', () => {
    const exif = [
      ...text('Exif'),
      0,
      0,
      ...text('MM'),
      0,
      42,
      ...be32(8),
      0,
      1,
      0x01,
      0x12,
      0,
      3,
      ...be32(1),
      0,
      6,
      0,
      0,
      ...be32(0),
    ];
    const app1 = [0xff, 0xe1, 0, exif.length + 2, ...exif];
    const sof = [0xff, 0xc0, 0, 17, 8, 0x01, 0xe0, 0x02, 0x80, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    const bytes = new Uint8Array([0xff, 0xd8, ...app1, ...sof, 0xff, 0xd9]);
    expect(sniffImageFormat(bytes)).toMatchObject({ format: 'JPEG', width: 640, height: 480, orientation: 6 });
  });
});
