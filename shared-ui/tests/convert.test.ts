import { unzipSync } from 'fflate';
import type { ExtractedImage } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversionFor, fitWithin } from '../src/convert/conversion.ts';
import { downloadAll } from '../src/extraction/downloadAll.ts';

// The Worker's part (decode, draw, encode) runs in Chromium: e2e/tests/grid.spec.ts converts a WebP.
const converted: { url: string; format: string; width?: number }[] = [];
vi.mock('../src/convert/converter.ts', () => ({
  startConverter: () => ({
    convert: async (url: string, conversion: { format: string; width?: number }) => {
      converted.push({ url, format: conversion.format, width: conversion.width });
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, converted.length])).blob();
    },
    close: () => undefined,
  }),
}));

const image = (name: string, format: string, url: string, width?: number): ExtractedImage => ({
  id: name,
  name,
  url,
  source: 'page',
  format,
  width,
  height: width ? width / 2 : undefined,
});

describe('convert on download: the plan', () => {
  it('fits within a longest side, never enlarging', () => {
    expect(fitWithin(4000, 3000, 1000)).toEqual({ width: 1000, height: 750 });
    expect(fitWithin(300, 200, 1000)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(300, 200, undefined)).toEqual({ width: 300, height: 200 });
  });

  it('converts what a browser decodes, leaves SVG and unknown formats, and skips no-op conversions', () => {
    const webp = image('a.webp', 'WEBP', 'https://x.org/a.webp', 800);
    expect(conversionFor(webp, { format: 'png' })).toMatchObject({ format: 'PNG', mimeType: 'image/png', width: 800 });
    expect(conversionFor(webp, { format: 'jpeg', quality: 75 })).toMatchObject({ format: 'JPEG', quality: 0.75 });
    expect(conversionFor(webp, { format: 'keep' })).toBeUndefined();
    expect(conversionFor(webp, { format: 'keep', maxSide: 400 })).toMatchObject({
      format: 'WEBP',
      width: 400,
      height: 200,
    });
    expect(conversionFor(webp, { format: 'webp', maxSide: 2000 })).toBeUndefined();
    expect(conversionFor(image('i.svg', 'SVG', 'data:image/svg+xml,x'), { format: 'png' })).toBeUndefined();
    expect(conversionFor(image('e.emf', 'EMF', 'blob:x'), { format: 'png' })).toBeUndefined();
    // Only a size change of a GIF: written as PNG (canvases do not write GIF).
    expect(conversionFor(image('g.gif', 'GIF', 'blob:g', 600), { maxSide: 300 })).toMatchObject({ format: 'PNG' });
  });
});

describe('convert on download: the ZIP', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    converted.length = 0;
  });

  it('makes the ZIP here, reads web images through the image proxy, and names files by their new format', async () => {
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const archive = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    const svg = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
    const maker = await downloadAll(
      [image('a.webp', 'WEBP', 'https://example.org/a.webp', 800), image('icon.svg', 'SVG', svg)],
      { zipName: 'x.zip', format: 'png', maxSide: 400 },
    );
    expect(maker).toBe('browser');
    expect(converted).toEqual([
      {
        url: `${location.origin}/api/image?url=${encodeURIComponent('https://example.org/a.webp')}`,
        format: 'PNG',
        width: 400,
      },
    ]);
    const blob = archive.mock.calls[0]?.[0] as Blob;
    const zip = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(zip)).toEqual(['a.png', 'icon.svg', 'manifest.csv', 'manifest.json']);
    const rows = JSON.parse(new TextDecoder().decode(zip['manifest.json'])).images;
    expect(rows[0]).toMatchObject({ file: 'a.png', format: 'PNG', width: 400, height: 200, bytes: 5 });
    expect(rows[1]).toMatchObject({ file: 'icon.svg', format: 'SVG' });
  });
});
