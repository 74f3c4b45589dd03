/**
 * E-mail (EML), saved pages (MHTML), RTF, Outlook (.msg) and Excel 97-2003 (.xls) files, built
 * around given pictures as their writers lay them out: the tests build them around the corpus's
 * pictures and check the readers byte for byte; the fuzzer mutates them.
 */

import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import * as CFB from 'cfb';
import type { CorpusMedia } from './corpusMedia.ts';

const enc = new TextEncoder();

/**
 * Strings (as Latin-1) and bytes joined into a Uint8Array of its own: not a Buffer, whose
 * `slice()` is a view that a transfer to a worker (the fuzzer's) would detach.
 */
function toPlainBytes(pieces: (string | Uint8Array)[]): Uint8Array {
  return new Uint8Array(
    Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece))),
  );
}

function b64(bytes: Uint8Array, width = 76): string {
  const text = Buffer.from(bytes).toString('base64');
  return text.replace(new RegExp(`(.{${width}})`, 'g'), '$1\r\n');
}

/** Quoted-printable as a mailer writes it: soft breaks every 70 characters. */
function qp(bytes: Uint8Array): string {
  let out = '';
  let line = 0;
  for (const byte of bytes) {
    const plain = byte >= 33 && byte <= 126 && byte !== 61;
    const token = plain ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    if (line + token.length > 72) {
      out += '=\r\n';
      line = 0;
    }
    out += token;
    line += token.length;
  }
  return out;
}

function bytesOf(...pieces: (string | Uint8Array)[]): Uint8Array {
  return toPlainBytes(pieces);
}

const htmlOf = (media: CorpusMedia) =>
  `<html><body><p>Hi</p><img src="cid:logo@example"><img alt="dot" src="data:image/png;base64,${Buffer.from(media.png).toString('base64')}"></body></html>`;

/** Every kind of image part a mailer sends, and parts that are not pictures. */
export function sampleEml(media: CorpusMedia): Uint8Array {
  const inner = [
    'From: b@example.org\r\nSubject: forwarded\r\nMIME-Version: 1.0\r\n',
    'Content-Type: multipart/mixed; boundary="inner"\r\n\r\n',
    '--inner\r\nContent-Type: text/plain\r\n\r\nsee the drawing\r\n',
    '--inner\r\nContent-Type: image/x-emf; name="drawing.emf"\r\nContent-Disposition: attachment; filename="drawing.emf"\r\nContent-Transfer-Encoding: base64\r\n\r\n',
    b64(media.emf),
    '\r\n--inner--\r\n',
  ].join('');
  return bytesOf(
    'From: "A" <a@example.org>\r\nTo: b@example.org\r\nSubject: =?utf-8?q?pictures_=E2=82=AC?=\r\n',
    'Date: Sat, 28 Nov 2026 01:00:00 +0000\r\nMessage-ID: <1@example.org>\r\nMIME-Version: 1.0\r\n',
    'Content-Type: multipart/mixed;\r\n\tboundary="==outer=="\r\n\r\n',
    'This is a multi-part message in MIME format.\r\n',
    '--==outer==\r\nContent-Type: multipart/alternative; boundary=alt\r\n\r\n',
    '--alt\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nHi\r\n',
    '--alt\r\nContent-Type: multipart/related; boundary="rel"; type="text/html"\r\n\r\n',
    '--rel\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n',
    qp(enc.encode(htmlOf(media))),
    '\r\n--rel\r\nContent-Type: image/gif\r\nContent-ID: <logo@example>\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n',
    qp(media.gif),
    '\r\n--rel--\r\n',
    '\r\n--alt--\r\n',
    // RFC 2231: a UTF-8 file name, percent-encoded, in two sections
    "--==outer==\r\nContent-Type: image/jpeg\r\nContent-Disposition: attachment;\r\n filename*0*=utf-8''%E2%82%AC-;\r\n filename*1=photo.jpg\r\nContent-Transfer-Encoding: base64\r\n\r\n",
    b64(media.jpeg),
    // RFC 2047 in a name, octet-stream bytes that are a PNG
    '\r\n--==outer==\r\nContent-Type: application/octet-stream; name="=?utf-8?B?w6lsw6h2ZS5wbmc=?="\r\nContent-Disposition: attachment\r\nContent-Transfer-Encoding: base64\r\n\r\n',
    b64(media.png, 64),
    // not pictures: octet-stream text, a PDF
    '\r\n--==outer==\r\nContent-Type: application/octet-stream; name="notes.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n',
    b64(enc.encode('just some notes, not a picture')),
    '\r\n--==outer==\r\nContent-Type: application/pdf; name="a.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n',
    b64(enc.encode('%PDF-1.4\n%%EOF\n')),
    // a binary part (no encoding): the WMF as stored, inline with no Content-ID
    '\r\n--==outer==\r\nContent-Type: image/wmf\r\nContent-Disposition: inline\r\nContent-Transfer-Encoding: binary\r\n\r\n',
    media.wmf,
    // a forwarded message, descended into
    '\r\n--==outer==\r\nContent-Type: message/rfc822\r\n\r\n',
    inner,
    '\r\n--==outer==--\r\nepilogue\r\n',
  );
}

export function sampleMhtml(media: CorpusMedia): Uint8Array {
  const page =
    '<html><body><img src="https://example.org/a/logo.png"><img src="https://example.org/b/photo.jpg"></body></html>';
  return bytesOf(
    'From: <Saved by Blink>\r\nSnapshot-Content-Location: https://example.org/\r\nSubject: Example\r\n',
    'Date: Sat, 28 Nov 2026 01:00:00 -0000\r\nMIME-Version: 1.0\r\n',
    'Content-Type: multipart/related;\r\n\ttype="text/html";\r\n\tboundary="----MultipartBoundary--abc----"\r\n\r\n\r\n',
    '------MultipartBoundary--abc----\r\nContent-Type: text/html\r\nContent-ID: <frame-1@mhtml.blink>\r\nContent-Transfer-Encoding: quoted-printable\r\nContent-Location: https://example.org/\r\n\r\n',
    qp(enc.encode(page)),
    '\r\n\r\n------MultipartBoundary--abc----\r\nContent-Type: text/css\r\nContent-Transfer-Encoding: quoted-printable\r\nContent-Location: https://example.org/site.css\r\n\r\nbody{}\r\n',
    '\r\n------MultipartBoundary--abc----\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\nContent-Location: https://example.org/a/logo.png\r\n\r\n',
    b64(media.png),
    '\r\n\r\n------MultipartBoundary--abc----\r\nContent-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\nContent-Location: https://example.org/b/photo.jpg\r\n\r\n',
    b64(media.jpeg),
    // the same address saved twice (a page that shows one picture twice): once
    '\r\n\r\n------MultipartBoundary--abc----\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\nContent-Location: https://example.org/a/logo.png\r\n\r\n',
    b64(media.png),
    '\r\n\r\n------MultipartBoundary--abc----\r\nContent-Type: image/gif\r\nContent-Transfer-Encoding: base64\r\nContent-Location: https://example.org/c/anim%20one.gif\r\n\r\n',
    b64(media.gif),
    '\r\n\r\n------MultipartBoundary--abc------\r\n',
  );
}

/**
 * tests/pythonMailer.py: a message as Python's `email` package writes one, and the mailers'
 * quirks RFC 2046 does not foresee. Run it as `python3 PYTHON_MAILER <directory of the pictures>`.
 */
export const PYTHON_MAILER = fileURLToPath(new URL('./pythonMailer.py', import.meta.url));

/** The WMF as RTF stores it: without the 22-byte placeable header a .wmf file starts with. */
export const bareWmf = (media: CorpusMedia) => media.wmf.subarray(22);

export const hex = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('hex')
    .replace(/(.{128})/g, '$1\r\n');
export const rtfBytes = (...pieces: (string | Uint8Array)[]) => toPlainBytes(pieces);

/** A 2 x 2, 24-bit DIB (BITMAPINFOHEADER, then rows padded to 4 bytes), and the BMP file it is. */
export function dib(): { dib: Uint8Array; bmp: Uint8Array } {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(2, 4);
  header.writeInt32LE(2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(24, 14);
  const pixels = Buffer.from([0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0]);
  const dibBytes = Buffer.concat([header, pixels]);
  const fileHeader = Buffer.alloc(14);
  fileHeader.write('BM', 0, 'latin1');
  fileHeader.writeUInt32LE(14 + dibBytes.length, 2);
  fileHeader.writeUInt32LE(54, 10);
  return { dib: dibBytes, bmp: Buffer.concat([fileHeader, dibBytes]) };
}

export function sampleRtf(media: CorpusMedia): Uint8Array {
  const bitmap = dib();
  return rtfBytes(
    '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}{\\*\\generator Test;}\r\n',
    '{\\header \\pard {\\pict\\jpegblip\\picw100\\pich50\\picwgoal1500\\pichgoal750 ',
    hex(media.jpeg),
    '}\\par}\r\n',
    // Word's pair: the PNG, then the same picture as a metafile for older readers
    '\\pard A {\\*\\shppict{\\pict{\\*\\picprop\\shplid1025{\\sp{\\sn shapeType}{\\sv 75}}}\\picscalex100\\picscaley100\\picw1270\\pich1270\\picwgoal720\\pichgoal720\\pngblip\\bliptag-12{\\*\\blipuid 0123456789abcdef0123456789abcdef}',
    hex(media.png),
    '}}{\\nonshppict{\\pict\\picscalex100\\picscaley100\\picwgoal720\\pichgoal720\\wmetafile8\\bliptag-12 ',
    hex(bareWmf(media)),
    '}}\\par\r\n',
    // a metafile alone: given, as stored, sized by its goal (twips)
    '{\\pict\\wmetafile8\\picw2000\\pich1000\\picwgoal3000\\pichgoal1500 ',
    hex(bareWmf(media)),
    '}\r\n',
    // raw bytes: \bin, whose data holds braces and backslashes
    `{\\pict\\emfblip\\picwgoal1440\\pichgoal1440\\bin${media.emf.length} `,
    media.emf,
    '}\r\n',
    // a shape: its picture, then \shprslt drawing it again
    '{\\shp{\\*\\shpinst\\shpleft0{\\sp{\\sn pib}{\\sv {\\pict\\pngblip ',
    hex(media.gif),
    '}}}}{\\shprslt {\\pict\\pngblip ',
    hex(media.gif),
    '}}}\r\n',
    // a DIB, given as a BMP file; \'41 inside is a character, not picture data
    "{\\pict\\dibitmap0\\picw2\\pich2 \\'41",
    hex(bitmap.dib),
    '}\r\n',
    // an ignorable destination this reader does not know: its picture is not the document's
    '{\\*\\unknowndest {\\pict\\pngblip ',
    hex(media.png),
    '}}\r\n',
    // a device-dependent bitmap: told as skipped
    '{\\pict\\wbitmap0\\picw2\\pich2 0000}\r\n',
    '}',
  );
}

const utf16 = (text: string) => Buffer.from(`${text}\0`, 'utf16le');

/** An attachment's fixed-size properties: 8 reserved bytes, then PidTagAttachmentHidden when asked. */
function attachmentProperties(hidden: boolean): Buffer {
  const out = Buffer.alloc(8 + (hidden ? 16 : 0));
  if (hidden) {
    out.writeUInt32LE(0x7ffe000b, 8);
    out.writeUInt32LE(0x6, 12);
    out.writeUInt16LE(1, 16);
  }
  return out;
}

type Attachment = { data: Uint8Array; long?: string; short?: string; mime?: string; cid?: string; hidden?: boolean };

function addMessage(
  file: CFB.CFB$Container,
  root: string,
  header: number,
  attachments: Record<string, Attachment | 'message'>,
  inner?: Record<string, Attachment>,
) {
  CFB.utils.cfb_add(file, `${root}__properties_version1.0`, Buffer.alloc(header));
  CFB.utils.cfb_add(file, `${root}__substg1.0_0037001F`, utf16('pictures'));
  for (const [number, attachment] of Object.entries(attachments)) {
    const at = `${root}__attach_version1.0_#${number}/`;
    if (attachment === 'message') {
      CFB.utils.cfb_add(file, `${at}__properties_version1.0`, attachmentProperties(false));
      addMessage(file, `${at}__substg1.0_3701000D/`, 24, inner ?? {});
      continue;
    }
    CFB.utils.cfb_add(file, `${at}__properties_version1.0`, attachmentProperties(attachment.hidden ?? false));
    CFB.utils.cfb_add(file, `${at}__substg1.0_37010102`, Buffer.from(attachment.data));
    if (attachment.long) CFB.utils.cfb_add(file, `${at}__substg1.0_3707001F`, utf16(attachment.long));
    if (attachment.short)
      CFB.utils.cfb_add(file, `${at}__substg1.0_3704001E`, Buffer.from(`${attachment.short}\0`, 'latin1'));
    if (attachment.mime) CFB.utils.cfb_add(file, `${at}__substg1.0_370E001F`, utf16(attachment.mime));
    if (attachment.cid) CFB.utils.cfb_add(file, `${at}__substg1.0_3712001F`, utf16(attachment.cid));
  }
}

export function sampleMsg(media: CorpusMedia): Uint8Array {
  const file = CFB.utils.cfb_new();
  addMessage(
    file,
    '/',
    32,
    {
      '00000000': { data: media.png, long: 'logo.png', mime: 'image/png', cid: 'logo@example', hidden: true },
      '00000001': { data: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), long: 'report.pdf', mime: 'application/pdf' },
      '00000002': { data: media.jpeg, short: 'PHOTO~1.JPG' },
      '00000003': 'message',
      // named as text, but the bytes are a GIF: found, named for what it is
      '0000000A': { data: media.gif, long: 'notes.txt', mime: 'text/plain' },
    },
    { '00000000': { data: media.emf, long: 'drawing.emf' } },
  );
  return new Uint8Array(CFB.write(file, { type: 'buffer' }) as Buffer);
}

export const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
};
/** A BIFF record. */
export const biff = (type: number, body: Uint8Array) => Buffer.concat([u16(type), u16(body.length), body]);
/** An OfficeArt record. */
const art = (version: number, instance: number, type: number, ...body: Uint8Array[]) => {
  const data = Buffer.concat(body);
  return Buffer.concat([u16(version | (instance << 4)), u16(type), u32(data.length), data]);
};

const UID = Buffer.alloc(16, 7);
const bitmapBlip = (type: number, instance: number, bytes: Uint8Array) =>
  art(0, instance, type, UID, Buffer.from([0xff]), bytes);
function emfBlip(emf: Uint8Array): Buffer {
  const compressed = deflateSync(emf);
  const header = Buffer.concat([
    u32(emf.length),
    Buffer.alloc(16), // rcBounds
    u32(914400), // ptSize: 1 inch by half an inch, in EMU
    u32(457200),
    u32(compressed.length),
    Buffer.from([0x00, 0xfe]), // deflate, no filter
  ]);
  return art(0, 0x3d4, 0xf01a, UID, header, compressed);
}
const fbse = (blipType: number, blip: Buffer) =>
  art(
    2,
    blipType,
    0xf007,
    Buffer.from([blipType, blipType]),
    UID,
    u16(0xff),
    u32(blip.length),
    u32(1),
    u32(0),
    Buffer.from([0, 0, 0, 0]),
    blip,
  );

/** A picture shape: FSP, FOPT with pib, and its anchor's top-left cell (0-based column, row). */
const pictureShape = (spid: number, pib: number, column: number, row: number) =>
  art(
    0xf,
    0,
    0xf004,
    art(2, 75, 0xf00a, u32(spid), u32(0xa00)),
    art(3, 1, 0xf00b, u16(0x4104), u32(pib)),
    art(0, 0, 0xf010, u16(0), u16(column), u16(0), u16(row), u16(0), u16(column + 2), u16(0), u16(row + 3), u16(0)),
  );

/** A sheet's drawing, split in two MsoDrawing records with an Obj record between, as Excel writes it. */
function sheetRecords(shapes: Buffer[]): Buffer {
  const [first, ...rest] = shapes as [Buffer, ...Buffer[]];
  const spgrBody = Buffer.concat(shapes);
  const fdg = art(0, 1, 0xf008, u32(shapes.length), u32(1024));
  const dgBodyLength = fdg.length + 8 + spgrBody.length;
  const head = Buffer.concat([
    u16(0xf),
    u16(0xf002),
    u32(dgBodyLength),
    fdg,
    u16(0xf),
    u16(0xf003),
    u32(spgrBody.length),
  ]);
  const records = [biff(0x00ec, Buffer.concat([head, first]))];
  for (const shape of rest) records.push(biff(0x005d, Buffer.alloc(26)), biff(0x00ec, shape));
  return Buffer.concat([
    biff(0x0809, Buffer.concat([u16(0x600), u16(0x10), Buffer.alloc(12)])),
    ...records,
    biff(0x000a, Buffer.alloc(0)),
  ]);
}

function boundSheet(offset: number, name: string, wide: boolean): Buffer {
  const chars = Buffer.from(name, wide ? 'utf16le' : 'latin1');
  return biff(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0, name.length, wide ? 1 : 0]), chars]));
}

export function sampleWorkbook(media: CorpusMedia): Uint8Array {
  const bstore = art(
    0xf,
    4,
    0xf001,
    fbse(6, bitmapBlip(0xf01e, 0x6e0, media.png)),
    fbse(5, bitmapBlip(0xf01d, 0x46a, media.jpeg)),
    fbse(2, emfBlip(media.emf)),
    fbse(6, bitmapBlip(0xf01e, 0x6e0, media.png)),
  );
  const dgg = art(0xf, 0, 0xf000, bstore);
  // The drawing group in 8,224-byte records: MsoDrawingGroup, then Continue records.
  const group: Buffer[] = [];
  for (let at = 0; at < dgg.length; at += 8224)
    group.push(biff(at === 0 ? 0x00eb : 0x003c, dgg.subarray(at, at + 8224)));
  const sheet1 = sheetRecords([pictureShape(1025, 2, 1, 3), pictureShape(1026, 1, 2, 9)]);
  const sheet2 = sheetRecords([pictureShape(2049, 1, 0, 0), pictureShape(2050, 3, 26, 99)]);
  const bof = biff(0x0809, Buffer.concat([u16(0x600), u16(0x5), Buffer.alloc(12)]));
  const eof = biff(0x000a, Buffer.alloc(0));
  const globalsLength = (offsets: [number, number]) =>
    Buffer.concat([
      bof,
      boundSheet(offsets[0], 'Données', false),
      boundSheet(offsets[1], 'Лист2', true),
      ...group,
      eof,
    ]);
  const size = globalsLength([0, 0]).length;
  const globals = globalsLength([size, size + sheet1.length]);
  const workbook = Buffer.concat([globals, sheet1, sheet2]);
  const file = CFB.utils.cfb_new();
  CFB.utils.cfb_add(file, '/Workbook', workbook);
  return new Uint8Array(CFB.write(file, { type: 'buffer' }) as Buffer);
}
