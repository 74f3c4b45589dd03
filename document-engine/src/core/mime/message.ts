/**
 * One bounded MIME reader for e-mail (EML) and saved web pages (MHTML): the tree of a message's
 * parts, walked as mail readers walk it (a multipart's children in order, an attached message's
 * own message descended into, also when a mailer sent it in base64), and each leaf's body decoded
 * from its transfer encoding.
 *
 * Bounds for hostile input: nesting (multiparts and attached messages) deeper than
 * MAX_MIME_DEPTH is not descended into (its parts are not read, as a chart chain past its bound
 * in a DOCX); more than MAX_MIME_PARTS parts is refused; each header block is at most
 * MAX_HEADER_BYTES. Decoding never makes more bytes than the part holds, so the bodies (and an
 * encoded attached message, read from its decoded bytes) need no bound of their own.
 */
import { DocumentError } from '../../errors.ts';
import {
  base64Bytes,
  type HeaderFields,
  type ParsedField,
  parseStructuredField,
  qBytes,
  readHeaderBlock,
  uuBytes,
} from './headers.ts';

export const MAX_MIME_DEPTH = 32;
export const MAX_MIME_PARTS = 10_000;
/** RFC 2046 allows 70 characters; a longer boundary is not one a mailer wrote. */
const MAX_BOUNDARY_LENGTH = 200;
/** A whole message inside a part (a forward); RFC 6532's message/global has UTF-8 headers. */
const ATTACHED_MESSAGE_TYPES: ReadonlySet<string> = new Set(['message/rfc822', 'message/global', 'message/news']);
/** The names mailers give uuencoding as a Content-Transfer-Encoding (none of them registered). */
const UUENCODE_NAMES: ReadonlySet<string> = new Set(['x-uuencode', 'uuencode', 'x-uue', 'uue']);

/** A leaf part: its headers, where its (still encoded) body is, and how it sits in the tree. */
export type MimePart = {
  /** The bytes `bodyStart` and `bodyEnd` index: the message's, or an encoded attached message's, decoded. */
  source: Uint8Array;
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
    source: Uint8Array,
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
      for (const [start, end] of splitMultipart(source, bodyStart, bodyEnd, boundary)) {
        const child = readHeaderBlock(source, start, end);
        visit(source, child.fields, typeOf(child.fields, childDefault), child.bodyStart, end, depth + 1, type.value);
      }
      return;
    }
    if (ATTACHED_MESSAGE_TYPES.has(type.value)) {
      if (depth >= MAX_MIME_DEPTH) return;
      // RFC 2046 forbids encoding a message/rfc822 part, yet mailers send it in base64, which mail
      // readers decode. Base64 only: each level decoded is then at most 3/4 of the one holding
      // it, so all of them together hold at most three times the file's bytes (quoted-printable
      // could keep the size at every level, MAX_MIME_DEPTH times over).
      const encoding = transferEncoding(fields);
      if (encoding === 'quoted-printable' || UUENCODE_NAMES.has(encoding)) {
        parts.push(leaf(source, fields, type, bodyStart, bodyEnd, parentType));
        return;
      }
      const inner = encoding === 'base64' ? base64Bytes(source.subarray(bodyStart, bodyEnd)) : source;
      const start = inner === source ? bodyStart : 0;
      const end = inner === source ? bodyEnd : inner.length;
      const head = readHeaderBlock(inner, start, end);
      visit(inner, head.fields, typeOf(head.fields, 'text/plain'), head.bodyStart, end, depth + 1, '');
      return;
    }
    parts.push(leaf(source, fields, type, bodyStart, bodyEnd, parentType));
  };
  visit(data, top.fields, contentType, top.bodyStart, data.length, 0, '');
  return { fields: top.fields, contentType, parts };
}

function leaf(
  source: Uint8Array,
  fields: HeaderFields,
  contentType: ParsedField,
  bodyStart: number,
  bodyEnd: number,
  parentType: string,
): MimePart {
  const disposition = parseStructuredField(fields.get('content-disposition'));
  return { source, fields, contentType, disposition, bodyStart, bodyEnd, parentType };
}

/** A part's body, decoded from its Content-Transfer-Encoding (7bit, 8bit and binary are as stored). */
export function decodeBody(part: MimePart): Uint8Array {
  const body = part.source.subarray(part.bodyStart, part.bodyEnd);
  const encoding = transferEncoding(part.fields);
  if (encoding === 'base64') return base64Bytes(body);
  if (encoding === 'quoted-printable') return qBytes(withoutFinalLineBreak(body));
  if (UUENCODE_NAMES.has(encoding)) return uuBytes(body) ?? body.slice();
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

/**
 * A quoted-printable body less the line break that ends it: writers end a body's last line before
 * the delimiter's own line break (Python's does), and mail readers drop it. Binary data in
 * quoted-printable has its CR and LF escaped (=0D=0A), so a raw one there is never the data's.
 */
function withoutFinalLineBreak(body: Uint8Array): Uint8Array {
  let end = body.length;
  if (body[end - 1] === 0x0a) end--;
  if (end < body.length && body[end - 1] === 0x0d) end--;
  return body.subarray(0, end);
}

function transferEncoding(fields: HeaderFields): string {
  return (fields.get('content-transfer-encoding') ?? '').trim().toLowerCase();
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
