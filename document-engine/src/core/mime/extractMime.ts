/**
 * E-mail (EML) and saved web pages (MHTML): the pictures among a message's parts.
 *
 * EML: every image part, in part order: a part typed image/*, or any other part but text whose
 * bytes are an image (application/octet-stream, application/x-unknown, binary/octet-stream…:
 * mailers send photos under whatever type the sender's system gave them). `role` is 'attachment'
 * for a part sent as an attachment (Content-Disposition), 'inline' for one shown in the body
 * (disposition inline, or none with a Content-ID or inside multipart/related, where only the HTML
 * shows it); a part with neither is an attachment, as mail readers list it. Pictures an HTML body carries in `data:`
 * URLs (`<img src="data:image/png;base64,...">`) are inline pictures too, at their body's place.
 *
 * MHTML: the page's images, each once (by Content-Location, which is `sourceUrl`), in part order.
 */
import { extensionFor } from 'media-files/extensions';
import { throwIfAborted } from '../../errors.ts';
import { withDocumentErrors } from '../legacy/guard.ts';
import { VECTOR_NOTE } from '../legacy/legacyImage.ts';
import { sniffFormat } from '../sniffFormat.ts';
import type { DocumentExtractor, DocumentImage } from '../types.ts';
import { base64Bytes, decodeCharset } from './headers.ts';
import { decodeBody, fileNameOf, type MimePart, readMimeMessage } from './message.ts';

/** Pictures given from one message at most; past it, one skipped notice says the rest were not read. */
export const MAX_MIME_PICTURES = 10_000;

const TOO_MANY = {
  reason: `This message has more than ${MAX_MIME_PICTURES.toLocaleString('en')} pictures; the rest were not read.`,
};

const VECTOR_FORMATS = new Set(['EMF', 'WMF', 'PICT']);

export const extractEml: DocumentExtractor = withDocumentErrors(async function* extractEml(data, options) {
  const { signal, onProgress } = options;
  const { parts } = readMimeMessage(data);
  let count = 0;
  for (const [index, part] of parts.entries()) {
    throwIfAborted(signal);
    const disposition = part.disposition.value;
    if (part.contentType.value === 'text/html' && disposition !== 'attachment') {
      for (const image of dataUrlImages(decodeBody(part))) {
        if (count >= MAX_MIME_PICTURES) {
          options.onSkipped?.(TOO_MANY);
          return;
        }
        count++;
        yield { ...image, name: numberedName(image, count), role: 'inline' };
      }
    } else {
      const image = imageOfPart(part);
      if (image) {
        if (count >= MAX_MIME_PICTURES) {
          options.onSkipped?.(TOO_MANY);
          return;
        }
        count++;
        const contentId = stripAngles(part.fields.get('content-id'));
        const fileName = fileNameOf(part);
        const inline =
          disposition === 'inline' ||
          (disposition !== 'attachment' && (contentId !== undefined || part.parentType === 'multipart/related'));
        yield {
          ...image,
          name: fileName ? nameFrom(fileName, image.format) : numberedName(image, count),
          role: inline ? 'inline' : 'attachment',
          ...(contentId !== undefined ? { contentId } : {}),
          ...(fileName !== undefined ? { fileName } : {}),
        };
      }
    }
    onProgress?.({ done: index + 1, total: parts.length, unit: 'parts' });
  }
});

export const extractMhtml: DocumentExtractor = withDocumentErrors(async function* extractMhtml(data, options) {
  const { signal, onProgress } = options;
  const { parts } = readMimeMessage(data);
  const seen = new Set<string>();
  let count = 0;
  for (const [index, part] of parts.entries()) {
    throwIfAborted(signal);
    const location = part.fields.get('content-location')?.trim() || undefined;
    const key = location ?? `part:${index}`;
    if (!seen.has(key)) {
      const image = imageOfPart(part);
      if (image) {
        if (count >= MAX_MIME_PICTURES) {
          options.onSkipped?.(TOO_MANY);
          return;
        }
        seen.add(key);
        count++;
        yield {
          ...image,
          name: location ? nameFrom(lastSegment(location), image.format) : numberedName(image, count),
          ...(location !== undefined ? { sourceUrl: location } : {}),
        };
      }
    }
    onProgress?.({ done: index + 1, total: parts.length, unit: 'parts' });
  }
});

/**
 * The part as a picture, or undefined when it is none (text, a style sheet, a PDF or a document
 * sent as octet-stream…). Text is asked its bytes only when it was sent as a file (attached, or
 * named): a body or a style sheet is no picture, but a photo a mailer labelled text/plain (or
 * left untyped, which reads as text/plain) is one.
 */
function imageOfPart(part: MimePart): DocumentImage | undefined {
  const type = part.contentType.value;
  const declaredImage = type.startsWith('image/');
  const sentAsFile = part.disposition.value === 'attachment' || fileNameOf(part) !== undefined;
  if (!declaredImage && type.startsWith('text/') && !sentAsFile) return undefined;
  const bytes = decodeBody(part);
  const sniffed = sniffFormat(bytes);
  if (!declaredImage && (!sniffed || sniffed.format === 'PDF')) return undefined;
  if (bytes.length === 0) return undefined;
  return toImage(bytes, sniffed, type);
}

function toImage(bytes: Uint8Array, sniffed: ReturnType<typeof sniffFormat>, declaredType: string): DocumentImage {
  const format = sniffed?.format ?? declaredFormat(declaredType);
  const image: DocumentImage = {
    name: `image.${extensionFor(format)}`,
    bytes,
    format,
    mimeType: sniffed?.mimeType ?? declaredType,
  };
  if (sniffed?.width && sniffed.height) {
    image.width = sniffed.width;
    image.height = sniffed.height;
  }
  if (VECTOR_FORMATS.has(format)) image.note = VECTOR_NOTE;
  return image;
}

/** `image/x-emf` → EMF, `image/svg+xml` → SVG: what the type says, for bytes no signature matches. */
function declaredFormat(type: string): string {
  const subtype = type
    .slice(type.indexOf('/') + 1)
    .replace(/^x-/, '')
    .replace(/\+.*$/, '');
  return subtype.toUpperCase() === 'JPG' ? 'JPEG' : subtype.toUpperCase() || 'UNKNOWN';
}

const IMG_OPEN = /<img\b/gi;
const DATA_SRC = /\bsrc\s*=\s*["']?data:(image\/[a-z0-9.+-]+)(?:;[a-z0-9-]+=[^;,"'>\s]*)*;base64,([a-z0-9+/=_\s-]*)/i;

/**
 * The pictures an HTML body carries in `data:` URLs of `<img src>`, in the order the HTML has them.
 * Each tag is cut out at its `>` before its attributes are looked at, so no byte is scanned twice
 * (an `<img` never closed ends the search: a pattern over the whole text would rescan the rest of
 * the body from every `<img`).
 */
function* dataUrlImages(html: Uint8Array): Generator<DocumentImage> {
  // data: URLs are ASCII, so the HTML's charset does not matter to them.
  const text = decodeCharset(html, 'latin1');
  const open = new RegExp(IMG_OPEN);
  for (let at = 0; ; ) {
    open.lastIndex = at;
    const tag = open.exec(text);
    if (!tag) return;
    const end = text.indexOf('>', tag.index);
    if (end < 0) return;
    const src = DATA_SRC.exec(text.slice(tag.index, end));
    at = end + 1;
    if (!src) continue;
    const bytes = base64Bytes(src[2] ?? '');
    if (bytes.length > 0) yield toImage(bytes, sniffFormat(bytes), (src[1] ?? '').toLowerCase());
  }
}

function stripAngles(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  return trimmed.replace(/^<(.*)>$/, '$1');
}

function numberedName(image: DocumentImage, index: number): string {
  return `image${index}.${extensionFor(image.format)}`;
}

/** A file name's stem (no folders) with the extension of the picture's true format. */
function nameFrom(fileName: string, format: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base) || 'image';
  return `${stem}.${extensionFor(format)}`;
}

function lastSegment(url: string): string {
  const path = url.replace(/[#?].*$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
