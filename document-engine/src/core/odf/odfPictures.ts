/**
 * Where an OpenDocument XML part (content.xml, styles.xml, or a whole flat document) shows
 * pictures, in document order: `draw:image` (a frame's picture, or the preview of an embedded
 * object), fill and background images, and list bullet pictures, each with where it sits (its
 * draw:page, its sheet and anchor cell, a master page) and either the entry it names
 * (`xlink:href`) or, in a flat document, its base64 data (`office:binary-data`).
 */
import { cellName } from '../cellName.ts';
import { attributeValue, walkXml, type XmlElement } from '../ooxml/xmlReader.ts';

export const DRAW = 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0';
const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const TABLE = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const STYLE = 'urn:oasis:names:tc:opendocument:xmlns:style:1.0';
const TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const PRESENTATION = 'urn:oasis:names:tc:opendocument:xmlns:presentation:1.0';
const XLINK = 'http://www.w3.org/1999/xlink';

/** A spreadsheet's size in Calc and Excel: a cell beyond it is no cell a reader can name. */
export const MAX_SHEET_ROWS = 1_048_576;
export const MAX_SHEET_COLUMNS = 16_384;
/** Picture references read from one part at most; the rest are left out. */
export const MAX_PART_PICTURES = 20_000;

export type OdfPicture = {
  /** The entry the picture names, as written; absent for inline data. */
  href?: string;
  /** A flat document's picture: its base64 text. */
  data?: string;
  role: string;
  /** The draw:page (1-based) it is on. */
  page?: number;
  /** A master page's pictures show on the pages that use that master. */
  masterPage?: string;
  sheet?: string;
  cell?: string;
  /** A later draw:image of one frame: a rendition readers that cannot show the first fall back to. */
  fallback?: boolean;
};

export type OdfPart = {
  pictures: OdfPicture[];
  /** The pages (1-based) each master page is used by, from `draw:page`'s master-page-name. */
  pagesByMaster: Map<string, number[]>;
  /** True when the part was cut at MAX_PART_PICTURES. */
  truncated: boolean;
};

/** Elements whose `xlink:href` is a picture (a `text:a`'s is a link, not a picture). */
const PICTURE_ELEMENTS: ReadonlySet<string> = new Set([
  `${DRAW} image`,
  `${DRAW} fill-image`,
  `${STYLE} background-image`,
  `${TEXT} list-level-style-image`,
]);

type TableState = { name: string; nextRow: number; row: number; nextColumn: number; cell?: string };

/**
 * `bodyRole`: the role of pictures in office:body (`body` for text and spreadsheets, `slide` for
 * presentations and drawings); pictures of styles are `background`, of master pages `master`,
 * of presentation notes `notes`, previews of embedded objects `object-preview`.
 */
export function odfPictures(xml: string, partName: string, bodyRole: string, withCells: boolean): OdfPart {
  const pictures: OdfPicture[] = [];
  const pagesByMaster = new Map<string, number[]>();
  let truncated = false;
  let inBody = 0;
  let notes = 0;
  let page: number | undefined;
  let pageCount = 0;
  let pageDepth = 0;
  let masterPage: string | undefined;
  let depth = 0;
  let masterDepth = 0;
  const tables: TableState[] = [];
  // frames being read, each with whether it holds an embedded object (its draw:image is then the object's preview)
  const frames: { object: boolean; images: number }[] = [];
  // a flat document's draw:image waiting for its office:binary-data, and that data being read
  let inline: OdfPicture | undefined;
  let binary: { picture: OdfPicture; chunks: string[] } | undefined;

  const place = (element: XmlElement, href: string | undefined): OdfPicture => {
    const frame = frames.at(-1);
    const isPreview =
      element.local === 'image' &&
      (frame?.object || (href !== undefined && /^(?:\.\/)?ObjectReplacements\//.test(href)));
    const table = tables.at(-1);
    let role = inBody ? (notes ? 'notes' : bodyRole) : masterPage !== undefined ? 'master' : 'background';
    if (isPreview) role = 'object-preview';
    const fallback = element.local === 'image' && frame !== undefined && frame.images++ > 0;
    return {
      ...(fallback ? { fallback } : {}),
      ...(href !== undefined ? { href } : {}),
      role,
      ...(page !== undefined ? { page } : {}),
      ...(masterPage !== undefined ? { masterPage } : {}),
      ...(table && inBody ? { sheet: table.name } : {}),
      ...(table?.cell && inBody ? { cell: table.cell } : {}),
    };
  };

  walkXml(
    xml,
    {
      open(element) {
        depth += 1;
        const { local, uri } = element;
        if (uri === OFFICE && local === 'body') inBody += 1;
        else if (uri === OFFICE && local === 'binary-data' && inline && !binary)
          binary = { picture: inline, chunks: [] };
        else if (uri === PRESENTATION && local === 'notes') notes += 1;
        else if (uri === DRAW && local === 'page' && inBody && page === undefined) {
          page = ++pageCount;
          pageDepth = depth;
          const master = attributeValue2(element, DRAW, 'master-page-name');
          if (master !== undefined) pagesByMaster.set(master, [...(pagesByMaster.get(master) ?? []), page]);
        } else if (uri === STYLE && local === 'master-page' && masterPage === undefined) {
          masterPage = attributeValue2(element, STYLE, 'name') ?? '';
          masterDepth = depth;
        } else if (uri === DRAW && local === 'frame') frames.push({ object: false, images: 0 });
        else if (uri === DRAW && (local === 'object' || local === 'object-ole')) {
          const frame = frames.at(-1);
          if (frame) frame.object = true;
        } else if (withCells && uri === TABLE) openTablePart(element, tables);

        if (!PICTURE_ELEMENTS.has(`${uri} ${local}`)) return;
        if (pictures.length >= MAX_PART_PICTURES) {
          truncated = true;
          return;
        }
        const href = attributeValue2(element, XLINK, 'href');
        if (href !== undefined && href.trim() !== '') pictures.push(place(element, href.trim()));
        else if (uri === DRAW && local === 'image') {
          inline = place(element, undefined);
          pictures.push(inline);
        }
      },
      close(element) {
        const { local, uri } = element;
        if (uri === OFFICE && local === 'body') inBody -= 1;
        else if (uri === OFFICE && local === 'binary-data' && binary) {
          binary.picture.data = binary.chunks.join('');
          binary = undefined;
        } else if (uri === PRESENTATION && local === 'notes') notes -= 1;
        else if (uri === DRAW && local === 'frame') frames.pop();
        else if (uri === DRAW && local === 'image') inline = undefined;
        else if (withCells && uri === TABLE) closeTablePart(local, tables);
        if (page !== undefined && depth === pageDepth) page = undefined;
        if (masterPage !== undefined && depth === masterDepth) masterPage = undefined;
        depth -= 1;
      },
      text(text) {
        binary?.chunks.push(text);
      },
    },
    partName,
  );
  // an image whose inline data never came (or was empty) names nothing
  return {
    pictures: pictures.filter((picture) => picture.href !== undefined || picture.data),
    pagesByMaster,
    truncated,
  };
}

function attributeValue2(element: XmlElement, uri: string, local: string): string | undefined {
  for (const attribute of element.attributes)
    if (attribute.local === local && attribute.uri === uri) return attribute.value;
  // some writers leave the prefix unbound or drop it: take the bare name too
  return attributeValue(element, local);
}

/** `table:number-rows-repeated` and the like: at least 1, and no more than the sheet holds. */
function repeated(element: XmlElement, name: string, limit: number): number {
  const value = Number.parseInt(attributeValue2(element, TABLE, name) ?? '1', 10);
  return Number.isFinite(value) && value > 1 ? Math.min(value, limit) : 1;
}

function openTablePart(element: XmlElement, tables: TableState[]): void {
  const table = tables.at(-1);
  switch (element.local) {
    case 'table':
      tables.push({ name: attributeValue2(element, TABLE, 'name') ?? '', nextRow: 0, row: 0, nextColumn: 0 });
      break;
    case 'table-row':
      if (!table) return;
      table.row = table.nextRow;
      table.nextRow = Math.min(
        table.nextRow + repeated(element, 'number-rows-repeated', MAX_SHEET_ROWS),
        MAX_SHEET_ROWS + 1,
      );
      table.nextColumn = 0;
      break;
    case 'table-cell':
    case 'covered-table-cell': {
      if (!table) return;
      const column = table.nextColumn;
      table.nextColumn = Math.min(
        column + repeated(element, 'number-columns-repeated', MAX_SHEET_COLUMNS),
        MAX_SHEET_COLUMNS + 1,
      );
      if (column < MAX_SHEET_COLUMNS && table.row < MAX_SHEET_ROWS) table.cell = cellName(column, table.row);
      break;
    }
  }
}

function closeTablePart(local: string, tables: TableState[]): void {
  if (local === 'table') tables.pop();
  else if (local === 'table-cell' || local === 'covered-table-cell') {
    const table = tables.at(-1);
    if (table) delete table.cell;
  }
}
