import type { DocumentImage, ViewChange as EngineViewChange } from 'document-engine';
import { safeFileName, withFormatExtension } from 'media-files';
import {
  CONTAINER_CELL_MAX,
  CONTAINER_TEXT_MAX,
  CONTAINER_URL_MAX,
  type ExtractedImage,
  type ImageSourceKind,
  MESSAGES,
  type OriginalFile,
  type ViewChange,
} from 'shared-contracts';
import {
  browserCanShow,
  isEmptyMetafile,
  isMetafile,
  type MetafilePreviewSource,
  type MetafilePreviewSteps,
  previewMetafile,
} from '../preview/index.ts';

/** How a card's frame shows the image. */
export type PreviewState =
  | { kind: 'image' }
  | { kind: 'converting' }
  /** An EMF/WMF preview: rtf.js's drawing, the bitmap the metafile embeds, or the server's drawing. */
  | { kind: 'converted'; url: string; from: MetafilePreviewSource }
  /** No preview; `empty` when the metafile draws nothing at all (a picture of nothing, said so). */
  | { kind: 'failed'; empty?: true }
  | { kind: 'unsupported' }
  | { kind: 'linked' };

// The engine names the same view changes as the contracts (it depends on no contract): both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const VIEW_CHANGES_AGREE: Same<EngineViewChange, ViewChange> = true;
void VIEW_CHANGES_AGREE;

/** One image on screen: the grid's record, and the bytes it was made from. */
export type DocumentResult = {
  image: ExtractedImage;
  /** The view's bytes, as extracted (absent for a linked image). */
  blob?: Blob;
  preview: PreviewState;
};

/**
 * The grid's record for an image the engine found. The url is an object URL of the original
 * bytes (so Open, Download and Save give the real file); `allocate` makes names unique.
 */
export function toDocumentResult(
  found: DocumentImage,
  index: number,
  source: ImageSourceKind,
  allocate: (name: string) => string,
): DocumentResult {
  const common = {
    id: String(index + 1),
    name: allocate(safeFileName(found.name, `image-${index + 1}`)),
    source,
    format: found.format,
    mimeType: found.mimeType,
    width: found.width,
    height: found.height,
    pageNumbers: found.pageNumbers,
    slideNumbers: found.slideNumbers,
    role: found.role,
    ...containerPlace(found),
  };
  if (found.linkedUrl) {
    return {
      image: { ...common, url: found.linkedUrl, note: MESSAGES.documents.linked(found.linkedUrl) },
      preview: { kind: 'linked' },
    };
  }
  const blob = new Blob([found.bytes as Uint8Array<ArrayBuffer>], { type: found.mimeType });
  const original = found.original && originalFileOf(found.original, common.name, allocate);
  // A figure's view is its PNG render and its original the vector PDF (`figure-3.pdf`): the view
  // is drawn from vectors whatever else the engine says.
  const figure = found.figure && {
    kind: found.figure.kind,
    number: found.figure.number,
    caption: found.figure.caption,
    vector: found.figure.vector,
    dpi: found.figure.dpi,
  };
  const viewChanges = figure ? (['vector'] as ViewChange[]) : (found.viewChanges ?? []);
  const preview: PreviewState = browserCanShow(found.format)
    ? { kind: 'image' }
    : isMetafile(found.format)
      ? { kind: 'converting' }
      : { kind: 'unsupported' };
  return {
    image: {
      ...common,
      url: URL.createObjectURL(blob),
      size: found.bytes.byteLength,
      note: found.note,
      ...(original ? { original, viewChanges } : {}),
      ...(figure ? { figure } : {}),
    },
    blob,
    preview,
  };
}

/** A container's own text, cut to what a card carries (the contracts bound it). */
const clip = (text: string | undefined, max: number) => (text ? text.slice(0, max) : undefined);

/**
 * Where in a container the image was (a workbook's sheet and cell, an e-book's chapter, an
 * e-mail's Content-ID and file name, a saved page's address): only the fields it has.
 */
export function containerPlace(
  found: Pick<DocumentImage, 'sheet' | 'cell' | 'chapter' | 'chapterTitle' | 'contentId' | 'fileName' | 'sourceUrl'>,
): Partial<
  Pick<ExtractedImage, 'sheet' | 'cell' | 'chapter' | 'chapterTitle' | 'contentId' | 'fileName' | 'sourceUrl'>
> {
  const place = {
    sheet: clip(found.sheet, CONTAINER_TEXT_MAX),
    cell: clip(found.cell, CONTAINER_CELL_MAX),
    chapter: found.chapter && Number.isInteger(found.chapter) && found.chapter > 0 ? found.chapter : undefined,
    chapterTitle: clip(found.chapterTitle, CONTAINER_TEXT_MAX),
    contentId: clip(found.contentId, CONTAINER_TEXT_MAX),
    fileName: clip(found.fileName, CONTAINER_TEXT_MAX),
    sourceUrl: clip(found.sourceUrl, CONTAINER_URL_MAX),
  };
  return Object.fromEntries(Object.entries(place).filter(([, value]) => value !== undefined));
}

/**
 * The images a figure draws, by the ids their cards have: a figure names them by their keys in the
 * PDF (`imageKeys`), the same strings as the `key` of each image extracted from the same file
 * (`idsByKey`, filled as images arrive: with "both" they come first). Keys of images not extracted
 * (too small, skipped) name nothing.
 */
export function figureImageIds(found: DocumentImage, idsByKey: ReadonlyMap<string, string>): string[] | undefined {
  const ids = [...new Set(found.figure?.imageKeys.flatMap((key) => idsByKey.get(key) ?? []) ?? [])];
  return ids.length > 0 ? ids : undefined;
}

/**
 * The stored file beside its view: named like the view with its own extension
 * (`page-001-image-000.png` shown, `page-001-image-000.jpg` stored), unique in the set.
 */
function originalFileOf(
  stored: NonNullable<DocumentImage['original']>,
  viewName: string,
  allocate: (name: string) => string,
): OriginalFile {
  const blob = new Blob([stored.bytes as Uint8Array<ArrayBuffer>], { type: stored.mimeType });
  return {
    url: URL.createObjectURL(blob),
    name: allocate(withFormatExtension(viewName, stored.format)),
    format: stored.format,
    mimeType: stored.mimeType,
    size: stored.bytes.byteLength,
    ...(stored.width ? { width: stored.width } : {}),
    ...(stored.height ? { height: stored.height } : {}),
  };
}

/**
 * The state a metafile's card ends in once its preview is tried: `converted` (drawn by rtf.js, the
 * bitmap the metafile embeds, or drawn by the server) or `failed` (`empty` when it draws nothing).
 * Either way the card stays in the grid, so the grid counts what the toast counts. Other results
 * keep their state.
 */
export async function metafilePreviewState(
  result: DocumentResult,
  steps?: MetafilePreviewSteps,
): Promise<PreviewState> {
  const { blob, image } = result;
  if (!blob || !isMetafile(image.format)) return result.preview;
  try {
    const preview = await previewMetafile(new Uint8Array(await blob.arrayBuffer()), image.format, image, steps);
    return { kind: 'converted', url: URL.createObjectURL(preview.blob), from: preview.from };
  } catch (error) {
    if (isEmptyMetafile(error)) return { kind: 'failed', empty: true };
    console.warn(`The ${image.format} preview of ${image.name} failed:`, error);
    return { kind: 'failed' };
  }
}

/** How a card says its metafile preview was made. */
const PREVIEW_SOURCE_NOTES: Record<MetafilePreviewSource, (format: string) => string> = {
  drawing: MESSAGES.documents.previewConverted,
  'drawing-without-text': MESSAGES.documents.previewWithoutText,
  'embedded-bitmap': MESSAGES.documents.previewFromBitmap,
  server: MESSAGES.documents.previewFromServer,
};

/** What a card says under its picture about its preview, if anything. */
export function previewNote(
  format: string,
  preview: PreviewState | undefined,
): { text: string; tone: 'secondary' | 'warning' } | undefined {
  if (preview?.kind === 'converted') return { text: PREVIEW_SOURCE_NOTES[preview.from](format), tone: 'secondary' };
  if (preview?.kind === 'failed' && preview.empty)
    return { text: MESSAGES.documents.previewEmpty(format), tone: 'secondary' };
  if (preview?.kind === 'failed') return { text: MESSAGES.documents.previewFailed(format), tone: 'warning' };
  return undefined;
}

/** Frees the object URLs a result made (its own and its preview's). */
export function releaseResult(result: DocumentResult): void {
  if (result.blob) URL.revokeObjectURL(result.image.url);
  if (result.image.original) URL.revokeObjectURL(result.image.original.url);
  if (result.preview.kind === 'converted') URL.revokeObjectURL(result.preview.url);
}

/** "Page 3", "Pages 1, 2, 5", "Slide 4 · layout": where in the document an image is. */
export function placeText(
  image: Pick<ExtractedImage, 'pageNumbers' | 'slideNumbers' | 'role' | 'fileName'>,
): string | undefined {
  const parts: string[] = [];
  const list = (label: string, numbers: readonly number[] | undefined) => {
    if (!numbers?.length) return;
    const shown = numbers.slice(0, 12).join(', ');
    const more = numbers.length > 12 ? ` and ${numbers.length - 12} more` : '';
    parts.push(`${label}${numbers.length === 1 ? '' : 's'} ${shown}${more}`);
  };
  list('Page', image.pageNumbers);
  list('Slide', image.slideNumbers);
  // An e-mail's attachment with a name: the card says "Attachment photo.jpg" (its container lines).
  const namedAttachment = image.role === 'attachment' && image.fileName;
  if (image.role && image.role !== 'body' && image.role !== 'slide' && !namedAttachment) {
    parts.push(image.role.charAt(0).toUpperCase() + image.role.slice(1));
  }
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/**
 * Whether Download All has anything to put in a ZIP: not when every image is only linked from the
 * document (the archive would hold nothing but the note saying so; the cards show the links).
 */
export function hasBytesToZip(results: readonly (DocumentResult | undefined)[]): boolean {
  return results.some((result) => result !== undefined && result.preview.kind !== 'linked');
}
