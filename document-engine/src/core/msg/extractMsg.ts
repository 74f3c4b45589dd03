/**
 * Outlook messages (.msg, MS-OXMSG): a compound file whose attachments are storages
 * `__attach_version1.0_#XXXXXXXX`, each holding its bytes (PidTagAttachDataBinary, stream
 * `__substg1.0_37010102`), its file name (PidTagAttachLongFilename 0x3707, else
 * PidTagAttachFilename 0x3704), MIME type (PidTagAttachMimeTag 0x370E) and Content-ID
 * (PidTagAttachContentId 0x3712), strings stored as UTF-16 (type 001F) or 8-bit (001E).
 *
 * Found: the attachments whose bytes are a picture (told from the bytes, never the name), in
 * attachment order, and those of a message attached to it (PidTagAttachDataObject, a storage
 * `__substg1.0_3701000D`), descended into after the attachment's place. `role` is 'inline' for a
 * picture the HTML body shows (it has a Content-ID, or Outlook marks it hidden:
 * PidTagAttachmentHidden), else 'attachment'. Pictures inside the body's RTF are not read.
 *
 * Bounds: attached messages nested deeper than MAX_MSG_DEPTH are not descended into; at most
 * MAX_MSG_ATTACHMENTS attachment storages are read per message. Streams are at most what the
 * compound file holds (its reader's bound).
 */
import { extensionFor } from 'media-files/extensions';
import { DocumentError, throwIfAborted } from '../../errors.ts';
import { u16, u32 } from '../bytes.ts';
import { type CompoundFile, openCompoundFile } from '../legacy/compoundFile.ts';
import { withDocumentErrors } from '../legacy/guard.ts';
import { VECTOR_NOTE } from '../legacy/legacyImage.ts';
import { sniffFormat } from '../sniffFormat.ts';
import type { DocumentExtractor, DocumentImage } from '../types.ts';

export const MAX_MSG_DEPTH = 16;
export const MAX_MSG_ATTACHMENTS = 10_000;

const ATTACHMENT_PREFIX = '__attach_version1.0_#';
const PROPERTIES = '__properties_version1.0';
const ATTACH_DATA_BINARY = '__substg1.0_37010102';
const ATTACH_DATA_OBJECT = '__substg1.0_3701000D';
const PROPERTY = { longFileName: 0x3707, fileName: 0x3704, mimeTag: 0x370e, contentId: 0x3712 } as const;
/** PidTagAttachmentHidden, a PtypBoolean (000B) in the attachment's fixed-size properties. */
const ATTACHMENT_HIDDEN_TAG = 0x7ffe000b;
/** An attachment's properties stream starts with 8 reserved bytes; then 16 bytes per property. */
const ATTACHMENT_PROPERTIES_HEADER = 8;
const PROPERTY_ENTRY_BYTES = 16;

const VECTOR_FORMATS = new Set(['EMF', 'WMF', 'PICT']);

export const extractMsg: DocumentExtractor = withDocumentErrors(async function* extractMsg(data, options) {
  const { signal, onProgress } = options;
  const attachments = attachmentsOf(openCompoundFile(data));
  let count = 0;
  function* picturesOf(attachment: CompoundFile, depth: number): Generator<DocumentImage> {
    throwIfAborted(signal);
    const image = imageOf(attachment);
    if (image) {
      count++;
      const name = image.fileName
        ? nameFrom(image.fileName, image.format)
        : `image${count}.${extensionFor(image.format)}`;
      yield { ...image, name };
    }
    const attached = attachment.storage(ATTACH_DATA_OBJECT);
    if (!attached || depth + 1 >= MAX_MSG_DEPTH) return;
    for (const inner of attachmentsOf(attached)) yield* picturesOf(inner, depth + 1);
  }
  // progress over the message's own attachments (an attached message's pictures count with it)
  for (const [index, attachment] of attachments.entries()) {
    yield* picturesOf(attachment, 0);
    onProgress?.({ done: index + 1, total: attachments.length, unit: 'parts' });
  }
});

/** The attachment storages of a message, in their numbers' order. */
function attachmentsOf(message: CompoundFile): CompoundFile[] {
  const names = message
    .names()
    .filter((name) => name.startsWith(ATTACHMENT_PREFIX))
    .sort();
  if (names.length > MAX_MSG_ATTACHMENTS) {
    throw new DocumentError(
      'too-large',
      `This message has more than ${MAX_MSG_ATTACHMENTS.toLocaleString('en')} attachments, more than the extractor reads.`,
    );
  }
  return names.map((name) => message.storage(name)).filter((storage): storage is CompoundFile => !!storage);
}

function imageOf(storage: CompoundFile): DocumentImage | undefined {
  const bytes = storage.stream(ATTACH_DATA_BINARY);
  if (!bytes || bytes.length === 0) return undefined;
  const sniffed = sniffFormat(bytes);
  if (!sniffed || sniffed.format === 'PDF') return undefined;
  const fileName = stringProperty(storage, PROPERTY.longFileName) ?? stringProperty(storage, PROPERTY.fileName);
  const contentId = stringProperty(storage, PROPERTY.contentId)?.replace(/^<(.*)>$/, '$1');
  const image: DocumentImage = {
    name: '',
    bytes,
    format: sniffed.format,
    mimeType: sniffed.mimeType,
    role: contentId || isHidden(storage) ? 'inline' : 'attachment',
    ...(contentId ? { contentId } : {}),
    ...(fileName ? { fileName } : {}),
  };
  if (sniffed.width && sniffed.height) {
    image.width = sniffed.width;
    image.height = sniffed.height;
  }
  if (VECTOR_FORMATS.has(sniffed.format)) image.note = VECTOR_NOTE;
  return image;
}

/** A string property's value: its UTF-16 (001F) stream, else its 8-bit (001E) one; undefined when empty. */
function stringProperty(storage: CompoundFile, id: number): string | undefined {
  const hex = id.toString(16).toUpperCase().padStart(4, '0');
  const wide = storage.stream(`__substg1.0_${hex}001F`);
  const text = wide ? new TextDecoder('utf-16le').decode(wide) : decode8bit(storage.stream(`__substg1.0_${hex}001E`));
  const trimmed = text?.replace(/\0+$/, '').trim();
  return trimmed || undefined;
}

function decode8bit(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function isHidden(storage: CompoundFile): boolean {
  const properties = storage.stream(PROPERTIES);
  if (!properties) return false;
  for (
    let at = ATTACHMENT_PROPERTIES_HEADER;
    at + PROPERTY_ENTRY_BYTES <= properties.length;
    at += PROPERTY_ENTRY_BYTES
  ) {
    if (u32(properties, at) === ATTACHMENT_HIDDEN_TAG) return u16(properties, at + 8) !== 0;
  }
  return false;
}

function nameFrom(fileName: string, format: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base) || 'image';
  return `${stem}.${extensionFor(format)}`;
}
