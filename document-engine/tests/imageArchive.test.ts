// @vitest-environment node
/**
 * ZIPs of pictures (CBZ, or a plain ZIP) built here around real pictures from the corpus: pages
 * in natural order (checked against `unzip -Z1` filtered and ordered by GNU `sort -f -V`), byte for
 * byte what `unzip -p` gives; what archivers add and what is no picture are passed over.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractImageArchive } from '../src/core/archive/index.ts';
import type { SkippedImage } from '../src/core/types.ts';
import { DocumentError, extractContainer, sniffContainerKind, sniffDocumentKind } from '../src/index.ts';
import { collect } from './ooxmlFixtures.ts';
import { infoZip } from './realTools.ts';
import { corpusPictures, onDisk, sha256, unzipEntrySha, unzipList } from './zipContainerFixtures.ts';

const pictures = corpusPictures();
const encode = (text: string) => new TextEncoder().encode(text);

function comic(): Uint8Array {
  return zipSync({
    'comic/page10.jpg': pictures.jpeg,
    'comic/page2.png': pictures.png,
    'comic/page1.gif': pictures.gif,
    'comic/Page3.PNG': pictures.png2,
    'extra/a.png': pictures.png2,
    'readme.txt': encode('read me'),
    '__MACOSX/comic/._page1.gif': encode('resource fork'),
    '.DS_Store': encode('finder'),
    'comic/.hidden.png': pictures.png,
    'inner.cbz': zipSync({ 'x.png': pictures.png }),
    'ComicInfo.xml': encode('<ComicInfo/>'),
  });
}

describe('image archives (CBZ, ZIP of pictures)', () => {
  it('pages in the natural order of their paths, as unzip and sort -f -V list them, byte for byte', async () => {
    const file = comic();
    expect(sniffDocumentKind(file)).toBeUndefined();
    expect(sniffContainerKind(file)).toBe('image-archive');
    const skipped: SkippedImage[] = [];
    const { images, progress } = await collect(extractImageArchive, file, { onSkipped: (item) => skipped.push(item) });

    const path = onDisk(file, 'comic.cbz');
    const reference = execFileSync('sort', ['--ignore-case', '--version-sort'], {
      input: unzipList(path)
        .filter((name) => /\.(png|jpe?g|gif)$/i.test(name) && !name.startsWith('__MACOSX/') && !/(^|\/)\./.test(name))
        .join('\n'),
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(reference).toEqual([
      'comic/page1.gif',
      'comic/page2.png',
      'comic/Page3.PNG',
      'comic/page10.jpg',
      'extra/a.png',
    ]);
    expect(images.map(({ name, format, pageNumbers }) => ({ name, format, pageNumbers }))).toEqual([
      { name: 'page1.gif', format: 'GIF', pageNumbers: [1] },
      { name: 'page2.png', format: 'PNG', pageNumbers: [2] },
      { name: 'Page3.png', format: 'PNG', pageNumbers: [3] },
      { name: 'page10.jpg', format: 'JPEG', pageNumbers: [4] },
      { name: 'a.png', format: 'PNG', pageNumbers: [5] },
    ]);
    expect(images.map((image) => sha256(image.bytes))).toEqual(reference.map((entry) => unzipEntrySha(path, entry)));
    expect(skipped).toEqual([
      { reason: 'The archive inner.cbz inside this one was not opened: only pictures at its own level are read.' },
    ]);
    expect(progress.at(-1)).toEqual({ done: 5, total: 5, unit: 'pictures' });
  });

  it('a comic zipped by Info-ZIP, plain, streamed (data descriptors) and Zip64, with what Finder and Explorer add', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'info-zip-comic-'));
    const pages = [pictures.png, pictures.jpeg, pictures.gif, pictures.png2];
    const files: Record<string, Uint8Array> = {
      'Comic/ComicInfo.xml': encode('<ComicInfo><Title>t</Title></ComicInfo>'),
      'Comic/Thumbs.db': new Uint8Array(4096).fill(0xd0),
      'Comic/.DS_Store': new Uint8Array(64),
      'Comic/desktop.ini': encode('[.ShellClassInfo]'),
      'Comic/extras/bonus.gif': pictures.gif,
      '__MACOSX/Comic/._page 1.png': encode('Mac OS X resource fork'),
    };
    for (let page = 1; page <= 12; page++) {
      const bytes = pages[page % pages.length] as Uint8Array;
      files[`Comic/page ${page}.${bytes === pictures.jpeg ? 'JPG' : bytes === pictures.gif ? 'gif' : 'png'}`] = bytes;
    }
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, 'tree', name)), { recursive: true });
      writeFileSync(join(dir, 'tree', name), content);
    }
    infoZip(join(dir, 'tree'), ['-q', '-r', '../plain.cbz', 'Comic', '__MACOSX']);
    infoZip(join(dir, 'tree'), ['-q', '-r', '-fz', '../zip64.cbz', 'Comic', '__MACOSX']);
    // zip writing to a pipe cannot seek back: sizes and CRCs go in data descriptors after each entry
    const streamed = execFileSync('zip', ['-q', '-r', '-', 'Comic', '__MACOSX'], {
      cwd: join(dir, 'tree'),
      maxBuffer: 64 * 1024 * 1024,
    });
    writeFileSync(join(dir, 'streamed.cbz'), streamed);
    for (const variant of ['plain', 'zip64', 'streamed']) {
      const path = join(dir, `${variant}.cbz`);
      const file = new Uint8Array(readFileSync(path));
      expect(sniffContainerKind(file)).toBe('image-archive');
      const { images } = await collect(extractImageArchive, file);
      const reference = execFileSync('sort', ['--ignore-case', '--version-sort'], {
        input: unzipList(path)
          .filter((name) => /\.(png|jpe?g|gif)$/i.test(name) && !name.startsWith('__MACOSX/') && !/(^|\/)\./.test(name))
          .join('\n'),
        encoding: 'utf8',
      })
        .split('\n')
        .filter(Boolean);
      expect(reference).toHaveLength(13);
      expect(reference.slice(0, 3)).toEqual(['Comic/extras/bonus.gif', 'Comic/page 1.JPG', 'Comic/page 2.gif']);
      expect(images.map((image) => sha256(image.bytes))).toEqual(reference.map((entry) => unzipEntrySha(path, entry)));
      expect(images.map((image) => image.name).slice(-3)).toEqual(['page 10.gif', 'page 11.png', 'page 12.png']);
    }
  });

  it('a ZIP with no picture is no image archive; read as one anyway, it is refused in a sentence', async () => {
    const file = zipSync({ 'notes.txt': encode('text'), '__MACOSX/._x.png': encode('fork') });
    expect(sniffContainerKind(file)).toBeUndefined();
    await expect(collect(extractContainer, file)).rejects.toBeInstanceOf(DocumentError);
    await expect(collect(extractImageArchive, file)).rejects.toMatchObject({
      code: 'unsupported',
      message: 'This ZIP archive holds no pictures (PNG, JPEG, GIF, WebP…), so there is nothing to extract from it.',
    });
  });

  it('a damaged page is told with its page number and passed over; the others are given', async () => {
    const file = zipSync({
      'p1.png': [pictures.png, { level: 0 }],
      'p2.jpg': [pictures.jpeg, { level: 9 }],
      'p3.gif': pictures.gif,
    });
    // the local header of p2.jpg (found by its name), then its DEFLATE data overwritten with a reserved block type
    const name = encode('p2.jpg');
    const at = Buffer.from(file).indexOf(Buffer.from(name)) - 30;
    const view = new DataView(file.buffer);
    const data = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    file.fill(0xff, data, data + 8);
    const skipped: SkippedImage[] = [];
    const { images } = await collect(extractImageArchive, file, { onSkipped: (item) => skipped.push(item) });
    expect(images.map(({ name, pageNumbers }) => ({ name, pageNumbers }))).toEqual([
      { name: 'p1.png', pageNumbers: [1] },
      { name: 'p3.gif', pageNumbers: [3] },
    ]);
    expect(skipped).toEqual([
      { pageNumbers: [2], reason: 'The page p2.jpg could not be read: The package entry p2.jpg is damaged.' },
    ]);
  });

  it('the public face reads the same pages', async () => {
    const names: string[] = [];
    for await (const image of extractContainer(comic())) names.push(image.name);
    expect(names).toEqual(['page1.gif', 'page2.png', 'Page3.png', 'page10.jpg', 'a.png']);
  });
});
