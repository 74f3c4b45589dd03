import type { ExtractedImage } from 'shared-contracts';

/** The images of one input of a batch (a file, a page address), as the grid shows them. */
export type SourceGroup = {
  /** The input as the visitor gave it; empty for images that name none. */
  origin: string;
  images: ExtractedImage[];
};

/**
 * The inputs of a set, in input order: those of `order` (the inputs as the visitor gave them) that
 * have images, in that order, then any other in the order it first appears. Without `order` the
 * order of first appearance is all there is; but inputs read at once finish in any order, so a
 * screen that knows the order it was given passes it.
 */
export function originsOf(images: readonly ExtractedImage[], order: readonly string[] = []): string[] {
  const found = new Set<string>();
  for (const image of images) if (image.origin) found.add(image.origin);
  const given = order.filter((origin) => found.has(origin));
  return [...new Set([...given, ...found])];
}

/**
 * The shown images split by the input they came from (`origin`): the groups in input order
 * (`order`, then as the origins first appear in `all`, the whole set), the images of each in the order shown
 * (filtered, sorted), empty groups left out. Undefined when the set holds fewer than two inputs:
 * a single input's grid has no headings, as it always had. Images that name no origin in a batch
 * come last, in a group of their own.
 */
export function groupsOf(
  shown: readonly ExtractedImage[],
  all: readonly ExtractedImage[] = shown,
  order: readonly string[] = [],
): SourceGroup[] | undefined {
  const origins = originsOf(all, order);
  if (origins.length < 2) return undefined;
  const groups = new Map<string, ExtractedImage[]>([...origins, ''].map((origin) => [origin, []]));
  for (const image of shown) {
    const origin = image.origin && groups.has(image.origin) ? image.origin : '';
    groups.get(origin)?.push(image);
  }
  return [...groups].filter(([, images]) => images.length > 0).map(([origin, images]) => ({ origin, images }));
}
