/**
 * Hostile ZIP containers (EPUB, OpenDocument, XLSX, image archives), each built from a small
 * well-formed file of its kind and then made hostile in one way:
 *
 *   - a zip bomb: a picture entry that inflates over 1000:1 (refused before it is inflated);
 *   - a picture entry declaring a size of gigabytes (refused from the directory alone);
 *   - an e-book whose spine names one page 20,000 times and whose page shows one picture
 *     10,000 times (read once, given once);
 *   - an e-book page of 550 KB of `<img` with no `>` (a scan that looked past the next `<` for the `>` would be quadratic);
 *   - a spreadsheet whose rows and columns repeat 2^31 times (positions past a sheet's size);
 *   - a text document 50,000 elements deep around its picture;
 *   - a workbook drawing with 10,000 anchors of one picture.
 *
 * The well-formed builders are the fuzzer's seeds for these kinds too. The list is kept apart
 * from HOSTILE_DOCUMENTS, which the PDF, Word and PowerPoint screens' tests upload; extract-api's
 * isolation tests upload this one as well.
 */
import { zipSync } from 'fflate';
import type { HostileDocument } from './hostileDocument.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** A 1×1 PNG (signature, IHDR, IDAT, IEND), `tag` in a private chunk so that each is distinct. */
export function tinyPng(tag = ''): Uint8Array {
  const hex =
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489' +
    '0000000d4944415478da63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082';
  const png = new Uint8Array(hex.match(/../g)?.map((byte) => Number.parseInt(byte, 16)) ?? []);
  if (!tag) return png;
  const chunk = encode(`tAGz${tag}`);
  const out = new Uint8Array(png.length + 8 + chunk.length);
  out.set(png.subarray(0, 33));
  new DataView(out.buffer).setUint32(33, chunk.length - 4);
  out.set(chunk, 37);
  out.set(png.subarray(33), 37 + chunk.length + 4);
  return out;
}

// --- Well-formed files -------------------------------------------------------------------------

export function wellFormedEpub(
  page = '<p><img src="../images/a.png"/></p>',
  spine = '<itemref idref="c1"/>',
): Uint8Array {
  return zipSync({
    mimetype: [encode('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': encode(
      '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': encode(`<package xmlns="http://www.idpf.org/2007/opf" version="3.0">
<manifest><item id="c1" href="text/c1.xhtml" media-type="application/xhtml+xml"/><item id="a" href="images/a.png" media-type="image/png"/>
<item id="cover" href="images/cover.png" media-type="image/png" properties="cover-image"/></manifest><spine>${spine}</spine></package>`),
    'OEBPS/text/c1.xhtml': encode(`<html xmlns="http://www.w3.org/1999/xhtml"><body>${page}</body></html>`),
    'OEBPS/images/a.png': tinyPng('a'),
    'OEBPS/images/cover.png': tinyPng('cover'),
  });
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';
const FRAME = '<draw:frame><draw:image xlink:href="Pictures/a.png"/></draw:frame>';

export function wellFormedOdf(
  type = 'presentation',
  body = `<office:presentation><draw:page>${FRAME}</draw:page></office:presentation>`,
): Uint8Array {
  return zipSync({
    mimetype: [encode(`application/vnd.oasis.opendocument.${type}`), { level: 0 }],
    'content.xml': encode(
      `<office:document-content ${ODF_NS}><office:body>${body}</office:body></office:document-content>`,
    ),
    'styles.xml': encode(`<office:document-styles ${ODF_NS}/>`),
    'Pictures/a.png': tinyPng('a'),
    'Pictures/b.png': tinyPng('b'),
  });
}

export function wellFormedFlatOdt(): Uint8Array {
  const data = btoa(String.fromCharCode(...tinyPng('flat')));
  return encode(`<?xml version="1.0"?><office:document ${ODF_NS} office:mimetype="application/vnd.oasis.opendocument.text">
<office:body><office:text><text:p><draw:frame><draw:image><office:binary-data>${data}</office:binary-data></draw:image></draw:frame></text:p></office:text></office:body></office:document>`);
}

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rels = (list: [string, string, string][]) =>
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${R}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;

export function wellFormedXlsx(
  anchors = '<xdr:twoCellAnchor><xdr:from><xdr:col>1</xdr:col><xdr:row>2</xdr:row></xdr:from><xdr:pic><xdr:blipFill><a:blip r:embed="rId1"/></xdr:blipFill></xdr:pic></xdr:twoCellAnchor>',
): Uint8Array {
  return zipSync({
    '[Content_Types].xml': encode('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    '_rels/.rels': encode(rels([['rId1', 'officeDocument', 'xl/workbook.xml']])),
    'xl/workbook.xml': encode(`<workbook xmlns:r="${R}"><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': encode(rels([['rId1', 'worksheet', 'worksheets/sheet1.xml']])),
    'xl/worksheets/sheet1.xml': encode('<worksheet/>'),
    'xl/worksheets/_rels/sheet1.xml.rels': encode(rels([['rId1', 'drawing', '../drawings/drawing1.xml']])),
    'xl/drawings/drawing1.xml': encode(
      `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${R}">${anchors}</xdr:wsDr>`,
    ),
    'xl/drawings/_rels/drawing1.xml.rels': encode(rels([['rId1', 'image', '../media/image1.png']])),
    'xl/media/image1.png': tinyPng('x'),
  });
}

export function wellFormedCbz(): Uint8Array {
  return zipSync({ 'p10.png': tinyPng('10'), 'p2.png': tinyPng('2'), 'p1.png': tinyPng('1'), 'info.txt': encode('x') });
}

// --- Hostile files -----------------------------------------------------------------------------

/** A page of 4 MiB of zeros: DEFLATE stores that at about 1030:1. */
export function zipBombCbz(): Uint8Array {
  const bomb = new Uint8Array(4 * 1024 * 1024);
  bomb.set(tinyPng().subarray(0, 33));
  return zipSync({ 'page1.png': tinyPng('1'), 'page2.png': [bomb, { level: 9 }] });
}

/** A CBZ whose second page's directory entry declares 3 GiB out of 40 bytes in. */
export function hugeDeclaredSizeCbz(): Uint8Array {
  const zip = zipSync({ 'page1.png': tinyPng('1'), 'page2.png': [tinyPng('2'), { level: 0 }] });
  const view = new DataView(zip.buffer);
  // the central directory's second header: its uncompressed size at +24
  let at = zip.length - 22;
  at = view.getUint32(at + 16, true);
  at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  view.setUint32(at + 24, 0xc0000000, true);
  return zip;
}

export function spineLoopEpub(): Uint8Array {
  return wellFormedEpub('<img src="../images/a.png"/>'.repeat(10_000), '<itemref idref="c1"/>'.repeat(20_000));
}

export function tagSoupEpub(): Uint8Array {
  return wellFormedEpub(`${'<img src=x '.repeat(50_000)}<img src="../images/a.png">`);
}

export function hugeRepeatsOds(): Uint8Array {
  const row =
    '<table:table-row table:number-rows-repeated="2147483647"><table:table-cell table:number-columns-repeated="2147483647"/></table:table-row>';
  return wellFormedOdf(
    'spreadsheet',
    `<office:spreadsheet><table:table table:name="T">${row.repeat(1000)}<table:table-row><table:table-cell>${FRAME}</table:table-cell></table:table-row></table:table></office:spreadsheet>`,
  );
}

export function deepNestingOdt(): Uint8Array {
  return wellFormedOdf(
    'text',
    `<office:text>${'<text:span>'.repeat(50_000)}${FRAME}${'</text:span>'.repeat(50_000)}</office:text>`,
  );
}

export function manyAnchorsXlsx(): Uint8Array {
  const anchor =
    '<xdr:oneCellAnchor><xdr:from><xdr:col>99999999999</xdr:col><xdr:row>0</xdr:row></xdr:from><xdr:pic><xdr:blipFill><a:blip r:embed="rId1"/></xdr:blipFill></xdr:pic></xdr:oneCellAnchor>';
  return wellFormedXlsx(anchor.repeat(10_000));
}

export const ZIP_CONTAINER_HOSTILE_DOCUMENTS: readonly HostileDocument[] = [
  {
    name: 'a CBZ page that inflates over 1000:1 (a zip bomb)',
    kind: 'image-archive',
    fileName: 'zip-bomb.cbz',
    build: zipBombCbz,
  },
  {
    name: 'a CBZ page declaring 3 GiB',
    kind: 'image-archive',
    fileName: 'huge-declared-size.cbz',
    build: hugeDeclaredSizeCbz,
  },
  {
    name: 'an EPUB spine naming one page 20,000 times',
    kind: 'epub',
    fileName: 'spine-loop.epub',
    build: spineLoopEpub,
  },
  { name: 'an EPUB page of 50,000 unclosed <img tags', kind: 'epub', fileName: 'tag-soup.epub', build: tagSoupEpub },
  {
    name: 'an ODS whose rows and columns repeat 2^31 times',
    kind: 'ods',
    fileName: 'huge-repeats.ods',
    build: hugeRepeatsOds,
  },
  { name: 'an ODT 50,000 elements deep', kind: 'odt', fileName: 'deep-nesting.odt', build: deepNestingOdt },
  {
    name: 'an XLSX drawing of 10,000 anchors of one picture',
    kind: 'xlsx',
    fileName: 'many-anchors.xlsx',
    build: manyAnchorsXlsx,
  },
];
