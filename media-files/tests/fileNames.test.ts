import { describe, expect, it } from 'vitest';
import {
  extensionFor,
  fileNameFromUrl,
  safeFileName,
  uniqueNames,
  withFormatExtension,
} from '../src/files/fileNames.ts';

describe('file names', () => {
  it.each([
    ['JPEG', 'jpg'],
    ['png', 'png'],
    ['TIFF', 'tif'],
    [undefined, 'bin'],
  ])('the extension of %s is %s', (format, ext) => {
    expect(extensionFor(format)).toBe(ext);
  });

  it.each([
    ['photo.jpg', 'photo.jpg'],
    ['../../etc/passwd', 'etc-passwd'],
    ['a<b>c:d"e|f?g*h.png', 'a-b-c-d-e-f-g-h.png'],
    ['CON', 'image'],
    ['   ', 'image'],
    ['tab\there.png', 'tab-here.png'],
  ])('%s becomes %s', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('keeps the extension when it shortens a long name', () => {
    const name = safeFileName(`${'x'.repeat(300)}.webp`);
    expect(name.length).toBeLessThanOrEqual(120);
    expect(name.endsWith('.webp')).toBe(true);
  });

  it('gives a file the extension of its true format', () => {
    expect(withFormatExtension('banner.png', 'JPEG')).toBe('banner.jpg');
    expect(withFormatExtension('noext', 'GIF')).toBe('noext.gif');
  });

  it('makes names unique without changing the first, ignoring case', () => {
    expect(uniqueNames(['a.png', 'A.png', 'a.png', 'b.jpg', 'a-2.png'])).toEqual([
      'a.png',
      'A-2.png',
      'a-3.png',
      'b.jpg',
      'a-2-2.png',
    ]);
  });

  it.each([
    ['https://example.org/img/hero%20shot.webp?w=640', 'WEBP', 'hero shot.webp'],
    ['https://example.org/image?id=4', 'PNG', 'image.png'],
    ['https://example.org/', 'GIF', 'example-org.gif'],
    ['data:image/svg+xml,<svg/>', 'SVG', 'image.svg'],
  ])('names %s as %s', (url, format, name) => {
    expect(fileNameFromUrl(url, format)).toBe(name);
  });
});
