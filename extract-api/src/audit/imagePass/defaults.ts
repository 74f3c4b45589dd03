// The image pass's defaults, in a module that imports nothing: the settings (config.ts) read them
// without loading sharp.

/** The image pass's settings' defaults (config.ts states each once, from here). */
export const IMAGE_PASS_DEFAULTS = {
  /**
   * Images fetched and re-encoded at once by the API process. One: each holds a core for seconds
   * (AVIF above all), and on two cores the scan and the API must keep the other.
   */
  concurrency: 1,
  /**
   * Images in hand at once: three fetched ahead of the one analysed, so a site's latency overlaps
   * the work (as many requests to one host as a scan's pages make).
   */
  fetches: 4,
  /**
   * Images of one job fetched whole and analysed; a 10,000-page scan's others are measured by the
   * scan only. A photo takes 1-10 s on one core (AVIF's search above all): 1,000 is an hour or two.
   */
  maxImagesPerJob: 1_000,
  /** Images waiting in the pass's shared queue; more wait in their job's own list (see imagePass.ts). */
  queue: 200,
  /** An image file larger than this is not fetched whole (a 50-megapixel camera JPEG is 20-30 MB). */
  imageMaxMb: 32,
  /** Pixels decoded at most: a small file can declare a huge canvas (40 MP: 160 MB of RGBA). */
  maxMegapixels: 40,
  /** Re-encoded files kept in memory for download, all jobs together, and how long each is kept. */
  filesMb: 256,
  filesTtlMin: 60,
  /** One image's fetch, analysis and encodes together. */
  timeoutS: 60,
  /**
   * The SSIM (on luma, see ssim.ts) an encode must reach against the source at its size: about
   * where a photo's re-encode stops being told apart from it side by side.
   */
  ssim: 0.985,
} as const;

/** Below this the file is already small; what a re-encode could save is not worth a core's seconds. */
export const TINY_IMAGE_BYTES = 4 * 1024;

/**
 * A copy is sized for screens of two device pixels a CSS pixel (most phones and laptops): the
 * largest displayed size times two, never more than the image's own. Three-times phones get a
 * copy a little soft, one-times screens one a little large: two is the usual compromise.
 */
export const DEVICE_PIXEL_RATIO = 2;

/** The quality range the search walks, and its steps: 5 halvings of 10-95 land within 3. */
export const QUALITY_RANGE = { min: 10, max: 95 } as const;
export const SEARCH_STEPS = 5;

/**
 * Encoder effort. WebP: sharp's default, method 4 (cwebp's default too). AVIF: effort 3, libaom's
 * speed 6 (libvips passes speed = 9 - effort; avifenc's default). sharp's default, effort 4, made
 * files 3-23 % smaller at the same SSIM on four corpus photos, in 2.1-4.4 times the time: on a
 * shared core the pass would re-encode fewer than half as many images (bench/RESULTS.md).
 */
export const WEBP_EFFORT = 4;
export const AVIF_EFFORT = 3;
