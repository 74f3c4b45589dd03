/**
 * findPageImages on the real saved pages of the shared corpus (`web/*.html`, found by tooling/corpus.mjs),
 * checked against the raw markup counts of `manifest.json`. Those counts come from Python's
 * html.parser and are NOT the images a browser would load (manifest "conventions.html"), so each page is
 * also read here by a small independent oracle (htmlparser2's streaming callbacks, not the extractor's
 * tree walk) that reproduces the counts exactly, then names the URLs behind them.
 */
import { readFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusManifest, corpusPath } from '../../../../tooling/corpus.mjs';
import { findPageImages, type PageScan, parseSrcset } from '../../../src/extractors/page/index.ts';

/** The lazy attributes the manifest counts (corpus_manifest.py LAZY_ATTRS). */
const MANIFEST_LAZY_ATTRS = [
  'data-src',
  'data-srcset',
  'data-lazy-src',
  'data-original',
  'data-lazy',
  'data-lazy-srcset',
  'data-hi-res-src',
  'data-large-src',
] as const;
const SRCSET_LAZY_ATTRS = new Set(['data-srcset', 'data-lazy-srcset']);
/** Elements whose lazy data-src is a document or media, never an image (an iframe's comments widget…). */
const NON_IMAGE_ELEMENTS = new Set(['iframe', 'frame', 'script', 'video', 'audio', 'embed', 'object']);
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg)$/i;
const FONT_FILE = /\.(woff2?|ttf|otf|eot)([?#]|$)/i;
/** The manifest's own url() pattern (corpus_manifest.py CSS_URL), to rebuild its style counts. */
const MANIFEST_CSS_URL = /url\(\s*(['"]?)(.*?)\1\s*\)/gis;

interface RawCounts {
  img: number;
  img_with_src: number;
  img_data_uri: number;
  srcset_attrs: number;
  picture: number;
  video_poster: number;
  og_image_meta: number;
  twitter_image_meta: number;
  icon_links: number;
  svg: number;
  inline_style_css_url: number;
  style_block_css_url: number;
  a_href: number;
  stylesheet_links: number;
  [lazyAttr: string]: number;
}

interface ManifestEntry {
  kind: string;
  raw_counts: RawCounts;
  unique_img_src: number;
  bytes: number;
  note?: string;
}

/** What the oracle reads from one page. */
interface Oracle {
  img: number;
  /** `placeholder`: a data: src beside a lazy attribute or a srcset, which name the real image. */
  imgSrcs: { src: string; placeholder: boolean }[];
  lazyCounts: Record<string, number>;
  /** URLs named by the manifest's lazy attributes on elements that show images. */
  lazyUrls: string[];
  svg: number;
  styleBlockUrls: string[];
  inlineStyleUrls: string[];
  hasBase: boolean;
}

function readOracle(html: string): Oracle {
  const oracle: Oracle = {
    img: 0,
    imgSrcs: [],
    lazyCounts: {},
    lazyUrls: [],
    svg: 0,
    styleBlockUrls: [],
    inlineStyleUrls: [],
    hasBase: false,
  };
  let inStyle = false;
  const cssUrls = (css: string) => [...css.matchAll(MANIFEST_CSS_URL)].map((m) => m[2] ?? '');
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const lazyAttrs = MANIFEST_LAZY_ATTRS.filter((attr) => attr in attribs);
        for (const attr of lazyAttrs) {
          oracle.lazyCounts[attr] = (oracle.lazyCounts[attr] ?? 0) + 1;
          if (NON_IMAGE_ELEMENTS.has(name)) continue;
          const value = attribs[attr] ?? '';
          const urls = SRCSET_LAZY_ATTRS.has(attr) ? parseSrcset(value).map((c) => c.url) : [value.trim()];
          // On an <img> any address counts; on a <div> only an image file's: its data-src may be a script's
          // token (`DROP_PERMALINK_HERE`) or a comments iframe's address.
          const isImageFile = (url: string) => IMAGE_FILE.test(new URL(url, 'https://x.invalid/').pathname);
          oracle.lazyUrls.push(...urls.filter((url) => url.includes('/') && (name === 'img' || isImageFile(url))));
        }
        if (name === 'img') {
          oracle.img += 1;
          const src = attribs.src;
          if (src) {
            const hasRealUrl =
              lazyAttrs.length > 0 || parseSrcset(attribs.srcset ?? '').some((c) => !c.url.startsWith('data:'));
            oracle.imgSrcs.push({ src, placeholder: hasRealUrl && src.trim().startsWith('data:') });
          }
        }
        if (name === 'svg') oracle.svg += 1;
        if (name === 'base' && attribs.href !== undefined) oracle.hasBase = true;
        if (name === 'style') inStyle = true;
        if (attribs.style !== undefined) oracle.inlineStyleUrls.push(...cssUrls(attribs.style));
      },
      onclosetag(name) {
        if (name === 'style') inStyle = false;
      },
      ontext(text) {
        if (inStyle) oracle.styleBlockUrls.push(...cssUrls(text));
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return oracle;
}

function resolve(raw: string, pageUrl: string): string {
  const value = raw.trim();
  if (value.toLowerCase().startsWith('data:')) return value;
  const url = new URL(value, pageUrl);
  url.hash = '';
  return url.href;
}

function countBy(scan: PageScan, foundIn: string): number {
  return scan.images.filter((image) => image.foundIn.includes(foundIn)).length;
}

function summarize(scan: PageScan): Record<string, number> {
  const by: Record<string, number> = {};
  for (const image of scan.images) for (const tag of image.foundIn) by[tag] = (by[tag] ?? 0) + 1;
  return by;
}

// Without the corpus this throws, saying where it looked: the file fails, it is never skipped.
const manifest = corpusManifest<{ files: Record<string, ManifestEntry> }>();
const pages = Object.entries(manifest.files).filter(([rel, entry]) => rel.startsWith('web/') && entry.kind === 'html');

describe(`findPageImages on the saved pages (${CORPUS_DIR})`, () => {
  it('should have saved HTML pages to read', () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  describe.each(pages)('%s', (rel, entry) => {
    const raw = entry.raw_counts;
    const pageUrl = `https://corpus.test/${rel}`;
    let html = '';
    let oracle: Oracle;
    let scan: PageScan;
    let reported: Set<string>;

    beforeAll(() => {
      html = readFileSync(corpusPath(rel), 'utf8');
      oracle = readOracle(html);
      scan = findPageImages(html, pageUrl);
      reported = new Set(scan.images.flatMap((image) => [image.url, ...image.variants.map((v) => v.url)]));
      const variants = reported.size - scan.images.length;
      console.log(
        `[corpus] ${rel}: found ${scan.images.length} images (+${variants} variants), ${scan.stylesheets.length} stylesheets, ` +
          `${scan.links.length} links; by foundIn ${JSON.stringify(summarize(scan))}`,
      );
    });

    it('should read the markup the manifest counted (oracle check)', () => {
      expect(oracle.img).toBe(raw.img);
      expect(oracle.imgSrcs).toHaveLength(raw.img_with_src);
      expect(new Set(oracle.imgSrcs.map((i) => i.src)).size).toBe(entry.unique_img_src);
      expect(oracle.svg).toBe(raw.svg);
      expect(oracle.styleBlockUrls).toHaveLength(raw.style_block_css_url);
      expect(oracle.inlineStyleUrls).toHaveLength(raw.inline_style_css_url);
      for (const attr of MANIFEST_LAZY_ATTRS) expect(oracle.lazyCounts[attr] ?? 0, attr).toBe(raw[attr]);
      // no saved page has a <base href>, so the oracle resolves against the page URL
      expect(oracle.hasBase).toBe(false);
    });

    it('should report every img src, except data: placeholders of lazy or srcset images', () => {
      const placeholders = new Set(oracle.imgSrcs.filter((i) => i.placeholder).map((i) => i.src));
      const realSrcs = new Set(oracle.imgSrcs.filter((i) => !i.placeholder).map((i) => i.src));
      for (const src of realSrcs) expect(reported, src.slice(0, 120)).toContain(resolve(src, pageUrl));
      for (const src of placeholders) {
        if (!realSrcs.has(src)) expect(reported, `placeholder ${src.slice(0, 60)}`).not.toContain(src);
      }
      // as many images as the unique img srcs the raw counts imply, less the placeholders
      const implied = entry.unique_img_src - [...placeholders].filter((src) => !realSrcs.has(src)).length;
      expect(scan.images.length).toBeGreaterThanOrEqual(implied);
    });

    it('should report the real URL of every lazy image', () => {
      for (const url of oracle.lazyUrls) expect(reported, url).toContain(resolve(url, pageUrl));
      const lazyFound = scan.images.filter((image) => image.foundIn.some((tag) => tag.startsWith('lazy:'))).length;
      expect(lazyFound > 0).toBe(oracle.lazyUrls.length > 0);
    });

    it('should report og:image and twitter:image exactly when the page has them', () => {
      expect(countBy(scan, 'og:image') > 0).toBe(raw.og_image_meta > 0);
      expect(countBy(scan, 'twitter:image') > 0).toBe(raw.twitter_image_meta > 0);
    });

    it('should report inline SVGs as SVG files exactly when the page has <svg>', () => {
      const svgs = scan.images.filter((image) => image.foundIn.includes('inline-svg'));
      expect(svgs.length > 0).toBe(raw.svg > 0);
      expect(svgs.length).toBeLessThanOrEqual(raw.svg);
      for (const svg of svgs) {
        expect(svg.inlineSvg).toMatch(/^<svg[^>]* xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(svg.url.startsWith('data:image/svg+xml')).toBe(true);
      }
    });

    it('should report the images of <style> blocks and style="" attributes, never their fonts', () => {
      const imageUrls = [...oracle.styleBlockUrls, ...oracle.inlineStyleUrls].filter(
        (url) => !FONT_FILE.test(url) && !url.startsWith('data:application/font'),
      );
      // lazy-image-2's 38 style-block url()s are all web fonts: it must yield no CSS image at all
      expect(countBy(scan, 'css') > 0).toBe(imageUrls.length > 0);
      for (const url of imageUrls) expect(reported, url.slice(0, 120)).toContain(resolve(url, pageUrl));
      for (const url of reported) expect(FONT_FILE.test(url), url).toBe(false);
    });

    it('should report icons, posters and srcset variants the raw counts show', () => {
      expect(countBy(scan, 'icon') > 0).toBe(raw.icon_links > 0);
      // lazy-image-2's one poster is a 1x1 GIF placeholder: its data-postersrc is the real one
      const posters =
        countBy(scan, 'poster') + countBy(scan, 'lazy:data-postersrc') + countBy(scan, 'lazy:data-poster');
      expect(posters > 0).toBe(raw.video_poster > 0);
      if (raw.picture > 0) expect(countBy(scan, 'picture') + countBy(scan, 'lazy:data-srcset')).toBeGreaterThan(0);
      if (raw.srcset_attrs > 0) expect(scan.images.some((image) => image.variants.length > 0)).toBe(true);
      if (raw.img_data_uri > oracle.imgSrcs.filter((i) => i.placeholder).length) {
        expect(scan.images.some((image) => image.url.startsWith('data:image/') && !image.inlineSvg)).toBe(true);
      }
    });

    it('should list stylesheets and links for the crawler', () => {
      expect(scan.stylesheets.length > 0).toBe(raw.stylesheet_links > 0);
      expect(scan.links.length > 0).toBe(raw.a_href > 0);
      expect(scan.links.length).toBeLessThanOrEqual(raw.a_href);
      for (const link of scan.links) expect(link).toMatch(/^https?:\/\/[^#]*$/);
    });
  });
});
