/**
 * A figure as a PDF of its own: one page the size of the figure and its caption, drawing the
 * source page's own content (paths, text, images: vectors stay vectors, fonts stay embedded)
 * inside a clip to that box.
 *
 * The page's content becomes a Form XObject with the page's resources, and the new page draws it
 * clipped. What the page draws wholly outside the box (text runs, painted paths, images, placed
 * forms, as layoutWalk measures them) is taken out of the form's content, every state operator
 * kept, so the rest draws exactly as before and the prose around a figure is not in the file.
 * Shown text that is taken out leaves its advance behind (`[-n] TJ`), so the text after it in the
 * same text object stays where it was.
 *
 * Only what the form needs is copied (its resources, followed through references, each object
 * once): no other page, no annotations, no document structure. Bounded by a number of objects
 * and of bytes, as a hostile file can reach its whole body from one font. An encrypted source is
 * written decrypted: strings decrypted, streams decoded and written Flate-compressed (image codecs
 * kept as they are).
 */
import { zlibSync } from 'fflate';
import { DocumentError, throwIfAborted } from '../../../errors.ts';
import { concatBytes } from '../../bytes.ts';
import { hostZlib } from '../../hostZlib.ts';
import { nameOf, numberOf, PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString } from '../objects.ts';
import { type PdfPage, readPages } from '../pageTree.ts';
import { latin1Encode, writePdfFile } from '../pdfWriter.ts';
import { PdfDocument } from '../xref.ts';
import type { Box } from './geometry.ts';
import { DEFAULT_LAYOUT_LIMITS, type DrawnOperation, walkPageLayout } from './layoutWalk.ts';
import type { PdfFigure } from './types.ts';

export type CropLimits = {
  /** Most source objects copied into one figure's PDF. */
  maxObjects: number;
  /** Most bytes of streams copied into it. */
  maxBytes: number;
};

export const DEFAULT_CROP_LIMITS: CropLimits = {
  maxObjects: 20_000,
  maxBytes: 256 * 1024 * 1024,
};

export type CropOptions = {
  password?: string;
  signal?: AbortSignal;
  /** Points added around the figure and its caption. */
  margin?: number;
  limits?: Partial<CropLimits>;
  /** Take out what is drawn wholly outside the box (default); false keeps the page's content whole, only clipped. */
  dropOutside?: boolean;
};

/** Keys of copied dictionaries that would pull in the rest of the document, or that name its structure. */
const DROPPED_KEYS = new Set(['Parent', 'StructParent', 'StructParents', 'Metadata', 'PieceInfo']);
/** Dictionaries never copied: pages and the catalog reach everything. */
const DROPPED_TYPES = new Set(['Page', 'Pages', 'Catalog']);
/** Stream keys that describe stored bytes: rewritten when the bytes are decoded. */
const ENCODING_KEYS = ['Length', 'Filter', 'DecodeParms', 'DP', 'DL', 'F', 'FFilter', 'FDecodeParms'];
const DEFAULT_MARGIN = 4;

export async function croppedFigurePdf(
  bytes: Uint8Array,
  figure: Pick<PdfFigure, 'pageNumber' | 'box'> & Partial<Pick<PdfFigure, 'captionBox'>>,
  options: CropOptions = {},
): Promise<Uint8Array> {
  throwIfAborted(options.signal);
  let doc: PdfDocument;
  let pages: PdfPage[];
  try {
    doc = await PdfDocument.open(bytes, options.password);
    pages = await readPages(doc);
  } catch (error) {
    throw error instanceof DocumentError ? error : new DocumentError('invalid', undefined, { cause: error });
  }
  return cropFigureOf(doc, pages, figure, options);
}

/**
 * `croppedFigurePdf` on a document already open: every figure of a file is cut from one parse,
 * its content streams decoded once (the document keeps them) however many figures a page holds.
 */
export async function cropFigureOf(
  doc: PdfDocument,
  pages: PdfPage[],
  figure: Pick<PdfFigure, 'pageNumber' | 'box'> & Partial<Pick<PdfFigure, 'captionBox'>>,
  options: Omit<CropOptions, 'password'> = {},
): Promise<Uint8Array> {
  throwIfAborted(options.signal);
  const limits = { ...DEFAULT_CROP_LIMITS, ...options.limits };
  const page = pages[figure.pageNumber - 1];
  if (!page) throw new DocumentError('invalid', `This PDF has no page ${figure.pageNumber}.`);
  const box = cropBox(figure.box, figure.captionBox, options.margin ?? DEFAULT_MARGIN);

  const layout = await walkPageLayout(doc, page, figure.pageNumber, DEFAULT_LAYOUT_LIMITS, { record: true });
  throwIfAborted(options.signal);
  let content = layout.content ?? new Uint8Array(0);
  // a page whose walk stopped early is kept whole: what was not measured cannot be judged outside
  if (options.dropOutside !== false && !layout.stopped && layout.drawn)
    content = dropOutside(content, layout.drawn, box);

  const copier = new Copier(doc, limits, 6, options.signal);
  const resources = page.resources ? await copier.copy(page.resources) : new PdfDict();
  const form = new PdfStream(
    dict({
      Type: new PdfName('XObject'),
      Subtype: new PdfName('Form'),
      BBox: [...box],
      Matrix: [1, 0, 0, 1, 0, 0],
      Resources: resources,
      Filter: new PdfName('FlateDecode'),
    }),
    await deflate(content),
  );
  const group = await doc.resolve(page.dict.get('Group'));
  if (group instanceof PdfDict) form.dict.set('Group', await copier.copy(group));

  const [x0, y0, x1, y1] = box;
  const pageContent = latin1Encode(`q ${[x0, y0, x1 - x0, y1 - y0].map(fixed).join(' ')} re W n /Fig Do Q\n`);
  const newPage = dict({
    Type: new PdfName('Page'),
    Parent: new PdfRef(2, 0),
    MediaBox: [...box],
    CropBox: [...box],
    Resources: dict({ XObject: dict({ Fig: new PdfRef(5, 0) }) }),
    Contents: new PdfRef(4, 0),
  });
  const rotate = numberOf(await doc.resolve(page.dict.get('Rotate')));
  if (rotate !== undefined && rotate % 90 === 0) newPage.set('Rotate', rotate);
  const objects: PdfObject[] = [
    dict({ Type: new PdfName('Catalog'), Pages: new PdfRef(2, 0) }),
    dict({ Type: new PdfName('Pages'), Kids: [new PdfRef(3, 0)], Count: 1 }),
    newPage,
    new PdfStream(new PdfDict(), pageContent),
    form,
    ...(await copier.drain()),
  ];
  return writePdfFile(objects, dict({ Root: new PdfRef(1, 0) }));
}

/** The figure's box with its caption's, and a margin around both, in whole points. */
export function cropBox(box: Box, captionBox: Box | undefined, margin: number): Box {
  const union: Box = captionBox
    ? [
        Math.min(box[0], captionBox[0]),
        Math.min(box[1], captionBox[1]),
        Math.max(box[2], captionBox[2]),
        Math.max(box[3], captionBox[3]),
      ]
    : box;
  const m = Math.max(0, margin);
  // whole points, rounded outwards: a page of whole points renders to whole pixels at 72 dpi
  return [Math.floor(union[0] - m), Math.floor(union[1] - m), Math.ceil(union[2] + m), Math.ceil(union[3] + m)];
}

/**
 * The content without the operations drawn wholly outside `box`. Each is replaced by a space, or
 * for shown text by what keeps the text position (`T*` for a `'`, the spacing for a `"`, the advance).
 */
function dropOutside(content: Uint8Array, drawn: DrawnOperation[], box: Box): Uint8Array {
  const outside = drawn
    .filter((op) => op.box[2] < box[0] || op.box[0] > box[2] || op.box[3] < box[1] || op.box[1] > box[3])
    .sort((a, b) => a.start - b.start);
  if (outside.length === 0) return content;
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const op of outside) {
    // ranges never overlap (each is one operator and its operands); a stray one is skipped
    if (op.start < at || op.end > content.length) continue;
    parts.push(content.subarray(at, op.start), latin1Encode(` ${op.replacement ?? ''} `));
    at = op.end;
  }
  parts.push(content.subarray(at));
  return concatBytes(parts);
}

class Copier {
  private readonly numbers = new Map<string, number>();
  private readonly pending: { ref: PdfRef; num: number }[] = [];
  private readonly out: PdfObject[] = [];
  private bytes = 0;
  private readonly encrypted: boolean;

  constructor(
    private readonly doc: PdfDocument,
    private readonly limits: CropLimits,
    private readonly firstNumber: number,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.encrypted = doc.trailer.get('Encrypt') !== undefined;
  }

  /** A value with its references renumbered into the new file (the objects they name queued). */
  async copy(value: PdfObject, depth = 0): Promise<PdfObject> {
    if (depth > 64) return null;
    if (value instanceof PdfRef) return this.refFor(value);
    if (value instanceof PdfString) {
      return this.encrypted ? new PdfString((await this.doc.string(value)) ?? value.bytes) : value;
    }
    if (Array.isArray(value)) {
      const items: PdfObject[] = [];
      for (const item of value) items.push(await this.copy(item, depth + 1));
      return items;
    }
    if (value instanceof PdfDict) {
      if (DROPPED_TYPES.has(nameOf(value.get('Type')) ?? '')) return null;
      const copy = new PdfDict();
      for (const [key, item] of value.map) if (!DROPPED_KEYS.has(key)) copy.set(key, await this.copy(item, depth + 1));
      return copy;
    }
    if (value instanceof PdfStream) return this.copyStream(value);
    return value;
  }

  private refFor(ref: PdfRef): PdfRef {
    let num = this.numbers.get(ref.key);
    if (num === undefined) {
      if (this.numbers.size >= this.limits.maxObjects) {
        throw new DocumentError(
          'too-large',
          `This figure uses more of the PDF than will be copied (over ${this.limits.maxObjects} objects): it cannot be saved as a PDF of its own.`,
        );
      }
      num = this.firstNumber + this.numbers.size;
      this.numbers.set(ref.key, num);
      this.pending.push({ ref, num });
    }
    return new PdfRef(num, 0);
  }

  private async copyStream(stream: PdfStream): Promise<PdfStream> {
    // without /Length: an indirect one would be copied for nothing (the writer sets it)
    const own = new PdfDict();
    for (const [key, item] of stream.dict.map) if (key !== 'Length') own.set(key, item);
    const copy = (await this.copy(own)) as PdfDict;
    if (!this.encrypted) {
      this.count(stream.raw.length);
      // its own bytes, filters and all: an indirect /Length is written again from the bytes
      return new PdfStream(copy, stream.raw);
    }
    for (const key of ENCODING_KEYS) copy.map.delete(key);
    let data: Uint8Array;
    try {
      const decoded = await this.doc.decodeStream(stream);
      this.count(decoded.data.length);
      if (decoded.codec) {
        // an image codec's bytes are what the image is: kept as they are, under their filter
        copy.set('Filter', new PdfName(decoded.codec));
        if (decoded.codecParams) copy.set('DecodeParms', await this.copy(decoded.codecParams));
        return new PdfStream(copy, decoded.data);
      }
      data = await deflate(decoded.data);
    } catch (error) {
      if (error instanceof DocumentError && error.message.startsWith('This figure')) throw error;
      // a stream that cannot be read is written empty, as a reader would draw it
      this.doc.throwIfSpent();
      return new PdfStream(copy, new Uint8Array(0));
    }
    copy.set('Filter', new PdfName('FlateDecode'));
    return new PdfStream(copy, data);
  }

  private count(size: number): void {
    this.bytes += size;
    if (this.bytes > this.limits.maxBytes) {
      throw new DocumentError(
        'too-large',
        `This figure uses more of the PDF than will be copied (over ${sizeText(this.limits.maxBytes)}): it cannot be saved as a PDF of its own.`,
      );
    }
  }

  /** Every queued object copied, in number order (copying one may queue more). */
  async drain(): Promise<PdfObject[]> {
    for (let i = 0; i < this.pending.length; i++) {
      if ((i & 63) === 0) throwIfAborted(this.signal);
      const { ref, num } = this.pending[i] as { ref: PdfRef; num: number };
      const value = await this.doc.fetch(ref);
      this.out[num - this.firstNumber] = await this.copy(value ?? null);
    }
    return this.out.map((value) => value ?? null);
  }
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const host = hostZlib();
  return host ? host.deflate(data) : zlibSync(data, { level: 6 });
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

function dict(entries: Record<string, PdfObject>): PdfDict {
  const out = new PdfDict();
  for (const [key, value] of Object.entries(entries)) out.set(key, value);
  return out;
}

function fixed(value: number): string {
  return String(Math.round(value * 100) / 100);
}
