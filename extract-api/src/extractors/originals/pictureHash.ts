import { differenceHash, greyOf, HASH_HEIGHT, HASH_WIDTH } from 'media-files';
import { sniffImageFormat } from '../probe/index.ts';

/** The formats sharp's prebuilt libvips decodes; the check leaves others (SVG, BMP, HEIC, JPEG XL) alone. */
export const HASHABLE_FORMATS: ReadonlySet<string> = new Set(['JPEG', 'PNG', 'GIF', 'WEBP', 'AVIF', 'TIFF']);

// libvips is loaded on the first check, not when the server starts: a service that never checks
// an original never maps it.
let loading: Promise<typeof import('sharp')> | undefined;
const loadSharp = () => {
  loading ??= import('sharp');
  return loading;
};

/**
 * The dHash of an image file's picture, the same 64 bits the browser's duplicate finder makes
 * (media-files/perceptualHash), decoded and scaled by sharp: HASHABLE_FORMATS only, so an SVG
 * is never rasterised here (a vector has no larger original, and its renderer is not worth
 * exposing). EXIF rotation is applied as a browser shows it. Undefined when the bytes do not
 * decode, or when the picture has more than `maxPixels` pixels (sharp refuses it from its header,
 * before decoding: a small file can declare a huge canvas).
 *
 * With `seenAt`, the picture is first scaled to that size (the copy the page showed), then hashed:
 * an original and its copy are then two downscales to one size, which differ by the copy's own
 * encoding only. Hashed straight from 3000 px, a very wide or tall picture loses rows the copy
 * keeps and lands several bits further from it (a 1807x113 banner: 12 bits straight, under 8 so).
 */
export async function pictureHash(
  bytes: Uint8Array,
  maxPixels: number,
  seenAt?: { width: number; height: number },
): Promise<string | undefined> {
  return (await pictureSignature(bytes, maxPixels, seenAt))?.hash;
}

/** Sides of the grey thumbnail a signature keeps beside its dHash. */
export const SIGNATURE_SIDE = 16;

/**
 * A picture's dHash (pictureHash) and its 16x16 grey thumbnail: where a picture is mostly flat,
 * neighbouring pixels are near equal and a copy's encoding noise flips dHash bits (a pale 479x674
 * JPEG and its copy: 12 bits apart), while the grey levels still say they are one picture.
 */
export async function pictureSignature(
  bytes: Uint8Array,
  maxPixels: number,
  seenAt?: { width: number; height: number },
): Promise<{ hash: string; grey: Uint8Array } | undefined> {
  const format = sniffImageFormat(bytes)?.format;
  if (format === undefined || !HASHABLE_FORMATS.has(format)) return undefined;
  try {
    const { default: sharp } = await loadSharp();
    const decoded = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'none', animated: false }).rotate();
    const source = seenAt
      ? sharp(await decoded.resize(seenAt.width, seenAt.height, { fit: 'fill' }).ensureAlpha().raw().toBuffer(), {
          raw: { width: seenAt.width, height: seenAt.height, channels: 4 },
        })
      : decoded;
    const pixels = await source.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: 4 as const } };
    const [small, thumb] = await Promise.all([
      sharp(pixels.data, raw).resize(HASH_WIDTH, HASH_HEIGHT, { fit: 'fill' }).raw().toBuffer(),
      sharp(pixels.data, raw).resize(SIGNATURE_SIDE, SIGNATURE_SIDE, { fit: 'fill' }).raw().toBuffer(),
    ]);
    return { hash: differenceHash(greyOf(small)), grey: greyOf(thumb) };
  } catch {
    return undefined;
  }
}
