/**
 * One bounded MIME reader for e-mail (EML) and saved web pages (MHTML): the tree of a message's
 * parts, walked as mail readers walk it (a multipart's children in order, a message/rfc822 part's
 * own message descended into), and each leaf's body decoded from its transfer encoding.
 *
 * Bounds for hostile input: nesting (multiparts and attached messages) deeper than
 * MAX_MIME_DEPTH is not descended into (its parts are not read, as a chart chain past its bound
 * in a DOCX); more than MAX_MIME_PARTS parts is refused; each header block is at most
 * MAX_HEADER_BYTES. Decoding never makes more bytes than the part holds, so the bodies need no
 * bound of their own.
 */
import { DocumentError } from '../../errors.ts';
import {
  base64Bytes,
  type HeaderFields,
  type ParsedField,
  parseStructuredField,
  qBytes,
  readHeaderBlock,
} from './headers.ts';

export const MAX_MIME_DEPTH = 32;
export const MAX_MIME_PARTS = 10_000;
/** RFC 2046 allows 70 characters; a longer boundary is not one a mailer wrote. */
const MAX_BOUNDARY_LENGTH = 200;

/** A leaf part: its headers, where its (still encoded) body is, and how it sits in the tree. */
export type MimePart = {
  fields: HeaderFields;
  contentType: ParsedField;
  disposition: ParsedField;
  bodyStart: number;
  bodyEnd: number;
  /** The multipart type it is a child of (`multipart/related`), or '' for a message's one body. */
  parentType: string;
};

export type MimeMessage = {
  fields: HeaderFields;
  contentType: ParsedField;
  /** Every leaf part, in walk order. */
  parts: MimePart[];
};

/** The message's tree, flattened to its leaves in order. Throws 'too-large' past MAX_MIME_PARTS. */
export function readMimeMessage(data: Uint8Array): MimeMessage {
  const top = readHeaderBlock(data, skipMboxLine(data), data.length);
  const contentType = typeOf(top.fields, 'text/plain');
  const parts: MimePart[] = [];
  const visit = (
    fields: HeaderFields,
    type: ParsedField,
    bodyStart: number,
    bodyEnd: number,
    depth: number,
    parentType: string,
  ) => {
    if (parts.length >= MAX_MIME_PARTS) {
      throw new DocumentError(
        'too-large',
        `This message has more than ${MAX_MIME_PARTS.toLocaleString('en')} parts, more than the extractor reads.`,
      );
    }
    const boundary = type.params.get('boundary');
    if (type.value.startsWith('multipart/') && boundary) {
      if (depth >= MAX_MIME_DEPTH) return;
      const childDefault = type.value === 'multipart/digest' ? 'message/rfc822' : 'text/plain';
      for (const [start, end] of splitMultipart(data, bodyStart, bodyEnd, boundary)) {
        const child = readHeaderBlock(data, start, end);
        visit(child.fields, typeOf(child.fields, childDefault), child.bodyStart, end, depth + 1, type.value);
      }
      return;
    }
    if (type.value === 'message/rfc822' && !isEncoded(fields)) {
      if (depth >= MAX_MIME_DEPTH) return;
      const inner = readHeaderBlock(data, bodyStart, bodyEnd);
      visit(inner.fields, typeOf(inner.fields, 'text/plain'), inner.bodyStart, bodyEnd, depth + 1, '');
      return;
    }
    parts.push({
      fields,
      contentType: type,
      disposition: parseStructuredField(fields.get('content-disposition')),
      bodyStart,
      bodyEnd,
      parentType,
    });
  };
  visit(top.fields, contentType, top.bodyStart, data.length, 0, '');
  return { fields: top.fields, contentType, parts };
}

/** A part's body, decoded from its Content-Transfer-Encoding (7bit, 8bit and binary are as stored). */
export function decodeBody(data: Uint8Array, part: MimePart): Uint8Array {
  const body = data.subarray(part.bodyStart, part.bodyEnd);
  const encoding = (part.fields.get('content-transfer-encoding') ?? '').trim().toLowerCase();
  if (encoding === 'base64') return base64Bytes(body);
  if (encoding === 'quoted-printable') return qBytes(body);
  return body.slice();
}

/** The part's file name: Content-Disposition's `filename`, else Content-Type's `name`. */
export function fileNameOf(part: MimePart): string | undefined {
  const name = part.disposition.params.get('filename') ?? part.contentType.params.get('name');
  return name?.trim() || undefined;
}

function typeOf(fields: HeaderFields, fallback: string): ParsedField {
  const parsed = parseStructuredField(fields.get('content-type'));
  // A type without a subtype is damage: mail readers take the default.
  if (!/^[^/\s]+\/[^/\s]+$/.test(parsed.value)) return { value: fallback, params: parsed.params };
  return parsed;
}

function isEncoded(fields: HeaderFields): boolean {
  const encoding = (fields.get('content-transfer-encoding') ?? '').trim().toLowerCase();
  return encoding === 'base64' || encoding === 'quoted-printable';
}

/** An mbox export's first line (`From sender date`) is not a header. */
function skipMboxLine(data: Uint8Array): number {
  if (!(data[0] === 0x46 && data[1] === 0x72 && data[2] === 0x6f && data[3] === 0x6d && data[4] === 0x20)) return 0;
  const newline = data.indexOf(0x0a);
  return newline < 0 ? data.length : newline + 1;
}

/**
 * The [start, end) of each body part between the boundary's delimiter lines (RFC 2046 5.1.1): a
 * delimiter is `--boundary` at a line's start; the line break before it belongs to it; the
 * close delimiter `--boundary--` ends the parts. With no close delimiter the last part runs to the end.
 */
function splitMultipart(data: Uint8Array, start: number, end: number, boundary: string): [number, number][] {
  if (boundary.length === 0 || boundary.length > MAX_BOUNDARY_LENGTH) return [];
  const needle = new TextEncoder().encode(`--${boundary}`);
  const ranges: [number, number][] = [];
  let partStart = -1;
  // Only line starts are looked at (a delimiter is at one), so each byte is compared at most once
  // per level, whatever the boundary and the body hold.
  for (let line = start; line < end; line = nextLine(data, line, end)) {
    if (!startsWith(data, line, end, needle)) continue;
    let after = line + needle.length;
    const closing = data[after] === 0x2d && data[after + 1] === 0x2d;
    if (closing) after += 2;
    // transport padding, then the line's end
    let lineEnd = after;
    while (lineEnd < end && (data[lineEnd] === 0x20 || data[lineEnd] === 0x09)) lineEnd++;
    // `--boundaryX`: another boundary that starts with this one
    if (lineEnd < end && data[lineEnd] !== 0x0d && data[lineEnd] !== 0x0a) continue;
    if (partStart >= 0) {
      let partEnd = line;
      if (partEnd > partStart && data[partEnd - 1] === 0x0a) partEnd--;
      if (partEnd > partStart && data[partEnd - 1] === 0x0d) partEnd--;
      ranges.push([partStart, Math.max(partStart, partEnd)]);
      if (ranges.length > MAX_MIME_PARTS) break;
    }
    if (closing) return ranges;
    if (data[lineEnd] === 0x0d) lineEnd++;
    partStart = Math.min(lineEnd < end && data[lineEnd] === 0x0a ? lineEnd + 1 : lineEnd, end);
  }
  if (partStart >= 0) ranges.push([partStart, end]);
  return ranges;
}

function nextLine(data: Uint8Array, at: number, end: number): number {
  const newline = data.indexOf(0x0a, at);
  return newline < 0 || newline >= end ? end : newline + 1;
}

function startsWith(data: Uint8Array, at: number, end: number, prefix: Uint8Array): boolean {
  if (at + prefix.length > end) return false;
  for (let i = 0; i < prefix.length; i++) if (data[at + i] !== prefix[i]) return false;
  return true;
}
