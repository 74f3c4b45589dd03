/**
 * The bitmap a vector picture (EMF, WMF) carries, for a preview where the metafile itself cannot
 * be drawn: browsers cannot show metafiles, and the page's renderer (rtf.js) draws no bitmap
 * record of an EMF and no text of one. Many Office metafiles are a scan or a photo in a metafile
 * wrapper, so their one bitmap is the picture.
 *
 * Bounded for hostile input: one pass over the records, every offset and size checked against the
 * record it is in, nothing allocated before the bytes it describes are known to be there, and only
 * the chosen raster is converted (raster.ts says to what, and why). Damage gives undefined; any
 * other failure is the engine's DocumentError.
 */
import { DocumentError } from '../../errors.ts';
import { emfRasters } from './emf.ts';
import { byPreference, type EmbeddedBitmap, toFile } from './raster.ts';
import { wmfRasters } from './wmf.ts';

export { type MetafileContent, metafileContent } from './content.ts';
export type { EmbeddedBitmap } from './raster.ts';
export { MAX_PNG_SAMPLES } from './raster.ts';

/**
 * The largest raster the metafile carries (colour before a 1-bit mask), as a PNG, BMP, JPEG or
 * GIF file a browser shows, or undefined when it carries none this reader can show.
 */
export async function embeddedBitmapOf(bytes: Uint8Array, format: 'EMF' | 'WMF'): Promise<EmbeddedBitmap | undefined> {
  try {
    const candidates = format === 'EMF' ? emfRasters(bytes) : wmfRasters(bytes);
    for (const candidate of byPreference(candidates)) {
      const file = await toFile(candidate);
      if (file) return file;
    }
    return undefined;
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('invalid', `The ${format} picture's embedded bitmap could not be read.`, { cause: error });
  }
}
