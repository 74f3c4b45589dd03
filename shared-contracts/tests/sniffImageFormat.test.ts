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
