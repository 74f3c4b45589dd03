import type { ExtractedImage } from 'shared-contracts';

/** The images of one input of a batch (a file, a page address), as the grid shows them. */
export type SourceGroup = {
  /** The input as the visitor gave it; empty for images that name none. */
  origin: string;
  images: ExtractedImage[];
};

/** The inputs of a set, in input order: the order each first appears (images come as found). */
export function originsOf(images: readonly ExtractedImage[]): string[] {
  const origins = new Set<string>();
  for (const image of images) if (image.origin) origins.add(image.origin);
  return [...origins];
}

/**
 * The shown images split by the input they came from (`origin`): the groups in input order (as
 * the origins first appear in `all`, the whole set), the images of each in the order shown
 * (filtered, sorted), empty groups left out. Undefined when the set holds fewer than two inputs:
 * a single input's grid has no headings, as it always had. Images that name no origin in a batch
 * come last, in a group of their own.
 */
export function groupsOf(
  shown: readonly ExtractedImage[],
  all: readonly ExtractedImage[] = shown,
): SourceGroup[] | undefined {
  const origins = originsOf(all);
  if (origins.length < 2) return undefined;
  const groups = new Map<string, ExtractedImage[]>([...origins, ''].map((origin) => [origin, []]));
  for (const image of shown) {
    const origin = image.origin && groups.has(image.origin) ? image.origin : '';
    groups.get(origin)?.push(image);
  }
  return [...groups].filter(([, images]) => images.length > 0).map(([origin, images]) => ({ origin, images }));
}
