import { formatBytes } from 'media-files';
import type { ExtractedImage } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { filterImages, formatsOf } from '../src/ResultsGrid/filterImages.ts';

const image = (id: string, format: string | undefined, width?: number, height?: number): ExtractedImage => ({
  id,
  name: `${id}.${format?.toLowerCase() ?? 'bin'}`,
  url: `https://example.org/${id}`,
  source: 'page',
  format,
  width,
  height,
});

const images = [
  image('hero-1600w', 'JPEG', 1600, 900),
  image('icon-32', 'PNG', 32, 32),
  image('logo-svg', 'SVG'),
  image('thumb-200', 'WEBP', 200, 120),
];

describe('filterImages', () => {
  it('keeps everything, in found order, by default', () => {
    expect(filterImages(images).map((i) => i.id)).toEqual(['hero-1600w', 'icon-32', 'logo-svg', 'thumb-200']);
  });

  it('drops images whose smaller side is below the minimum, but keeps unknown sizes', () => {
    expect(filterImages(images, { minSidePx: 100 }).map((i) => i.id)).toEqual(['hero-1600w', 'logo-svg', 'thumb-200']);
  });

  it('keeps only the chosen formats, whatever their case', () => {
    expect(filterImages(images, { formats: ['png', 'SVG'] }).map((i) => i.id)).toEqual(['icon-32', 'logo-svg']);
  });

  it('sorts largest first by area', () => {
    expect(filterImages(images, { sort: 'largest' }).map((i) => i.id)).toEqual([
      'hero-1600w',
      'thumb-200',
      'icon-32',
      'logo-svg',
    ]);
  });

  it('does not reorder its input', () => {
    filterImages(images, { sort: 'name' });
    expect(images[0]?.id).toBe('hero-1600w');
  });

  it('lists the formats present', () => {
    expect(formatsOf([...images, image('x', undefined)])).toEqual(['JPEG', 'PNG', 'SVG', 'UNKNOWN', 'WEBP']);
  });
});

describe('formatBytes', () => {
  it.each([
    [undefined, undefined],
    [0, '0 B'],
    [1023, '1023 B'],
    [250_880, '245 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
    [150 * 1024 * 1024, '150 MB'],
  ])('%s bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
