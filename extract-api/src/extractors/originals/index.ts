/**
 * Full-size originals: the addresses an image CDN's or CMS's resized copy was made from, guessed
 * by one rule per CDN or CMS, then checked (a range request for the size, a perceptual hash for
 * the picture) before one is offered instead of the copy the page showed.
 *
 *   const candidates = originalCandidates(image.url);              // [{ url, rule }], most likely first
 *   const original = await verifyOriginal(thumbnail, candidates, { fetch, cache, limits });
 */
export { type OriginalCandidate, originalCandidates } from './candidates.ts';
export { type FullSizeChecks, type FullSizeOptions, findFullSize, fullSizeChecks, warmFullSize } from './fullSize.ts';
export { pictureHash, pictureSignature } from './pictureHash.ts';
export { ORIGINAL_RULES, type OriginalRule } from './rules/index.ts';
export {
  createOriginalsCache,
  type OriginalLimits,
  type OriginalsCache,
  SAME_PICTURE_BITS,
  SAME_PICTURE_GREY,
  type Thumbnail,
  type VerifiedOriginal,
  type VerifyOriginalOptions,
  verifyOriginal,
} from './verifyOriginal.ts';
