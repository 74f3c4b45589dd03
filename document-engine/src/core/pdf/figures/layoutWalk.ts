/**
 * A page's layout, from its content stream (ISO 32000-1 §8–9): the operators are run with a
 * graphics state stack (CTM, clip box, line width) and a text state (Tm, Tlm, font, Tc, Tw, Tz,
 * TL, Ts), and what they draw is kept as boxes in default user space: text runs (with their
 * text), painted paths, and images (XObjects and inline: the unit square under the CTM). Form
 * XObjects are walked with their /Matrix and /BBox. Nothing is rasterised.
 *
 * Bounded: at most `maxOperators` operators and `maxPaths` painted paths a page, the engine's
 * content byte bound, and `timeLimitMs` of wall-clock time; past any of them the walk stops and
 * says why (the page's figures are then not searched: a note, not a failure).
 */

import { joinWithSpaces, MAX_CONTENT_BYTES, readInlineImage } from '../imageWalk.ts';
import type { JpegWalkBudget } from '../jpeg.ts';
import { Lexer, type Token } from '../lexer.ts';
import { nameOf, numberOf, PdfCommand, PdfDict, type PdfObject, PdfRef, PdfStream, PdfString } from '../objects.ts';
import type { PdfPage } from '../pageTree.ts';
import type { PdfDocument } from '../xref.ts';
import { FALLBACK_FONT, type FontInfo, loadFont } from './fonts.ts';
import {
  type Box,
  boxOfPoints,
  IDENTITY,
  intersect,
  isFiniteBox,
  type Matrix,
  multiply,
  transformBox,
} from './geometry.ts';

export type LayoutLimits = {
  maxOperators: number;
  maxPaths: number;
  /** One page's walk. */
  timeLimitMs: number;
  /** Every page's walk together: past it, the remaining pages are not searched. */
  documentTimeLimitMs: number;
};

export const DEFAULT_LAYOUT_LIMITS: LayoutLimits = {
  maxOperators: 2_000_000,
  maxPaths: 200_000,
  timeLimitMs: 2_000,
  // A 352-page book is searched in 0.5 s here: this bounds hostile files, not real ones.
  documentTimeLimitMs: 3_000,
};

export type TextRun = {
  box: Box;
  text: string;
  /** The font size as drawn on the page (points). */
  size: number;
  /** Where the run starts on its baseline (page space). */
  x: number;
  baseline: number;
  /** Left-to-right, unrotated text: the only kind read as lines and captions. */
  upright: boolean;
};

export type PathMark = { box: Box; stroked: boolean; filled: boolean };
export type ImageMark = { box: Box; key: string };

/**
 * One drawing operation of the page's own content (not inside a form it places), with its operands:
 * bytes [start, end) of `PageLayout.content`, and the box it paints. `replacement` is what keeps
 * the text position when shown text is taken out.
 */
export type DrawnOperation = { start: number; end: number; box: Box; replacement?: string };

export type PageLayout = {
  texts: TextRun[];
  paths: PathMark[];
  images: ImageMark[];
  operators: number;
  /** Why the walk stopped early, in a sentence; absent when the page was read whole. */
  stopped?: string;
  /** With `record`: the page's content streams joined, as walked. */
  content?: Uint8Array;
  /** With `record`: what each drawing operation of `content` paints (see DrawnOperation). */
  drawn?: DrawnOperation[];
};

const MAX_FORM_DEPTH = 16;
const MAX_STATE_DEPTH = 256;
const MAX_OPERANDS = 64;
/** A TJ offset past this (thousandths of an em) separates runs: table cells are laid out that way. */
const TJ_SPLIT = 1000;
/** A TJ offset past this is a word space (TeX writes no space glyphs). */
const TJ_SPACE = 200;

type GraphicsState = {
  ctm: Matrix;
  clip: Box | undefined;
  lineWidth: number;
  font: FontInfo;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
};

class Stop extends Error {}

type Walk = {
  doc: PdfDocument;
  pageNumber: number;
  limits: LayoutLimits;
  layout: PageLayout;
  started: number;
  bytes: number;
  inline: number;
  /** The first inline image number of each form drawn on the page, by its resources. */
  formInline: Map<PdfStream, Map<PdfDict | undefined, number>>;
  drawing: (string | undefined)[];
  /**
   * No shown text is recorded when its box or advance cannot be trusted to judge it outside: text
   * in a clipping render mode (Tr 4–7: the text is part of the clip), vertical writing (its
   * advance runs down), Type3 glyphs (their procedures may draw anywhere).
   */
  keepText: boolean;
};

const PATH_OPERATORS = new Set(['m', 'l', 'c', 'v', 'y', 're', 'h']);

export async function walkPageLayout(
  doc: PdfDocument,
  page: PdfPage,
  pageNumber: number,
  limits: LayoutLimits = DEFAULT_LAYOUT_LIMITS,
  options: { record?: boolean } = {},
): Promise<PageLayout> {
  const layout: PageLayout = { texts: [], paths: [], images: [], operators: 0 };
  if (options.record) layout.drawn = [];
  const walk: Walk = {
    doc,
    pageNumber,
    limits,
    layout,
    started: Date.now(),
    bytes: 0,
    inline: 0,
    formInline: new Map(),
    drawing: [],
    keepText: false,
  };
  const contents = await doc.resolve(page.dict.get('Contents'));
  const parts = Array.isArray(contents) ? contents : contents ? [contents] : [];
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const stream = await doc.resolve(part);
    if (!(stream instanceof PdfStream)) continue;
    try {
      chunks.push((await doc.decodeStream(stream)).data);
    } catch {
      doc.throwIfSpent();
    }
  }
  const state: GraphicsState = {
    ctm: IDENTITY,
    clip: undefined,
    lineWidth: 1,
    font: FALLBACK_FONT,
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
  };
  const content = joinWithSpaces(chunks);
  if (options.record) layout.content = content;
  try {
    await runContent(walk, content, page.resources, state);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    layout.stopped = error.message;
  }
  if (walk.keepText && layout.drawn) layout.drawn = layout.drawn.filter((op) => op.replacement === undefined);
  return layout;
}

async function runContent(
  walk: Walk,
  data: Uint8Array,
  resources: PdfDict | undefined,
  initial: GraphicsState,
): Promise<void> {
  const { doc, layout, limits } = walk;
  walk.bytes += data.length;
  if (walk.bytes > MAX_CONTENT_BYTES)
    throw new Stop('The page’s drawing instructions are too long to search for figures.');
  const lexer = new Lexer(data);
  const jpegBudget: JpegWalkBudget = { remaining: 2 * data.length + 1024 * 1024 };
  const stack: GraphicsState[] = [];
  let gs: GraphicsState = { ...initial };
  let operands: (PdfObject | undefined)[] = [];
  let array: PdfObject[] | undefined;
  let dictDepth = 0;
  // text state: Tm and Tlm live between BT and ET
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  // the path under construction, in page space, and where it is
  let pathPoints: [number, number][] = [];
  let pendingClip = false;
  const fonts = await doc.resolve(resources?.get('Font'));
  const xobjects = await doc.resolve(resources?.get('XObject'));
  // Recorded for the page's own content only (a form's operations are not bytes of it).
  const drawn = walk.drawing.length === 0 ? layout.drawn : undefined;
  // where the current operator's operands start, and the current path's first operator
  let opStart = 0;
  let pathStart = 0;
  let pathClean = true;
  const record = (start: number, box: Box | undefined, replacement?: string) => {
    if (drawn && box && isFiniteBox(box))
      drawn.push({ start, end: lexer.pos, box, ...(replacement === undefined ? {} : { replacement }) });
  };

  const point = (x: number, y: number) => {
    const m = gs.ctm;
    pathPoints.push([x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]]);
  };
  const endPath = (stroked: boolean, filled: boolean) => {
    if (pathPoints.length > 0) {
      let box: Box | undefined = boxOfPoints(pathPoints);
      if (pendingClip) gs.clip = gs.clip ? (intersect(gs.clip, box) ?? [box[0], box[1], box[0], box[1]]) : box;
      if ((stroked || filled) && isFiniteBox(box)) {
        if (stroked) {
          const half = (gs.lineWidth * Math.hypot(gs.ctm[0], gs.ctm[1])) / 2;
          box = [box[0] - half, box[1] - half, box[2] + half, box[3] + half];
        }
        if (gs.clip) box = intersect(box, gs.clip);
        if (box) {
          if (!pendingClip && pathClean) record(pathStart, box);
          layout.paths.push({ box, stroked, filled });
          if (layout.paths.length > limits.maxPaths)
            throw new Stop('The page draws too many shapes to search for figures.');
        }
      }
    }
    pathPoints = [];
    pendingClip = false;
  };
  const placeImage = (key: string): Box | undefined => {
    let box: Box | undefined = transformBox(gs.ctm, [0, 0, 1, 1]);
    if (gs.clip) box = intersect(box, gs.clip);
    if (box && isFiniteBox(box)) {
      layout.images.push({ box, key });
      return box;
    }
    return undefined;
  };
  /** Shows the strings; returns the op's box and its advance as a TJ adjustment, when both are known. */
  const showText = (strings: (PdfString | number)[]): { box: Box; adjustment: number } | undefined => {
    const font = gs.font;
    const size = gs.fontSize;
    let text = '';
    let advance = 0;
    let start = 0;
    let union: Box | undefined;
    let measured = true;
    const flush = () => {
      if (advance !== start || text) {
        const trm = multiply(tm, gs.ctm);
        const box = transformBox(trm, [start, font.descent * size + gs.rise, advance, font.ascent * size + gs.rise]);
        const scaled = Math.abs(size) * Math.hypot(trm[2], trm[3]);
        const origin: [number, number] = [
          start * trm[0] + gs.rise * trm[2] + trm[4],
          start * trm[1] + gs.rise * trm[3] + trm[5],
        ];
        const upright =
          trm[0] > 0 && trm[3] > 0 && Math.abs(trm[1]) < 0.01 * trm[0] && Math.abs(trm[2]) < 0.01 * trm[3];
        // ligature code points (ﬁ, ﬀ…) read as their letters
        const plain = text.replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC'));
        if (isFiniteBox(box) && scaled > 0) {
          layout.texts.push({ box, text: plain, size: scaled, x: origin[0], baseline: origin[1], upright });
          union = union
            ? [
                Math.min(union[0], box[0]),
                Math.min(union[1], box[1]),
                Math.max(union[2], box[2]),
                Math.max(union[3], box[3]),
              ]
            : box;
        } else measured = false;
      }
      text = '';
      start = advance;
    };
    for (const item of strings) {
      if (typeof item === 'number') {
        const shift = (-item / 1000) * size * gs.hScale;
        if (item < -TJ_SPLIT || item > TJ_SPLIT) {
          flush();
          advance += shift;
          start = advance;
        } else {
          advance += shift;
          // a shift before any glyph moves the run's start (its box must not cover the gap)
          if (!text) start = advance;
          else if (item < -TJ_SPACE && !text.endsWith(' ')) text += ' ';
        }
        continue;
      }
      const bytes = item.bytes;
      const step = font.bytesPerCode;
      for (let i = 0; i + step <= bytes.length; i += step) {
        const code = step === 2 ? ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0) : (bytes[i] ?? 0);
        text += font.textOf(code);
        const space = step === 1 && code === 32 ? gs.wordSpacing : 0;
        advance += (font.widthOf(code) * size + gs.charSpacing + space) * gs.hScale;
      }
    }
    flush();
    tm = [tm[0], tm[1], tm[2], tm[3], advance * tm[0] + tm[4], advance * tm[1] + tm[5]];
    const unit = size * gs.hScale;
    if (!measured || !union || unit === 0 || !Number.isFinite(advance / unit)) return undefined;
    return { box: union, adjustment: (-advance / unit) * 1000 };
  };
  const shown = (shownText: { box: Box; adjustment: number } | undefined, before = '') => {
    if (shownText) record(opStart, shownText.box, `${before}[${Math.round(shownText.adjustment * 1000) / 1000}] TJ`);
  };
  const nextLine = (tx: number, ty: number) => {
    tlm = [tlm[0], tlm[1], tlm[2], tlm[3], tx * tlm[0] + ty * tlm[2] + tlm[4], tx * tlm[1] + ty * tlm[3] + tlm[5]];
    tm = tlm;
  };
  const num = (index: number) => numberOf(operands[operands.length - index]) ?? 0;

  for (;;) {
    let token: Token;
    token = lexer.next();
    if (token === null) break;
    if (token === '<<') {
      dictDepth++;
      continue;
    }
    if (token === '>>') {
      if (dictDepth > 0) dictDepth--;
      operands.push(null); // a BDC property list stands in as one operand
      continue;
    }
    if (dictDepth > 0) continue;
    if (token === '[') {
      array = [];
      continue;
    }
    if (token === ']') {
      if (array) operands.push(array);
      array = undefined;
      continue;
    }
    if (token === '{' || token === '}') continue;
    if (!(token instanceof PdfCommand)) {
      if (array) {
        if (array.length < 1_000_000) array.push(token);
      } else {
        operands.push(token);
        if (operands.length > MAX_OPERANDS) operands = operands.slice(-MAX_OPERANDS);
      }
      continue;
    }
    array = undefined;
    layout.operators++;
    if (layout.operators > limits.maxOperators)
      throw new Stop('The page has too many drawing instructions to search for figures.');
    if ((layout.operators & 2047) === 0 && Date.now() - walk.started > limits.timeLimitMs)
      throw new Stop('Searching this page for figures took too long.');
    const op = token.name;
    if (pathPoints.length > 0 && !PATH_OPERATORS.has(op)) pathClean = pathClean && PAINT_OPERATORS.has(op);
    switch (op) {
      case 'q':
        if (stack.length < MAX_STATE_DEPTH) stack.push({ ...gs });
        break;
      case 'Q':
        gs = stack.pop() ?? gs;
        break;
      case 'cm':
        gs.ctm = multiply([num(6), num(5), num(4), num(3), num(2), num(1)], gs.ctm);
        break;
      case 'w':
        gs.lineWidth = num(1);
        break;
      case 'm':
      case 'l':
        startPath();
        point(num(2), num(1));
        break;
      case 'c':
        startPath();
        point(num(6), num(5));
        point(num(4), num(3));
        point(num(2), num(1));
        break;
      case 'v':
      case 'y':
        startPath();
        point(num(4), num(3));
        point(num(2), num(1));
        break;
      case 're': {
        const [x, y, w, h] = [num(4), num(3), num(2), num(1)];
        startPath();
        point(x, y);
        point(x + w, y + h);
        point(x + w, y);
        point(x, y + h);
        break;
      }
      case 'h':
        break;
      case 'W':
      case 'W*':
        pendingClip = true;
        break;
      case 'S':
      case 's':
        endPath(true, false);
        break;
      case 'f':
      case 'F':
      case 'f*':
        endPath(false, true);
        break;
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        endPath(true, true);
        break;
      case 'n':
        endPath(false, false);
        break;
      case 'sh':
        // a shading fills the clip: a coloured area where the clip is known
        if (gs.clip) {
          record(opStart, gs.clip);
          layout.paths.push({ box: gs.clip, stroked: false, filled: true });
          if (layout.paths.length > limits.maxPaths)
            throw new Stop('The page draws too many shapes to search for figures.');
        }
        break;
      case 'BT':
        tm = IDENTITY;
        tlm = IDENTITY;
        break;
      case 'Tf': {
        gs.fontSize = num(1);
        const name = nameOf(operands[operands.length - 2]);
        const fontDict = fonts instanceof PdfDict && name ? await doc.resolve(fonts.get(name)) : undefined;
        gs.font = fontDict instanceof PdfDict ? await loadFont(doc, fontDict) : FALLBACK_FONT;
        if (drawn && fontDict instanceof PdfDict && (await untrustedTextBoxes(doc, fontDict))) walk.keepText = true;
        break;
      }
      case 'Tc':
        gs.charSpacing = num(1);
        break;
      case 'Tw':
        gs.wordSpacing = num(1);
        break;
      case 'Tz':
        gs.hScale = num(1) / 100;
        break;
      case 'TL':
        gs.leading = num(1);
        break;
      case 'Ts':
        gs.rise = num(1);
        break;
      case 'Tr':
        if (num(1) >= 4) walk.keepText = true;
        break;
      case 'Td':
        nextLine(num(2), num(1));
        break;
      case 'TD':
        gs.leading = -num(1);
        nextLine(num(2), num(1));
        break;
      case 'Tm':
        tlm = [num(6), num(5), num(4), num(3), num(2), num(1)];
        tm = tlm;
        break;
      case 'T*':
        nextLine(0, -gs.leading);
        break;
      case 'Tj': {
        const s = operands[operands.length - 1];
        if (s instanceof PdfString) shown(showText([s]));
        break;
      }
      case "'": {
        const s = operands[operands.length - 1];
        nextLine(0, -gs.leading);
        if (s instanceof PdfString) shown(showText([s]), 'T* ');
        break;
      }
      case '"': {
        const s = operands[operands.length - 1];
        const [aw, ac] = [num(3), num(2)];
        gs.wordSpacing = aw;
        gs.charSpacing = ac;
        nextLine(0, -gs.leading);
        if (s instanceof PdfString) shown(showText([s]), `${aw} Tw ${ac} Tc T* `);
        break;
      }
      case 'TJ': {
        const items = operands[operands.length - 1];
        if (Array.isArray(items)) {
          shown(
            showText(
              items.filter((item): item is PdfString | number => item instanceof PdfString || typeof item === 'number'),
            ),
          );
        }
        break;
      }
      case 'Do': {
        const name = nameOf(operands[operands.length - 1]);
        const ref = xobjects instanceof PdfDict && name ? xobjects.get(name) : undefined;
        const target = await doc.resolve(ref);
        if (!(target instanceof PdfStream)) break;
        const subtype = nameOf(target.dict.get('Subtype'));
        if (subtype === 'Image') {
          record(opStart, placeImage(ref instanceof PdfRef ? ref.key : `direct:${walk.pageNumber}:${name}`));
        } else if (subtype === 'Form') {
          record(opStart, await runForm(walk, ref, target, resources, gs));
        }
        break;
      }
      case 'BI': {
        // numbered as imageWalk numbers them (readable ones only), so a figure's imageKeys name
        // the very images extraction gives out
        const image = readInlineImage(data, lexer, jpegBudget);
        if (image) record(opStart, placeImage(`inline:${walk.pageNumber}:${walk.inline++}`));
        break;
      }
    }
    operands = [];
    opStart = lexer.pos;
  }

  function startPath(): void {
    if (pathPoints.length > 0) return;
    pathStart = opStart;
    pathClean = true;
  }
}

/** Vertical writing (a `-V` CMap, or one with /WMode 1) or a Type3 font. */
async function untrustedTextBoxes(doc: PdfDocument, font: PdfDict): Promise<boolean> {
  if (nameOf(font.get('Subtype')) === 'Type3') return true;
  const encoding = await doc.resolve(font.get('Encoding'));
  if (nameOf(encoding)?.endsWith('-V')) return true;
  return encoding instanceof PdfStream && numberOf(await doc.resolve(encoding.dict.get('WMode'))) === 1;
}

const PAINT_OPERATORS = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n', 'W', 'W*']);

async function runForm(
  walk: Walk,
  ref: PdfObject | undefined,
  form: PdfStream,
  parentResources: PdfDict | undefined,
  gs: GraphicsState,
): Promise<Box | undefined> {
  // The form's box on the page (its /BBox under its matrix, within the clip): all it can paint.
  const { doc, drawing } = walk;
  const key = ref instanceof PdfRef ? ref.key : undefined;
  if (drawing.length >= MAX_FORM_DEPTH || (key && drawing.includes(key))) return undefined;
  let data: Uint8Array;
  try {
    data = (await doc.decodeStream(form)).data;
  } catch {
    doc.throwIfSpent();
    return undefined;
  }
  const own = await doc.resolve(form.dict.get('Resources'));
  const resources = own instanceof PdfDict ? own : parentResources;
  const matrixValue = await doc.resolveDeep(form.dict.get('Matrix'));
  const matrix: Matrix =
    Array.isArray(matrixValue) && matrixValue.length === 6 && matrixValue.every((v) => numberOf(v) !== undefined)
      ? (matrixValue as Matrix)
      : IDENTITY;
  const ctm = multiply(matrix, gs.ctm);
  const bboxValue = await doc.resolveDeep(form.dict.get('BBox'));
  let clip = gs.clip;
  let painted: Box | undefined;
  if (Array.isArray(bboxValue) && bboxValue.length === 4 && bboxValue.every((v) => numberOf(v) !== undefined)) {
    const [a, b, c, d] = bboxValue as number[];
    const box = transformBox(ctm, [
      Math.min(a ?? 0, c ?? 0),
      Math.min(b ?? 0, d ?? 0),
      Math.max(a ?? 0, c ?? 0),
      Math.max(b ?? 0, d ?? 0),
    ]);
    clip = clip ? (intersect(clip, box) ?? [box[0], box[1], box[0], box[1]]) : box;
    painted = clip;
  }
  // imageWalk scans a form once per page (with the same resources): drawn again, its inline
  // images take the numbers they had the first time
  const seen = walk.formInline.get(form) ?? new Map<PdfDict | undefined, number>();
  walk.formInline.set(form, seen);
  const first = seen.get(resources);
  const next = walk.inline;
  if (first === undefined) seen.set(resources, next);
  else walk.inline = first;
  drawing.push(key);
  try {
    await runContent(walk, data, resources, { ...gs, ctm, clip });
  } finally {
    drawing.pop();
    if (first !== undefined) walk.inline = next;
  }
  return painted;
}
