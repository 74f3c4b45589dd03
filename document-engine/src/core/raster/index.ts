/**
 * Pictures as a document shows them, from their stored bytes: decoding (JPEG, PNG) and crops.
 * DOM-free, like the rest of the engine. `applyCrop` gives the view (the crop, as a PNG) and keeps
 * the stored file as `original`; a format it does not decode keeps its stored view, with a note.
 */
import { sniffImageFormat } from 'media-files/sniffImageFormat';
import { encodePng } from '../png/pngEncoder.ts';
import type { DocumentImage } from '../types.ts';
import { cropGeometry, cropRaster, displayedSize, isIdentityCrop, type PictureCrop } from './crop.ts';
import { checkRasterSize, decodeJpeg, decodePng, type Raster, RasterTooLargeError } from './decode.ts';

export { type Insets, isIdentityCrop, type PictureCrop } from './crop.ts';
export { MAX_DECODED_BYTES, type Raster } from './decode.ts';
export { loadImageDecoders } from './imageDecoders.ts';

const DECODED: ReadonlySet<string> = new Set(['JPEG', 'PNG']);

/** The picture `image` (its stored file) as `crop` shows it. */
export async function applyCrop(image: DocumentImage, crop: PictureCrop): Promise<DocumentImage> {
  if (isIdentityCrop(crop) || image.linkedUrl !== undefined || image.bytes.length === 0) return image;
  const notApplied = (why: string) => withNote(image, `Cropped in the document; the crop is not applied: ${why}.`);
  if (!DECODED.has(image.format)) return notApplied(`this ${image.format} picture is given as stored`);
  let raster: Raster;
  let orientation = 1;
  try {
    const sniffed = sniffImageFormat(image.bytes);
    const width = sniffed?.width ?? image.width ?? 0;
    const height = sniffed?.height ?? image.height ?? 0;
    if (image.format === 'JPEG') {
      orientation = sniffed?.orientation ?? 1;
      raster = await decodeJpeg(image.bytes, width, height);
    } else {
      raster = decodePng(image.bytes, width, height);
    }
  } catch (error) {
    if (error instanceof RasterTooLargeError) return notApplied(`the picture is too large (${error.message})`);
    return notApplied('the picture could not be decoded');
  }
  const shown = displayedSize(raster, orientation);
  const geometry = cropGeometry(crop, shown.width, shown.height);
  if (!geometry) return notApplied('it leaves nothing of the picture');
  try {
    checkRasterSize(geometry.width, geometry.height, raster.channels + 1);
  } catch (error) {
    return notApplied(`the cropped picture is too large (${(error as Error).message})`);
  }
  const cropped = cropRaster(raster, geometry, orientation);
  const { bytes, format, mimeType, width, height, name } = image;
  return {
    ...image,
    name: `${stemOf(name)}-cropped.png`,
    bytes: await encodePng({ ...cropped, bitDepth: 8 }),
    format: 'PNG',
    mimeType: 'image/png',
    width: cropped.width,
    height: cropped.height,
    original: { bytes, format, mimeType, ...(width !== undefined && height !== undefined ? { width, height } : {}) },
    viewChanges: [...(image.viewChanges ?? []), 'crop'],
  };
}

function withNote(image: DocumentImage, note: string): DocumentImage {
  return { ...image, note: image.note ? `${image.note} ${note}` : note };
}

function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
