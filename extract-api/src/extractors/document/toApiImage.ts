import type { DocumentFigure, DocumentImage } from 'document-engine';
import type { DocumentApiImage } from 'shared-contracts';
// the limits alone: the worker thread this runs in never loads zod
import { TEXT_FACT_MAX_CHARS } from 'shared-contracts/limits';

/** `data:<mime>;base64,…`: the image travels inside the answer, so the server keeps no file. */
export function dataUrlOf(image: Pick<DocumentImage, 'bytes' | 'mimeType'>): string {
  return `data:${image.mimeType};base64,${Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.length).toString('base64')}`;
}

/**
 * One engine image in the API's shape (shared-contracts `DocumentApiImageSchema`). `pageNumber` is the first page for a PDF,
 * the first slide for a presentation, and 1 where the format has neither (the API's shape
 * requires one). A container's picture carries where it was: sheet and cell, chapter, e-mail part,
 * address on the saved page. A linked image's url is its address: it is reported, never fetched. `original` names
 * the stored file when the view is not it (a figure's vector PDF). `imageNames` (find=both): the
 * names given to the images before, by key, which a figure's imageIds are.
 */
export function toApiImage(
  image: DocumentImage,
  name: string,
  url: string,
  original?: { name: string; url: string },
  imageNames?: ReadonlyMap<string, string>,
): DocumentApiImage {
  const pageNumber = image.pageNumbers?.[0] ?? image.slideNumbers?.[0] ?? 1;
  return {
    url: image.linkedUrl ?? url,
    pageNumber,
    ...(image.width ? { width: image.width } : {}),
    ...(image.height ? { height: image.height } : {}),
    format: image.format,
    size: image.bytes.length,
    name,
    mimeType: image.mimeType,
    ...(image.pageNumbers?.length ? { pageNumbers: image.pageNumbers } : {}),
    ...(image.slideNumbers?.length ? { slideNumber: image.slideNumbers[0], slideNumbers: image.slideNumbers } : {}),
    ...(image.role ? { role: image.role } : {}),
    ...(image.linkedUrl ? { linkedUrl: image.linkedUrl } : {}),
    ...(image.note ? { note: image.note } : {}),
    ...(image.original && original
      ? {
          original: {
            url: original.url,
            name: original.name,
            format: image.original.format,
            mimeType: image.original.mimeType,
            size: image.original.bytes.length,
            ...(image.original.width ? { width: image.original.width } : {}),
            ...(image.original.height ? { height: image.original.height } : {}),
          },
          viewChanges: image.viewChanges ?? [],
        }
      : {}),
    ...(image.figure ? { figure: apiFigure(image.figure, imageNames) } : {}),
    ...containerFacts(image),
  };
}

const TEXT_FACTS = ['sheet', 'cell', 'chapterTitle', 'contentId', 'fileName', 'sourceUrl'] as const;
type ContainerFacts = Pick<DocumentApiImage, (typeof TEXT_FACTS)[number] | 'chapter'>;

/** Where a container's picture was, as far as the file says: its texts cut to the answer's bound. */
function containerFacts(image: DocumentImage): ContainerFacts {
  const facts: ContainerFacts = {};
  for (const field of TEXT_FACTS) {
    const value = image[field];
    if (value) facts[field] = value.slice(0, TEXT_FACT_MAX_CHARS);
  }
  if (image.chapter && Number.isInteger(image.chapter) && image.chapter > 0) facts.chapter = image.chapter;
  return facts;
}

/** The engine's figure without what only the engine uses (its box, its images' keys). */
function apiFigure(figure: DocumentFigure, imageNames: ReadonlyMap<string, string> | undefined) {
  const imageIds = imageNames
    ? figure.imageKeys.flatMap((key) => {
        const name = imageNames.get(key);
        return name === undefined ? [] : [name];
      })
    : [];
  return {
    kind: figure.kind,
    number: figure.number,
    caption: figure.caption,
    vector: figure.vector,
    dpi: figure.dpi,
    ...(imageIds.length > 0 ? { imageIds } : {}),
  };
}
