/**
 * The engine's view of the project's one image sniffer (media-files `sniffImageFormat`):
 * the true format of an image from its first bytes, with its size when the header gives it.
 * Two things are the engine's own: JPEG 2000 is named JPX, as PDF (JPXDecode) and pdfimages name
 * it; and a PDF is recognised too, because Word for Mac stores PDF pictures as images. An image's
 * file extension comes from media-files' one table (`extensionFor`), which knows both names.
 */
import { sniffImageFormat } from 'media-files/sniffImageFormat';

export type SniffedFormat = { format: string; mimeType: string; width?: number; height?: number };

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function sniffFormat(bytes: Uint8Array): SniffedFormat | undefined {
  const found = sniffImageFormat(bytes);
  if (found) return found.format === 'JP2' ? { ...found, format: 'JPX' } : found;
  if (PDF_HEADER.every((byte, i) => bytes[i] === byte)) return { format: 'PDF', mimeType: 'application/pdf' };
  return undefined;
}
