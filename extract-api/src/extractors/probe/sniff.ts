/**
 * The true format of an image from its first bytes: the project's one sniffer, in media-files
 * (the document engine uses it too). The web probe takes only the format and MIME type from it;
 * width and height come from readDimensions, which also reads EXIF orientation and SVG lengths.
 */
import { type SniffedFormat as SniffedWithSize, sniffImageFormat as sniffWithSize } from 'media-files';

export {
  decodeTextPrefix,
  type ImageFormat,
  mimeTypeFor,
  SNIFF_BYTES,
  SVG_SNIFF_MAX_BYTES,
  sniffNeedsMore,
} from 'media-files';

export type SniffedFormat = Pick<SniffedWithSize, 'format' | 'mimeType'>;

/** `{format, mimeType}` of an image, or undefined when the bytes are not one (HTML, JSON, PDF, video…). */
export function sniffImageFormat(bytes: Uint8Array): SniffedFormat | undefined {
  const found = sniffWithSize(bytes);
  return found && { format: found.format, mimeType: found.mimeType };
}
