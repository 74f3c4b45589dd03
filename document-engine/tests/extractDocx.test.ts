// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { extractDocx } from '../src/core/docx/extractDocx.ts';
import { DocumentError, PasswordRequiredError } from '../src/errors.ts';
import {
  collect,
  contentTypes,
  extractionError,
  fakeGif,
  fakeJpeg,
  fakePng,
  R_NS,
  REL_OFFICE_DOCUMENT,
  rels,
  zipParts,
} from './ooxmlFixtures.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';

/** An inline DrawingML picture; `attributes` go on a:blip (with the relationships prefix `rel`). */
const picture = (attributes: string) =>
  `<w:r><w:drawing><a:graphic><a:graphicData><a:blip ${attributes}/></a:graphicData></a:graphic></w:drawing></w:r>`;

const images = {
  body: fakePng(10, 20, 'body'),
  background: fakeJpeg(8, 8, 'background'),
  vml: fakeGif(3, 4, 'vml'),
  header: fakePng(30, 40, 'header, stored under a wrong extension'),
  footnote: fakePng(5, 5, 'footnote'),
  orphan: fakePng(1, 1, 'orphan'),
  unused: fakePng(2, 2, 'in word/media but never referenced'),
};

/**
 * Body: a page background (VML fill), a picture, a linked picture, a VML picture, the first picture
 * again (twice: same relationship, and another relationship to the same part); a header that shows
 * its own picture and a footer that shows the body's; a footnote picture; a relationship nothing
 * points at; a media file nothing references. The relationships prefix is `rel`, not `r`.
 */
function sampleDocx(): Uint8Array {
  const document = `<?xml version="1.0" encoding="UTF-8"?>
<w:document xmlns:w="${W}" xmlns:a="${A}" xmlns:rel="${R_NS}" xmlns:v="urn:schemas-microsoft-com:vml">
<w:background><v:background><v:fill rel:id="rIdBg" type="frame"/></v:background></w:background>
<w:body>
<w:p>${picture('rel:embed="rId1"')}</w:p>
<w:p>${picture('rel:link="rId2"')}</w:p>
<w:p><w:r><w:pict><v:shape><v:imagedata rel:id="rId3" o:title="" xmlns:o="urn:schemas-microsoft-com:office:office"/></v:shape></w:pict></w:r></w:p>
<w:p>${picture('rel:embed="rId1"')}${picture('rel:embed="rId4"')}</w:p>
<w:sectPr><w:headerReference w:type="default" rel:id="rIdH"/><w:footerReference w:type="default" rel:id="rIdF"/></w:sectPr>
</w:body></w:document>`;
  return zipParts({
    '[Content_Types].xml': contentTypes(),
    '_rels/.rels': rels([{ id: 'rId1', type: REL_OFFICE_DOCUMENT, target: 'word/document.xml' }]),
    'word/document.xml': document,
    'word/_rels/document.xml.rels': rels([
      { id: 'rIdF', type: 'footer', target: 'footer1.xml' },
      { id: 'rIdN', type: 'footnotes', target: 'footnotes.xml' },
      { id: 'rId9', type: 'image', target: 'media/orphan.png' },
      { id: 'rIdH', type: 'header', target: 'header1.xml' },
      { id: 'rId1', type: 'image', target: 'media/image1.png' },
      { id: 'rId2', type: 'image', target: 'http://example.com/pictures/linked%20photo.jpeg', external: true },
      { id: 'rId3', type: 'image', target: 'media/image3.gif' },
      { id: 'rId4', type: 'image', target: '/word/media/IMAGE1.png' },
      { id: 'rIdBg', type: 'image', target: 'media/background.jpeg' },
    ]),
    'word/header1.xml': `<w:hdr xmlns:w="${W}" xmlns:a="${A}" xmlns:rel="${R_NS}"><w:p>${picture('rel:embed="rId1"')}</w:p></w:hdr>`,
    'word/_rels/header1.xml.rels': rels([{ id: 'rId1', type: 'image', target: 'media/image9.bin' }]),
    'word/footer1.xml': `<w:ftr xmlns:w="${W}" xmlns:a="${A}" xmlns:rel="${R_NS}"><w:p>${picture('rel:embed="rId7"')}</w:p></w:ftr>`,
    'word/_rels/footer1.xml.rels': rels([{ id: 'rId7', type: 'image', target: 'media/image1.png' }]),
    'word/footnotes.xml': `<w:footnotes xmlns:w="${W}" xmlns:a="${A}" xmlns:rel="${R_NS}"><w:footnote>${picture('rel:embed="rId1"')}</w:footnote></w:footnotes>`,
    'word/_rels/footnotes.xml.rels': rels([{ id: 'rId1', type: 'image', target: 'media/footnote.png' }]),
    'word/media/image1.png': images.body,
    'word/media/background.jpeg': images.background,
    'word/media/image3.gif': images.vml,
    'word/media/image9.bin': images.header,
    'word/media/footnote.png': images.footnote,
    'word/media/orphan.png': images.orphan,
    'word/media/unused.png': images.unused,
  });
}

describe('extractDocx', () => {
  it('should find images through the relationships, in document order, each once, with its role', async () => {
    const { images: found, progress } = await collect(extractDocx, sampleDocx());
    expect(found.map((image) => [image.name, image.role, image.format, image.width, image.height])).toEqual([
      ['background.jpg', 'background', 'JPEG', 8, 8],
      ['image1.png', 'body', 'PNG', 10, 20],
      ['linked photo.jpeg', 'body', 'JPEG', undefined, undefined],
      ['image3.gif', 'body', 'GIF', 3, 4],
      ['orphan.png', 'body', 'PNG', 1, 1],
      ['image9.png', 'header', 'PNG', 30, 40],
      ['footnote.png', 'footnote', 'PNG', 5, 5],
    ]);
    expect(found[1]?.bytes).toEqual(images.body);
    expect(found[5]?.bytes).toEqual(images.header);
    expect(found[4]?.note).toMatch(/Not placed/);
    expect(found.some((image) => image.bytes.length > 0 && String(image.bytes) === String(images.unused))).toBe(false);
    expect(progress.at(-1)).toEqual({ done: 4, total: 4, unit: 'parts' });
  });

  it('should report a linked image with its address and empty bytes, without fetching it', async () => {
    const { images: found } = await collect(extractDocx, sampleDocx());
    const linked = found.filter((image) => image.linkedUrl);
    expect(linked).toHaveLength(1);
    expect(linked[0]?.linkedUrl).toBe('http://example.com/pictures/linked%20photo.jpeg');
    expect(linked[0]?.bytes).toHaveLength(0);
  });

  it('should stop with an aborted error when cancelled', async () => {
    const controller = new AbortController();
    const run = extractDocx(sampleDocx(), { signal: controller.signal });
    await run.next();
    controller.abort();
    await expect(run.next()).rejects.toMatchObject({ name: 'DocumentError', code: 'aborted' });
  });

  it('should ask for a password for an ECMA-376 encrypted package, and call a plain CFB file invalid', async () => {
    const cfb = (withStream: boolean) => {
      const bytes = new Uint8Array(1536);
      bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      // The directory entry's name, UTF-16LE.
      if (withStream) for (const [i, c] of [...'EncryptedPackage'].entries()) bytes[1024 + i * 2] = c.charCodeAt(0);
      return bytes;
    };
    expect(await extractionError(extractDocx, cfb(true))).toBeInstanceOf(PasswordRequiredError);
    expect(await extractionError(extractDocx, cfb(true), { password: 'pass' })).toMatchObject({ code: 'unsupported' });
    const plain = await extractionError(extractDocx, cfb(false));
    expect(plain).toBeInstanceOf(DocumentError);
    expect(plain).not.toBeInstanceOf(PasswordRequiredError);
    expect(plain).toMatchObject({ code: 'invalid' });
  });

  it('should call a non-ZIP file, a ZIP without a document and broken XML invalid', async () => {
    const notZip = new TextEncoder().encode('Just some text that a user renamed to .docx');
    const noDocument = zipParts({ '[Content_Types].xml': contentTypes(), 'readme.txt': 'hello' });
    const brokenXml = zipParts({
      '[Content_Types].xml': contentTypes(),
      '_rels/.rels': rels([{ id: 'rId1', type: REL_OFFICE_DOCUMENT, target: 'word/document.xml' }]),
      'word/document.xml': `<w:document xmlns:w="${W}"><w:body>`,
    });
    for (const bytes of [notZip, noDocument, brokenXml]) {
      expect(await extractionError(extractDocx, bytes)).toMatchObject({ name: 'DocumentError', code: 'invalid' });
    }
  });
});
