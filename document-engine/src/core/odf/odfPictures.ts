/**
 * Where an OpenDocument XML part (content.xml, styles.xml, or a whole flat document) shows
 * pictures, in document order: `draw:image` (a frame's picture, or the preview of an embedded
 * object), fill and background images, and list bullet pictures, each with where it sits (its
 * draw:page, its sheet and anchor cell, a master page) and either the entry it names
 * (`xlink:href`) or, in a flat document, its base64 data (`office:binary-data`, which any of
 * these elements may hold: LibreOffice writes a fill or page background picture's data inline too).
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
  /** Shown in office:body (not by a style or a master page). */
  inBody?: boolean;
  /** A `draw:fill-image`'s name: it shows where a style that fills with it is used. */
  fillName?: string;
};

/** A style's own fill picture (`draw:fill="bitmap"`: its name; another fill: ''), or the style it inherits from. */
export type FillStyle = { fill?: string; parent?: string };

/** The pages, and the master pages, whose shapes or backgrounds use a style. */
export type StyleUse = { pages: Set<number>; masters: Set<string> };

export type OdfPart = {
  pictures: OdfPicture[];
  /** The pages (1-based) each master page is used by, from `draw:page`'s master-page-name. */
  pagesByMaster: Map<string, number[]>;
  /** True when the part was cut at MAX_PART_PICTURES. */
  truncated: boolean;
  fillStyles: Map<string, FillStyle>;
  styleUses: Map<string, StyleUse>;
};

/** Elements whose `xlink:href` is a picture (a `text:a`'s is a link, not a picture). */
const PICTURE_ELEMENTS: ReadonlySet<string> = new Set([
  `${DRAW} image`,
  `${DRAW} fill-image`,
  `${STYLE} background-image`,
  `${TEXT} list-level-style-image`,
]);

/** A text document's master page regions: headers and footers (all pages, left pages, the first page). */
const PAGE_REGIONS: ReadonlySet<string> = new Set([
  'header',
  'header-left',
  'header-first',
  'footer',
  'footer-left',
  'footer-first',
]);

type TableState = { name: string; nextRow: number; row: number; nextColumn: number; cell?: string };

/**
 * `bodyRole`: the role of pictures in office:body (`body` for text and spreadsheets, `slide` for
 * presentations and drawings); pictures of styles are `background`, of master pages `master`
 * (of their headers and footers `header` and `footer`), of presentation notes `notes`, of
 * footnotes and endnotes `footnote`, of annotations `comment`, previews of embedded objects
 * `object-preview`: the roles DOCX and RTF give such pictures.
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
  let footnotes = 0;
  let comments = 0;
  // a master page's header or footer being read
  let pageRegion: 'header' | 'footer' | undefined;
  const tables: TableState[] = [];
  // frames being read, each with whether it holds an embedded object (its draw:image is then the object's preview)
  const frames: { object: boolean; images: number }[] = [];
  // a flat document's draw:image waiting for its office:binary-data, and that data being read
  let inline: OdfPicture | undefined;
  let binary: { picture: OdfPicture; chunks: string[] } | undefined;
  const fillStyles = new Map<string, FillStyle>();
  const styleUses = new Map<string, StyleUse>();
  let style: FillStyle | undefined;
  const use = (name: string | undefined) => {
    if (name === undefined || (page === undefined && masterPage === undefined)) return;
    let entry = styleUses.get(name);
    if (!entry) {
      entry = { pages: new Set(), masters: new Set() };
      styleUses.set(name, entry);
    }
    if (page !== undefined) entry.pages.add(page);
    else if (masterPage !== undefined) entry.masters.add(masterPage);
  };

  const place = (element: XmlElement, href: string | undefined): OdfPicture => {
    const frame = frames.at(-1);
    const isPreview =
      element.local === 'image' &&
      (frame?.object || (href !== undefined && /^(?:\.\/)?ObjectReplacements\//.test(href)));
    const table = tables.at(-1);
    let role = inBody
      ? notes
        ? 'notes'
        : comments
          ? 'comment'
          : footnotes
            ? 'footnote'
            : bodyRole
      : masterPage !== undefined
        ? (pageRegion ?? 'master')
        : 'background';
    if (isPreview) role = 'object-preview';
    const fallback = element.local === 'image' && frame !== undefined && frame.images++ > 0;
    return {
      ...(fallback ? { fallback } : {}),
      ...(inBody ? { inBody: true } : {}),
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
        else if (uri === OFFICE && local === 'binary-data' && inline && !binary) {
          if (pictures.length >= MAX_PART_PICTURES) truncated = true;
          else {
            pictures.push(inline);
            binary = { picture: inline, chunks: [] };
          }
        } else if (uri === PRESENTATION && local === 'notes') notes += 1;
        else if (uri === TEXT && local === 'note') footnotes += 1;
        else if (uri === OFFICE && local === 'annotation') comments += 1;
        else if (uri === STYLE && masterPage !== undefined && PAGE_REGIONS.has(local))
          pageRegion = local.startsWith('header') ? 'header' : 'footer';
        else if (uri === DRAW && local === 'page' && inBody && page === undefined) {
          page = ++pageCount;
          pageDepth = depth;
          const master = attributeValue2(element, DRAW, 'master-page-name');
          if (master !== undefined) pagesByMaster.set(master, [...(pagesByMaster.get(master) ?? []), page]);
        } else if (uri === STYLE && local === 'master-page' && masterPage === undefined) {
          masterPage = attributeValue2(element, STYLE, 'name') ?? '';
          masterDepth = depth;
        } else if (uri === STYLE && local === 'style') {
          style = {};
          const parent = attributeValue2(element, STYLE, 'parent-style-name');
          if (parent !== undefined) style.parent = parent;
          fillStyles.set(attributeValue2(element, STYLE, 'name') ?? '', style);
        } else if (uri === STYLE && local.endsWith('-properties') && style) {
          const fill = ownAttribute(element, DRAW, 'fill');
          if (fill !== undefined)
            style.fill = fill === 'bitmap' ? (ownAttribute(element, DRAW, 'fill-image-name') ?? '') : '';
        } else if (uri === DRAW && local === 'frame') frames.push({ object: false, images: 0 });
        else if (uri === DRAW && (local === 'object' || local === 'object-ole')) {
          const frame = frames.at(-1);
          if (frame) frame.object = true;
        } else if (withCells && uri === TABLE) openTablePart(element, tables);
        // a page's background, a master page's, a shape's fill: styles used on pages
        use(ownAttribute(element, DRAW, 'style-name'));
        use(ownAttribute(element, PRESENTATION, 'style-name'));

        if (!PICTURE_ELEMENTS.has(`${uri} ${local}`)) return;
        const href = attributeValue2(element, XLINK, 'href')?.trim() || undefined;
        if (href !== undefined && pictures.length >= MAX_PART_PICTURES) {
          truncated = true;
          return;
        }
        const picture = place(element, href);
        const fillName = local === 'fill-image' ? ownAttribute(element, DRAW, 'name') : undefined;
        if (fillName !== undefined) picture.fillName = fillName;
        // Without a name, a flat document's picture (a fill, a background, a bullet too) holds its
        // data in office:binary-data: counted when that comes, as an empty
        // <style:background-image/> (LibreOffice writes many) is no picture.
        if (href !== undefined) pictures.push(picture);
        else inline = picture;
      },
      close(element) {
        const { local, uri } = element;
        if (uri === OFFICE && local === 'body') inBody -= 1;
        else if (uri === OFFICE && local === 'binary-data' && binary) {
          binary.picture.data = binary.chunks.join('');
          binary = undefined;
        } else if (uri === PRESENTATION && local === 'notes') notes -= 1;
        else if (uri === TEXT && local === 'note') footnotes -= 1;
        else if (uri === OFFICE && local === 'annotation') comments -= 1;
        else if (uri === STYLE && PAGE_REGIONS.has(local)) pageRegion = undefined;
        else if (uri === DRAW && local === 'frame') frames.pop();
        else if (PICTURE_ELEMENTS.has(`${uri} ${local}`)) inline = undefined;
        else if (uri === STYLE && local === 'style') style = undefined;
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
  // an image whose inline data was empty names nothing
  return {
    pictures: pictures.filter((picture) => picture.href !== undefined || picture.data),
    pagesByMaster,
    truncated,
    fillStyles,
    styleUses,
  };
}

/** An attribute in its namespace only (`draw:style-name` is not `text:style-name`). */
function ownAttribute(element: XmlElement, uri: string, local: string): string | undefined {
  for (const attribute of element.attributes)
    if (attribute.local === local && attribute.uri === uri) return attribute.value;
  return undefined;
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
