/** Turns a decoded BLIP into the engine's DocumentImage. */
import { extensionFor } from 'media-files/extensions';
import { sniffFormat } from '../sniffFormat.ts';
import type { DocumentImage } from '../types.ts';
import type { BlipKind, DecodedBlip } from './officeArt.ts';

export const VECTOR_NOTE = 'Vector picture: shown as a preview; the download is the original file.';

const VECTOR_FORMATS = new Set(['EMF', 'WMF', 'PICT']);

/** What a BLIP record declares, for bytes whose magic numbers say nothing (a damaged picture). */
const DECLARED_MIME_TYPES: Record<BlipKind, string> = {
  PNG: 'image/png',
  JPEG: 'image/jpeg',
  BMP: 'image/bmp',
  TIFF: 'image/tiff',
  EMF: 'image/emf',
  WMF: 'image/wmf',
  PICT: 'image/x-pict',
};

/**
 * `index` is the 1-based number in the name (`image3.png`). The format comes from the bytes'
 * magic numbers and falls back to what the BLIP record declares.
 */
export function toDocumentImage(
  blip: DecodedBlip,
  index: number,
  placement: Pick<DocumentImage, 'role' | 'slideNumbers'>,
): DocumentImage {
  const sniffed = sniffFormat(blip.bytes);
  const format = sniffed?.format ?? blip.declaredKind;
  const mimeType = sniffed?.mimeType ?? DECLARED_MIME_TYPES[blip.declaredKind];
  const image: DocumentImage = {
    name: `image${index}.${extensionFor(format)}`,
    bytes: blip.bytes,
    format,
    mimeType,
  };
  const vector = VECTOR_FORMATS.has(format);
  // Metafiles: the size the document displays them at, else what their own header says.
  const size = (vector && blip.displaySize) || (sniffed?.width && sniffed.height ? sniffed : undefined);
  if (size?.width && size.height) {
    image.width = size.width;
    image.height = size.height;
  }
  if (placement.slideNumbers && placement.slideNumbers.length > 0) image.slideNumbers = placement.slideNumbers;
  if (placement.role) image.role = placement.role;
  if (vector) image.note = VECTOR_NOTE;
  return image;
}
