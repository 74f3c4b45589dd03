/**
 * Probing images: the true format from magic bytes, width × height and byte size from the first
 * bytes (one range request), without downloading whole files.
 *
 *   const facts = await probeImage(url, fetcher.fetch, signal);
 *   const outcomes = await probeAll(urls, fetcher.fetch, { concurrency: 8, signal });
 *   const sniffed = sniffImageFormat(firstBytes);          // { format: 'PNG', mimeType: 'image/png' }
 *   const budget = new ExtractionBudget(budgets);          // one per extraction: bytes and images
 *   const page = await readWebPage(url, { fetch: budget.metered(fetcher.fetch) });
 */
export { ExtractionBudget, type ExtractionBudgets } from './budget.ts';
export { type DecodedDataUrl, decodeDataUrl } from './dataUrl.ts';
export { type Dimensions, type DimensionsResult, readDimensions } from './dimensions.ts';
export { createLimiter, type Limiter } from './limit.ts';
export { PROBE_CONCURRENCY_DEFAULT, type ProbeAllOptions, type ProbeOutcome, probeAll } from './probeAll.ts';
export {
  IMAGE_ACCEPT,
  type ImageFacts,
  imageAccept,
  ORIGINAL_FORMAT_ACCEPT,
  PROBE_FIRST_RANGE_BYTES,
  PROBE_MAX_BYTES,
  type ProbeImageOptions,
  probeDataUrl,
  probeImage,
} from './probeImage.ts';
export {
  type ImageFormat,
  mimeTypeFor,
  SNIFF_BYTES,
  type SniffedFormat,
  SVG_SNIFF_MAX_BYTES,
  sniffImageFormat,
  sniffNeedsMore,
} from './sniff.ts';
export { parseSvgLength, svgDimensions } from './svgSize.ts';
