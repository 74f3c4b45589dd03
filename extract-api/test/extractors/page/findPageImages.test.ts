import { describe, expect, it } from 'vitest';
import { findPageImages, type ImageCandidate, type PageScan } from '../../../src/extractors/page/index.ts';

const PAGE = 'https://news.example.com/world/2024/story.html';
const GIF_1X1 = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

function page(body: string, head = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

/** Every URL a scan reports, as the image or as a variant. */
function allUrls(scan: PageScan): string[] {
  return scan.images.flatMap((image) => [image.url, ...image.variants.map((v) => v.url)]);
}

function find(scan: PageScan, url: string): ImageCandidate | undefined {
  return scan.images.find((image) => image.url === url);
}

interface Case {
  name: string;
  html: string;
  pageUrl?: string;
  /** Candidates that must be reported (matched with toMatchObject). */
  expected: (Partial<ImageCandidate> & { url: string })[];
  /** URLs that must appear nowhere, neither as an image nor as a variant. */
  absent?: string[];
  /** The exact number of images, when it matters. */
  count?: number;
}

const cases: Case[] = [
  // ---------------------------------------------------------------- img, srcset, picture
  {
    name: 'a relative img src, resolved against the page URL, with its alt and declared size',
    html: page('<img src="../img/map.png" alt=" A map " width="640" height="480">'),
    expected: [
      {
        url: 'https://news.example.com/world/img/map.png',
        alt: 'A map',
        foundIn: ['img'],
        declaredWidth: 640,
        declaredHeight: 480,
        variants: [],
      },
    ],
    count: 1,
  },
  {
    name: 'the largest srcset candidate as the image, the others and the src as variants',
    html: page(
      '<img src="photo-480.jpg" srcset="photo-480.jpg 480w, photo-1600.jpg 1600w, photo-800.jpg 800w" alt="Harbour">',
    ),
    expected: [
      {
        url: 'https://news.example.com/world/2024/photo-1600.jpg',
        alt: 'Harbour',
        foundIn: ['img', 'srcset'],
        variants: [
          { url: 'https://news.example.com/world/2024/photo-800.jpg', descriptor: '800w', width: 800 },
          { url: 'https://news.example.com/world/2024/photo-480.jpg', descriptor: '480w', width: 480 },
        ],
      },
    ],
    count: 1,
  },
  {
    name: 'x descriptors ranked by density',
    html: page('<img src="logo.png" srcset="logo.png 1x, logo@3x.png 3x, logo@2x.png 2x" width="120">'),
    expected: [
      {
        url: 'https://news.example.com/world/2024/logo@3x.png',
        declaredWidth: 120,
        variants: [
          { url: 'https://news.example.com/world/2024/logo@2x.png', descriptor: '2x' },
          { url: 'https://news.example.com/world/2024/logo.png', descriptor: '1x' },
        ],
      },
    ],
    count: 1,
  },
  {
    name: 'srcset URLs with commas inside (Cloudinary)',
    html: page(
      '<img srcset="https://res.cloudinary.com/demo/image/upload/c_fill,w_400/dog.jpg 400w, https://res.cloudinary.com/demo/image/upload/c_fill,w_1200/dog.jpg 1200w">',
    ),
    expected: [
      {
        url: 'https://res.cloudinary.com/demo/image/upload/c_fill,w_1200/dog.jpg',
        foundIn: ['srcset'],
        variants: [{ url: 'https://res.cloudinary.com/demo/image/upload/c_fill,w_400/dog.jpg', width: 400 }],
      },
    ],
    count: 1,
  },
  {
    name: 'a <picture> as one image: every source and the img, the largest reported',
    html: page(`<picture>
        <source type="image/avif" srcset="/m/cat-800.avif 800w, /m/cat-1600.avif 1600w">
        <source type="image/webp" srcset="/m/cat-800.webp 800w">
        <img src="/m/cat-800.jpg" alt="A cat">
      </picture>`),
    expected: [
      {
        url: 'https://news.example.com/m/cat-1600.avif',
        alt: 'A cat',
        foundIn: ['picture', 'img'],
      },
    ],
    count: 1,
  },
  {
    name: 'two <picture>s stay two images',
    html: page('<picture><source srcset="a.webp"><img src="a.jpg"></picture><picture><img src="b.jpg"></picture>'),
    expected: [
      { url: 'https://news.example.com/world/2024/a.webp' },
      { url: 'https://news.example.com/world/2024/b.jpg' },
    ],
    count: 2,
  },
  {
    name: 'a <source> of a <video> is not an image',
    html: page('<video><source src="clip.mp4" type="video/mp4"></video>'),
    expected: [],
    count: 0,
  },

  // ---------------------------------------------------------------- lazy loading
  {
    name: 'a 1x1 GIF placeholder src replaced by data-src',
    html: page(`<img class="lazyload" src="${GIF_1X1}" data-src="/uploads/real-photo.jpg" alt="Real">`),
    expected: [
      { url: 'https://news.example.com/uploads/real-photo.jpg', alt: 'Real', foundIn: ['lazy:data-src'], variants: [] },
    ],
    absent: [GIF_1X1],
    count: 1,
  },
  {
    name: 'a placeholder replaced by the largest of data-srcset (Kinja style)',
    html: page(
      `<img src="${GIF_1X1}" alt="Story" data-srcset="https://i.kinja-img.com/c_fill,w_320/abc.jpg 320w, https://i.kinja-img.com/c_fill,w_470/abc.jpg 470w, https://i.kinja-img.com/c_fill,w_80/abc.jpg 80w">`,
    ),
    expected: [
      {
        url: 'https://i.kinja-img.com/c_fill,w_470/abc.jpg',
        alt: 'Story',
        foundIn: ['lazy:data-srcset'],
        variants: [
          { url: 'https://i.kinja-img.com/c_fill,w_320/abc.jpg', descriptor: '320w', width: 320 },
          { url: 'https://i.kinja-img.com/c_fill,w_80/abc.jpg', descriptor: '80w', width: 80 },
        ],
      },
    ],
    absent: [GIF_1X1],
    count: 1,
  },
  {
    name: 'a data: video poster replaced by data-postersrc (Kinja)',
    html: page(
      `<video poster="${GIF_1X1}" data-postersrc="https://i.kinja-img.com/c_fit,w_320/clip.jpg" data-mp4src="https://i.kinja-img.com/clip.mp4"></video>`,
    ),
    expected: [{ url: 'https://i.kinja-img.com/c_fit,w_320/clip.jpg', foundIn: ['lazy:data-postersrc'] }],
    absent: [GIF_1X1, 'https://i.kinja-img.com/clip.mp4'],
    count: 1,
  },
  {
    name: 'a data: src beside a real srcset is a placeholder too',
    html: page(`<img src="${GIF_1X1}" srcset="/k/a-320.jpg 320w, /k/a-1600.jpg 1600w" sizes="40px">`),
    expected: [{ url: 'https://news.example.com/k/a-1600.jpg', foundIn: ['srcset'] }],
    absent: [GIF_1X1],
    count: 1,
  },
  {
    name: 'data-src and data-srcset on a div, merged as one picture',
    html: page(
      '<div class="lazy-image" data-src="/dam/p.jpeg?imwidth=480" data-srcset="/dam/p.jpeg?imwidth=480 480w,/dam/p.jpeg?imwidth=1280 1280w"></div>',
    ),
    expected: [
      {
        url: 'https://news.example.com/dam/p.jpeg?imwidth=1280',
        foundIn: ['lazy:data-src', 'lazy:data-srcset'],
        variants: [{ url: 'https://news.example.com/dam/p.jpeg?imwidth=480', descriptor: '480w', width: 480 }],
      },
    ],
    count: 1,
  },
  {
    name: 'other lazy attributes: data-original, data-lazy-src, data-hi-res-src, data-echo',
    html: page(`<img data-original="/a.jpg"><img data-lazy-src="/b.jpg"><span data-hi-res-src="/c.png"></span>
      <img src="/blank.gif" data-echo="/d.jpg">`),
    expected: [
      { url: 'https://news.example.com/a.jpg', foundIn: ['lazy:data-original'] },
      { url: 'https://news.example.com/b.jpg', foundIn: ['lazy:data-lazy-src'] },
      { url: 'https://news.example.com/c.png', foundIn: ['lazy:data-hi-res-src'] },
      { url: 'https://news.example.com/d.jpg', foundIn: ['lazy:data-echo'] },
      // a placeholder that is a real file stays, as a picture of its own
      { url: 'https://news.example.com/blank.gif', foundIn: ['img'] },
    ],
    count: 5,
  },
  {
    name: 'lazy backgrounds: data-bg with url(), data-background-image, data-bgset',
    html: page(`<section data-bg="url('/bg/hero.jpg')"></section>
      <div data-background-image="/bg/band.webp"></div>
      <div data-bgset="/bg/s-400.jpg 400w, /bg/s-800.jpg 800w [(min-width: 600px)] | /bg/m.jpg"></div>`),
    expected: [
      { url: 'https://news.example.com/bg/hero.jpg', foundIn: ['lazy:data-bg'] },
      { url: 'https://news.example.com/bg/band.webp', foundIn: ['lazy:data-background-image'] },
      { url: 'https://news.example.com/bg/s-800.jpg', foundIn: ['lazy:data-bgset'] },
    ],
    absent: ['https://news.example.com/world/2024/%7C', 'https://news.example.com/world/2024/[(min-width:'],
  },
  {
    name: 'a data: background placeholder dropped when a lazy attribute gives the image',
    html: page(`<div style="background-image:url(${GIF_1X1})" data-bg="/bg/real.jpg"></div>`),
    expected: [{ url: 'https://news.example.com/bg/real.jpg' }],
    absent: [GIF_1X1],
    count: 1,
  },
  {
    name: 'lazy values that are not URLs, lazy iframes, scripts and widget addresses on a div are ignored',
    html: page(`<img data-lazy="true" src="/ok.jpg"><div class="OUTBRAIN" data-src="DROP_PERMALINK_HERE"></div>
      <iframe data-src="https://kotaku.com/embed/comments/1"></iframe><script data-src="/app.js"></script>
      <video data-src="/movie.mp4" data-poster="/movie-poster.jpg"></video>
      <div class="js_comments-iframe" data-src="//kotaku.com/embed/comments/magma/1284029577?"></div>
      <div class="hero" data-src="/hero/cover.webp?w=1600"></div>`),
    expected: [
      { url: 'https://news.example.com/ok.jpg', foundIn: ['img'] },
      { url: 'https://news.example.com/movie-poster.jpg', foundIn: ['lazy:data-poster'] },
      { url: 'https://news.example.com/hero/cover.webp?w=1600', foundIn: ['lazy:data-src'] },
    ],
    count: 3,
  },
  {
    name: 'a lazy <picture>: placeholders dropped, sources merged',
    html: page(`<picture>
        <source data-srcset="/p/x-1200.webp 1200w" srcset="${GIF_1X1}">
        <img src="${GIF_1X1}" data-src="/p/x-600.jpg" alt="X">
      </picture>`),
    expected: [
      {
        url: 'https://news.example.com/p/x-1200.webp',
        alt: 'X',
        variants: [{ url: 'https://news.example.com/p/x-600.jpg' }],
      },
    ],
    absent: [GIF_1X1],
    count: 1,
  },

  // ---------------------------------------------------------------- noscript
  {
    name: 'a <noscript> fallback merged with its lazy image',
    html: page(`<img src="${GIF_1X1}" data-src="/i/full.jpg" alt="">
      <noscript><img src="/i/full.jpg" alt="Full size"></noscript>`),
    expected: [
      { url: 'https://news.example.com/i/full.jpg', alt: 'Full size', foundIn: ['lazy:data-src', 'img', 'noscript'] },
    ],
    count: 1,
  },
  {
    name: 'a <noscript> holding escaped markup, read as HTML',
    html: page('<noscript>&lt;img src="/i/escaped.jpg" alt="Escaped"&gt;</noscript>'),
    expected: [{ url: 'https://news.example.com/i/escaped.jpg', alt: 'Escaped', foundIn: ['img', 'noscript'] }],
    count: 1,
  },

  // ---------------------------------------------------------------- CSS
  {
    name: 'inline style backgrounds (background, background-image, image-set)',
    html: page(`<div style="background: #000 url('/css/a.jpg') no-repeat"></div>
      <div style="background-image: image-set('/css/b.jpg' 1x, '/css/b@2x.jpg' 2x)"></div>
      <p style="color: red"></p>`),
    expected: [
      { url: 'https://news.example.com/css/a.jpg', foundIn: ['css'] },
      { url: 'https://news.example.com/css/b.jpg', foundIn: ['css'] },
      { url: 'https://news.example.com/css/b@2x.jpg', foundIn: ['css'] },
    ],
    count: 3,
  },
  {
    name: '<style> blocks: image properties only, no fonts, @import listed as a stylesheet',
    html: page(
      '<div class="hero"></div>',
      `<style>
        @import url("/css/extra.css");
        @font-face { font-family: F; src: url(/fonts/f.woff2) format("woff2"); }
        .hero { background-image: url(/img/hero.jpg); }
        .quote::before { content: url(quote.svg); }
        .x { filter: url(#f); behavior: url(/htc/pie.htc); }
      </style>`,
    ),
    expected: [
      { url: 'https://news.example.com/img/hero.jpg', foundIn: ['css'] },
      { url: 'https://news.example.com/world/2024/quote.svg', foundIn: ['css'] },
    ],
    absent: ['https://news.example.com/fonts/f.woff2', 'https://news.example.com/htc/pie.htc'],
    count: 2,
  },
  {
    name: 'the legacy background attribute of body and td',
    html: '<html><body background="/old/paper.gif"><table><tr><td background="/old/cell.png">x</td></tr></table></body></html>',
    expected: [
      { url: 'https://news.example.com/old/paper.gif', foundIn: ['background-attr'] },
      { url: 'https://news.example.com/old/cell.png', foundIn: ['background-attr'] },
    ],
    count: 2,
  },

  // ---------------------------------------------------------------- head: social, icons
  {
    name: 'og:image with its url/secure_url forms as one image, and its declared size and alt',
    html: page(
      '',
      `<meta property="og:image" content="http://news.example.com/share/card.jpg">
       <meta property="og:image:secure_url" content="https://news.example.com/share/card.jpg">
       <meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
       <meta property="og:image:alt" content="Share card">
       <meta name="twitter:image:src" content="https://news.example.com/share/tw.jpg">
       <meta name="twitter:image" content="/share/tw2.jpg">`,
    ),
    expected: [
      {
        url: 'https://news.example.com/share/card.jpg',
        foundIn: ['og:image'],
        declaredWidth: 1200,
        declaredHeight: 630,
        alt: 'Share card',
        variants: [{ url: 'http://news.example.com/share/card.jpg' }],
      },
      { url: 'https://news.example.com/share/tw.jpg', foundIn: ['twitter:image'] },
      { url: 'https://news.example.com/share/tw2.jpg', foundIn: ['twitter:image'] },
    ],
    count: 3,
  },
  {
    name: 'og:image:url, and og:image given by name= instead of property=',
    html: page('', '<meta property="og:image:url" content="/a.png"><meta name="og:image" content="/b.png">'),
    expected: [
      { url: 'https://news.example.com/a.png', foundIn: ['og:image'] },
      { url: 'https://news.example.com/b.png', foundIn: ['og:image'] },
    ],
    count: 2,
  },
  {
    name: 'icons of every rel, with sizes, image_src, and msapplication tiles',
    html: page(
      '',
      `<link rel="icon" href="/favicon.ico">
       <link rel="shortcut icon" href="/favicon-2.ico">
       <link rel="icon" type="image/png" sizes="32x32" href="/icons/32.png">
       <link rel="apple-touch-icon" sizes="180x180" href="/icons/touch.png">
       <link rel="apple-touch-icon-precomposed" href="/icons/touch-pre.png">
       <link rel="mask-icon" href="/icons/pinned.svg" color="#000">
       <link rel="image_src" href="/share/thumb.jpg">
       <meta name="msapplication-TileImage" content="/icons/tile.png">
       <link rel="stylesheet" href="/css/site.css">`,
    ),
    expected: [
      { url: 'https://news.example.com/favicon.ico', foundIn: ['icon'] },
      { url: 'https://news.example.com/favicon-2.ico', foundIn: ['icon'] },
      { url: 'https://news.example.com/icons/32.png', foundIn: ['icon'], declaredWidth: 32, declaredHeight: 32 },
      { url: 'https://news.example.com/icons/touch.png', foundIn: ['icon'], declaredWidth: 180 },
      { url: 'https://news.example.com/icons/touch-pre.png', foundIn: ['icon'] },
      { url: 'https://news.example.com/icons/pinned.svg', foundIn: ['icon'] },
      { url: 'https://news.example.com/share/thumb.jpg', foundIn: ['image_src'] },
      { url: 'https://news.example.com/icons/tile.png', foundIn: ['icon'] },
    ],
    absent: ['https://news.example.com/css/site.css'],
    count: 8,
  },
  {
    name: 'a preloaded responsive image',
    html: page(
      '',
      '<link rel="preload" as="image" href="/p/hero-800.jpg" imagesrcset="/p/hero-800.jpg 800w, /p/hero-1600.jpg 1600w">',
    ),
    expected: [{ url: 'https://news.example.com/p/hero-1600.jpg', foundIn: ['preload'] }],
    count: 1,
  },

  // ---------------------------------------------------------------- other elements
  {
    name: 'input type=image, video poster, SVG <image> href and xlink:href',
    html: page(`<form><input type="image" src="/btn/go.png" alt="Go"><input type="text" src="/not-an-image.png"></form>
      <video poster="/v/poster.jpg" src="/v/clip.mp4"></video>
      <svg width="10" height="10"><image href="/svg/a.png"/><image xlink:href="/svg/b.png"/></svg>`),
    expected: [
      { url: 'https://news.example.com/btn/go.png', foundIn: ['input-image'], alt: 'Go' },
      { url: 'https://news.example.com/v/poster.jpg', foundIn: ['poster'] },
      { url: 'https://news.example.com/svg/a.png', foundIn: ['svg-image'] },
      { url: 'https://news.example.com/svg/b.png', foundIn: ['svg-image'] },
    ],
    absent: ['https://news.example.com/not-an-image.png', 'https://news.example.com/v/clip.mp4'],
  },
  {
    name: 'data: images kept as written; non-image data: dropped',
    html: page(`<img src="${GIF_1X1}" alt="Pixel">
      <img src="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path d='M0 0h24v24z'/></svg>">
      <img src="data:text/html,<b>hi</b>">`),
    expected: [
      { url: GIF_1X1, foundIn: ['img'], alt: 'Pixel' },
      {
        url: "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path d='M0 0h24v24z'/></svg>",
      },
    ],
    count: 2,
  },

  // ---------------------------------------------------------------- URLs
  {
    name: 'a relative <base href>, resolved against the page URL; only the first counts',
    html: `<html><head><base href="/static/v2/"><base href="https://other.example.net/"></head>
      <body><img src="img/a.png"><img src="/root.png"><img src="//cdn.example.org/c.png"></body></html>`,
    expected: [
      { url: 'https://news.example.com/static/v2/img/a.png' },
      { url: 'https://news.example.com/root.png' },
      { url: 'https://cdn.example.org/c.png' },
    ],
    count: 3,
  },
  {
    name: 'an absolute <base href> on another host',
    html: '<html><head><base target="_blank"><base href="https://assets.example.net/en/"></head><body><img src="x.jpg"></body></html>',
    expected: [{ url: 'https://assets.example.net/en/x.jpg' }],
    count: 1,
  },
  {
    name: 'a javascript: <base href> is ignored',
    html: '<html><head><base href="javascript:alert(1)"></head><body><img src="x.jpg"></body></html>',
    expected: [{ url: 'https://news.example.com/world/2024/x.jpg' }],
    count: 1,
  },
  {
    name: 'javascript:, about:, blob:, mailto:, empty and # URLs dropped',
    html: page(`<img src="javascript:void(0)"><img src="about:blank"><img src="blob:https://news.example.com/1234">
      <img src=""><img src="#"><img src="#top"><img src="mailto:a@b.c"><img src="   "><img>`),
    expected: [],
    count: 0,
  },
  {
    name: 'entities decoded by the parser',
    html: page('<img src="/thumb?w=300&amp;h=200&amp;q=80">'),
    expected: [{ url: 'https://news.example.com/thumb?w=300&h=200&q=80' }],
    count: 1,
  },
  {
    name: 'an invalid page URL: absolute URLs still found, relative ones skipped, no throw',
    pageUrl: 'not a url',
    html: page('<img src="https://x.example.com/a.png"><img src="b.png">'),
    expected: [{ url: 'https://x.example.com/a.png' }],
    count: 1,
  },

  // ---------------------------------------------------------------- merging
  {
    name: 'one URL seen in many places: one image, every place, the first non-empty alt',
    html: page(
      `<img src="/share/lead.jpg#zoom" alt=""><img src="/share/lead.jpg" alt="Lead photo"><img src="/share/lead.jpg" alt="Other">`,
      '<meta property="og:image" content="https://news.example.com/share/lead.jpg"><meta name="twitter:image" content="/share/lead.jpg">',
    ),
    expected: [
      {
        url: 'https://news.example.com/share/lead.jpg',
        foundIn: ['og:image', 'twitter:image', 'img'],
        alt: 'Lead photo',
        variants: [],
      },
    ],
    count: 1,
  },
  {
    name: 'sizes of one picture used by two elements merge, the largest reported',
    html: page(`<img src="/p/a-300.jpg" srcset="/p/a-300.jpg 300w, /p/a-600.jpg 600w">
      <img src="/p/a-600.jpg" srcset="/p/a-600.jpg 600w, /p/a-1200.jpg 1200w">`),
    expected: [
      {
        url: 'https://news.example.com/p/a-1200.jpg',
        variants: [
          { url: 'https://news.example.com/p/a-600.jpg', width: 600, descriptor: '600w' },
          { url: 'https://news.example.com/p/a-300.jpg', width: 300, descriptor: '300w' },
        ],
      },
    ],
    count: 1,
  },
];

describe('findPageImages', () => {
  it.each(cases)('should report $name', ({ html, pageUrl, expected, absent, count }) => {
    const scan = findPageImages(html, pageUrl ?? PAGE);
    for (const want of expected) {
      const got = find(scan, want.url);
      expect(got, `${want.url} among ${JSON.stringify(scan.images.map((i) => i.url))}`).toBeDefined();
      expect(got).toMatchObject(want);
    }
    for (const url of absent ?? []) expect(allUrls(scan)).not.toContain(url);
    if (count !== undefined) expect(scan.images).toHaveLength(count);
  });
});

describe('findPageImages inline SVG', () => {
  const sprite = `<svg style="display:none"><symbol id="icon-search" viewBox="0 0 14 14"><path d="M14 12L9 8z"/></symbol>
    <linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></svg>`;

  it('should report an inline <svg> as a standalone SVG file with xmlns, viewBox case and its title', () => {
    const scan = findPageImages(
      page('<svg class="icon" width="24" height="24" viewBox="0 0 24 24"><title>Menu</title><path d="M0 0h24"/></svg>'),
      PAGE,
    );
    const svg = scan.images.find((i) => i.foundIn.includes('inline-svg'));
    expect(svg).toBeDefined();
    expect(svg?.inlineSvg).toBe(
      '<svg width="24" height="24" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><title>Menu</title><path d="M0 0h24"/></svg>',
    );
    expect(svg?.url).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg?.inlineSvg ?? '')}`);
    expect(svg).toMatchObject({ alt: 'Menu', declaredWidth: 24, declaredHeight: 24, variants: [] });
  });

  it('should copy the sprite symbol and gradient an icon points at into its own <defs>', () => {
    const scan = findPageImages(
      page(
        `<button><svg viewBox="0 0 14 14" aria-label="Search"><use xlink:href="#icon-search"/><rect fill="url(#g)" width="1" height="1"/></svg></button>${sprite}`,
      ),
      PAGE,
    );
    const icon = scan.images.find((i) => i.alt === 'Search');
    expect(icon?.inlineSvg).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(icon?.inlineSvg).toContain(
      '<defs><symbol id="icon-search" viewBox="0 0 14 14"><path d="M14 12L9 8z"/></symbol>',
    );
    expect(icon?.inlineSvg).toContain('<linearGradient id="g">');
  });

  it('should merge copies of one icon that differ only by indentation and page classes', () => {
    const scan = findPageImages(
      page(`<svg class="a" viewBox="0 0 2 2">
          <path d="M0 0h2"/>
        </svg><svg class="b" focusable="false" viewBox="0 0 2 2"><path d="M0 0h2"/></svg>`),
      PAGE,
    );
    expect(scan.images.filter((i) => i.inlineSvg)).toHaveLength(1);
  });

  it('should report a nested <svg> only as part of its outer one', () => {
    const scan = findPageImages(page('<svg viewBox="0 0 9 9"><svg x="1"><circle r="1"/></svg></svg>'), PAGE);
    expect(scan.images).toHaveLength(1);
    expect(scan.images[0]?.inlineSvg).toContain('<svg x="1"><circle r="1"/></svg>');
  });

  it('should not change the page tree it serializes', () => {
    const html = page('<svg class="keep"><use href="#s"/></svg><svg><symbol id="s"><path d="M0 0"/></symbol></svg>');
    const first = findPageImages(html, PAGE);
    expect(first.images[0]?.inlineSvg).not.toContain('class=');
    expect(first.images[0]?.inlineSvg).toContain('<symbol id="s">');
  });
});

describe('findPageImages JSON-LD', () => {
  const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

  it('should read image fields as strings, arrays and objects, nested and in @graph', () => {
    const html = page(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'NewsArticle',
            image: ['https://news.example.com/ld/a-16x9.jpg', { '@type': 'ImageObject', url: '/ld/a-4x3.jpg' }],
            thumbnailUrl: '/ld/thumb.jpg',
            publisher: { '@type': 'Organization', logo: { '@type': 'ImageObject', url: '/ld/logo.png' } },
            author: { '@type': 'Person', image: { contentUrl: '/ld/author.jpg' } },
          },
          { '@type': 'ImageObject', '@id': '/#primaryimage', contentUrl: '/ld/primary.jpg', caption: 'Primary' },
          { '@type': 'WebPage', primaryImageOfPage: { '@id': '/#primaryimage' } },
          { '@type': 'VideoObject', contentUrl: '/ld/video.mp4', thumbnailUrl: ['/ld/video-thumb.jpg'] },
        ],
      }),
    );
    const scan = findPageImages(html, PAGE);
    expect(scan.images.map((i) => i.url)).toEqual([
      'https://news.example.com/ld/a-16x9.jpg',
      'https://news.example.com/ld/a-4x3.jpg',
      'https://news.example.com/ld/thumb.jpg',
      'https://news.example.com/ld/logo.png',
      'https://news.example.com/ld/author.jpg',
      'https://news.example.com/ld/primary.jpg',
      'https://news.example.com/ld/video-thumb.jpg',
    ]);
    expect(scan.images.every((i) => i.foundIn.includes('json-ld'))).toBe(true);
    expect(find(scan, 'https://news.example.com/ld/primary.jpg')?.alt).toBe('Primary');
    expect(allUrls(scan)).not.toContain('https://news.example.com/ld/video.mp4');
    expect(allUrls(scan)).not.toContain('https://news.example.com/');
  });

  it('should skip invalid JSON-LD and other script types', () => {
    const html = page(
      '<script type="application/ld+json">{ "image": "/a.jpg", </script><script>var image = "/b.jpg";</script>' +
        '<script type="application/json">{"image":"/c.jpg"}</script>',
    );
    expect(findPageImages(html, PAGE).images).toEqual([]);
  });
});

describe('findPageImages stylesheets and links', () => {
  it('should list stylesheets absolute, in order and once, @import in <style> included', () => {
    const scan = findPageImages(
      page(
        '',
        `<link rel="stylesheet" href="/css/a.css"><link rel="alternate stylesheet" href="b.css">
         <link rel="stylesheet" href="/css/a.css#x"><link rel="preload" as="style" href="/css/c.css">
         <style>@import "/css/d.css";</style>`,
      ),
      PAGE,
    );
    expect(scan.stylesheets).toEqual([
      'https://news.example.com/css/a.css',
      'https://news.example.com/world/2024/b.css',
      'https://news.example.com/css/d.css',
    ]);
  });

  it('should list http(s) links for the crawler, fragments stripped, once each, no same-page #anchors', () => {
    const scan = findPageImages(
      page(`<a href="/world/">World</a><a href="next.html#comments">Next</a><a href="next.html">Next again</a>
        <a href="#top">Top</a><a href="mailto:desk@example.com">Mail</a><a href="javascript:void(0)">JS</a>
        <a href="https://other.example.org/x?y=1">Other</a><a>No href</a><map><area href="/area.html"></map>`),
      PAGE,
    );
    expect(scan.links).toEqual([
      'https://news.example.com/world/',
      'https://news.example.com/world/2024/next.html',
      'https://other.example.org/x?y=1',
      'https://news.example.com/area.html',
    ]);
  });
});
