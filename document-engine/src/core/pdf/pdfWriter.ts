/**
 * Writes PDF objects back out (ISO 32000-1 §7.3, §7.5): values in their shortest unambiguous
 * spelling (strings as hex, so no escaping rule can be got wrong; names with `#xx` escapes), and a
 * whole file as objects 1…n, a classic xref table and a trailer. Streams are written with the
 * bytes and filters they are given; the writer never encodes.
 */
import { concatBytes } from '../bytes.ts';
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.ts';

const encoder = new TextEncoder();

/** Characters a name must escape: white space, delimiters, `#`, and anything outside printable ASCII. */
const NAME_DELIMITERS = new Set('()<>[]{}/%#'.split('').map((c) => c.charCodeAt(0)));

function nameToken(name: string): string {
  // the lexer gives names as Latin-1 code units; anything wider is spelled as its UTF-8 bytes
  const bytes = [...name].some((c) => c.charCodeAt(0) > 0xff)
    ? encoder.encode(name)
    : Uint8Array.from(name, (c) => c.charCodeAt(0));
  let out = '/';
  for (const byte of bytes) {
    out +=
      byte < 0x21 || byte > 0x7e || NAME_DELIMITERS.has(byte)
        ? `#${byte.toString(16).padStart(2, '0')}`
        : String.fromCharCode(byte);
  }
  return out;
}

/** A number as PDF spells it: no exponent, at most 6 decimals. */
export function numberToken(value: number): string {
  if (!Number.isFinite(value)) return '0';
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const text = value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  return text === '-0' ? '0' : text;
}

function hex(bytes: Uint8Array): string {
  let out = '<';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return `${out}>`;
}

/** One direct value; a stream is written only as an indirect object (`writePdfFile`). */
export function serializeValue(value: PdfObject): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return numberToken(value);
  if (value instanceof PdfName) return nameToken(value.name);
  if (value instanceof PdfString) return hex(value.bytes);
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (Array.isArray(value)) return `[${value.map(serializeValue).join(' ')}]`;
  if (value instanceof PdfDict) {
    const entries = [...value.map].map(([key, item]) => `${nameToken(key)} ${serializeValue(item)}`);
    return `<<${entries.join(' ')}>>`;
  }
  if (value instanceof PdfStream) throw new TypeError('A stream can only be written as an indirect object.');
  return 'null';
}

/** Text whose every character is one byte (PDF syntax, written here in Latin-1). */
export function latin1Encode(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/**
 * A whole PDF: `objects[i]` becomes object i + 1 (generation 0), a stream with its /Length set to
 * its bytes; `trailer` gets /Size.
 */
export function writePdfFile(objects: PdfObject[], trailer: PdfDict): Uint8Array {
  const parts: Uint8Array[] = [latin1Encode('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  const push = (part: Uint8Array) => {
    parts.push(part);
    length += part.length;
  };
  for (const [index, object] of objects.entries()) {
    offsets.push(length);
    if (object instanceof PdfStream) {
      const dict = new PdfDict();
      for (const [key, item] of object.dict.map) if (key !== 'Length') dict.set(key, item);
      dict.set('Length', object.raw.length);
      push(latin1Encode(`${index + 1} 0 obj\n${serializeValue(dict)}\nstream\n`));
      push(object.raw);
      push(latin1Encode('\nendstream\nendobj\n'));
    } else {
      push(latin1Encode(`${index + 1} 0 obj\n${serializeValue(object)}\nendobj\n`));
    }
  }
  const ending = new PdfDict();
  for (const [key, item] of trailer.map) ending.set(key, item);
  ending.set('Size', objects.length + 1);
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n${serializeValue(ending)}\nstartxref\n${length}\n%%EOF\n`;
  push(latin1Encode(xref));
  return concatBytes(parts);
}
