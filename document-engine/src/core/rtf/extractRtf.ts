/**
 * RTF: the pictures of `{\pict ...}` groups, in the order the file has them. A picture's data is
 * hex text or `\bin N` raw bytes; its type is the keyword that names it: \pngblip, \jpegblip,
 * \emfblip (stored files), \wmetafileN (a WMF without its placeable header: given as stored, as
 * Word keeps it; the page previews it as it does a DOCX's WMF), \dibitmapN (a DIB: given as a BMP
 * file, a BITMAPFILEHEADER put in front), \macpict (a PICT: its 512-byte file header put back,
 * as the DOC and PPT readers do). `\picwgoal`/`\pichgoal` are the size the document shows the
 * picture at, not the picture's: they size a metafile (whose own header often gives none), never
 * a bitmap, whose size is its header's.
 *
 * One picture written twice: Word writes `{\*\shppict {\pict ...}}{\nonshppict {\pict ...}}`,
 * the same picture for readers that know Word 97's pictures and as a metafile for those that do
 * not, and a drawing shape's `{\*\shpinst ...}` (its picture in the `pib` property) followed by
 * `{\shprslt ...}`, the shape drawn again for readers that do not know shapes. So a \nonshppict
 * or \shprslt group that follows a \shppict or \shpinst group in the same enclosing group is
 * skipped whole: the first of each pair is kept. One not preceded by its pair is read.
 *
 * Bounds for hostile input: groups nested deeper than MAX_RTF_DEPTH are skipped whole (a
 * brace count, no state per level), at most MAX_RTF_PICTURES pictures are given, and no
 * picture holds more bytes than the file, so nothing needs a byte bound of its own.
 */
import { extensionFor } from 'media-files/extensions';
import { throwIfAborted } from '../../errors.ts';
import { withDocumentErrors } from '../legacy/guard.ts';
import { VECTOR_NOTE } from '../legacy/legacyImage.ts';
import { dibToBmp } from '../legacy/officeArt.ts';
import { sniffFormat } from '../sniffFormat.ts';
import type { DocumentExtractor, DocumentImage, EngineOptions } from '../types.ts';

export const MAX_RTF_DEPTH = 256;
export const MAX_RTF_PICTURES = 10_000;
/** Control words are at most 32 letters and their parameter 10 digits; longer is damage, read as text. */
const MAX_WORD_LETTERS = 32;
const MAX_PARAMETER_DIGITS = 10;
const TWIPS_PER_PIXEL = 15; // 1440 twips per inch / 96 dpi

type BlipType = 'PNG' | 'JPEG' | 'EMF' | 'WMF' | 'DIB' | 'DDB' | 'PICT' | 'OS2';

const BLIP_WORDS: Record<string, BlipType> = {
  pngblip: 'PNG',
  jpegblip: 'JPEG',
  emfblip: 'EMF',
  wmetafile: 'WMF',
  dibitmap: 'DIB',
  wbitmap: 'DDB',
  macpict: 'PICT',
  pmmetafile: 'OS2',
};

const DECLARED_MIME_TYPES: Partial<Record<string, string>> = {
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  EMF: 'image/emf',
  WMF: 'image/wmf',
  BMP: 'image/bmp',
  PICT: 'image/x-pict',
};

/** Destinations whose pictures the document shows, by the role they give them. */
const ROLE_WORDS: Record<string, string> = {
  header: 'header',
  headerl: 'header',
  headerr: 'header',
  headerf: 'header',
  footer: 'footer',
  footerl: 'footer',
  footerr: 'footer',
  footerf: 'footer',
  footnote: 'footnote',
  annotation: 'comment',
};

/** The first of each pair (kept) and the second (skipped when it follows the first). */
const PRIMARY_WORDS = new Set(['shppict', 'shpinst']);
const FALLBACK_WORDS = new Set(['nonshppict', 'shprslt']);

/** Bytes appended one at a time or in runs, in a buffer that doubles. */
class ByteSink {
  private buffer = new Uint8Array(1024);
  length = 0;
  push(byte: number): void {
    if (this.length === this.buffer.length) this.grow(1);
    this.buffer[this.length++] = byte;
  }
  append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buffer.length) this.grow(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
  private grow(more: number): void {
    const next = new Uint8Array(Math.max(this.buffer.length * 2, this.length + more));
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }
}

type Picture = {
  blip?: BlipType;
  goalWidth?: number;
  goalHeight?: number;
  data: ByteSink;
  /** The high nibble of a hex byte not yet complete, or -1. */
  nibble: number;
};

type Group = {
  role: string;
  /** Set when this group is a \pict: its data is this group's own text and \bin runs. */
  picture?: Picture;
  /** A child \shppict or \shpinst closed: a following \nonshppict or \shprslt is its repeat. */
  primaryClosed: boolean;
  primary: boolean;
  /** `{\*` was just read: the next control word names an ignorable destination. */
  ignorable: boolean;
  /** Whether the group's first control word has been read (destinations are named by it). */
  named: boolean;
};

export const extractRtf: DocumentExtractor = withDocumentErrors(async function* extractRtf(data, options) {
  const { signal, onProgress } = options;
  let count = 0;
  for (const found of readPictures(data, options)) {
    throwIfAborted(signal);
    const image = toImage(found.picture, options);
    if (!image) continue;
    count++;
    yield { ...image, name: `image${count}.${extensionFor(image.format)}`, role: found.role };
    onProgress?.({ done: count, total: count, unit: 'pictures' });
    if (count >= MAX_RTF_PICTURES) {
      options.onSkipped?.({
        reason: `This RTF file has more than ${MAX_RTF_PICTURES.toLocaleString('en')} pictures; the rest were not read.`,
      });
      break;
    }
  }
});

/** Each \pict group as it closes, with the role of the destination it is in. */
function* readPictures(data: Uint8Array, options: EngineOptions): Generator<{ picture: Picture; role: string }> {
  const stack: Group[] = [];
  let skipDepth = 0; // > 0: inside a group skipped whole, this many braces deep
  let at = 0;
  const top = () => stack[stack.length - 1];
  while (at < data.length) {
    const c = data[at] as number;
    if (skipDepth > 0) {
      at = skipWithin(data, at, (delta) => {
        skipDepth += delta;
        return skipDepth === 0;
      });
      continue;
    }
    if (c === 0x7b) {
      at++;
      const parent = top();
      if (stack.length >= MAX_RTF_DEPTH) {
        skipDepth = 1;
        continue;
      }
      stack.push({
        role: parent?.role ?? 'body',
        primaryClosed: false,
        primary: false,
        ignorable: false,
        named: false,
      });
      continue;
    }
    if (c === 0x7d) {
      at++;
      const group = stack.pop();
      const parent = top();
      if (group?.picture) yield { picture: group.picture, role: group.role };
      if (group?.primary && parent) parent.primaryClosed = true;
      continue;
    }
    const group = top();
    if (c === 0x5c) {
      const word = readControl(data, at);
      at = word.end;
      if (!group) continue;
      if (word.name === '*') {
        group.ignorable = !group.named;
        continue;
      }
      if (word.name === 'bin') {
        const length = Math.max(0, Math.min(word.parameter ?? 0, data.length - at));
        if (group.picture) {
          flushNibble(group.picture);
          group.picture.data.append(data.subarray(at, at + length));
        }
        at += length;
        continue;
      }
      if (!group.named && word.letters) {
        group.named = true;
        const parent = stack[stack.length - 2];
        if (word.name === 'pict') {
          group.picture = { data: new ByteSink(), nibble: -1 };
          continue;
        }
        if (FALLBACK_WORDS.has(word.name) && parent?.primaryClosed) {
          parent.primaryClosed = false;
          stack.pop();
          skipDepth = 1;
          continue;
        }
        if (PRIMARY_WORDS.has(word.name)) {
          group.primary = true;
          continue;
        }
        const role = ROLE_WORDS[word.name];
        if (role) group.role = role;
        // An ignorable destination this reader does not know holds no picture of the document
        // (\*\blipuid, \*\picprop, \*\objdata…): skipped whole.
        if (group.ignorable && !role) {
          stack.pop();
          skipDepth = 1;
        }
        continue;
      }
      const picture = group.picture;
      if (!picture || !word.letters) continue;
      const blip = BLIP_WORDS[word.name];
      if (blip) picture.blip = blip;
      else if (word.name === 'picwgoal') picture.goalWidth = word.parameter;
      else if (word.name === 'pichgoal') picture.goalHeight = word.parameter;
      continue;
    }
    if (group) group.named = true;
    const picture = group?.picture;
    if (!picture) {
      at++;
      continue;
    }
    // hex digits of the picture: everything else (line breaks, spaces) is ignored
    const end = nextSpecial(data, at);
    for (; at < end; at++) {
      const value = hexValue(data[at] as number);
      if (value < 0) continue;
      if (picture.nibble < 0) picture.nibble = value;
      else {
        picture.data.push((picture.nibble << 4) | value);
        picture.nibble = -1;
      }
    }
  }
  if (stack.some((group) => group.picture)) {
    options.onSkipped?.({ reason: 'This RTF file ends in the middle of a picture: the file is cut short.' });
  }
}

/** Moves through a skipped group's bytes, telling each brace's depth change; stops at its close. */
function skipWithin(data: Uint8Array, at: number, brace: (delta: number) => boolean): number {
  while (at < data.length) {
    const c = data[at] as number;
    if (c === 0x5c) {
      const word = readControl(data, at);
      at = word.end;
      // \bin's bytes may hold braces: they are data, not structure
      if (word.name === 'bin') at += Math.max(0, Math.min(word.parameter ?? 0, data.length - at));
      continue;
    }
    at++;
    if (c === 0x7b && brace(1)) return at;
    if (c === 0x7d && brace(-1)) return at;
  }
  return at;
}

type ControlWord = { name: string; letters: boolean; parameter?: number; end: number };

/** The control word or symbol at `at` (a backslash), and where what follows it starts. */
function readControl(data: Uint8Array, at: number): ControlWord {
  let i = at + 1;
  const isLetter = (c: number | undefined) => c !== undefined && ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a));
  if (!isLetter(data[i])) {
    const symbol = data[i];
    if (symbol === undefined) return { name: '', letters: false, end: i };
    // \'hh: a character by its code; its two hex digits are not picture data
    if (symbol === 0x27) return { name: "'", letters: false, end: Math.min(data.length, i + 3) };
    return { name: String.fromCharCode(symbol), letters: false, end: i + 1 };
  }
  let name = '';
  while (isLetter(data[i]) && name.length < MAX_WORD_LETTERS) name += String.fromCharCode(data[i++] as number);
  let parameter: number | undefined;
  let sign = 1;
  if (data[i] === 0x2d && (data[i + 1] ?? 0) >= 0x30 && (data[i + 1] ?? 0) <= 0x39) {
    sign = -1;
    i++;
  }
  let digits = 0;
  while ((data[i] ?? 0) >= 0x30 && (data[i] ?? 0) <= 0x39 && digits < MAX_PARAMETER_DIGITS) {
    parameter = (parameter ?? 0) * 10 + ((data[i] as number) - 0x30);
    i++;
    digits++;
  }
  if (data[i] === 0x20) i++; // the delimiter space belongs to the word
  return { name, letters: true, ...(parameter !== undefined ? { parameter: sign * parameter } : {}), end: i };
}

function nextSpecial(data: Uint8Array, at: number): number {
  let i = at;
  while (i < data.length && data[i] !== 0x5c && data[i] !== 0x7b && data[i] !== 0x7d) i++;
  return i;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/** A lone hex digit before `\bin`: damage; it is dropped, as Word drops it. */
function flushNibble(picture: Picture): void {
  picture.nibble = -1;
}

const PICT_FILE_HEADER_BYTES = 512;

function toImage(picture: Picture, options: EngineOptions): DocumentImage | undefined {
  const stored = picture.data.bytes();
  const skip = (reason: string) => {
    options.onSkipped?.({ reason });
    return undefined;
  };
  if (stored.length === 0) return skip('This RTF picture has no data.');
  if (picture.blip === 'DDB')
    return skip('This RTF picture is a device-dependent bitmap (\\wbitmap), which is not read.');
  if (picture.blip === 'OS2') return skip('This RTF picture is an OS/2 metafile (\\pmmetafile), which is not read.');
  let bytes = stored;
  if (picture.blip === 'DIB') {
    const bmp = dibToBmp(stored);
    if (!bmp) return skip("This RTF picture's bitmap (\\dibitmap) is damaged.");
    bytes = bmp;
  } else if (picture.blip === 'PICT') {
    bytes = new Uint8Array(PICT_FILE_HEADER_BYTES + stored.length);
    bytes.set(stored, PICT_FILE_HEADER_BYTES);
  }
  const sniffed = sniffFormat(bytes);
  const declared = picture.blip === 'DIB' ? 'BMP' : picture.blip;
  const format = sniffed?.format ?? declared;
  if (!format) return skip('This RTF picture is of no type the extractor knows.');
  const image: DocumentImage = {
    name: `image.${extensionFor(format)}`,
    bytes,
    format,
    mimeType: sniffed?.mimeType ?? DECLARED_MIME_TYPES[format] ?? 'application/octet-stream',
  };
  const vector = format === 'EMF' || format === 'WMF' || format === 'PICT';
  if (vector) {
    image.note = VECTOR_NOTE;
    const goal = picture.goalWidth && picture.goalHeight && picture.goalWidth > 0 && picture.goalHeight > 0;
    if (goal) {
      image.width = Math.round((picture.goalWidth as number) / TWIPS_PER_PIXEL);
      image.height = Math.round((picture.goalHeight as number) / TWIPS_PER_PIXEL);
    } else if (sniffed?.width && sniffed.height) {
      image.width = sniffed.width;
      image.height = sniffed.height;
    }
  } else if (sniffed?.width && sniffed.height) {
    image.width = sniffed.width;
    image.height = sniffed.height;
  }
  return image;
}
