import type { EmbeddedBitmap } from 'document-engine/metafile';
import { type MetafileFormat, metafileToPng } from './metafilePreview.ts';

/** Where an EMF/WMF preview came from: rtf.js's drawing of the records, or the bitmap they carry. */
export type MetafilePreviewSource = 'drawing' | 'embedded-bitmap';

export type MetafilePreview = { blob: Blob; from: MetafilePreviewSource };

/** The steps of a metafile preview, apart so that a test can stand in for the browser's. */
export type MetafilePreviewSteps = {
  /** rtf.js's drawing as a PNG; rejects when it fails or draws nothing visible. */
  draw: typeof metafileToPng;
  /** The engine's `embeddedBitmapOf`: the largest raster the metafile carries, as a file a browser shows. */
  embeddedBitmap: (bytes: Uint8Array, format: MetafileFormat) => Promise<EmbeddedBitmap | undefined>;
  /** Whether the browser decodes this picture (a JPEG or PNG stored in the metafile may be damaged). */
  decodes: (picture: Blob) => Promise<boolean>;
};

const BROWSER_STEPS: MetafilePreviewSteps = { draw: metafileToPng, embeddedBitmap, decodes };

/**
 * The preview of an EMF or WMF picture: rtf.js's drawing; where that fails or shows nothing (rtf.js
 * draws no bitmap record of an EMF, and no text of one), the bitmap the metafile embeds. Rejects,
 * with the drawing's failure, when neither gives a picture; the card then says so.
 */
export async function previewMetafile(
  bytes: Uint8Array,
  format: MetafileFormat,
  declared?: { width?: number | undefined; height?: number | undefined },
  steps: MetafilePreviewSteps = BROWSER_STEPS,
): Promise<MetafilePreview> {
  let drawing: unknown;
  try {
    return { blob: await steps.draw(bytes, format, declared), from: 'drawing' };
  } catch (error) {
    drawing = error;
  }
  let bitmap: EmbeddedBitmap | undefined;
  try {
    bitmap = await steps.embeddedBitmap(bytes, format);
  } catch (error) {
    // A damaged metafile: the engine refuses it (DocumentError), and the card has no preview.
    console.warn(`The ${format} picture's embedded bitmap could not be read:`, error);
  }
  if (bitmap) {
    const picture = new Blob([bitmap.bytes as Uint8Array<ArrayBuffer>], { type: bitmap.mimeType });
    if (await steps.decodes(picture).catch(() => false)) return { blob: picture, from: 'embedded-bitmap' };
  }
  throw new Error(`The ${format} picture could not be drawn and carries no bitmap to show instead.`, {
    cause: drawing,
  });
}

/** The engine's metafile reader, loaded only when a drawing has failed (it is no part of the page's first load). */
async function embeddedBitmap(bytes: Uint8Array, format: MetafileFormat): Promise<EmbeddedBitmap | undefined> {
  const { embeddedBitmapOf } = await import('document-engine/metafile');
  return embeddedBitmapOf(bytes, format);
}

async function decodes(picture: Blob): Promise<boolean> {
  const url = URL.createObjectURL(picture);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0 && image.naturalHeight > 0;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}
