/**
 * A picture's crop as Word and PowerPoint display it, on decoded samples.
 *
 * DrawingML gives two rectangles, both as insets of the edges: `a:srcRect` cuts the picture (a
 * negative inset pads it with nothing), and `a:fillRect` places what is left inside the shape's
 * box (a positive inset leaves empty space, a negative one lets the shape's box cut it). The view
 * is the shape's box at the picture's own resolution: the picture's pixels where they show,
 * transparent where the box shows nothing.
 */
import type { Raster } from './decode.ts';

/** Insets of the four edges as fractions of the size (0.1 cuts 10 % off; negative adds room). */
export type Insets = { left: number; top: number; right: number; bottom: number };

/** How a document shows part of a stored picture. */
export type PictureCrop = { source: Insets; fill?: Insets };

/** A span of source pixels: the box [from, to) and, inside it, the pixels that show [shownFrom, shownTo). */
type Span = { from: number; to: number; shownFrom: number; shownTo: number };

const NONE: Insets = { left: 0, top: 0, right: 0, bottom: 0 };

/** True when the crop changes nothing (all insets 0, or within half a thousandth of a percent). */
export function isIdentityCrop(crop: PictureCrop): boolean {
  const zero = (insets: Insets) =>
    [insets.left, insets.top, insets.right, insets.bottom].every((value) => Math.abs(value) < 5e-6);
  return zero(crop.source) && zero(crop.fill ?? NONE);
}

/**
 * The box along one axis, in source pixels, or undefined when the insets leave nothing (a
 * source or fill rectangle of zero or negative size, or no pixel of the picture in the box).
 */
function spanOf(
  size: number,
  sourceStart: number,
  sourceEnd: number,
  fillStart: number,
  fillEnd: number,
): Span | undefined {
  const sourceSize = 1 - sourceStart - sourceEnd;
  const fillSize = 1 - fillStart - fillEnd;
  if (!(sourceSize > 0) || !(fillSize > 0)) return undefined;
  const scale = sourceSize / fillSize;
  const boxStart = sourceStart - fillStart * scale;
  const boxEnd = sourceStart + (1 - fillStart) * scale;
  const from = Math.round(boxStart * size);
  const to = Math.round(boxEnd * size);
  const shownFrom = Math.max(0, Math.round(sourceStart * size), from);
  const shownTo = Math.min(size, Math.round((1 - sourceEnd) * size), to);
  if (to - from < 1 || shownTo <= shownFrom) return undefined;
  return { from, to, shownFrom, shownTo };
}

export type CropGeometry = { x: Span; y: Span; width: number; height: number; padded: boolean };

/** Where the crop falls on a picture of `width` x `height` (as displayed), or undefined when it shows nothing. */
export function cropGeometry(crop: PictureCrop, width: number, height: number): CropGeometry | undefined {
  const { source } = crop;
  const fill = crop.fill ?? NONE;
  const x = spanOf(width, source.left, source.right, fill.left, fill.right);
  const y = spanOf(height, source.top, source.bottom, fill.top, fill.bottom);
  if (!x || !y) return undefined;
  const padded = x.shownFrom > x.from || x.shownTo < x.to || y.shownFrom > y.from || y.shownTo < y.to;
  return { x, y, width: x.to - x.from, height: y.to - y.from, padded };
}

/**
 * Maps a displayed pixel to the stored one for a JPEG's EXIF orientation (1 to 8): browsers show
 * JPEGs turned by it, and so does Office, so the crop's insets are of the turned picture.
 */
function storedPixel(orientation: number, width: number, height: number): (x: number, y: number) => number {
  switch (orientation) {
    case 2:
      return (x, y) => y * width + (width - 1 - x);
    case 3:
      return (x, y) => (height - 1 - y) * width + (width - 1 - x);
    case 4:
      return (x, y) => (height - 1 - y) * width + x;
    case 5:
      return (x, y) => x * width + y;
    case 6:
      return (x, y) => (height - 1 - x) * width + y;
    case 7:
      return (x, y) => (height - 1 - x) * width + (width - 1 - y);
    case 8:
      return (x, y) => x * width + (width - 1 - y);
    default:
      return (x, y) => y * width + x;
  }
}

/** The displayed size of a raster under an EXIF orientation. */
export function displayedSize(raster: Raster, orientation = 1): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8
    ? { width: raster.height, height: raster.width }
    : { width: raster.width, height: raster.height };
}

/**
 * The cropped samples: the box of `geometry`, with an alpha channel added when it pads (the padding
 * transparent). The caller has checked the box's size.
 */
export function cropRaster(raster: Raster, geometry: CropGeometry, orientation = 1): Raster {
  const { x, y, width, height, padded } = geometry;
  const inChannels = raster.channels;
  const hasAlpha = inChannels === 2 || inChannels === 4;
  const channels = (padded && !hasAlpha ? inChannels + 1 : inChannels) as Raster['channels'];
  const data = new Uint8Array(width * height * channels);
  const stored = storedPixel(orientation, raster.width, raster.height);
  for (let sy = y.shownFrom; sy < y.shownTo; sy++) {
    const row = (sy - y.from) * width;
    for (let sx = x.shownFrom; sx < x.shownTo; sx++) {
      const from = stored(sx, sy) * inChannels;
      const to = (row + sx - x.from) * channels;
      for (let c = 0; c < inChannels; c++) data[to + c] = raster.data[from + c] ?? 0;
      if (channels > inChannels) data[to + inChannels] = 255;
    }
  }
  return { width, height, channels, data };
}
