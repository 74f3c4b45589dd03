import { createHash } from 'node:crypto';
import { fileNameFromUrl, withFormatExtension } from 'media-files';
import { AUDIT_DEFAULTS, type EncodedCopy, MESSAGES } from 'shared-contracts';
import { pictureHash } from '../../extractors/originals/index.ts';
// The formats sharp's prebuilt libvips decodes: the one list, the full-size check's.
import { HASHABLE_FORMATS } from '../../extractors/originals/pictureHash.ts';
import { sniffImageFormat } from '../../extractors/probe/index.ts';
import { isVideoJobError, type VideoTools } from '../../extractors/video/index.ts';
import { DEVICE_PIXEL_RATIO, TINY_IMAGE_BYTES } from './defaults.ts';
import { encodeMatched, prepareStill, type StillFormat } from './encodeStill.ts';
import { gifToVideos } from './gifVideo.ts';
import { loadSharp } from './sharp.ts';
import type { ImagePassResult, StoredFile } from './types.ts';

export type AnalyseWant = { displayWidth?: number | undefined; displayHeight?: number | undefined; encode: boolean };

export type AnalyseOptions = {
  /** The image's address: the result's `url`, and the copies' file names. */
  url: string;
  /** Pictures of more pixels (a frame's) are hashed and measured from their header only. */
  maxPixels: number;
  /** SSIM a WebP/AVIF copy must reach (ssim.ts). */
  ssimTarget: number;
  /** An animated GIF heavier than this gets its MP4 and WebM (AUDIT_DEFAULTS.gifVideoBytes by default). */
  gifVideoBytes?: number;
  tools: VideoTools;
  /** Where a GIF waits on disk while ffmpeg reads it; the OS's temporary folder when unset. */
  tmpDir?: string | undefined;
  /** Stops the work between steps, and ffmpeg at once. */
  signal?: AbortSignal | undefined;
  /** When the work must be over (Date.now() time): each sharp pipeline is given the time left. */
  deadline?: number | undefined;
  /** Keeps a copy made and answers the address it is downloaded from (the audit's files route). */
  keep: (file: StoredFile) => string;
};

const MIME: Record<EncodedCopy['format'], string> = {
  WEBP: 'image/webp',
  AVIF: 'image/avif',
  MP4: 'video/mp4',
  WEBM: 'video/webm',
};

/**
 * The size a copy is made at: the largest displayed size times DEVICE_PIXEL_RATIO, aspect kept,
 * never larger than the image. With both sides displayed (object-fit: cover may crop), the copy
 * covers both. Without a displayed size, the image's own.
 */
export function copySize(
  intrinsic: { width: number; height: number },
  want: Pick<AnalyseWant, 'displayWidth' | 'displayHeight'>,
): { width: number; height: number } {
  const needed: number[] = [];
  if (want.displayWidth) needed.push((DEVICE_PIXEL_RATIO * want.displayWidth) / intrinsic.width);
  if (want.displayHeight) needed.push((DEVICE_PIXEL_RATIO * want.displayHeight) / intrinsic.height);
  const scale = Math.min(1, needed.length > 0 ? Math.max(...needed) : 1);
  return {
    width: Math.max(1, Math.round(intrinsic.width * scale)),
    height: Math.max(1, Math.round(intrinsic.height * scale)),
  };
}

/**
 * Everything the audit learns from one image file: its sha256, its dHash (the product's duplicate
 * hash), whether it is animated and in how many frames, and, when `want.encode`, the smaller
 * copies really made and measured: WebP and AVIF at the lowest quality that reaches
 * `options.ssimTarget` (a still raster of at least 4 KB), or MP4 and WebM (an animated GIF over
 * `gifVideoBytes`). SVG and formats libvips does not read get the facts only. Never throws for
 * the file's sake: what went wrong is the result's `error`; an abort (`signal`) is rethrown.
 */
export async function analyseImage(
  bytes: Uint8Array,
  want: AnalyseWant,
  options: AnalyseOptions,
): Promise<ImagePassResult> {
  const result: ImagePassResult = {
    url: options.url,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) return { ...result, error: MESSAGES.audit.image.notAnImage };
  result.format = sniffed.format;
  if (!HASHABLE_FORMATS.has(sniffed.format)) return result;

  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { failOn: 'none' }).metadata();
  } catch {
    return { ...result, error: MESSAGES.audit.image.encodeFailed };
  }
  if (!meta.width || !meta.height) return { ...result, error: MESSAGES.audit.image.encodeFailed };
  // Orientations 5-8 turn the picture a quarter: a browser shows it with its sides swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  const intrinsic = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  const frames = meta.pages ?? 1;
  Object.assign(result, intrinsic, { animated: frames > 1, frames });
  if (intrinsic.width * intrinsic.height > options.maxPixels) {
    return { ...result, error: MESSAGES.audit.image.tooManyPixels(Math.round(options.maxPixels / 1_000_000)) };
  }
  const dhash = await pictureHash(bytes, options.maxPixels);
  if (dhash) result.dhash = dhash;
  options.signal?.throwIfAborted();

  if (!want.encode || bytes.length < TINY_IMAGE_BYTES) return result;
  const animated = frames > 1;
  const gifVideoBytes = options.gifVideoBytes ?? AUDIT_DEFAULTS.gifVideoBytes;
  // A small animation, or an animated WebP/AVIF (already a modern format), is left as it is.
  if (animated && (sniffed.format !== 'GIF' || bytes.length <= gifVideoBytes)) return result;

  const size = copySize(intrinsic, want);
  const name = fileNameFromUrl(options.url, sniffed.format);
  const copy = (format: EncodedCopy['format'], file: Buffer, side: { width: number; height: number }) => {
    const stored = { bytes: file, mimeType: MIME[format], name: withFormatExtension(name, format) };
    const { width, height } = side;
    return {
      format,
      mimeType: stored.mimeType,
      url: options.keep(stored),
      name: stored.name,
      bytes: file.length,
      width,
      height,
    };
  };
  try {
    if (animated) {
      const videos = await gifToVideos(bytes, size, {
        tools: options.tools,
        tmpDir: options.tmpDir,
        signal: options.signal,
        maxOutputBytes: bytes.length,
      });
      result.encoded = videos.map((video) => copy(video.format, video.bytes, video));
      return result;
    }
    const secondsLeft = () =>
      options.deadline === undefined ? 600 : Math.max(1, (options.deadline - Date.now()) / 1000);
    const source = await prepareStill(bytes, size, {
      maxPixels: options.maxPixels,
      timeoutSeconds: secondsLeft(),
      hasAlpha: meta.hasAlpha === true,
    });
    const encoded: EncodedCopy[] = [];
    for (const format of ['WEBP', 'AVIF'] as StillFormat[]) {
      const best = await encodeMatched(source, format, options.ssimTarget, {
        timeoutSeconds: secondsLeft,
        signal: options.signal,
      });
      encoded.push({
        ...copy(format, best.bytes, source),
        quality: best.quality,
        ssim: Math.round(best.ssim * 10_000) / 10_000,
      });
    }
    result.encoded = encoded;
    return result;
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (isVideoJobError(error) && error.code === 'ffmpeg-missing') {
      return { ...result, error: MESSAGES.audit.image.videoUnavailable };
    }
    return { ...result, error: MESSAGES.audit.image.encodeFailed };
  }
}
