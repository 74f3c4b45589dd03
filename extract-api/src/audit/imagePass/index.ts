/**
 * The audit's image pass: every image of an audited job fetched whole once, hashed (sha256, the
 * product's dHash), measured (format, size, frames) and, when asked, re-encoded for real: WebP and
 * AVIF at a matched SSIM and at the size the page shows it (times two for high-density screens),
 * MP4 and WebM for a big animated GIF. Bounded and queued on the API process; the copies are kept
 * in memory for download.
 *
 *   const pass = createImagePass({ ...imagePassLimits(config), fetch: app.safeFetch, tools });
 *   pass.request(jobId, { url, displayWidth: 640, encode: true });
 *   const { results, done, total } = pass.results(jobId);   // as the report is asked for
 *   pass.file(jobId, fileId);                                // the files route
 */
export { type AnalyseOptions, type AnalyseWant, analyseImage, copySize } from './analyseImage.ts';
export {
  AVIF_EFFORT,
  DEVICE_PIXEL_RATIO,
  IMAGE_PASS_DEFAULTS,
  QUALITY_RANGE,
  SEARCH_STEPS,
  TINY_IMAGE_BYTES,
  WEBP_EFFORT,
} from './defaults.ts';
export {
  encodeMatched,
  encodeStill,
  lumaOf,
  prepareStill,
  type StillEncode,
  type StillFormat,
  type StillSource,
  ssimOf,
} from './encodeStill.ts';
export { createFileStore, type FileStore } from './fileStore.ts';
export { evenSide, type GifVideo, gifToVideos } from './gifVideo.ts';
export {
  createImagePass,
  type ImagePass,
  type ImagePassAdmission,
  type ImagePassOptions,
  type ImagePassProgress,
} from './imagePass.ts';
export { SSIM_METRIC, ssim } from './ssim.ts';
export type { ImagePassRequest, StoredFile } from './types.ts';
