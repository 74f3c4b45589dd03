import type { ImageVariant } from 'shared-contracts';

/**
 * Where on a page an image was found. Attributes on the lazy-load list are named `lazy:<attribute>`
 * (`lazy:data-src`), other attributes that hold an image `attr:<attribute>` (`attr:data-item-thumb`,
 * `attr:longdesc`, `attr:href` for a link around an image); `noscript` is added to whatever was found
 * inside a `<noscript>`.
 */
export type FoundIn =
  | 'img'
  | 'srcset'
  | 'picture'
  | 'noscript'
  | 'css'
  | 'background-attr'
  | 'input-image'
  | 'og:image'
  | 'twitter:image'
  | 'itemprop'
  | 'icon'
  | 'image_src'
  | 'preload'
  | 'poster'
  | 'object'
  | 'svg-image'
  | 'inline-svg'
  | 'json-ld'
  | `lazy:${string}`
  | `attr:${string}`;

/** One image a page yields, before it is probed (size, format) and becomes an `ExtractedImage`. */
export interface ImageCandidate {
  /** Absolute http(s) URL without fragment, or a `data:image/…` URL (an inline SVG's is made from its markup). */
  url: string;
  /** The first non-empty alt text (or accessible name) among the places it was found. */
  alt?: string;
  /** Every place it was found ({@link FoundIn} values), in first-seen order. */
  foundIn: string[];
  /** The same picture at other sizes (other srcset candidates, other `<picture>` sources), largest first. */
  variants: ImageVariant[];
  /** Size the markup declares (width/height attributes, og:image:width, icon sizes): not the file's own size. */
  declaredWidth?: number;
  declaredHeight?: number;
  /** An inline `<svg>`'s markup as a standalone SVG file (the `url` is its data: URL). */
  inlineSvg?: string;
}

/** What one HTML page yields: its images, and the stylesheets and links a caller may fetch next. */
export interface PageScan {
  images: ImageCandidate[];
  /** Absolute URLs of `<link rel=stylesheet>` (and `@import` in `<style>`), in order, unique. */
  stylesheets: string[];
  /** Absolute http(s) URLs of `a[href]` and `area[href]`, fragment stripped, unique, in order. */
  links: string[];
  /** Absolute http(s) URLs of `frame[src]` and `iframe[src]`, fragment stripped, unique, in order. */
  frames: string[];
}
