/**
 * What the layout walk needs of a font (ISO 32000-1 §9.6–9.10): how many bytes a character code
 * takes, each code's advance width, and its text. Widths come from /Widths + /FirstChar (simple
 * fonts), /W + /DW (a Type0 font's descendant), else /FontDescriptor /MissingWidth, else half an
 * em: a box a little off is still a box. Text comes from /ToUnicode (bfchar, bfrange), else, for
 * simple fonts, /Differences, the built-in encoding of an embedded Type 1 program, then WinAnsi; a
 * Type0 font without ToUnicode gives no text.
 */
import { Lexer } from '../lexer.ts';
import { nameOf, numberOf, PdfCommand, PdfDict, type PdfObject, PdfStream, PdfString } from '../objects.ts';
import type { PdfDocument } from '../xref.ts';

/** Most ToUnicode mappings read from one CMap: a hostile bfrange cannot fill memory. */
const MAX_CMAP_ENTRIES = 100_000;
const DEFAULT_WIDTH = 0.5;

export type FontInfo = {
  bytesPerCode: 1 | 2;
  /** Advance of a code in text space for a font size of 1. */
  widthOf(code: number): number;
  /** The code's text ('' when unknown). */
  textOf(code: number): string;
  /** Ascent and descent for a font size of 1 (descent negative). */
  ascent: number;
  descent: number;
};

const FONTS = new WeakMap<PdfDict, Promise<FontInfo>>();

export const FALLBACK_FONT: FontInfo = {
  bytesPerCode: 1,
  widthOf: () => DEFAULT_WIDTH,
  textOf: (code) => winAnsi(code),
  ascent: 0.8,
  descent: -0.2,
};

export function loadFont(doc: PdfDocument, dict: PdfDict): Promise<FontInfo> {
  let font = FONTS.get(dict);
  if (!font) {
    font = readFont(doc, dict).catch(() => {
      doc.throwIfSpent();
      return FALLBACK_FONT;
    });
    FONTS.set(dict, font);
  }
  return font;
}

async function readFont(doc: PdfDocument, dict: PdfDict): Promise<FontInfo> {
  const subtype = nameOf(dict.get('Subtype'));
  const toUnicode = await readToUnicode(doc, dict.get('ToUnicode'));
  if (subtype === 'Type0') {
    const descendants = await doc.resolve(dict.get('DescendantFonts'));
    const cid = await doc.resolve(Array.isArray(descendants) ? descendants[0] : undefined);
    const cidDict = cid instanceof PdfDict ? cid : new PdfDict();
    const widths = await readCidWidths(doc, cidDict);
    const defaultWidth = (numberOf(await doc.resolve(cidDict.get('DW'))) ?? 1000) / 1000;
    const metrics = await descriptorMetrics(doc, cidDict);
    return {
      bytesPerCode: toUnicode?.bytesPerCode ?? 2,
      widthOf: (code) => widths.get(code) ?? defaultWidth,
      textOf: (code) => toUnicode?.map.get(code) ?? '',
      ...metrics,
    };
  }
  // a Type3 font's glyph space is its /FontMatrix, not thousandths of an em
  const fontMatrix = await doc.resolve(dict.get('FontMatrix'));
  const scale = subtype === 'Type3' && Array.isArray(fontMatrix) ? Math.abs(numberOf(fontMatrix[0]) ?? 0.001) : 0.001;
  const firstChar = numberOf(await doc.resolve(dict.get('FirstChar'))) ?? 0;
  const widthsArray = await doc.resolve(dict.get('Widths'));
  const widths: number[] = [];
  if (Array.isArray(widthsArray)) {
    for (const value of widthsArray.slice(0, 256)) widths.push(numberOf(await doc.resolve(value)) ?? Number.NaN);
  }
  const descriptor = await doc.resolve(dict.get('FontDescriptor'));
  const missing =
    descriptor instanceof PdfDict ? numberOf(await doc.resolve(descriptor.get('MissingWidth'))) : undefined;
  const differences = await readDifferences(doc, dict.get('Encoding'));
  // pdfTeX before 2020 wrote Computer Modern with neither ToUnicode nor /Differences: its codes
  // (OT1's "fi" is 12) are named only in the embedded font program
  const builtIn =
    toUnicode === undefined && (subtype === 'Type1' || subtype === 'MMType1') && descriptor instanceof PdfDict
      ? await readBuiltInEncoding(doc, descriptor)
      : undefined;
  const metrics = await descriptorMetrics(doc, dict);
  return {
    bytesPerCode: 1,
    widthOf: (code) => {
      const width = widths[code - firstChar];
      if (width !== undefined && Number.isFinite(width)) return width * scale;
      return missing !== undefined ? missing * scale : DEFAULT_WIDTH;
    },
    textOf: (code) => toUnicode?.map.get(code) ?? differences.get(code) ?? builtIn?.get(code) ?? winAnsi(code),
    ...metrics,
  };
}

async function descriptorMetrics(doc: PdfDocument, dict: PdfDict): Promise<{ ascent: number; descent: number }> {
  const descriptor = await doc.resolve(dict.get('FontDescriptor'));
  if (!(descriptor instanceof PdfDict)) return { ascent: 0.8, descent: -0.2 };
  const ascent = (numberOf(await doc.resolve(descriptor.get('Ascent'))) ?? 800) / 1000;
  const descent = (numberOf(await doc.resolve(descriptor.get('Descent'))) ?? -200) / 1000;
  // broken descriptors (zero, or a descent above the baseline) fall back to the usual proportions
  return {
    ascent: ascent > 0.3 && ascent < 1.5 ? ascent : 0.8,
    descent: descent < 0 && descent > -1 ? descent : -0.2,
  };
}

/** `/W [c [w1 w2 …] cFirst cLast w …]` of a CIDFont, in ems. */
async function readCidWidths(doc: PdfDocument, cid: PdfDict): Promise<Map<number, number>> {
  const widths = new Map<number, number>();
  const w = await doc.resolve(cid.get('W'));
  if (!Array.isArray(w)) return widths;
  for (let i = 0; i < w.length && widths.size < MAX_CMAP_ENTRIES; ) {
    const first = numberOf(await doc.resolve(w[i]));
    const next = await doc.resolve(w[i + 1]);
    if (first === undefined) break;
    if (Array.isArray(next)) {
      for (const [k, value] of next.entries()) {
        const width = numberOf(await doc.resolve(value));
        if (width !== undefined) widths.set(first + k, width / 1000);
      }
      i += 2;
    } else {
      const last = numberOf(next);
      const width = numberOf(await doc.resolve(w[i + 2]));
      if (last === undefined || width === undefined) break;
      for (let code = first; code <= last && widths.size < MAX_CMAP_ENTRIES; code++) widths.set(code, width / 1000);
      i += 3;
    }
  }
  return widths;
}

type ToUnicode = { map: Map<number, string>; bytesPerCode: 1 | 2 | undefined };

async function readToUnicode(doc: PdfDocument, value: PdfObject | undefined): Promise<ToUnicode | undefined> {
  const stream = await doc.resolve(value);
  if (!(stream instanceof PdfStream)) return undefined;
  const data = (await doc.decodeStream(stream)).data;
  return parseToUnicode(data);
}

/** The bfchar and bfrange mappings of a ToUnicode CMap (§9.10.3), and its code length. */
export function parseToUnicode(data: Uint8Array): ToUnicode {
  const lexer = new Lexer(data);
  const map = new Map<number, string>();
  let bytesPerCode: 1 | 2 | undefined;
  let section = '';
  let operands: (PdfString | PdfString[] | number)[] = [];
  let array: PdfString[] | undefined;
  for (let token = lexer.next(); token !== null && map.size < MAX_CMAP_ENTRIES; token = lexer.next()) {
    if (token === '[') array = [];
    else if (token === ']') {
      if (array) operands.push(array);
      array = undefined;
    } else if (token instanceof PdfString) {
      if (array) array.push(token);
      else operands.push(token);
    } else if (token instanceof PdfCommand) {
      if (token.name.startsWith('begin')) section = token.name;
      else if (token.name.startsWith('end')) section = '';
      operands = [];
      continue;
    }
    if (section === 'begincodespacerange' && operands.length === 2) {
      const low = operands[0];
      if (low instanceof PdfString && bytesPerCode === undefined) bytesPerCode = low.bytes.length === 1 ? 1 : 2;
      operands = [];
    } else if (section === 'beginbfchar' && operands.length === 2) {
      const [src, dst] = operands;
      if (src instanceof PdfString && dst instanceof PdfString) map.set(codeOf(src.bytes), utf16(dst.bytes));
      operands = [];
    } else if (section === 'beginbfrange' && operands.length === 3) {
      const [low, high, dst] = operands;
      if (low instanceof PdfString && high instanceof PdfString) {
        const from = codeOf(low.bytes);
        const to = Math.min(codeOf(high.bytes), from + MAX_CMAP_ENTRIES);
        for (let code = from; code <= to && map.size < MAX_CMAP_ENTRIES; code++) {
          if (Array.isArray(dst)) {
            const item = dst[code - from];
            if (item) map.set(code, utf16(item.bytes));
          } else if (dst instanceof PdfString && dst.bytes.length >= 2) {
            // the last UTF-16 unit counts up through the range
            const bytes = dst.bytes.slice();
            const lastUnit = ((bytes[bytes.length - 2] ?? 0) << 8) + (bytes[bytes.length - 1] ?? 0) + (code - from);
            bytes[bytes.length - 2] = (lastUnit >> 8) & 0xff;
            bytes[bytes.length - 1] = lastUnit & 0xff;
            map.set(code, utf16(bytes));
          }
        }
      }
      operands = [];
    }
  }
  return { map, bytesPerCode };
}

function codeOf(bytes: Uint8Array): number {
  let code = 0;
  for (const byte of bytes.subarray(0, 4)) code = code * 256 + byte;
  return code;
}

function utf16(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2)
    text += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  return text;
}

/** The cleartext of a Type 1 program read for its encoding: its head, where `/Encoding` is. */
const MAX_FONT_HEAD = 64 * 1024;

/** `dup 12 /fi put`: the codes a Type 1 font program names itself (its built-in encoding). */
async function readBuiltInEncoding(doc: PdfDocument, descriptor: PdfDict): Promise<Map<number, string> | undefined> {
  const file = await doc.resolve(descriptor.get('FontFile'));
  if (!(file instanceof PdfStream)) return undefined;
  const { data } = await doc.decodeStream(file);
  const clear = numberOf(await doc.resolve(file.dict.get('Length1'))) ?? data.length;
  const head = new TextDecoder('latin1').decode(data.subarray(0, Math.min(clear, data.length, MAX_FONT_HEAD)));
  const start = head.indexOf('/Encoding');
  if (start < 0 || /^\/Encoding\s+StandardEncoding/.test(head.slice(start))) return undefined;
  const map = new Map<number, string>();
  for (const match of head.slice(start).matchAll(/dup\s+(\d{1,3})\s*\/([A-Za-z0-9._]+)\s+put/g)) {
    const text = glyphText(match[2] ?? '');
    if (text !== undefined) map.set(Number(match[1]), text);
  }
  return map;
}

/** The text of a glyph name: Adobe's names for Latin text, `uniXXXX`, or a letter's own name. */
function glyphText(name: string): string | undefined {
  const known = GLYPH_NAMES[name];
  if (known !== undefined) return known;
  if (/^[A-Za-z]$/.test(name)) return name;
  const uni = /^uni([0-9A-F]{4})$/.exec(name)?.[1];
  return uni ? String.fromCharCode(Number.parseInt(uni, 16)) : undefined;
}

/** Glyph names that spell captions: punctuation, digits, ligatures, the accented letters of their languages. */
const GLYPH_NAMES: Record<string, string> = {
  exclam: '!',
  quotedbl: '"',
  numbersign: '#',
  dollar: '$',
  percent: '%',
  ampersand: '&',
  quotesingle: "'",
  asterisk: '*',
  plus: '+',
  slash: '/',
  semicolon: ';',
  less: '<',
  equal: '=',
  greater: '>',
  question: '?',
  at: '@',
  bracketleft: '[',
  backslash: '\\',
  bracketright: ']',
  underscore: '_',
  bar: '|',
  quotedblleft: '\u201c',
  quotedblright: '\u201d',
  germandbls: '\u00df',
  adieresis: '\u00e4',
  odieresis: '\u00f6',
  udieresis: '\u00fc',
  Adieresis: '\u00c4',
  Odieresis: '\u00d6',
  Udieresis: '\u00dc',
  aacute: '\u00e1',
  eacute: '\u00e9',
  iacute: '\u00ed',
  oacute: '\u00f3',
  uacute: '\u00fa',
  Eacute: '\u00c9',
  agrave: '\u00e0',
  egrave: '\u00e8',
  acircumflex: '\u00e2',
  ecircumflex: '\u00ea',
  icircumflex: '\u00ee',
  ocircumflex: '\u00f4',
  ucircumflex: '\u00fb',
  ccedilla: '\u00e7',
  ntilde: '\u00f1',
  edieresis: '\u00eb',
  idieresis: '\u00ef',
  space: ' ',
  period: '.',
  colon: ':',
  comma: ',',
  hyphen: '-',
  endash: '\u2013',
  emdash: '\u2014',
  parenleft: '(',
  parenright: ')',
  quoteright: '\u2019',
  quoteleft: '\u2018',
  fi: 'fi',
  fl: 'fl',
  ff: 'ff',
  ffi: 'ffi',
  ffl: 'ffl',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

async function readDifferences(doc: PdfDocument, value: PdfObject | undefined): Promise<Map<number, string>> {
  const map = new Map<number, string>();
  const encoding = await doc.resolve(value);
  if (!(encoding instanceof PdfDict)) return map;
  const differences = await doc.resolve(encoding.get('Differences'));
  if (!Array.isArray(differences)) return map;
  let code = 0;
  for (const item of differences.slice(0, 4096)) {
    if (typeof item === 'number') code = item;
    else {
      const text = glyphText(nameOf(item) ?? '');
      if (text !== undefined) map.set(code, text);
      code++;
    }
  }
  return map;
}

/** WinAnsiEncoding's 0x80–0x9F; the rest is Latin-1 (§D.2). Standard encoding differs only in quotes. */
const WIN_ANSI_HIGH: Record<number, number> = {
  128: 0x20ac,
  130: 0x201a,
  131: 0x0192,
  132: 0x201e,
  133: 0x2026,
  134: 0x2020,
  135: 0x2021,
  136: 0x02c6,
  137: 0x2030,
  138: 0x0160,
  139: 0x2039,
  140: 0x0152,
  142: 0x017d,
  145: 0x2018,
  146: 0x2019,
  147: 0x201c,
  148: 0x201d,
  149: 0x2022,
  150: 0x2013,
  151: 0x2014,
  152: 0x02dc,
  153: 0x2122,
  154: 0x0161,
  155: 0x203a,
  156: 0x0153,
  158: 0x017e,
  159: 0x0178,
};

function winAnsi(code: number): string {
  if (code < 0x20) return '';
  return String.fromCharCode(WIN_ANSI_HIGH[code] ?? code);
}
