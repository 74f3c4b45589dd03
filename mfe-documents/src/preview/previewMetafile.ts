import type { EmbeddedBitmap, MetafileContent } from 'document-engine/metafile';
import { API_PATHS } from 'shared-contracts';
import { type MetafileFormat, metafileToPng } from './metafilePreview.ts';

/**
 * Where an EMF/WMF preview came from: rtf.js's drawing of the records (`drawing`; without the
 * EMF's text when nothing better was had: `drawing-without-text`), the bitmap they carry, or the
 * server's drawing (Inkscape).
 */
export type MetafilePreviewSource = 'drawing' | 'drawing-without-text' | 'embedded-bitmap' | 'server';

export type MetafilePreview = { blob: Blob; from: MetafilePreviewSource };

/** A metafile with no record that draws: a picture of nothing, which its card says, rather than a failure. */
export class EmptyMetafileError extends Error {
  override readonly name = 'EmptyMetafileError';
}

export function isEmptyMetafile(error: unknown): boolean {
  return error instanceof Error && error.name === 'EmptyMetafileError';
}

/** The steps of a metafile preview, apart so that a test can stand in for the browser's. */
export type MetafilePreviewSteps = {
  /** rtf.js's drawing as a PNG; rejects when it fails or draws nothing visible. */
  draw: typeof metafileToPng;
  /** The engine's `embeddedBitmapOf`: the largest raster the metafile carries, as a file a browser shows. */
  embeddedBitmap: (bytes: Uint8Array, format: MetafileFormat) => Promise<EmbeddedBitmap | undefined>;
  /** Whether the browser decodes this picture (a JPEG or PNG stored in the metafile may be damaged). */
  decodes: (picture: Blob) => Promise<boolean>;
  /** The engine's `metafileContent`: what the records draw (shapes, text, bitmaps), or none at all. */
  content?: (bytes: Uint8Array, format: MetafileFormat) => Promise<MetafileContent>;
  /** The server's drawing (POST /api/metafile-preview, Inkscape) as a PNG; rejects when it has none. */
  server?: (bytes: Uint8Array, format: MetafileFormat) => Promise<Blob>;
};

const BROWSER_STEPS: MetafilePreviewSteps = { draw: metafileToPng, embeddedBitmap, decodes, content, server };

/**
 * The preview of an EMF or WMF picture, the best there is, in this order:
 * 1. nothing, when no record draws: EmptyMetafileError (the card says the picture is empty);
 * 2. rtf.js's drawing, when it can draw all of it: a WMF, or an EMF without text or bitmaps
 *    (rtf.js draws neither in an EMF: Word's and Excel's OLE previews are mostly text);
 * 3. the bitmap the metafile carries, when it holds no text (a scan or photo in a wrapper);
 * 4. the server's drawing (Inkscape), which draws text and bitmaps;
 * 5. the bitmap, even where text is missing from it; then rtf.js's drawing without the text.
 * Rejects, with the first failure, when none gives a picture; the card then says so.
 */
export async function previewMetafile(
  bytes: Uint8Array,
  format: MetafileFormat,
  declared?: { width?: number | undefined; height?: number | undefined },
  steps: MetafilePreviewSteps = BROWSER_STEPS,
): Promise<MetafilePreview> {
  const drawn = await steps.content?.(bytes, format).catch((error: unknown) => {
    // A damaged metafile: what it draws is unknown, so every way is tried.
    console.warn(`The ${format} picture's records could not be read:`, error);
    return undefined;
  });
  if (drawn && drawn.drawing === 0) throw new EmptyMetafileError(`The ${format} picture draws nothing.`);
  const rtfDrawsAll = format === 'WMF' || !drawn || (drawn.text === 0 && drawn.blits === 0);
  const failures: unknown[] = [];
  const tryDrawing = async (from: MetafilePreviewSource): Promise<MetafilePreview | undefined> => {
    try {
      return { blob: await steps.draw(bytes, format, declared), from };
    } catch (error) {
      failures.push(error);
      return undefined;
    }
  };
  let bitmapTried = false;
  const tryBitmap = async (): Promise<MetafilePreview | undefined> => {
    if (bitmapTried) return undefined;
    bitmapTried = true;
    let bitmap: EmbeddedBitmap | undefined;
    try {
      bitmap = await steps.embeddedBitmap(bytes, format);
    } catch (error) {
      // A damaged metafile: the engine refuses it (DocumentError), and the card has no preview.
      console.warn(`The ${format} picture's embedded bitmap could not be read:`, error);
    }
    if (!bitmap) return undefined;
    const picture = new Blob([bitmap.bytes as Uint8Array<ArrayBuffer>], { type: bitmap.mimeType });
    return (await steps.decodes(picture).catch(() => false)) ? { blob: picture, from: 'embedded-bitmap' } : undefined;
  };
  const tryServer = async (): Promise<MetafilePreview | undefined> => {
    if (!steps.server) return undefined;
    try {
      return { blob: await steps.server(bytes, format), from: 'server' };
    } catch (error) {
      failures.push(error);
      return undefined;
    }
  };

  const preview =
    (rtfDrawsAll ? await tryDrawing('drawing') : undefined) ??
    (!drawn || drawn.text === 0 ? await tryBitmap() : undefined) ??
    (await tryServer()) ??
    (await tryBitmap()) ??
    (rtfDrawsAll ? undefined : await tryDrawing('drawing-without-text'));
  if (preview) return preview;
  throw new Error(`The ${format} picture could not be drawn and carries no bitmap to show instead.`, {
    cause: failures[0],
  });
}

/** The engine's metafile reader, loaded only when a metafile is previewed (it is no part of the page's first load). */
async function embeddedBitmap(bytes: Uint8Array, format: MetafileFormat): Promise<EmbeddedBitmap | undefined> {
  const { embeddedBitmapOf } = await import('document-engine/metafile');
  return embeddedBitmapOf(bytes, format);
}

async function content(bytes: Uint8Array, format: MetafileFormat): Promise<MetafileContent> {
  const { metafileContent } = await import('document-engine/metafile');
  return metafileContent(bytes, format);
}

/** The server's drawing; rejects with its answer when it has none (no Inkscape, busy, damaged). */
async function server(bytes: Uint8Array, format: MetafileFormat): Promise<Blob> {
  const response = await fetch(API_PATHS.metafilePreview, {
    method: 'POST',
    headers: { 'content-type': format === 'EMF' ? 'image/emf' : 'image/wmf' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => undefined)) as { error?: string } | undefined;
    throw new Error(answer?.error ?? `The server answered ${response.status}.`);
  }
  const picture = await response.blob();
  if (picture.type !== 'image/png') throw new Error(`The server answered ${picture.type}, not a PNG.`);
  return picture;
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
