// @vitest-environment node
/**
 * EPUB 2 and 3 books built here around real pictures from the corpus; every picture given is
 * checked byte for byte against `unzip -p` of its entry, and the list is exact.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractEpub } from '../src/core/epub/index.ts';
import type { SkippedImage } from '../src/core/types.ts';
import { extractContainer, sniffContainerKind, sniffDocumentKind } from '../src/index.ts';
import { collect } from './ooxmlFixtures.ts';
import { infoZip } from './realTools.ts';
import { corpusPictures, onDisk, sha256, unzipEntrySha, unzipList } from './zipContainerFixtures.ts';

const pictures = corpusPictures();
const encode = (text: string) => new TextEncoder().encode(text);

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

function epub(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    mimetype: [encode('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': encode(CONTAINER),
  };
  for (const [name, content] of Object.entries(files))
    entries[name] = typeof content === 'string' ? encode(content) : content;
  return zipSync(entries);
}

const xhtml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xmlns:xlink="http://www.w3.org/1999/xlink">
<head><title>t</title></head><body>${body}</body></html>`;

/** EPUB 3: a cover-image item, a navigation document, pictures in two chapters and one in none. */
function epub3(): Uint8Array {
  return epub({
    'OEBPS/content.opf': `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Book</dc:title></metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="cover" href="cover.jpg" media-type="image/jpeg" properties="cover-image"/>
    <item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="text/ch2.xhtml" media-type="application/xhtml+xml"/>
    <item id="f1" href="images/fig%201.png" media-type="image/png"/>
    <item id="f2" href="images/diagram.gif" media-type="image/gif"/>
    <item id="f3" href="images/unused.emf" media-type="image/emf"/>
  </manifest>
  <spine><itemref idref="c1"/><itemref idref="c2"/><itemref idref="c1"/></spine>
</package>`,
    'OEBPS/nav.xhtml': xhtml(`<nav epub:type="toc"><ol>
      <li><a href="text/ch1.xhtml">The <em>Beginning</em></a></li>
      <li><a href="text/ch2.xhtml#start">Second &amp; Last</a></li></ol></nav>`),
    // tag soup an XML parser refuses (&nbsp;, an unclosed <br>): the pictures are still found
    'OEBPS/text/ch1.xhtml': xhtml(`<p>Once&nbsp;upon<br></p>
      <!-- <img src="../images/diagram.gif"/> -->
      <img alt="a figure" src="../images/fig%201.png"/>
      <img src="../cover.jpg"/>
      <IMG SRC='../images/missing.png'>`),
    'OEBPS/text/ch2.xhtml':
      xhtml(`<svg xmlns="http://www.w3.org/2000/svg"><image width="10" height="10" xlink:href="../images/diagram.gif"/></svg>
      <img src="https://example.com/remote.png"/>
      <img src="../images/fig%201.png"/>`),
    'OEBPS/cover.jpg': pictures.jpeg,
    'OEBPS/images/fig 1.png': pictures.png,
    'OEBPS/images/diagram.gif': pictures.gif,
    'OEBPS/images/unused.emf': pictures.emf,
    'OEBPS/images/not-in-manifest.png': pictures.png2,
  });
}

describe('EPUB', () => {
  it('is told from its bytes, and is no document kind', () => {
    const book = epub3();
    expect(sniffDocumentKind(book)).toBeUndefined();
    expect(sniffContainerKind(book)).toBe('epub');
  });

  it('EPUB 3: the cover, each chapter in reading order, the manifest pictures no page shows, then those it does not list', async () => {
    const book = epub3();
    const skipped: SkippedImage[] = [];
    const { images, progress } = await collect(extractEpub, book, { onSkipped: (item) => skipped.push(item) });
    expect(
      images.map(({ name, format, role, chapter, chapterTitle, note, linkedUrl }) => ({
        name,
        format,
        role,
        chapter,
        chapterTitle,
        note,
        linkedUrl,
      })),
    ).toEqual([
      {
        name: 'cover.jpg',
        format: 'JPEG',
        role: 'cover',
        chapter: undefined,
        chapterTitle: undefined,
        note: undefined,
        linkedUrl: undefined,
      },
      {
        name: 'fig 1.png',
        format: 'PNG',
        role: 'body',
        chapter: 1,
        chapterTitle: 'The Beginning',
        note: undefined,
        linkedUrl: undefined,
      },
      {
        name: 'diagram.gif',
        format: 'GIF',
        role: 'body',
        chapter: 2,
        chapterTitle: 'Second & Last',
        note: undefined,
        linkedUrl: undefined,
      },
      {
        name: 'remote.png',
        format: 'PNG',
        role: 'body',
        chapter: 2,
        chapterTitle: 'Second & Last',
        note: 'Linked, not embedded: the document only points at this file, and it was not fetched.',
        linkedUrl: 'https://example.com/remote.png',
      },
      {
        name: 'unused.emf',
        format: 'EMF',
        role: undefined,
        chapter: undefined,
        chapterTitle: undefined,
        note: 'Not shown on the pages of the book: only listed in its manifest.',
        linkedUrl: undefined,
      },
      {
        name: 'not-in-manifest.png',
        format: 'PNG',
        role: undefined,
        chapter: undefined,
        chapterTitle: undefined,
        note: 'Not shown on the pages of the book, nor listed in its manifest: only stored in it.',
        linkedUrl: undefined,
      },
    ]);
    expect(skipped).toEqual([
      { reason: 'Chapter 1 shows the picture OEBPS/images/missing.png, which the book does not hold.' },
    ]);
    expect(progress.at(-1)).toEqual({ done: 2, total: 2, unit: 'parts' });

    // byte for byte what unzip gives for each entry
    const path = onDisk(book, 'book.epub');
    const entries = [
      'OEBPS/cover.jpg',
      'OEBPS/images/fig 1.png',
      'OEBPS/images/diagram.gif',
      undefined,
      'OEBPS/images/unused.emf',
      'OEBPS/images/not-in-manifest.png',
    ];
    for (const [index, entry] of entries.entries()) {
      const image = images[index];
      if (!entry || !image) continue;
      expect(unzipList(path)).toContain(entry);
      expect(sha256(image.bytes)).toBe(unzipEntrySha(path, entry));
    }
    expect(images[3]?.bytes.length).toBe(0);
  });

  it('EPUB 2: the cover named by <meta name="cover">, chapter titles from the NCX, a spine image item', async () => {
    const book = epub({
      'OEBPS/content.opf': `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0">
  <metadata><meta name="cover" content="cover-id"/></metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="cover-id" href="Images/Cover.PNG" media-type="image/png"/>
    <item id="p1" href="Text/part1.html" media-type="application/xhtml+xml"/>
    <item id="plate" href="Images/plate.jpg" media-type="image/jpeg"/>
  </manifest>
  <spine toc="ncx"><itemref idref="p1"/><itemref idref="plate"/></spine>
</package>`,
      'OEBPS/toc.ncx': `<?xml version="1.0"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
  <navPoint id="n1"><navLabel><text>Part One</text></navLabel><content src="Text/part1.html"/>
    <navPoint id="n2"><navLabel><text>Inner</text></navLabel><content src="Text/part1.html#x"/></navPoint>
  </navPoint>
  <navPoint id="n3"><navLabel><text>Plate</text></navLabel><content src="Images/plate.jpg"/></navPoint>
</navMap></ncx>`,
      'OEBPS/Text/part1.html': xhtml('<p><img src="../Images/Cover.PNG"/><img src="/OEBPS/Images/wmf.wmf"/></p>'),
      'OEBPS/Images/Cover.PNG': pictures.png2,
      'OEBPS/Images/plate.jpg': pictures.jpeg,
      'OEBPS/Images/wmf.wmf': pictures.wmf,
    });
    const { images } = await collect(extractEpub, book);
    expect(images.map(({ name, role, chapter, chapterTitle }) => ({ name, role, chapter, chapterTitle }))).toEqual([
      { name: 'Cover.png', role: 'cover', chapter: undefined, chapterTitle: undefined },
      { name: 'wmf.wmf', role: 'body', chapter: 1, chapterTitle: 'Part One' },
      { name: 'plate.jpg', role: 'body', chapter: 2, chapterTitle: 'Plate' },
    ]);
    const path = onDisk(book, 'book.epub');
    expect(images.map((image) => sha256(image.bytes))).toEqual(
      ['OEBPS/Images/Cover.PNG', 'OEBPS/Images/wmf.wmf', 'OEBPS/Images/plate.jpg'].map((entry) =>
        unzipEntrySha(path, entry),
      ),
    );
    // the public face picks the same reader
    const viaContainer: string[] = [];
    for await (const image of extractContainer(book)) viaContainer.push(image.name);
    expect(viaContainer).toEqual(images.map((image) => image.name));
  });

  it('EPUB 3 whose navigation document is not XML (an HTML entity): titles from its NCX instead', async () => {
    const book = epub({
      'OEBPS/content.opf': `<package xmlns="http://www.idpf.org/2007/opf" version="3.0">
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine toc="ncx"><itemref idref="c1"/></spine></package>`,
      'OEBPS/nav.xhtml': xhtml('<nav epub:type="toc"><ol><li><a href="c1.xhtml">One&nbsp;</a></li></ol></nav>'),
      'OEBPS/toc.ncx': `<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap><navPoint><navLabel><text>Chapter One</text></navLabel><content src="c1.xhtml"/></navPoint></navMap></ncx>`,
      'OEBPS/c1.xhtml': xhtml('<img src="p.png"/>'),
      'OEBPS/p.png': pictures.png,
    });
    const { images } = await collect(extractEpub, book);
    expect(images.map(({ name, chapter, chapterTitle }) => ({ name, chapter, chapterTitle }))).toEqual([
      { name: 'p.png', chapter: 1, chapterTitle: 'Chapter One' },
    ]);
  });

  it('a DocBook book zipped by Info-ZIP: pictures named by their source path are found where it stores them, and stored ones it does not list', async () => {
    // DocBook's EPUB writer (debmake-doc's book in Debian) lists and shows `xslt/logo.png` while
    // storing OEBPS/logo.png; two pictures share a file name, so a path naming it is not guessed
    const files: Record<string, string | Uint8Array> = {
      mimetype: 'application/epub+zip',
      'META-INF/container.xml': CONTAINER,
      'OEBPS/content.opf': `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
  <metadata><meta name="cover" content="cover-image"/></metadata>
  <manifest>
    <item id="cover" href="cover.html" media-type="application/xhtml+xml"/>
    <item id="cover-image" href="xslt/logo.png" media-type="image/png"/>
    <item id="ch1" href="ch01.html" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="cover" linear="no"/><itemref idref="ch1"/></spine>
</package>`,
      'OEBPS/cover.html': xhtml('<div id="cover-image"><img src="xslt/logo.png" alt="cover"/></div>'),
      'OEBPS/ch01.html': xhtml('<img src="source/figures/plot.jpg"/><img src="source/dup.gif"/>'),
      'OEBPS/logo.png': pictures.png,
      'OEBPS/images/plot.jpg': pictures.jpeg,
      'OEBPS/b/dup.gif': pictures.gif,
      'OEBPS/a/dup.gif': pictures.gif,
      'OEBPS/extra/unlisted 10.png': pictures.png2,
      'OEBPS/extra/unlisted 9.wmf': pictures.wmf,
    };
    const dir = mkdtempSync(join(tmpdir(), 'docbook-epub-'));
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), content);
    }
    // as DocBook's makefiles zip a book: the mimetype first and stored, then the rest
    infoZip(dir, ['-q', '-X0', 'book.epub', 'mimetype']);
    infoZip(dir, ['-q', '-rX9', 'book.epub', 'META-INF', 'OEBPS']);
    const path = join(dir, 'book.epub');
    const book = new Uint8Array(readFileSync(path));
    expect(sniffContainerKind(book)).toBe('epub');
    const skipped: SkippedImage[] = [];
    const { images } = await collect(extractEpub, book, { onSkipped: (item) => skipped.push(item) });
    const unlisted = 'Not shown on the pages of the book, nor listed in its manifest: only stored in it.';
    expect(images.map(({ name, role, chapter, note }) => ({ name, role, chapter, note }))).toEqual([
      { name: 'logo.png', role: 'cover', chapter: undefined, note: undefined },
      { name: 'plot.jpg', role: 'body', chapter: 2, note: undefined },
      { name: 'dup.gif', role: undefined, chapter: undefined, note: unlisted },
      { name: 'dup.gif', role: undefined, chapter: undefined, note: unlisted },
      { name: 'unlisted 9.wmf', role: undefined, chapter: undefined, note: unlisted },
      { name: 'unlisted 10.png', role: undefined, chapter: undefined, note: unlisted },
    ]);
    expect(skipped).toEqual([
      { reason: 'Chapter 2 shows the picture OEBPS/source/dup.gif, which the book does not hold.' },
    ]);
    // every picture unzip lists, once, byte for byte
    const stored = unzipList(path).filter((entry) => /\.(png|jpg|gif|wmf)$/.test(entry));
    expect(stored).toHaveLength(images.length);
    expect(images.map((image) => sha256(image.bytes))).toEqual(
      [
        'OEBPS/logo.png',
        'OEBPS/images/plot.jpg',
        'OEBPS/a/dup.gif',
        'OEBPS/b/dup.gif',
        'OEBPS/extra/unlisted 9.wmf',
        'OEBPS/extra/unlisted 10.png',
      ].map((entry) => unzipEntrySha(path, entry)),
    );
  });

  it('a book without a package document is damaged, said in a sentence', async () => {
    const book = zipSync({ mimetype: encode('application/epub+zip'), 'a.xhtml': encode('<p/>') });
    expect(sniffContainerKind(book)).toBe('epub');
    await expect(collect(extractEpub, book)).rejects.toMatchObject({
      name: 'DocumentError',
      code: 'invalid',
      message: 'This e-book is damaged: it has no package document (.opf) saying what it holds.',
    });
  });
});
