// @vitest-environment node
/**
 * OpenDocument packages (ODP, ODS, ODT) and a flat ODT, built here around real pictures from the
 * corpus; pictures from packages are checked byte for byte against `unzip -p` of their entry,
 * flat ones against the bytes that were base64-encoded into the file. Lists are exact.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractOdf } from '../src/core/odf/index.ts';
import type { DocumentImage } from '../src/core/types.ts';
import { sniffContainerKind, sniffDocumentKind } from '../src/index.ts';
import { collect } from './ooxmlFixtures.ts';
import { corpusPictures, onDisk, sha256, unzipEntrySha } from './zipContainerFixtures.ts';

const pictures = corpusPictures();
const encode = (text: string) => new TextEncoder().encode(text);

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
].join(' ');

const image = (href: string) => `<draw:frame><draw:image xlink:href="${href}" xlink:type="simple"/></draw:frame>`;

function odf(type: string, content: string, styles: string, files: Record<string, Uint8Array>): Uint8Array {
  return zipSync({
    mimetype: [encode(`application/vnd.oasis.opendocument.${type}`), { level: 0 }],
    'content.xml': encode(`<?xml version="1.0"?><office:document-content ${NS}>${content}</office:document-content>`),
    'styles.xml': encode(`<?xml version="1.0"?><office:document-styles ${NS}>${styles}</office:document-styles>`),
    'META-INF/manifest.xml': encode(
      '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
    ),
    'Thumbnails/thumbnail.png': pictures.png2,
    ...files,
  });
}

const summary = (images: DocumentImage[]) =>
  images.map(({ name, format, role, slideNumbers, sheet, cell, note }) => ({
    name,
    format,
    role,
    slideNumbers,
    sheet,
    cell,
    note,
  }));

/** Checks each picture's bytes against `unzip -p` of the entry it came from. */
function expectEntries(file: Uint8Array, images: DocumentImage[], entries: string[]): void {
  const path = onDisk(file, 'file.zip');
  expect(images.map((picture) => sha256(picture.bytes))).toEqual(entries.map((entry) => unzipEntrySha(path, entry)));
}

describe('OpenDocument', () => {
  it('ODP: slides by draw:page order, notes, an object preview, master pages on the slides that use them', async () => {
    const file = odf(
      'presentation',
      `<office:body><office:presentation>
        <draw:page draw:name="one" draw:master-page-name="Default">${image('Pictures/a.png')}</draw:page>
        <draw:page draw:name="two" draw:master-page-name="Default">
          ${image('Pictures/a.png')}
          <draw:frame><draw:object xlink:href="./Object 1"/><draw:image xlink:href="./ObjectReplacements/Object 1"/></draw:frame>
          <presentation:notes>${image('Pictures/c.jpg')}</presentation:notes>
        </draw:page>
        <draw:page draw:name="three" draw:master-page-name="Other"/>
      </office:presentation></office:body>`,
      `<office:styles><draw:fill-image draw:name="Fill" xlink:href="Pictures/fill.emf"/></office:styles>
       <office:master-styles><style:master-page style:name="Default">${image('Pictures/m.gif')}</style:master-page></office:master-styles>`,
      {
        'Pictures/a.png': pictures.png,
        'ObjectReplacements/Object 1': pictures.wmf,
        'Object 1/content.xml': encode('<x/>'),
        'Pictures/c.jpg': pictures.jpeg,
        'Pictures/m.gif': pictures.gif,
        'Pictures/fill.emf': pictures.emf,
        'Pictures/unused.png': pictures.png2,
      },
    );
    expect(sniffDocumentKind(file)).toBeUndefined();
    expect(sniffContainerKind(file)).toBe('odp');
    const { images } = await collect(extractOdf, file);
    const none = { sheet: undefined, cell: undefined, note: undefined };
    expect(summary(images)).toEqual([
      { name: 'a.png', format: 'PNG', role: 'slide', slideNumbers: [1, 2], ...none },
      { name: 'Object 1.wmf', format: 'WMF', role: 'object-preview', slideNumbers: [2], ...none },
      { name: 'c.jpg', format: 'JPEG', role: 'notes', slideNumbers: [2], ...none },
      { name: 'fill.emf', format: 'EMF', role: 'background', slideNumbers: undefined, ...none },
      { name: 'm.gif', format: 'GIF', role: 'master', slideNumbers: [1, 2], ...none },
      {
        ...{
          name: 'unused.png',
          format: 'PNG',
          role: undefined,
          slideNumbers: undefined,
          sheet: undefined,
          cell: undefined,
        },
        note: 'Not shown in the document: only stored in its Pictures folder.',
      },
    ]);
    expectEntries(file, images, [
      'Pictures/a.png',
      'ObjectReplacements/Object 1',
      'Pictures/c.jpg',
      'Pictures/fill.emf',
      'Pictures/m.gif',
      'Pictures/unused.png',
    ]);
  });

  it('ODS: each picture with its sheet and the cell it is anchored in, repeated rows and columns counted', async () => {
    const file = odf(
      'spreadsheet',
      `<office:body><office:spreadsheet>
        <table:table table:name="Data">
          <table:table-column table:number-columns-repeated="40"/>
          <table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="5"/></table:table-row>
          <table:table-row><table:table-cell table:number-columns-repeated="2"/><table:covered-table-cell/>
            <table:table-cell>${image('Pictures/p.png')}</table:table-cell></table:table-row>
          <table:table-row table:number-rows-repeated="1048570"><table:table-cell/></table:table-row>
          <table:table-row><table:table-cell>${image('Pictures/far.gif')}</table:table-cell></table:table-row>
        </table:table>
        <table:table table:name="Summary">
          <table:shapes>${image('Pictures/page.jpg')}</table:shapes>
          <table:table-row><table:table-cell table:number-columns-repeated="27"/><table:table-cell>${image('Pictures/ab.emf')}</table:table-cell></table:table-row>
        </table:table>
      </office:spreadsheet></office:body>`,
      '',
      {
        'Pictures/p.png': pictures.png,
        'Pictures/far.gif': pictures.gif,
        'Pictures/page.jpg': pictures.jpeg,
        'Pictures/ab.emf': pictures.emf,
      },
    );
    expect(sniffContainerKind(file)).toBe('ods');
    const { images } = await collect(extractOdf, file);
    expect(
      images.map(({ name, role, sheet, cell, slideNumbers }) => ({ name, role, sheet, cell, slideNumbers })),
    ).toEqual([
      { name: 'p.png', role: 'body', sheet: 'Data', cell: 'D4', slideNumbers: undefined },
      // row 1,048,575 (0-based 1,048,574): the last row of a sheet
      { name: 'far.gif', role: 'body', sheet: 'Data', cell: 'A1048575', slideNumbers: undefined },
      { name: 'page.jpg', role: 'body', sheet: 'Summary', cell: undefined, slideNumbers: undefined },
      { name: 'ab.emf', role: 'body', sheet: 'Summary', cell: 'AB1', slideNumbers: undefined },
    ]);
    expectEntries(file, images, ['Pictures/p.png', 'Pictures/far.gif', 'Pictures/page.jpg', 'Pictures/ab.emf']);
  });

  it('ODT: body pictures without page numbers, a StarView metafile, header pictures of the master page', async () => {
    const svm = new Uint8Array([...encode('VCLMTF'), 1, 0, 0x31, 0, 0, 0, 0, 0, 9, 9, 9]);
    const file = odf(
      'text-template',
      `<office:body><office:text><text:p>${image('Pictures/body.jpg')}${image('Pictures/vector.svm')}
        <draw:frame><draw:image xlink:href="Pictures/drawing.emf"/><draw:image xlink:href="Pictures/drawing.png"/></draw:frame>
        <text:a xlink:href="Pictures/linked.png">a link, not a picture</text:a></text:p></office:text></office:body>`,
      `<office:master-styles><style:master-page style:name="Standard"><style:header><text:p>${image('Pictures/logo.png')}</text:p></style:header></style:master-page></office:master-styles>`,
      {
        'Pictures/body.jpg': pictures.jpeg,
        'Pictures/vector.svm': svm,
        'Pictures/drawing.emf': pictures.emf,
        'Pictures/drawing.png': pictures.png2,
        'Pictures/logo.png': pictures.png,
        'Pictures/linked.png': pictures.png2,
      },
    );
    expect(sniffContainerKind(file)).toBe('odt');
    const { images } = await collect(extractOdf, file);
    expect(summary(images)).toEqual([
      {
        name: 'body.jpg',
        format: 'JPEG',
        role: 'body',
        slideNumbers: undefined,
        sheet: undefined,
        cell: undefined,
        note: undefined,
      },
      {
        name: 'vector.svm',
        format: 'SVM',
        role: 'body',
        slideNumbers: undefined,
        sheet: undefined,
        cell: undefined,
        note: undefined,
      },
      {
        name: 'drawing.emf',
        format: 'EMF',
        role: 'body',
        slideNumbers: undefined,
        sheet: undefined,
        cell: undefined,
        note: undefined,
      },
      {
        ...{
          name: 'drawing.png',
          format: 'PNG',
          role: 'body',
          slideNumbers: undefined,
          sheet: undefined,
          cell: undefined,
        },
        note: 'Another rendition of the picture before it, for readers that cannot show that one.',
      },
      {
        name: 'logo.png',
        format: 'PNG',
        role: 'header',
        slideNumbers: undefined,
        sheet: undefined,
        cell: undefined,
        note: undefined,
      },
      {
        ...{
          name: 'linked.png',
          format: 'PNG',
          role: undefined,
          slideNumbers: undefined,
          sheet: undefined,
          cell: undefined,
        },
        note: 'Not shown in the document: only stored in its Pictures folder.',
      },
    ]);
    expect(images[1]?.mimeType).toBe('image/x-svm');
    expectEntries(file, images, [
      'Pictures/body.jpg',
      'Pictures/vector.svm',
      'Pictures/drawing.emf',
      'Pictures/drawing.png',
      'Pictures/logo.png',
      'Pictures/linked.png',
    ]);
  });

  it('flat ODT (FODT) and FODP: pictures decoded from office:binary-data, byte for byte', async () => {
    const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/.{76}/g, '$&\n');
    const flat = (type: string, body: string) =>
      encode(`<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.${type}">${body}</office:document>`);
    const fodt = flat(
      'text',
      `<office:body><office:text><text:p>
        <draw:frame><draw:image><office:binary-data>${base64(pictures.png)}</office:binary-data></draw:image></draw:frame>
        <draw:frame><draw:image><office:binary-data>${base64(pictures.wmf)}</office:binary-data></draw:image></draw:frame>
      </text:p></office:text></office:body>`,
    );
    expect(sniffDocumentKind(fodt)).toBeUndefined();
    expect(sniffContainerKind(fodt)).toBe('odt');
    const { images } = await collect(extractOdf, fodt);
    expect(images.map(({ name, format, role }) => ({ name, format, role }))).toEqual([
      { name: 'image1.png', format: 'PNG', role: 'body' },
      { name: 'image2.wmf', format: 'WMF', role: 'body' },
    ]);
    expect(images.map((picture) => sha256(picture.bytes))).toEqual([sha256(pictures.png), sha256(pictures.wmf)]);

    const fodp = flat(
      'presentation',
      `<office:body><office:presentation><draw:page/><draw:page>
        <draw:frame><draw:image><office:binary-data>${base64(pictures.gif)}</office:binary-data></draw:image></draw:frame>
      </draw:page></office:presentation></office:body>`,
    );
    expect(sniffContainerKind(fodp)).toBe('odp');
    const slides = await collect(extractOdf, fodp);
    expect(slides.images.map(({ name, slideNumbers }) => ({ name, slideNumbers }))).toEqual([
      { name: 'image1.gif', slideNumbers: [2] },
    ]);
    expect(sha256(slides.images[0]?.bytes ?? new Uint8Array())).toBe(sha256(pictures.gif));
  });

  it('flat FODP as LibreOffice writes it: inline fill and background pictures, one picture per data however often written, body first', async () => {
    const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/.{76}/g, '$&\n');
    const inline = (bytes: Uint8Array) => `<office:binary-data>${base64(bytes)}</office:binary-data>`;
    const frame = (bytes: Uint8Array) => `<draw:frame><draw:image>${inline(bytes)}</draw:image></draw:frame>`;
    // styles and master pages come before the body in a flat file; each use of a picture repeats its data
    const fodp = encode(`<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
  <office:styles><draw:fill-image draw:name="Bitmap_20_1">${inline(pictures.jpeg)}</draw:fill-image></office:styles>
  <office:automatic-styles><style:page-layout style:name="PM1"><style:page-layout-properties>
    <style:background-image>${inline(pictures.emf)}</style:background-image></style:page-layout-properties></style:page-layout>
  </office:automatic-styles>
  <office:master-styles>
    <style:master-page style:name="A">${frame(pictures.gif)}</style:master-page>
    <style:master-page style:name="B">${frame(pictures.gif)}${frame(pictures.png2)}</style:master-page>
  </office:master-styles>
  <office:body><office:presentation>
    <draw:page draw:master-page-name="A">${frame(pictures.png)}</draw:page>
    <draw:page draw:master-page-name="B"/>
    <draw:page draw:master-page-name="A">${frame(pictures.png)}${frame(pictures.png2)}</draw:page>
  </office:presentation></office:body>
</office:document>`);
    const { images } = await collect(extractOdf, fodp);
    expect(images.map(({ name, role, slideNumbers }) => ({ name, role, slideNumbers }))).toEqual([
      { name: 'image1.png', role: 'slide', slideNumbers: [1, 3] },
      { name: 'image2.png', role: 'slide', slideNumbers: [2, 3] },
      { name: 'image3.jpg', role: 'background', slideNumbers: undefined },
      { name: 'image4.emf', role: 'background', slideNumbers: undefined },
      { name: 'image5.gif', role: 'master', slideNumbers: [1, 2, 3] },
    ]);
    expect(images.map((picture) => sha256(picture.bytes))).toEqual(
      [pictures.png, pictures.png2, pictures.jpeg, pictures.emf, pictures.gif].map(sha256),
    );
  });

  it('ODP: a fill picture shows on the slides whose page, master page or shape styles fill with it', async () => {
    const fillStyle = (name: string, family: string, fill: string, parent = '') =>
      `<style:style style:name="${name}" style:family="${family}"${parent && ` style:parent-style-name="${parent}"`}><style:${family === 'drawing-page' ? 'drawing-page' : 'graphic'}-properties draw:fill="${fill === 'none' ? 'none' : 'bitmap'}"${fill === 'none' ? '' : ` draw:fill-image-name="${fill}"`}/></style:style>`;
    const file = odf(
      'presentation',
      `<office:automatic-styles>${fillStyle('dp1', 'drawing-page', 'PageFill')}${fillStyle('gr1', 'graphic', 'none', 'Textured')}</office:automatic-styles>
      <office:body><office:presentation>
        <draw:page draw:master-page-name="Plain"/>
        <draw:page draw:master-page-name="Backed"><draw:rect draw:style-name="gr1"/><draw:custom-shape draw:style-name="Shape"/></draw:page>
        <draw:page draw:master-page-name="Plain" draw:style-name="dp1"/>
        <draw:page draw:master-page-name="Plain"/>
      </office:presentation></office:body>`,
      `<office:styles>
        <draw:fill-image draw:name="PageFill" xlink:href="Pictures/page.png"/>
        <draw:fill-image draw:name="MasterFill" xlink:href="Pictures/master.jpg"/>
        <draw:fill-image draw:name="ShapeFill" xlink:href="Pictures/shape.gif"/>
        <draw:fill-image draw:name="Unused" xlink:href="Pictures/unused.emf"/>
        ${fillStyle('Textured', 'graphic', 'ShapeFill')}${fillStyle('Shape', 'graphic', 'none', 'Textured')}
        <style:style style:name="Inherits" style:family="graphic" style:parent-style-name="Textured"/>
      </office:styles>
      <office:automatic-styles>${fillStyle('Mdp1', 'drawing-page', 'MasterFill')}</office:automatic-styles>
      <office:master-styles>
        <style:master-page style:name="Plain"><draw:rect draw:style-name="Inherits"/></style:master-page>
        <style:master-page style:name="Backed" draw:style-name="Mdp1"/>
      </office:master-styles>`,
      {
        'Pictures/page.png': pictures.png,
        'Pictures/master.jpg': pictures.jpeg,
        'Pictures/shape.gif': pictures.gif,
        'Pictures/unused.emf': pictures.emf,
      },
    );
    const { images } = await collect(extractOdf, file);
    expect(images.map(({ name, role, slideNumbers }) => ({ name, role, slideNumbers }))).toEqual([
      { name: 'page.png', role: 'background', slideNumbers: [3] },
      { name: 'master.jpg', role: 'background', slideNumbers: [2] },
      // through the master Plain's shape (style Inherits, from Textured); slide 2's gr1 and Shape fill with none
      { name: 'shape.gif', role: 'background', slideNumbers: [1, 3, 4] },
      { name: 'unused.emf', role: 'background', slideNumbers: undefined },
    ]);
  });

  it('ODT: pictures of headers, footers, footnotes and comments get the roles DOCX gives them', async () => {
    const file = odf(
      'text',
      `<office:body><office:text><text:p>${image('Pictures/body.png')}
        <text:note text:note-class="endnote"><text:note-body><text:p>${image('Pictures/note.gif')}</text:p></text:note-body></text:note>
        <office:annotation><text:p>${image('Pictures/comment.jpg')}</text:p></office:annotation></text:p></office:text></office:body>`,
      `<office:master-styles><style:master-page style:name="Standard">
        <style:header-first><text:p>${image('Pictures/first.png')}</text:p></style:header-first>
        <style:footer-left><text:p>${image('Pictures/left.emf')}</text:p></style:footer-left>${image('Pictures/page.png')}
      </style:master-page></office:master-styles>`,
      {
        'Pictures/body.png': pictures.png,
        'Pictures/note.gif': pictures.gif,
        'Pictures/comment.jpg': pictures.jpeg,
        'Pictures/first.png': pictures.png2,
        'Pictures/left.emf': pictures.emf,
        'Pictures/page.png': pictures.png,
      },
    );
    const { images } = await collect(extractOdf, file);
    expect(images.map(({ name, role }) => ({ name, role }))).toEqual([
      { name: 'body.png', role: 'body' },
      { name: 'note.gif', role: 'footnote' },
      { name: 'comment.jpg', role: 'comment' },
      { name: 'first.png', role: 'header' },
      { name: 'left.emf', role: 'footer' },
      { name: 'page.png', role: 'master' },
    ]);
  });

  it("a style template (styles.xml, no content.xml, as LibreOffice's Default.ott) gives its styles' pictures", async () => {
    const file = zipSync({
      mimetype: [encode('application/vnd.oasis.opendocument.text-template'), { level: 0 }],
      'styles.xml': encode(
        `<?xml version="1.0"?><office:document-styles ${NS}><office:master-styles><style:master-page style:name="Standard"><style:header><text:p>${image('Pictures/logo.png')}</text:p></style:header></style:master-page></office:master-styles></office:document-styles>`,
      ),
      'Pictures/logo.png': pictures.png,
    });
    expect(sniffContainerKind(file)).toBe('odt');
    const { images } = await collect(extractOdf, file);
    expect(images.map(({ name, role }) => ({ name, role }))).toEqual([{ name: 'logo.png', role: 'header' }]);
    expectEntries(file, images, ['Pictures/logo.png']);
  });

  it('a package without content.xml or styles.xml is damaged, said in a sentence', async () => {
    const file = zipSync({ mimetype: encode('application/vnd.oasis.opendocument.graphics') });
    expect(sniffContainerKind(file)).toBe('odg');
    await expect(collect(extractOdf, file)).rejects.toMatchObject({
      code: 'invalid',
      message: 'This OpenDocument file is damaged: it has no content.xml.',
    });
  });
});
