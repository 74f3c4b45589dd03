import { AVIF_EFFORT, QUALITY_RANGE, SEARCH_STEPS, WEBP_EFFORT } from './defaults.ts';
import { loadSharp } from './sharp.ts';
import { ssim } from './ssim.ts';

export type StillFormat = 'WEBP' | 'AVIF';

/** The picture to re-encode, decoded once: its pixels at the copy's size and their luma. */
export type StillSource = {
  raw: Buffer;
  width: number;
  height: number;
  /** 4 with alpha (kept in the copies), 3 without. */
  channels: 3 | 4;
  grey: Uint8Array;
};

/** What a copy at one quality measured. */
export type StillEncode = { format: StillFormat; bytes: Buffer; quality: number; ssim: number };

/** sharp's own limit on one pipeline, in whole seconds (0 would mean none). */
const timeoutOf = (seconds: number) => ({ seconds: Math.max(1, Math.ceil(seconds)) });

/**
 * Decodes `bytes` (its first frame, EXIF orientation applied as a browser shows it) at `size`,
 * with its alpha channel when it has one.
 */
export async function prepareStill(
  bytes: Uint8Array,
  size: { width: number; height: number },
  limits: { maxPixels: number; timeoutSeconds: number; hasAlpha: boolean },
): Promise<StillSource> {
  const sharp = await loadSharp();
  const input = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'none', animated: false })
    .timeout(timeoutOf(limits.timeoutSeconds))
    .rotate();
  // sRGB whatever the source (a grey JPEG has one channel, CMYK four): the copies are for browsers.
  const resized = input.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' }).toColourspace('srgb');
  const { data, info } = await (limits.hasAlpha ? resized.ensureAlpha() : resized.removeAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels === 4 ? 4 : 3;
  return { raw: data, width: info.width, height: info.height, channels, grey: lumaOf(data, channels) };
}

/**
 * Luma as media-files' greyOf computes it (BT.601 on the stored values, alpha over white), for 3 or
 * 4 channels, in one loop: greyOf's per-pixel closures take 1.5 s on a 1600x1200 picture, this
 * 15 ms, and the search measures ten copies.
 */
export function lumaOf(raw: Uint8Array, channels: number): Uint8Array {
  const pixels = Math.floor(raw.length / channels);
  const grey = new Uint8Array(pixels);
  for (let i = 0, at = 0; i < pixels; i += 1, at += channels) {
    const luma = 0.299 * (raw[at] as number) + 0.587 * (raw[at + 1] as number) + 0.114 * (raw[at + 2] as number);
    const alpha = channels === 4 ? (raw[at + 3] as number) / 255 : 1;
    grey[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return grey;
}

/** One encode of the source at one quality (the bench times these alone). */
export async function encodeStill(
  source: StillSource,
  format: StillFormat,
  quality: number,
  timeoutSeconds = 60,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(source.raw, {
    raw: { width: source.width, height: source.height, channels: source.channels },
  }).timeout(timeoutOf(timeoutSeconds));
  // AVIF 4:2:0 like WebP (which has no other): the metric is on luma, and 4:4:4 would spend bytes
  // on colour detail no photo on the web is served with.
  return format === 'WEBP'
    ? image.webp({ quality, effort: WEBP_EFFORT }).toBuffer()
    : image.avif({ quality, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' }).toBuffer();
}

/** SSIM of an encoded copy against the source it was made from, decoded as a browser would. */
export async function ssimOf(source: StillSource, encoded: Buffer, timeoutSeconds = 60): Promise<number> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(encoded, { failOn: 'none' })
    .timeout(timeoutOf(timeoutSeconds))
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== source.width || info.height !== source.height) {
    throw new Error(`[encodeStill] the copy is ${info.width}x${info.height}, not ${source.width}x${source.height}`);
  }
  return ssim(source.grey, lumaOf(data, 4), source.width, source.height);
}

/**
 * The lowest quality whose copy reaches `target` SSIM, by binary search over QUALITY_RANGE in
 * SEARCH_STEPS encodes (each measured). When even the range's top does not reach it, the copy at
 * the top is answered with the SSIM it has: the report states it, the reader judges.
 */
export async function encodeMatched(
  source: StillSource,
  format: StillFormat,
  target: number,
  options: { timeoutSeconds: () => number; signal?: AbortSignal | undefined },
): Promise<StillEncode & { tries: number }> {
  const tried = new Map<number, StillEncode>();
  const attempt = async (quality: number) => {
    const known = tried.get(quality);
    if (known) return known;
    options.signal?.throwIfAborted();
    const bytes = await encodeStill(source, format, quality, options.timeoutSeconds());
    options.signal?.throwIfAborted();
    const result = { format, bytes, quality, ssim: await ssimOf(source, bytes, options.timeoutSeconds()) };
    tried.set(quality, result);
    return result;
  };
  let low: number = QUALITY_RANGE.min;
  let high: number = QUALITY_RANGE.max;
  let best: StillEncode | undefined;
  for (let step = 0; step < SEARCH_STEPS && low <= high; step += 1) {
    const middle = Math.round((low + high) / 2);
    const result = await attempt(middle);
    if (result.ssim >= target) {
      best = result;
      high = middle - 1;
    } else low = middle + 1;
  }
  best ??= await attempt(QUALITY_RANGE.max);
  return { ...best, tries: tried.size };
}
