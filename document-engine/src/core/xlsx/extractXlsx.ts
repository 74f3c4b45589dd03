/**
 * Excel workbooks (.xlsx, .xlsm): the pictures of each sheet, sheets in workbook order. A sheet's
 * drawing part holds its pictures, each in an anchor (`xdr:twoCellAnchor`, `xdr:oneCellAnchor`:
 * the cell its top-left corner is in, from `xdr:from`; `xdr:absoluteAnchor`: no cell); then the
 * sheet's background picture. Charts are drawn by the reader, not stored pictures: graphic frames
 * are not read. Each picture once, where it first shows; its bytes are the part's, as stored.
 */
import { throwIfAborted } from '../../errors.ts';
import { cellName } from '../cellName.ts';
import { imageOfRelationship } from '../ooxml/imageFromPart.ts';
import { ooxmlExtractor } from '../ooxml/officeDocument.ts';
import type { OoxmlPackage } from '../ooxml/openPackage.ts';
import { RELATIONSHIP_ATTRIBUTE_NAMESPACES, type Relationship } from '../ooxml/relationships.ts';
import { imageKey, isImageRelationship } from '../ooxml/scanPart.ts';
import { walkXml } from '../ooxml/xmlReader.ts';
import type { DocumentImage } from '../types.ts';

/** Sheets read at most (Excel itself allows as many as memory holds; real workbooks have tens). */
export const MAX_WORKBOOK_SHEETS = 10_000;
/** Pictures read from one drawing at most; the rest are left out. */
export const MAX_DRAWING_PICTURES = 20_000;

const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

type Sheet = { name: string; part: string };
type Placed = { relationship: Relationship; cell?: string };

export const extractXlsx = ooxmlExtractor('workbook', async function* extractXlsx(pkg, workbookPart, options) {
  const { signal, onProgress, onSkipped } = options;
  const sheets = sheetsOf(pkg, workbookPart);
  const found = new Set<string>();
  for (const [index, sheet] of sheets.entries()) {
    throwIfAborted(signal);
    const placed: (Placed & { role: string })[] = [];
    for (const relationship of pkg.relationships(sheet.part).list) {
      if (relationship.kind !== 'drawing' || relationship.external || !relationship.targetPart) continue;
      const drawing = drawingPictures(pkg, relationship.targetPart);
      if (drawing.truncated) {
        onSkipped?.({
          reason: `The sheet ${sheet.name} shows more than ${MAX_DRAWING_PICTURES} pictures; the rest were not extracted.`,
        });
      }
      for (const picture of drawing.pictures) placed.push({ ...picture, role: 'body' });
    }
    for (const relationship of pkg.relationships(sheet.part).list) {
      // a worksheet's own image relationship is its background (`<picture r:id>`)
      if (isImageRelationship(relationship)) placed.push({ relationship, role: 'background' });
    }
    for (const { relationship, cell, role } of placed) {
      const key = imageKey(relationship);
      if (found.has(key)) continue;
      found.add(key);
      const image = await imageOfRelationship(pkg, relationship);
      throwIfAborted(signal);
      if (!image) {
        onSkipped?.({
          reason: `The sheet ${sheet.name} shows the picture ${relationship.target}, which the workbook does not hold.`,
        });
        continue;
      }
      yield { ...image, role, sheet: sheet.name, ...(cell ? { cell } : {}) } satisfies DocumentImage;
    }
    onProgress?.({ done: index + 1, total: sheets.length, unit: 'parts' });
  }
});

/** The workbook's sheets in its order, each with the part that holds it. */
function sheetsOf(pkg: OoxmlPackage, workbookPart: string): Sheet[] {
  const xml = pkg.readXml(workbookPart);
  const relationships = pkg.relationships(workbookPart);
  const sheets: Sheet[] = [];
  if (xml === undefined) return sheets;
  walkXml(
    xml,
    {
      open(element) {
        if (element.local !== 'sheet' || sheets.length >= MAX_WORKBOOK_SHEETS) return;
        let name = '';
        let id: string | undefined;
        for (const attribute of element.attributes) {
          if (attribute.local === 'name' && attribute.uri === '') name = attribute.value;
          else if (attribute.local === 'id' && RELATIONSHIP_ATTRIBUTE_NAMESPACES.has(attribute.uri))
            id = attribute.value;
        }
        const part = id === undefined ? undefined : relationships.byId.get(id)?.targetPart;
        if (part) sheets.push({ name, part });
      },
    },
    workbookPart,
  );
  return sheets;
}

/**
 * The pictures of a drawing part in document order, each with the cell its anchor starts in:
 * `a:blip`s (a picture, or a shape filled with one) outside graphic frames.
 */
function drawingPictures(pkg: OoxmlPackage, drawingPart: string): { pictures: Placed[]; truncated: boolean } {
  const xml = pkg.readXml(drawingPart);
  const relationships = pkg.relationships(drawingPart);
  const pictures: Placed[] = [];
  let truncated = false;
  if (xml === undefined) return { pictures, truncated };
  let anchorDepth = 0;
  let frameDepth = 0;
  let depth = 0;
  let inFrom = false;
  let reading: 'col' | 'row' | undefined;
  let from = { col: '', row: '' };
  walkXml(
    xml,
    {
      open(element) {
        depth += 1;
        const { local } = element;
        if ((local === 'twoCellAnchor' || local === 'oneCellAnchor' || local === 'absoluteAnchor') && !anchorDepth) {
          anchorDepth = depth;
          from = { col: '', row: '' };
        } else if (local === 'from' && anchorDepth) inFrom = true;
        else if (inFrom && (local === 'col' || local === 'row')) reading = local;
        else if (local === 'graphicFrame' && !frameDepth) frameDepth = depth;
        else if (local === 'blip' && !frameDepth) {
          for (const attribute of element.attributes) {
            if (!RELATIONSHIP_ATTRIBUTE_NAMESPACES.has(attribute.uri)) continue;
            const relationship = relationships.byId.get(attribute.value);
            if (!relationship || !isImageRelationship(relationship)) continue;
            if (pictures.length >= MAX_DRAWING_PICTURES) {
              truncated = true;
              return;
            }
            const cell = anchorCell(from);
            pictures.push({ relationship, ...(cell ? { cell } : {}) });
            // r:embed and r:link on one blip are one picture: the embedded copy is it
            break;
          }
        }
      },
      close(element) {
        const { local } = element;
        if (local === 'from') inFrom = false;
        else if (local === 'col' || local === 'row') reading = undefined;
        if (depth === frameDepth) frameDepth = 0;
        if (depth === anchorDepth) anchorDepth = 0;
        depth -= 1;
      },
      text(text) {
        if (reading) from[reading] += text;
      },
    },
    drawingPart,
  );
  return { pictures, truncated };
}

/** `xdr:from`'s 0-based column and row as a cell name; none when absent or off the sheet. */
function anchorCell(from: { col: string; row: string }): string | undefined {
  if (!/^\s*\d+\s*$/.test(from.col) || !/^\s*\d+\s*$/.test(from.row)) return undefined;
  const column = Number(from.col);
  const row = Number(from.row);
  return column < MAX_COLUMNS && row < MAX_ROWS ? cellName(column, row) : undefined;
}
