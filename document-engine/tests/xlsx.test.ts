// @vitest-environment node
/**
 * Excel workbooks built here around real pictures from the corpus: sheets in workbook order,
 * anchor cells from xdr:from, charts passed over; each picture checked byte for byte against
 * `unzip -p` of its part. A Word or PowerPoint file is still told as one.
 */
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tooling/corpus.mjs';
import { extractXlsx } from '../src/core/xlsx/index.ts';
import { sniffContainerKind, sniffDocumentKind } from '../src/index.ts';
import { collect, contentTypes, R_NS, REL_OFFICE_DOCUMENT, rels, zipParts } from './ooxmlFixtures.ts';
import { corpusPictures, onDisk, sha256, unzipEntrySha } from './zipContainerFixtures.ts';

const pictures = corpusPictures();
const XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const C = 'http://schemas.openxmlformats.org/drawingml/2006/chart';

const pic = (rId: string) =>
  `<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Picture"/></xdr:nvPicPr><xdr:blipFill><a:blip r:embed="${rId}"/></xdr:blipFill></xdr:pic>`;
const from = (col: number, row: number) =>
  `<xdr:from><xdr:col>${col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>`;
const drawing = (anchors: string) =>
  `<?xml version="1.0"?><xdr:wsDr xmlns:xdr="${XDR}" xmlns:a="${A}" xmlns:r="${R_NS}" xmlns:c="${C}">${anchors}</xdr:wsDr>`;

function workbook(): Uint8Array {
  return zipParts({
    '[Content_Types].xml': contentTypes(),
    '_rels/.rels': rels([{ id: 'rId1', type: REL_OFFICE_DOCUMENT, target: 'xl/workbook.xml' }]),
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${R_NS}">
      <sheets><sheet name="Prices" sheetId="1" r:id="rId1"/><sheet name="Q&amp;A" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': rels([
      { id: 'rId2', type: 'worksheet', target: 'worksheets/sheet2.xml' },
      { id: 'rId1', type: 'worksheet', target: 'worksheets/sheet1.xml' },
    ]),
    'xl/worksheets/sheet1.xml': '<worksheet/>',
    'xl/worksheets/_rels/sheet1.xml.rels': rels([{ id: 'rId1', type: 'drawing', target: '../drawings/drawing1.xml' }]),
    'xl/worksheets/sheet2.xml': '<worksheet/>',
    'xl/worksheets/_rels/sheet2.xml.rels': rels([
      { id: 'rId1', type: 'drawing', target: '../drawings/drawing2.xml' },
      { id: 'rId2', type: 'image', target: '../media/image5.png' },
    ]),
    'xl/drawings/drawing1.xml': drawing(`
      <xdr:twoCellAnchor>${from(1, 3)}<xdr:to><xdr:col>4</xdr:col><xdr:row>9</xdr:row></xdr:to>${pic('rId1')}<xdr:clientData/></xdr:twoCellAnchor>
      <xdr:oneCellAnchor>${from(0, 0)}<xdr:ext cx="1" cy="1"/>${pic('rId2')}<xdr:clientData/></xdr:oneCellAnchor>
      <xdr:twoCellAnchor>${from(6, 6)}<xdr:graphicFrame><a:graphic><a:graphicData uri="${C}"><c:chart r:id="rId3"/></a:graphicData></a:graphic></xdr:graphicFrame></xdr:twoCellAnchor>
      <xdr:absoluteAnchor><xdr:pos x="0" y="0"/><xdr:ext cx="1" cy="1"/>${pic('rId4')}<xdr:clientData/></xdr:absoluteAnchor>`),
    'xl/drawings/_rels/drawing1.xml.rels': rels([
      { id: 'rId1', type: 'image', target: '../media/image1.png' },
      { id: 'rId2', type: 'image', target: '../media/image2.jpeg' },
      { id: 'rId3', type: 'chart', target: '../charts/chart1.xml' },
      { id: 'rId4', type: 'image', target: '../media/image3.gif' },
    ]),
    'xl/charts/chart1.xml': `<c:chartSpace xmlns:c="${C}" xmlns:a="${A}" xmlns:r="${R_NS}"><a:blip r:embed="rId1"/></c:chartSpace>`,
    'xl/charts/_rels/chart1.xml.rels': rels([{ id: 'rId1', type: 'image', target: '../media/chartfill.png' }]),
    'xl/drawings/drawing2.xml': drawing(`
      <xdr:twoCellAnchor>${from(2, 2)}${pic('rId1')}<xdr:clientData/></xdr:twoCellAnchor>
      <xdr:twoCellAnchor>${from(27, 9)}<xdr:grpSp>${pic('rId2')}</xdr:grpSp><xdr:clientData/></xdr:twoCellAnchor>`),
    'xl/drawings/_rels/drawing2.xml.rels': rels([
      { id: 'rId1', type: 'image', target: '../media/image1.png' },
      { id: 'rId2', type: 'image', target: '../media/image4.emf' },
    ]),
    'xl/media/image1.png': pictures.png,
    'xl/media/image2.jpeg': pictures.jpeg,
    'xl/media/image3.gif': pictures.gif,
    'xl/media/image4.emf': pictures.emf,
    'xl/media/image5.png': pictures.png2,
    'xl/media/chartfill.png': pictures.png2.slice(0, 64),
  });
}

describe('XLSX', () => {
  it('is told by xl/workbook.xml, while Word and PowerPoint files stay what they are', () => {
    expect(sniffDocumentKind(workbook())).toBeUndefined();
    expect(sniffContainerKind(workbook())).toBe('xlsx');
    for (const file of ['docx/VariousPictures.docx', 'pptx/backgrounds.pptx']) {
      const bytes = readCorpus(file);
      expect(sniffContainerKind(bytes)).toBeUndefined();
      expect(sniffDocumentKind(bytes)).toBe(file.slice(0, 4));
    }
  });

  it('each picture once, with its sheet and anchor cell; charts are not pictures; a sheet background last', async () => {
    const file = workbook();
    const { images, progress } = await collect(extractXlsx, file);
    expect(images.map(({ name, format, role, sheet, cell }) => ({ name, format, role, sheet, cell }))).toEqual([
      { name: 'image1.png', format: 'PNG', role: 'body', sheet: 'Prices', cell: 'B4' },
      { name: 'image2.jpg', format: 'JPEG', role: 'body', sheet: 'Prices', cell: 'A1' },
      { name: 'image3.gif', format: 'GIF', role: 'body', sheet: 'Prices', cell: undefined },
      { name: 'image4.emf', format: 'EMF', role: 'body', sheet: 'Q&A', cell: 'AB10' },
      { name: 'image5.png', format: 'PNG', role: 'background', sheet: 'Q&A', cell: undefined },
    ]);
    const path = onDisk(file, 'book.xlsx');
    expect(images.map((image) => sha256(image.bytes))).toEqual(
      ['image1.png', 'image2.jpeg', 'image3.gif', 'image4.emf', 'image5.png'].map((name) =>
        unzipEntrySha(path, `xl/media/${name}`),
      ),
    );
    expect(progress).toEqual([
      { done: 1, total: 2, unit: 'parts' },
      { done: 2, total: 2, unit: 'parts' },
    ]);
  });
});
