// @vitest-environment node

import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { Lexer } from '../src/core/pdf/lexer.ts';
import {
  type PdfCommand,
  PdfDict,
  type PdfName,
  PdfRef,
  type PdfStream,
  type PdfString,
} from '../src/core/pdf/objects.ts';
import { Parser } from '../src/core/pdf/parser.ts';
import { PdfDocument } from '../src/core/pdf/xref.ts';
import { DocumentError } from '../src/errors.ts';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const text = (value: Uint8Array) => String.fromCharCode(...value);

describe('Lexer', () => {
  it('should read numbers, names with #xx, and both kinds of string', () => {
    const lexer = new Lexer(bytes('12 -3.5 .5 +7 /A#20B (a\\(b\\)\\n\\101) <48 65 6c6>'));
    expect(lexer.next()).toBe(12);
    expect(lexer.next()).toBe(-3.5);
    expect(lexer.next()).toBe(0.5);
    expect(lexer.next()).toBe(7);
    expect((lexer.next() as PdfName).name).toBe('A B');
    expect(text((lexer.next() as PdfString).bytes)).toBe('a(b)\nA');
    expect(text((lexer.next() as PdfString).bytes)).toBe('Hel`');
    expect(lexer.next()).toBeNull();
  });

  it('should keep balanced parentheses and skip comments', () => {
    const lexer = new Lexer(bytes('% comment\n(x (y) z) true'));
    expect(text((lexer.next() as PdfString).bytes)).toBe('x (y) z');
    expect((lexer.next() as PdfCommand).name).toBe('true');
  });
});

describe('Parser', () => {
  it('should parse arrays, dictionaries and references', () => {
    const value = new Parser(bytes('<< /A [1 2 0 R /N] /B << /C (s) >> /D null /E true >>')).parse();
    expect(value).toBeInstanceOf(PdfDict);
    const dict = value as PdfDict;
    const array = dict.get('A') as unknown[];
    expect(array[0]).toBe(1);
    expect(array[1]).toEqual(new PdfRef(2, 0));
    expect((array[2] as PdfName).name).toBe('N');
    expect(text(((dict.get('B') as PdfDict).get('C') as PdfString).bytes)).toBe('s');
    expect(dict.get('D')).toBeNull();
    expect(dict.get('E')).toBe(true);
  });

  it('should read a stream by /Length, or by endstream when the length is wrong', () => {
    const good = new Parser(bytes('<< /Length 5 >>\nstream\r\nhello\nendstream')).parse() as PdfStream;
    expect(text(good.raw)).toBe('hello');
    const wrong = new Parser(bytes('<< /Length 99 >>\nstream\nhello\nendstream')).parse() as PdfStream;
    expect(text(wrong.raw)).toBe('hello');
    const indirect = new Parser(bytes('<< /Length 7 0 R >>\nstream\nhey\nendstream'), 0, () => 3).parse() as PdfStream;
    expect(text(indirect.raw)).toBe('hey');
  });

  it('should refuse nesting past the bound', () => {
    expect(() => new Parser(bytes('['.repeat(1000))).parse()).toThrow(DocumentError);
  });
});

/** A PDF with a classic xref table built from object bodies (offsets computed). */
function buildPdf(objects: string[], options: { breakXref?: boolean } = {}): Uint8Array {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets)
    out += `${String(options.breakXref ? offset + 3 : offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return bytes(out);
}

describe('PdfDocument (xref)', () => {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', '(third)'];

  it('should read a classic xref table', async () => {
    const doc = await PdfDocument.open(buildPdf(objects));
    const root = (await doc.resolve(doc.trailer.get('Root'))) as PdfDict;
    expect((root.get('Type') as PdfName).name).toBe('Catalog');
    expect(text((await doc.string(new PdfRef(3, 0))) ?? new Uint8Array())).toBe('third');
  });

  it('should recover from wrong xref offsets by scanning for objects', async () => {
    const doc = await PdfDocument.open(buildPdf(objects, { breakXref: true }));
    expect(text((await doc.string(new PdfRef(3, 0))) ?? new Uint8Array())).toBe('third');
  });

  it('should read an xref stream and an object stream', async () => {
    // object 3 lives in object stream 4; xref stream 5 indexes everything
    const inner = '3 0 (packed)';
    const header = '3 0 ';
    let out = '%PDF-1.5\n';
    const offsets: Record<number, number> = {};
    const add = (num: number, body: string) => {
      offsets[num] = out.length;
      out += `${num} 0 obj\n${body}\nendobj\n`;
    };
    add(1, '<< /Type /Catalog /Pages 2 0 R >>');
    add(2, '<< /Type /Pages /Kids [] /Count 0 >>');
    const objStm = inner.slice(header.length);
    add(
      4,
      `<< /Type /ObjStm /N 1 /First ${header.length} /Length ${inner.length} >>\nstream\n${header}${objStm}\nendstream`,
    );
    const rows: number[][] = [
      [0, 0, 0],
      [1, offsets[1] ?? 0, 0],
      [1, offsets[2] ?? 0, 0],
      [2, 4, 0],
      [1, offsets[4] ?? 0, 0],
      [1, out.length, 0],
    ];
    const table = new Uint8Array(rows.length * 4);
    rows.forEach(([type, field, index], i) => {
      table[i * 4] = type ?? 0;
      table[i * 4 + 1] = ((field ?? 0) >> 8) & 0xff;
      table[i * 4 + 2] = (field ?? 0) & 0xff;
      table[i * 4 + 3] = index ?? 0;
    });
    const compressed = zlibSync(table);
    const xrefAt = out.length;
    out += `5 0 obj\n<< /Type /XRef /Size 6 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`;
    const tail = `\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
    const file = new Uint8Array(out.length + compressed.length + tail.length);
    file.set(bytes(out));
    file.set(compressed, out.length);
    file.set(bytes(tail), out.length + compressed.length);
    const doc = await PdfDocument.open(file);
    expect(text((await doc.string(new PdfRef(3, 0))) ?? new Uint8Array())).toBe('packed');
  });

  it('should follow /Prev: the newer section wins', async () => {
    const base = text(buildPdf(objects));
    const prevXref = Number(
      base
        .slice(base.lastIndexOf('startxref') + 10)
        .trim()
        .split('\n')[0],
    );
    let update = base;
    const offset = update.length;
    update += '3 0 obj\n(updated)\nendobj\n';
    const xrefAt = update.length;
    update += `xref\n3 1\n${String(offset).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 4 /Root 1 0 R /Prev ${prevXref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const doc = await PdfDocument.open(bytes(update));
    expect(text((await doc.string(new PdfRef(3, 0))) ?? new Uint8Array())).toBe('updated');
  });

  it('should reject a file that is not a PDF', async () => {
    await expect(PdfDocument.open(bytes('hello world'))).rejects.toMatchObject({ code: 'invalid' });
  });
});
