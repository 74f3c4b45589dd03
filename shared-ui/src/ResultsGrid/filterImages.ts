import type { ExtractedImage } from 'shared-contracts';

/** What the results toolbar can ask for; all optional, so the default shows everything as found. */
export type ImageFilter = {
  /** Hide images whose width or height is known and smaller than this many pixels. */
  minSidePx?: number;
  /** Show only these formats (upper-case, e.g. PNG); empty or missing means all. */
  formats?: readonly string[];
  sort?: 'found' | 'largest' | 'smallest' | 'name';
  /** A set of figures and images: only the figures (and tables), only the images, or both (missing). */
  show?: 'all' | 'figures' | 'images';
};

const area = (image: ExtractedImage) => (image.width ?? 0) * (image.height ?? 0);

/** The images the grid shows for a filter. Unknown dimensions pass a size filter: we can't say they're small. */
export function filterImages(images: readonly ExtractedImage[], filter: ImageFilter = {}): ExtractedImage[] {
  const { minSidePx = 0, formats = [], sort = 'found', show = 'all' } = filter;
  const wanted = new Set(formats.map((f) => f.toUpperCase()));
  const kept = images.filter((image) => {
    if (show !== 'all' && (image.figure !== undefined) !== (show === 'figures')) return false;
    if (wanted.size > 0 && !wanted.has((image.format ?? 'UNKNOWN').toUpperCase())) return false;
    if (minSidePx > 0 && image.width !== undefined && image.height !== undefined) {
      return Math.min(image.width, image.height) >= minSidePx;
    }
    return true;
  });
  switch (sort) {
    case 'largest':
      return kept.sort((a, b) => area(b) - area(a));
    case 'smallest':
      return kept.sort((a, b) => area(a) - area(b));
    case 'name':
      return kept.sort((a, b) => a.name.localeCompare(b.name));
    default:
      return kept;
  }
}

/** Whether a set holds figures and images both: only then is there a choice of which to show. */
export function mixesFigures(images: readonly ExtractedImage[]): boolean {
  return images.some((image) => image.figure) && images.some((image) => !image.figure);
}

/** The formats present in a result set, for the format filter's choices. */
export function formatsOf(images: readonly ExtractedImage[]): string[] {
  return [...new Set(images.map((image) => (image.format ?? 'UNKNOWN').toUpperCase()))].sort();
}
