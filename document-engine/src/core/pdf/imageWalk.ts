/**
 * The images a page draws (ISO 32000-1 §8.8–8.9, §12.5.5): its content streams are scanned for
 * `Do` (image XObjects, and Form XObjects walked with their own resources) and for inline images
 * (`BI … ID … EI`); annotation appearance streams (/AP /N) are walked like forms.
 */
import { inlineJpegEnd, type JpegWalkBudget } from './jpeg.ts';
import { Lexer } from './lexer.ts';
import { nameOf, numberOf, PdfCommand, PdfDict, PdfName, type PdfObject, PdfRef, PdfStream } from './objects.ts';
import type { PdfPage } from './pageTree.ts';
import { indexOfAscii, Parser } from './parser.ts';
import type { PdfDocument } from './xref.ts';

const MAX_FORM_DEPTH = 16;
/** Most content bytes scanned on one page, forms included: 512 MiB. */
export const MAX_CONTENT_BYTES = 512 * 1024 * 1024;

export type ImageUse = {
  /** `num gen` of an XObject, or `inline:page:n`. */
  key: string;
  stream: PdfStream;
  /** The resources in force where it is drawn (for inline images' named colour spaces). */
  resources: PdfDict | undefined;
};

const INLINE_KEYS: Record<string, string> = {
  BPC: 'BitsPerComponent',
  CS: 'ColorSpace',
  D: 'Decode',
  DP: 'DecodeParms',
  F: 'Filter',
  H: 'Height',
  IM: 'ImageMask',
  I: 'Interpolate',
  W: 'Width',
  L: 'Length',
};

export async function imagesOnPage(doc: PdfDocument, page: PdfPage, pageNumber: number): Promise<ImageUse[]> {
  const uses: ImageUse[] = [];
  const state: ScanState = { doc, pageNumber, uses, drawing: [], inline: 0, bytes: 0, forms: new Map(), partial: 0 };
  const contents = await doc.resolve(page.dict.get('Contents'));
  const parts = Array.isArray(contents) ? contents : contents ? [contents] : [];
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const stream = await doc.resolve(part);
    if (stream instanceof PdfStream) {
      try {
        chunks.push((await doc.decodeStream(stream)).data);
      } catch {
        // an unreadable content stream draws nothing we can find (unless the document is spent)
        doc.throwIfSpent();
      }
    }
  }
  await scanContent(state, joinWithSpaces(chunks), page.resources);
  const annots = await doc.resolve(page.dict.get('Annots'));
  if (Array.isArray(annots)) {
    for (const annotValue of annots) {
      const annot = await doc.resolve(annotValue);
      if (!(annot instanceof PdfDict)) continue;
      const ap = await doc.resolve(annot.get('AP'));
      if (!(ap instanceof PdfDict)) continue;
      const normal = ap.get('N');
      const resolvedNormal = await doc.resolve(normal);
      const forms: PdfObject[] = [];
      if (resolvedNormal instanceof PdfStream) forms.push(normal ?? null);
      else if (resolvedNormal instanceof PdfDict) {
        // appearance states: the one in /AS, else all
        const as = nameOf(annot.get('AS'));
        if (as && resolvedNormal.has(as)) forms.push(resolvedNormal.get(as) ?? null);
        else for (const value of resolvedNormal.map.values()) forms.push(value);
      }
      for (const form of forms) await drawForm(state, form, page.resources);
    }
  }
  return uses;
}

/** One page's scan, which every content stream and form of the page adds to. */
type ScanState = {
  doc: PdfDocument;
  pageNumber: number;
  uses: ImageUse[];
  /**
   * The keys of the forms being drawn, outermost first (undefined for a direct object): bounds how
   * deep forms nest, and keeps a form from being drawn inside itself.
   */
  drawing: (string | undefined)[];
  inline: number;
  bytes: number;
  /** Forms (and patterns, soft-mask groups) already scanned on this page, with their resources. */
  forms: Map<PdfStream, Set<PdfDict | undefined>>;
  /** Counts what makes a scan page-specific or incomplete (inline images, cut-offs): such a scan is not remembered. */
  partial: number;
};

async function drawForm(state: ScanState, value: PdfObject, parentResources: PdfDict | undefined): Promise<void> {
  const { doc, uses, drawing } = state;
  const key = value instanceof PdfRef ? value.key : undefined;
  if (drawing.length > MAX_FORM_DEPTH || (key && drawing.includes(key))) {
    state.partial++;
    return;
  }
  const stream = await doc.resolve(value);
  if (!(stream instanceof PdfStream)) return;
  const own = await doc.resolve(stream.dict.get('Resources'));
  const resources = own instanceof PdfDict ? own : parentResources;
  // a form already scanned with the same resources (on this page or an earlier one): the same
  // XObject images, without lexing its content again (a large form drawn on every page, or many
  // times on one, would be lexed each time)
  const scans = formScans(doc);
  const known = scans.get(stream)?.get(resources);
  if (known) {
    uses.push(...known);
    return;
  }
  // one whose images depend on the page (inline images) is still scanned once per page
  const drawn = state.forms.get(stream);
  if (drawn?.has(resources)) {
    state.partial++;
    return;
  }
  if (drawn) drawn.add(resources);
  else state.forms.set(stream, new Set([resources]));
  let data: Uint8Array;
  try {
    data = (await doc.decodeStream(stream)).data;
  } catch {
    doc.throwIfSpent();
    return;
  }
  const first = uses.length;
  const partialBefore = state.partial;
  drawing.push(key);
  try {
    await scanContent(state, data, resources);
  } finally {
    drawing.pop();
  }
  // remembered only when the result holds on any page: XObject images only, nothing cut short
  if (state.partial === partialBefore) {
    const byResources = scans.get(stream) ?? new Map<PdfDict | undefined, ImageUse[]>();
    byResources.set(resources, uses.slice(first));
    scans.set(stream, byResources);
  }
}

/** Per document: the images each form (with given resources) draws, when that is page-independent. */
const FORM_SCANS = new WeakMap<PdfDocument, Map<PdfStream, Map<PdfDict | undefined, ImageUse[]>>>();

function formScans(doc: PdfDocument): Map<PdfStream, Map<PdfDict | undefined, ImageUse[]>> {
  let scans = FORM_SCANS.get(doc);
  if (!scans) {
    scans = new Map();
    FORM_SCANS.set(doc, scans);
  }
  return scans;
}

async function scanContent(state: ScanState, data: Uint8Array, resources: PdfDict | undefined): Promise<void> {
  const { doc, pageNumber, uses } = state;
  state.bytes += data.length;
  if (state.bytes > MAX_CONTENT_BYTES) {
    state.partial++;
    return;
  }
  const lexer = new Lexer(data);
  let lastName: PdfName | undefined;
  // the inline JPEGs' marker walks read at most twice the stream (and 1 MiB) in all
  const jpegBudget: JpegWalkBudget = { remaining: 2 * data.length + 1024 * 1024 };
  for (;;) {
    const token = lexer.next();
    if (token === null) break;
    if (token instanceof PdfName) {
      lastName = token;
      continue;
    }
    if (!(token instanceof PdfCommand)) continue;
    if (token.name === 'Do' && lastName) {
      const name = lastName.name;
      lastName = undefined;
      const xobjects = await doc.resolve(resources?.get('XObject'));
      if (!(xobjects instanceof PdfDict)) continue;
      const ref = xobjects.get(name);
      const target = await doc.resolve(ref);
      if (!(target instanceof PdfStream)) continue;
      const subtype = nameOf(target.dict.get('Subtype'));
      if (subtype === 'Image') {
        if (!(ref instanceof PdfRef)) state.partial++; // its key names the page
        const key = ref instanceof PdfRef ? ref.key : `direct:${pageNumber}:${uses.length}`;
        uses.push({ key, stream: target, resources });
      } else if (subtype === 'Form' && ref) {
        await drawForm(state, ref, resources);
      }
    } else if (token.name === 'gs' && lastName) {
      // a soft mask's group (ExtGState /SMask /G) is drawn too
      const states = await doc.resolve(resources?.get('ExtGState'));
      const gstate = states instanceof PdfDict ? await doc.resolve(states.get(lastName.name)) : undefined;
      const smask = gstate instanceof PdfDict ? await doc.resolve(gstate.get('SMask')) : undefined;
      if (smask instanceof PdfDict && smask.get('G')) {
        await drawForm(state, smask.get('G') ?? null, resources);
      }
      lastName = undefined;
    } else if ((token.name === 'scn' || token.name === 'SCN') && lastName) {
      // a tiling pattern's cell is a content stream with its own resources
      const patterns = await doc.resolve(resources?.get('Pattern'));
      const pattern = patterns instanceof PdfDict ? patterns.get(lastName.name) : undefined;
      const resolved = await doc.resolve(pattern);
      if (resolved instanceof PdfStream && numberOf(resolved.dict.get('PatternType')) === 1 && pattern) {
        await drawForm(state, pattern, resources);
      }
      lastName = undefined;
    } else if (token.name === 'BI') {
      const inline = readInlineImage(data, lexer, jpegBudget);
      state.partial++; // an inline image's key names the page
      if (inline) uses.push({ key: `inline:${pageNumber}:${state.inline++}`, stream: inline, resources });
    } else {
      lastName = undefined;
    }
  }
}

/**
 * Reads `… ID data EI` after `BI`; leaves the lexer after `EI`. DCT data ends at its JPEG's EOI
 * when `EI` follows it (its bytes may hold `EI` by chance); other data at the length its size
 * gives, or at the first `EI` between white space.
 */
export function readInlineImage(data: Uint8Array, lexer: Lexer, jpegBudget: JpegWalkBudget): PdfStream | undefined {
  const parser = new Parser(data, lexer.pos);
  const dict = new PdfDict();
  for (let guard = 0; guard < 1000; guard++) {
    const key = parser.parse();
    if (key instanceof PdfCommand && key.name === 'ID') break;
    if (key === undefined) return undefined;
    if (!(key instanceof PdfName)) continue;
    const value = parser.parse();
    if (value instanceof PdfCommand || value === undefined) return undefined;
    dict.set(INLINE_KEYS[key.name] ?? key.name, expandInlineValue(value));
  }
  const start = parser.lexer.pos + 1; // one white-space byte after ID
  const expected = uncompressedLength(dict);
  let end = -1;
  if (isDctOnly(dict.get('Filter'))) {
    const jpegEnd = inlineJpegEnd(data, start, jpegBudget);
    if (jpegEnd >= 0 && isEiAt(data, jpegEnd)) end = jpegEnd;
  }
  if (end < 0 && expected !== undefined && start + expected <= data.length && isEiAt(data, start + expected))
    end = start + expected;
  if (end < 0) {
    let from = start + (expected && !dict.has('Filter') ? expected : 0);
    for (;;) {
      const at = indexOfAscii(data, 'EI', from);
      if (at < 0) {
        end = data.length;
        break;
      }
      const before = data[at - 1] ?? 0x20;
      const after = data[at + 2] ?? 0x20;
      if (isSpace(before) && (isSpace(after) || at + 2 >= data.length)) {
        end = at - 1;
        break;
      }
      from = at + 2;
    }
  }
  const eiAt = indexOfAscii(data, 'EI', end);
  lexer.pos = eiAt < 0 ? data.length : eiAt + 2;
  return new PdfStream(dict, data.subarray(start, Math.max(start, end)));
}

/** A filter of DCTDecode alone (`/DCT` or `/DCTDecode`, bare or in a one-element array). */
function isDctOnly(filter: PdfObject | undefined): boolean {
  const only = Array.isArray(filter) ? (filter.length === 1 ? filter[0] : undefined) : filter;
  const name = nameOf(only);
  return name === 'DCT' || name === 'DCTDecode';
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x00 || byte === 0x0c;
}

function isEiAt(data: Uint8Array, at: number): boolean {
  let p = at;
  while (p < data.length && isSpace(data[p] ?? 0) && p < at + 3) p++;
  return data[p] === 0x45 && data[p + 1] === 0x49 && (p + 2 >= data.length || isSpace(data[p + 2] ?? 0));
}

/** Byte length of unfiltered inline data, when the colour space is a device one. */
function uncompressedLength(dict: PdfDict): number | undefined {
  if (dict.has('Filter')) return undefined;
  const width = numberOf(dict.get('Width'));
  const height = numberOf(dict.get('Height'));
  if (!width || !height) return undefined;
  const mask = dict.get('ImageMask') === true;
  const bpc = mask ? 1 : (numberOf(dict.get('BitsPerComponent')) ?? 8);
  const cs = dict.get('ColorSpace');
  const csName = nameOf(cs) ?? (Array.isArray(cs) ? nameOf(cs[0]) : undefined);
  const n = mask
    ? 1
    : csName === 'DeviceRGB' || csName === 'CalRGB'
      ? 3
      : csName === 'DeviceCMYK'
        ? 4
        : csName === 'DeviceGray' || csName === 'CalGray' || csName === 'Indexed'
          ? 1
          : undefined;
  if (n === undefined) return undefined;
  return Math.ceil((width * n * bpc) / 8) * height;
}

const INLINE_NAMES: Record<string, string> = { G: 'DeviceGray', RGB: 'DeviceRGB', CMYK: 'DeviceCMYK', I: 'Indexed' };

function expandInlineValue(value: PdfObject): PdfObject {
  if (value instanceof PdfName && INLINE_NAMES[value.name]) return new PdfName(INLINE_NAMES[value.name] ?? value.name);
  if (Array.isArray(value)) return value.map(expandInlineValue);
  return value;
}

export function joinWithSpaces(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] ?? new Uint8Array(0);
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length + 1, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
    out[at++] = 0x20;
  }
  return out;
}
