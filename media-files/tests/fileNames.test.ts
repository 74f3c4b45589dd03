import { DEFAULT_NAME_TEMPLATE } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { extensionFor } from '../src/files/extensions.ts';
import {
  createNameAllocator,
  fileNameFromUrl,
  type NameFacts,
  nameFromTemplate,
  namesFromTemplate,
  safeEntryPath,
  safeFileName,
  sourceFolderNames,
  withFormatExtension,
} from '../src/files/fileNames.ts';

describe('file names', () => {
  it.each([
    ['JPEG', 'jpg'],
    ['png', 'png'],
    ['TIFF', 'tif'],
    ['JP2', 'jp2'],
    ['JPX', 'jp2'],
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
    expect(['a.png', 'A.png', 'a.png', 'b.jpg', 'a-2.png'].map(createNameAllocator())).toEqual([
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

describe('file names by a template', () => {
  const photo: NameFacts = {
    name: 'hero.jpg',
    format: 'JPEG',
    source: 'https://example.org/blog/post/',
    width: 1600,
    height: 900,
    alt: 'A red: "kite"',
    index: 7,
  };

  it('keeps today’s name with the default template (or none)', () => {
    expect(nameFromTemplate(DEFAULT_NAME_TEMPLATE, { ...photo, name: 'Odd Name.JPG' })).toBe('Odd Name.JPG');
    expect(nameFromTemplate('  ', photo)).toBe('hero.jpg');
  });

  it.each([
    ['{source}-{index:03}', 'example.org-blog-post-007.jpg'],
    ['{index}_{name}_{width}x{height}', '7_hero_1600x900.jpg'],
    ['{alt}', 'A red- -kite.jpg'],
    ['{name}.{ext}', 'hero.jpg'],
    ['{format}-{page}-{index:2}', 'JPEG-07.jpg'],
    ['{name}-{unknown}', 'hero-{unknown}.jpg'],
  ])('%s gives %s', (template, name) => {
    expect(nameFromTemplate(template, photo)).toBe(name);
  });

  it('fills pages, slides, times and a file source', () => {
    expect(
      nameFromTemplate('{source}-p{page}', {
        name: 'x.png',
        format: 'PNG',
        source: 'Report 2024.pdf',
        page: 3,
        index: 1,
      }),
    ).toBe('Report 2024-p3.png');
    expect(nameFromTemplate('s{slide}', { name: 'x.png', format: 'PNG', slide: 12, index: 1 })).toBe('s12.png');
    expect(nameFromTemplate('{time}', { name: 'f.png', format: 'PNG', time: '00:01:05.250', index: 1 })).toBe(
      '00-01-05.250.png',
    );
  });

  it('gives colliding names -2, -3, case-insensitively', () => {
    const facts = [1, 2, 3].map((index) => ({ ...photo, index, name: index === 2 ? 'HERO.jpg' : 'hero.jpg' }));
    expect(namesFromTemplate('{name}', facts)).toEqual(['hero.jpg', 'HERO-2.jpg', 'hero-3.jpg']);
  });

  it('replaces what no file system takes, also in what a template puts together', () => {
    expect(nameFromTemplate('{alt}/../{name}', { ...photo, alt: 'a\u0000b<c>|d?' })).toBe('a-b-c-d-.-hero.jpg');
    expect(nameFromTemplate('{alt}', { ...photo, alt: 'x\ud800y' })).toBe('x-y.jpg');
    expect(nameFromTemplate('{alt}', { ...photo, alt: '' })).toBe('image.jpg');
    expect(nameFromTemplate('{alt}', { ...photo, alt: 'CON' })).toBe('image.jpg');
  });
});

describe('figures by a template', () => {
  const figure = (kind: 'figure' | 'table', number: string, caption: string, format = 'PNG'): NameFacts => ({
    name: `${kind}-${number}.png`,
    format,
    page: 7,
    figure: { kind, number, caption },
    index: 1,
  });

  it('{figure} is the kind and number, {caption} the caption without its label', () => {
    expect(nameFromTemplate('{figure}-{caption}', figure('figure', '3', 'Figure 3: Accuracy by epoch.'))).toBe(
      'figure-3-Accuracy by epoch.png',
    );
    expect(nameFromTemplate('{figure}_{caption}', figure('table', '2a', 'Table 2a. Results, per site'))).toBe(
      'table-2a_Results, per site.png',
    );
    expect(nameFromTemplate('{caption}', figure('figure', 'S1', 'Fig. S1 \u2014 Setup'))).toBe('Setup.png');
    // The vector PDF of the same figure: the same name, its own extension.
    expect(nameFromTemplate('{figure}-{caption}', figure('figure', '3', 'Figure 3: A/B test', 'PDF'))).toBe(
      'figure-3-A-B test.pdf',
    );
  });

  it('cuts a long caption at a word, and leaves both tokens empty for an image', () => {
    const long = `Figure 1: ${'Mean absolute error of every model '.repeat(4)}`;
    const name = nameFromTemplate('{caption}', figure('figure', '1', long));
    expect(name).toBe('Mean absolute error of every model Mean absolute error of.png');
    expect(name.length - '.png'.length).toBeLessThanOrEqual(60);
    expect(nameFromTemplate('{figure}-{caption}-{index}', { name: 'page-1.jpg', format: 'JPEG', index: 4 })).toBe(
      '4.jpg',
    );
  });
});

describe('folders of a batch', () => {
  it('names a file by its stem and an address by host and path, in the order given', () => {
    const folders = sourceFolderNames([
      'Annual report.pdf',
      'https://example.org/blog/post/',
      'http://localhost:4100/page-2.html',
      'Annual report.pdf',
    ]);
    expect([...folders]).toEqual([
      ['Annual report.pdf', 'Annual report'],
      ['https://example.org/blog/post/', 'example.org-blog-post'],
      ['http://localhost:4100/page-2.html', 'localhost-page-2.html'],
    ]);
  });

  it('keeps sources that read alike apart, without regard to case', () => {
    const folders = sourceFolderNames(['deck.pptx', 'DECK.pdf', 'deck.docx', 'https://deck/']);
    expect([...folders.values()]).toEqual(['deck', 'DECK-2', 'deck-3', 'deck-4']);
  });

  it('makes a folder safe: no separators, no climbing, a name when nothing is left', () => {
    const folders = sourceFolderNames(['../../secret.pdf', 'a/b\\c.docx', '...pdf', 'con.pdf']);
    expect([...folders.values()]).toEqual(['secret', 'a-b-c', 'source', 'source-2']);
    for (const folder of folders.values()) expect(safeEntryPath(`${folder}/x.png`)).toBe(`${folder}/x.png`);
  });
});
