/**
 * Attributes of well-known lazy-loading scripts, and how their value is written: `url` is one URL (or a
 * CSS `url(…)`), `srcset` is a srcset list, `bgset` is lazysizes' list of srcsets separated by `|`, each
 * with an optional `[media]`. This list does not decide which attributes are read (any `data-*` whose
 * value is an image's URL is, see imageAttributes.ts): it says how these names are written, that an
 * `<img>` carrying one trusts it whatever its URL looks like, and that they are reported as `lazy:<name>`.
 * The attribute names are lower case, as the parser gives them.
 */
export const LAZY_IMAGE_ATTRIBUTES: Readonly<Record<string, 'url' | 'srcset' | 'bgset'>> = {
  // lazysizes, lozad, vanilla-lazyload, yall, and most themes
  'data-src': 'url',
  'data-srcset': 'srcset',
  // jQuery lazyload, Echo.js, Unveil, bLazy
  'data-original': 'url',
  'data-original-src': 'url',
  'data-original-srcset': 'srcset',
  'data-echo': 'url',
  'data-lazy': 'url',
  'data-lazy-src': 'url',
  'data-lazy-srcset': 'srcset',
  'data-lazyload': 'url',
  'data-lazy-load': 'url',
  // backgrounds (lazysizes unveilhooks and bgset, vanilla-lazyload, themes)
  'data-bg': 'url',
  'data-bg-src': 'url',
  'data-background': 'url',
  'data-background-image': 'url',
  'data-lazy-background': 'url',
  'data-bgset': 'bgset',
  // larger versions kept for zoom, retina or lightbox
  'data-hi-res-src': 'url',
  'data-hires': 'url',
  'data-retina': 'url',
  'data-src-retina': 'url',
  'data-large-src': 'url',
  'data-full-src': 'url',
  'data-full': 'url',
  'data-orig-src': 'url',
  'data-orig-file': 'url',
  'data-large-file': 'url',
  'data-zoom-image': 'url',
  'data-zoom-src': 'url',
  'data-large_image': 'url',
  // other common names
  'data-img': 'url',
  'data-img-src': 'url',
  'data-image': 'url',
  // video posters (a <video>'s other lazy attributes name the video itself)
  'data-poster': 'url',
  'data-poster-src': 'url',
  'data-postersrc': 'url',
  'data-cfsrc': 'url',
  'data-pagespeed-lazy-src': 'url',
  'data-flickity-lazyload': 'url',
  'data-splide-lazy': 'url',
};

/** The lazy attributes that name a `<video>`'s poster image. */
export const LAZY_POSTER_ATTRIBUTES: ReadonlySet<string> = new Set([
  'data-poster',
  'data-poster-src',
  'data-postersrc',
]);
