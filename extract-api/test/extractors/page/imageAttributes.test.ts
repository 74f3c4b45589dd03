/**
 * Image URLs in attributes that are on no list (`data-item-thumb`, `data-medium-file`, a lightbox link…):
 * found by what the attribute's name and value say, grouped with the picture they belong to; and the
 * ordinary data-* of a page (links, JSON, scripts, video, fonts, ids) left alone. The snippets follow the
 * markup of the CMSs, galleries and sites named in each case.
 */
import { describe, expect, it } from 'vitest';
import {
  findPageImages,
  type ImageCandidate,
  type PageScan,
  readAttributeName,
  urlShape,
} from '../../../src/extractors/page/index.ts';

const PAGE = 'https://news.example.com/world/2024/story.html';
const GIF_1X1 = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

function page(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`;
}

function allUrls(scan: PageScan): string[] {
  return scan.images.flatMap((image) => [image.url, ...image.variants.map((v) => v.url)]);
}

interface Found {
  /** The candidate's URL: the largest of its group. */
  url: string;
  /** Every place it was found, in any order. */
  foundIn: string[];
  /** The other URLs of its group (its variants), in any order. */
  variants?: string[];
  alt?: string;
}

interface Case {
  name: string;
  html: string;
  expected: Found[];
  /** URLs that must appear nowhere, neither as an image nor as a variant. */
  absent?: string[];
  /** The exact number of images. */
  count: number;
}

function expectFound(scan: PageScan, want: Found): void {
  const got: ImageCandidate | undefined = scan.images.find((image) => image.url === want.url);
  expect(got, `${want.url} among ${JSON.stringify(scan.images.map((i) => i.url))}`).toBeDefined();
  expect([...(got?.foundIn ?? [])].sort()).toEqual([...want.foundIn].sort());
  if (want.variants) expect((got?.variants ?? []).map((v) => v.url).sort()).toEqual([...want.variants].sort());
  if (want.alt) expect(got?.alt).toBe(want.alt);
}

const WP = 'https://blog.example.org/wp-content/uploads/2023/05';
const SQS = 'https://images.squarespace-cdn.com/content/v1/5e8f0a9b2c1d/1586436582-QWE';
const SHOP = 'https://cdn.shop.example/media/catalog/product';

const found: Case[] = [
  {
    name: "WordPress/Jetpack: data-orig-file, data-medium-file and data-large-file are the img's sizes, the original first",
    html: page(`<figure class="wp-block-image size-large"><img width="1024" height="683"
      src="${WP}/harbour-1024x683.jpg" class="wp-image-812" alt="Harbour at dusk"
      srcset="${WP}/harbour-1024x683.jpg 1024w, ${WP}/harbour-300x200.jpg 300w, ${WP}/harbour-768x512.jpg 768w"
      sizes="(max-width: 1024px) 100vw, 1024px" data-attachment-id="812"
      data-permalink="https://blog.example.org/2023/05/12/harbour/harbour-2/"
      data-orig-file="${WP}/harbour.jpg" data-orig-size="4000,2667" data-comments-opened="1"
      data-image-meta="{&quot;aperture&quot;:&quot;8&quot;,&quot;camera&quot;:&quot;X-T3&quot;,&quot;shutter_speed&quot;:&quot;1/250&quot;}"
      data-image-title="DSCF0412.JPG" data-image-description="&lt;p&gt;The harbour at dusk&lt;/p&gt;"
      data-image-caption="" data-medium-file="${WP}/harbour-300x200.jpg"
      data-large-file="${WP}/harbour-1024x683.jpg"></figure>`),
    expected: [
      {
        url: `${WP}/harbour.jpg`,
        foundIn: ['img', 'srcset', 'lazy:data-orig-file', 'attr:data-medium-file', 'lazy:data-large-file'],
        variants: [`${WP}/harbour-1024x683.jpg`, `${WP}/harbour-768x512.jpg`, `${WP}/harbour-300x200.jpg`],
        alt: 'Harbour at dusk',
      },
    ],
    absent: ['https://blog.example.org/2023/05/12/harbour/harbour-2/'],
    count: 1,
  },
  {
    name: 'Squarespace: a gallery slide (data-src, data-image) and an image block on a div with an extensionless CDN URL',
    html: page(`<div class="slide" data-type="image" data-slide-url="pier"><div class="margin-wrapper">
      <img data-src="${SQS}/pier.jpg" data-image="${SQS}/pier.jpg" data-image-dimensions="2500x1667"
        data-image-focal-point="0.5,0.5" data-load="false" data-image-id="5e8f0a9b2c1d" data-type="image" alt="Pier">
      </div></div>
      <div class="image-block-outer-wrapper" data-block-type="5"><div class="sqs-image-shape-container-element"
        data-image-resolution="1500w" data-thumbnail="${SQS}/IMG_2041" data-image-dimensions="1200x800"></div></div>`),
    expected: [
      { url: `${SQS}/pier.jpg`, foundIn: ['lazy:data-src', 'lazy:data-image'], alt: 'Pier' },
      { url: `${SQS}/IMG_2041`, foundIn: ['attr:data-thumbnail'] },
    ],
    count: 2,
  },
  {
    name: 'a news gallery figure: data-source-standard and data-source-fullscreen_large grouped with the img it wraps',
    html: page(`<figure class="gallery__item" data-caption="The ferry leaving port"
        data-source-standard="https://static.news.example/photos/2024/03/ferry-standard.jpg"
        data-source-fullscreen_large="https://static.news.example/photos/2024/03/ferry-fullscreen_large.jpg">
        <img src="https://static.news.example/photos/2024/03/ferry-thumb.jpg" alt="Ferry" width="320" height="213">
        <figcaption>The ferry leaving port</figcaption></figure>`),
    expected: [
      {
        url: 'https://static.news.example/photos/2024/03/ferry-fullscreen_large.jpg',
        foundIn: ['attr:data-source-standard', 'attr:data-source-fullscreen_large', 'img'],
        variants: [
          'https://static.news.example/photos/2024/03/ferry-standard.jpg',
          'https://static.news.example/photos/2024/03/ferry-thumb.jpg',
        ],
        alt: 'Ferry',
      },
    ],
    count: 1,
  },
  {
    name: 'a shop gallery: data-item-thumb on the item, a lightbox link to the original, the img between them, one picture each',
    html: page(`<ul class="product-gallery">
      <li class="gallery-item" data-item-id="5521" data-item-thumb="${SHOP}/cache/thumbnail/90x90/lamp-oak.jpg">
        <a href="${SHOP}/lamp-oak.jpg" class="lightbox" data-fancybox="gallery">
          <img src="${SHOP}/cache/small_image/300x300/lamp-oak.jpg" alt="Oak lamp"></a></li>
      <li class="gallery-item" data-item-id="5522" data-item-thumb="${SHOP}/cache/thumbnail/90x90/lamp-ash.jpg">
        <a href="${SHOP}/lamp-ash.jpg" class="lightbox" data-fancybox="gallery">
          <img src="${SHOP}/cache/small_image/300x300/lamp-ash.jpg" alt="Ash lamp"></a></li></ul>`),
    expected: [
      {
        url: `${SHOP}/lamp-oak.jpg`,
        foundIn: ['attr:data-item-thumb', 'attr:href', 'img'],
        variants: [`${SHOP}/cache/small_image/300x300/lamp-oak.jpg`, `${SHOP}/cache/thumbnail/90x90/lamp-oak.jpg`],
        alt: 'Oak lamp',
      },
      {
        url: `${SHOP}/lamp-ash.jpg`,
        foundIn: ['attr:data-item-thumb', 'attr:href', 'img'],
        variants: [`${SHOP}/cache/small_image/300x300/lamp-ash.jpg`, `${SHOP}/cache/thumbnail/90x90/lamp-ash.jpg`],
      },
    ],
    count: 2,
  },
  {
    name: 'a lightbox link (<a href="big.jpg"><img src="small.jpg" width>) reports the big one, above the declared width',
    html: page(`<a href="/uploads/big/canyon.jpg" data-lightbox="trip" title="Canyon at noon">
      <img src="/uploads/small/canyon.jpg" width="400" height="267" alt="Canyon"></a>`),
    expected: [
      {
        url: 'https://news.example.com/uploads/big/canyon.jpg',
        foundIn: ['attr:href', 'img'],
        variants: ['https://news.example.com/uploads/small/canyon.jpg'],
        alt: 'Canyon',
      },
    ],
    count: 1,
  },
  {
    name: 'a lightbox link around a <picture>: the link, every source and the img are one picture',
    html: page(`<a href="/big/sea.jpg" class="glightbox"><picture>
      <source type="image/webp" srcset="/m/sea-800.webp 800w, /m/sea-1200.webp 1200w"><img src="/m/sea-800.jpg" alt="Sea">
      </picture></a>`),
    expected: [
      {
        url: 'https://news.example.com/big/sea.jpg',
        foundIn: ['attr:href', 'picture', 'img'],
        variants: [
          'https://news.example.com/m/sea-1200.webp',
          'https://news.example.com/m/sea-800.webp',
          'https://news.example.com/m/sea-800.jpg',
        ],
        alt: 'Sea',
      },
    ],
    count: 1,
  },
  {
    name: 'a lightbox link written as a bare file name next to the page',
    html: page('<a href="boat-2400.jpg" class="glightbox"><img src="thumbs/boat.jpg" alt="Boat"></a>'),
    expected: [
      {
        url: 'https://news.example.com/world/2024/boat-2400.jpg',
        foundIn: ['attr:href', 'img'],
        variants: ['https://news.example.com/world/2024/thumbs/boat.jpg'],
      },
    ],
    count: 1,
  },
  {
    name: 'datasrc swapped into an img: the spacer stays a picture of its own, as for data-src',
    html: page('<img datasrc="/photos/2019/boat-1200.jpg" src="/static/spacer.gif" alt="Boat">'),
    expected: [
      { url: 'https://news.example.com/photos/2019/boat-1200.jpg', foundIn: ['attr:datasrc'], alt: 'Boat' },
      { url: 'https://news.example.com/static/spacer.gif', foundIn: ['img'] },
    ],
    count: 2,
  },
  {
    name: 'data-media holding an image file on a lazy div, with a 1x1 data: background placeholder',
    html: page(`<div class="media-lazy" style="background-image:url(${GIF_1X1})" data-media-type="image"
      data-media="https://assets.mag.example/uploads/2022/11/cover-hero.webp"></div>`),
    expected: [{ url: 'https://assets.mag.example/uploads/2022/11/cover-hero.webp', foundIn: ['attr:data-media'] }],
    absent: [GIF_1X1],
    count: 1,
  },
  {
    name: 'data-high-res-src beside an img with a declared width: the high-res one is the image',
    html: page(
      '<img src="/img/route-map-800.png" data-high-res-src="/img/route-map-3200.png" width="800" alt="Route">',
    ),
    expected: [
      {
        url: 'https://news.example.com/img/route-map-3200.png',
        foundIn: ['img', 'attr:data-high-res-src'],
        variants: ['https://news.example.com/img/route-map-800.png'],
      },
    ],
    count: 1,
  },
  {
    name: 'data-zoom-image (on the lazy list) grouped with the product image it zooms',
    html: page('<img class="product" src="/p/shoe-600.jpg" width="600" data-zoom-image="/p/shoe-2000.jpg">'),
    expected: [
      {
        url: 'https://news.example.com/p/shoe-2000.jpg',
        foundIn: ['img', 'lazy:data-zoom-image'],
        variants: ['https://news.example.com/p/shoe-600.jpg'],
      },
    ],
    count: 1,
  },
  {
    name: 'Wikipedia: data-mediaviewer-src names the original; the File: page the link points at is not an image',
    html: page(`<figure typeof="mw:File/Thumb"><a href="/wiki/File:Lighthouse_at_dawn.jpg" class="mw-file-description">
      <img src="//upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Lighthouse_at_dawn.jpg/250px-Lighthouse_at_dawn.jpg"
        data-mediaviewer-src="//upload.wikimedia.org/wikipedia/commons/a/ab/Lighthouse_at_dawn.jpg"
        decoding="async" width="250" height="167" class="mw-file-element" data-file-width="4000" data-file-height="2667"></a>
      <figcaption>A lighthouse</figcaption></figure>`),
    expected: [
      {
        url: 'https://upload.wikimedia.org/wikipedia/commons/a/ab/Lighthouse_at_dawn.jpg',
        foundIn: ['attr:data-mediaviewer-src'],
      },
      {
        url: 'https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Lighthouse_at_dawn.jpg/250px-Lighthouse_at_dawn.jpg',
        foundIn: ['img'],
      },
    ],
    absent: ['https://news.example.com/wiki/File:Lighthouse_at_dawn.jpg'],
    count: 2,
  },
  {
    name: 'a slider: data-thumbnail on the slide is a smaller copy of the img it wraps, never reported above it',
    html: page(`<div class="swiper-slide" data-thumbnail="https://cdn.travel.example/images/gallery/th/dunes.jpg">
      <img src="https://cdn.travel.example/images/gallery/dunes.jpg" alt="Dunes"></div>`),
    expected: [
      {
        url: 'https://cdn.travel.example/images/gallery/dunes.jpg',
        foundIn: ['attr:data-thumbnail', 'img'],
        variants: ['https://cdn.travel.example/images/gallery/th/dunes.jpg'],
      },
    ],
    count: 1,
  },
  {
    name: 'longdesc pointing at a larger chart, grouped with its img; a longdesc page is not an image',
    html: page(`<img src="/charts/q3-sales-600.png" longdesc="/charts/q3-sales-2400.png" alt="Q3 sales">
      <img src="/charts/q4-sales.png" longdesc="/charts/q4-sales-description.html" alt="Q4 sales">`),
    expected: [
      {
        url: 'https://news.example.com/charts/q3-sales-600.png',
        foundIn: ['img', 'attr:longdesc'],
        variants: ['https://news.example.com/charts/q3-sales-2400.png'],
      },
      { url: 'https://news.example.com/charts/q4-sales.png', foundIn: ['img'] },
    ],
    absent: ['https://news.example.com/charts/q4-sales-description.html'],
    count: 2,
  },
  {
    name: 'poster on a custom video element, extensionless: the name says image',
    html: page(`<lite-vimeo videoid="76979871"
      poster="https://i.vimeocdn.com/video/452001751-8b1768af2e2de0c8dfe2e2c58e4458b4-d_640"></lite-vimeo>`),
    expected: [
      {
        url: 'https://i.vimeocdn.com/video/452001751-8b1768af2e2de0c8dfe2e2c58e4458b4-d_640',
        foundIn: ['attr:poster'],
      },
    ],
    count: 1,
  },
  {
    name: "an author card's data-photo with an extensionless API URL, and a data-cover on a known image host",
    html: page(`<div class="author-card" data-author-id="4411" data-photo="https://media.news.example/api/v1/people/4411/portrait"></div>
      <div class="card" data-cover="https://images.unsplash.com/photo-1500530855697-b586d89ba3ee?ixlib=rb-4.0.3&amp;w=1200"></div>`),
    expected: [
      { url: 'https://media.news.example/api/v1/people/4411/portrait', foundIn: ['attr:data-photo'] },
      {
        url: 'https://images.unsplash.com/photo-1500530855697-b586d89ba3ee?ixlib=rb-4.0.3&w=1200',
        foundIn: ['attr:data-cover'],
      },
    ],
    count: 2,
  },
  {
    name: 'a srcset in an attribute named *srcset* that is on no list',
    html: page(`<img src="${GIF_1X1}" data-srcset-webp="/img/a-480.webp 480w, /img/a-960.webp 960w" alt="A">`),
    expected: [
      {
        url: 'https://news.example.com/img/a-960.webp',
        foundIn: ['attr:data-srcset-webp'],
        variants: ['https://news.example.com/img/a-480.webp'],
      },
    ],
    absent: [GIF_1X1],
    count: 1,
  },
  {
    name: 'a video poster under another name (data-video-poster) beside the video file',
    html: page(
      '<div class="player" data-video-src="/v/launch.mp4" data-video-poster="/v/launch-poster.jpg" data-video-id="launch"></div>',
    ),
    expected: [{ url: 'https://news.example.com/v/launch-poster.jpg', foundIn: ['attr:data-video-poster'] }],
    absent: ['https://news.example.com/v/launch.mp4'],
    count: 1,
  },
];

const ignored: Case[] = [
  {
    name: 'data-* holding page links (data-href, data-permalink, data-url, share links, short links)',
    html: page(`<article class="teaser" data-href="/2024/03/12/ferry-strike-ends" data-url="https://news.example.com/world/ferry.html"
        data-permalink="https://news.example.com/2024/03/12/ferry-strike-ends/" data-loyalty-short-url="/p/ac6zz"
        data-share-url="https://twitter.com/intent/tweet?url=https%3A%2F%2Fnews.example.com%2Fferry"
        data-discussion-url="https://www.theguardian.com/environment/2018/oct/09/images-show-baby-humpback-whale">
        <img src="/i/ferry.jpg" alt="Ferry"></article>`),
    expected: [{ url: 'https://news.example.com/i/ferry.jpg', foundIn: ['img'] }],
    count: 1,
  },
  {
    name: 'JSON blobs, even with image URLs inside (galleries, configs, Telegraph frz arrays, Kinja data-ga)',
    html: page(`<div class="gallery" data-gallery='{"images":["/g/1.jpg","/g/2.jpg"]}' data-config='{"thumb":"/g/t.jpg"}'></div>
      <div data-frz-src-array="[{'src':'/content/dam/news/a-xsmall.jpg','width':160}]" data-frz-ratio="1.60"></div>
      <a href="/next" data-ga='[["Network navigation","Network Blog Click","avclub.com",{"metric20":1}]]'>Next</a>`),
    expected: [],
    absent: ['https://news.example.com/g/1.jpg', 'https://news.example.com/g/t.jpg'],
    count: 0,
  },
  {
    name: 'scripts, trackers and beacons (gtm.js, a Facebook pixel, a beacon endpoint)',
    html: page(`<div id="consent" data-analytics-src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC123"
      data-pixel="https://www.facebook.com/tr?id=1234567890&amp;ev=PageView&amp;noscript=1"
      data-beacon-src="https://sb.scorecardresearch.com/p?c1=2&amp;c2=6035250"
      data-interactive="https://interactive.guim.co.uk/embed/iframe-wrapper/0.1/boot.js"></div>`),
    expected: [],
    count: 0,
  },
  {
    name: 'video and audio files and players (data-video-src, data-hls, data-mp4src, data-src of a <video>)',
    html: page(`<div class="video-player" data-video-src="https://cdn.news.example/v/launch.mp4"
        data-hls="https://cdn.news.example/v/launch/master.m3u8" data-src-video="/v/clip"></div>
      <video data-src="/v/a.mp4" data-hd-src="/v/a-hd.mp4" data-mp4src="/v/a.mp4" data-webmsrc="/v/a.webm"></video>
      <div class="podcast" data-audio="/a/episode-12.mp3" data-src="/a/episode-12.mp3"></div>`),
    expected: [],
    count: 0,
  },
  {
    name: "fonts and stylesheets (Guardian's cached font files, includes)",
    html: page(`<div data-font="/fonts/Inter.woff2" data-cache-file-woff2="https://assets.guim.co.uk/fonts/3b8e/GuardianHeadline.woff2.json"
      data-css="/css/print.css" data-include="css:https://cdn.citylab.com/static/css/components/footer.css"></div>`),
    expected: [],
    count: 0,
  },
  {
    name: 'numbers, ratios, class names, ids, titles and sizes beside an image',
    html: page(`<img src="/a.jpg" data-width="1200" data-ratio="1.5" data-class="lazyload fade-in" data-image-id="5e8f0a9b"
      data-image-title="IMG_2041.JPG" data-image-dimensions="2500x1667" data-orig-size="4000,2667"
      data-recommend-id="image://18zu12g5xzyxojpg" data-placeholder="${GIF_1X1}">`),
    expected: [{ url: 'https://news.example.com/a.jpg', foundIn: ['img'] }],
    absent: [GIF_1X1, 'https://news.example.com/IMG_2041.JPG'],
    count: 1,
  },
  {
    name: 'embeds and their links: a YouTube iframe address, a thumbnail link to a watch page, a comments widget',
    html: page(`<div class="embed" data-src="https://www.youtube.com/embed/dQw4w9WgXcQ"
        data-thumb-link="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></div>
      <div class="js_comments-iframe" data-src="//kotaku.com/embed/comments/magma/1284029577?"></div>`),
    expected: [],
    count: 0,
  },
  {
    name: 'links to images that wrap no image, and wiki File: pages that do',
    html: page(`<p><a href="/downloads/tour-poster.jpg">Download the tour poster</a></p>
      <a href="/wiki/File:Buggie.svg" class="image"><img src="//upload.wikimedia.org/wikipedia/commons/d/d8/Buggie.svg" width="60"></a>`),
    expected: [{ url: 'https://upload.wikimedia.org/wikipedia/commons/d/d8/Buggie.svg', foundIn: ['img'] }],
    absent: ['https://news.example.com/downloads/tour-poster.jpg', 'https://news.example.com/wiki/File:Buggie.svg'],
    count: 1,
  },
  {
    name: 'an image named by a page-level attribute (data-page-path) or by a name that says link',
    html: `<html data-page-path="/environment/2019/jan/03/whales"><body>
      <div data-image-link="https://news.example.com/gallery/whales" data-photographer-url="https://news.example.com/people/jane"></div></body></html>`,
    expected: [],
    count: 0,
  },
];

describe('findPageImages: image URLs in any attribute', () => {
  it.each(found)('should find $name', ({ html, expected, absent, count }) => {
    const scan = findPageImages(html, PAGE);
    for (const want of expected) expectFound(scan, want);
    for (const url of absent ?? []) expect(allUrls(scan)).not.toContain(url);
    expect(scan.images, JSON.stringify(scan.images.map((i) => [i.url, i.foundIn]))).toHaveLength(count);
  });

  it.each(ignored)('should leave alone $name', ({ html, expected, absent, count }) => {
    const scan = findPageImages(html, PAGE);
    for (const want of expected) expectFound(scan, want);
    for (const url of absent ?? []) expect(allUrls(scan)).not.toContain(url);
    expect(scan.images, JSON.stringify(scan.images.map((i) => [i.url, i.foundIn]))).toHaveLength(count);
  });
});

describe('urlShape', () => {
  it.each([
    ['/wp-content/uploads/2023/05/harbour-300x200.jpg', 'image'],
    ['https://cdn.example.com/a/B.JPEG?w=300#x', 'image'],
    ['https://lh3.googleusercontent.com/pw/AP1GczN=w1600-h900', 'image'],
    ['https://pbs.twimg.com/media/GA1bCdEfG?format=jpg&name=small', 'image'],
    ['https://miro.medium.com/v2/resize:fit:1400/0*Hx3kPq', 'image'],
    ['https://res.cloudinary.com/demo/image/upload/w_300,c_fill/sample', 'image'],
    ['https://i0.wp.com/blog.example.org/wp-content/uploads/x?resize=300%2C200', 'image'],
    ['https://static.example.com/render?id=3&fm=webp', 'image'],
    ['https://res.cloudinary.com/demo/video/upload/dog', 'unknown'],
    ['https://stats.wp.com/e-202412.js', 'not-image'],
    ['/api/v1/people/4411/portrait', 'unknown'],
    ['/wiki/File:Lighthouse_at_dawn.jpg', 'not-image'],
    ['https://de.wikipedia.org/wiki/Datei:Buggie.svg', 'not-image'],
    ['https://news.example.com/2024/03/12/ferry/', 'not-image'],
    ['/v/launch.mp4', 'not-image'],
    ['/fonts/Inter.woff2', 'not-image'],
    ['/story.html', 'not-image'],
    ['css:https://cdn.example.com/a.css', 'not-image'],
    ['image://18zu12g5xzyxojpg', 'not-image'],
    ['javascript:void(0)', 'not-image'],
  ])('should call %s %s', (url, shape) => {
    expect(urlShape(url)).toBe(shape);
  });
});

describe('readAttributeName', () => {
  it.each([
    ['data-hero-image', 'image', false, undefined],
    ['data-video-poster', 'image', false, undefined],
    ['data-bg-video', 'other', false, undefined],
    ['data-video-src', 'other', false, undefined],
    ['data-image-link', 'other', false, undefined],
    ['data-src', 'version', true, undefined],
    ['data-medium-file', 'version', true, 'smaller'],
    ['data-orig-file', 'version', true, 'larger'],
    ['data-source-fullscreen_large', 'version', true, 'larger'],
    ['data-item-thumb', 'image', true, 'smaller'],
    ['data-high-res-src', 'image', true, 'larger'],
    ['data-original', 'version', true, undefined],
    ['data-permalink', 'other', false, undefined],
    ['data-origin', 'other', false, undefined],
    ['data-original-file', 'version', true, 'larger'],
  ] as const)('should read %s as %s', (name, role, samePicture, sizeHint) => {
    expect(readAttributeName(name)).toMatchObject({ role, samePicture, sizeHint });
  });

  it('should say which values a script swaps in (the element src is then a placeholder) and which sit beside it', () => {
    expect(readAttributeName('data-src').swap).toBe(true);
    expect(readAttributeName('data-original').swap).toBe(true);
    expect(readAttributeName('data-bg').swap).toBe(true);
    expect(readAttributeName('datasrc').swap).toBe(true);
    expect(readAttributeName('data-zoom-image').swap).toBe(false);
    expect(readAttributeName('data-large-file').swap).toBe(false);
    expect(readAttributeName('data-thumbnail').swap).toBe(false);
    expect(readAttributeName('data-video-src').swap).toBe(false);
  });
});
