import { describe, expect, it } from 'vitest';
import { findCssImages, findCssImports } from '../../../src/extractors/page/index.ts';

const CSS_URL = 'https://cdn.example.com/assets/css/site.css';

const cases: { name: string; css: string; expected: string[] }[] = [
  {
    name: 'background-image resolved against the stylesheet URL',
    css: '.hero { background-image: url("../img/hero.jpg"); }',
    expected: ['https://cdn.example.com/assets/img/hero.jpg'],
  },
  {
    name: 'the background shorthand, unquoted and single-quoted',
    css: ".a{background:#fff url(a.png) no-repeat} .b{background: url('/b.png') center / cover}",
    expected: ['https://cdn.example.com/assets/css/a.png', 'https://cdn.example.com/b.png'],
  },
  {
    name: 'list-style-image, border-image, mask-image, content and vendor prefixes',
    css: `ul{list-style-image:url(bullet.gif)}
      .f{border-image:url(frame.png) 30 round}
      .m{-webkit-mask-image:url(mask.svg)}
      .q:before{content:url(quote.svg)}`,
    expected: [
      'https://cdn.example.com/assets/css/bullet.gif',
      'https://cdn.example.com/assets/css/frame.png',
      'https://cdn.example.com/assets/css/mask.svg',
      'https://cdn.example.com/assets/css/quote.svg',
    ],
  },
  {
    name: 'image-set() strings and urls, in @media',
    css: '@media (min-width: 600px) { .h { background-image: -webkit-image-set("h-1x.jpg" 1x, url(h-2x.jpg) 2x); } }',
    expected: ['https://cdn.example.com/assets/css/h-1x.jpg', 'https://cdn.example.com/assets/css/h-2x.jpg'],
  },
  {
    name: 'a custom property holding an image',
    css: ':root { --hero-image: url(/media/hero.avif); } .h { background: var(--hero-image); }',
    expected: ['https://cdn.example.com/media/hero.avif'],
  },
  {
    name: 'no fonts: @font-face src and a font file in a custom property are skipped',
    css: `@font-face { font-family: X; src: url(/fonts/x.woff2) format("woff2"), url(/fonts/x.ttf); }
      :root { --font: url(/fonts/y.woff); } .a { background: url(/img/a.png) }`,
    expected: ['https://cdn.example.com/img/a.png'],
  },
  {
    name: 'no @import, no filter url(#id), no non-image data:',
    css: '@import url("other.css"); .a{filter:url(#blur)} .b{background:url(data:text/plain,hi)}',
    expected: [],
  },
  {
    name: 'a data: image kept as written',
    css: '.i{background-image:url("data:image/svg+xml;charset=utf-8,%3Csvg xmlns=\'http://www.w3.org/2000/svg\'/%3E")}',
    expected: ["data:image/svg+xml;charset=utf-8,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"],
  },
  {
    name: 'duplicates once, fragments stripped',
    css: '.a{background:url(s.svg#one)} .b{background:url(s.svg#two)} .c{background:url(s.svg)}',
    expected: ['https://cdn.example.com/assets/css/s.svg'],
  },
  {
    name: 'broken CSS: what can be read',
    css: '.a{color:red} %%% garbage {} .b{background:url(b.png)} .c{background:url(c.png)',
    expected: ['https://cdn.example.com/assets/css/b.png', 'https://cdn.example.com/assets/css/c.png'],
  },
  {
    name: 'a sheet wrapped in an XHTML CDATA section',
    css: '<![CDATA[ .a { background: url(a.gif) } ]]>',
    expected: ['https://cdn.example.com/assets/css/a.gif'],
  },
  { name: 'nothing in a sheet without url()', css: 'body{margin:0;color:#333}', expected: [] },
];

describe('findCssImages', () => {
  it.each(cases)('should find $name', ({ css, expected }) => {
    expect(findCssImages(css, CSS_URL)).toEqual(expected);
  });

  it('should resolve only absolute URLs when the stylesheet URL is invalid', () => {
    expect(findCssImages('.a{background:url(a.png)} .b{background:url(https://x.test/b.png)}', 'not a url')).toEqual([
      'https://x.test/b.png',
    ]);
  });
});

describe('findCssImports', () => {
  it('should list @import targets resolved against the stylesheet URL', () => {
    const css = '@import url("base.css"); @import "/print.css" print; .a{background:url(a.png)}';
    expect(findCssImports(css, CSS_URL)).toEqual([
      'https://cdn.example.com/assets/css/base.css',
      'https://cdn.example.com/print.css',
    ]);
  });
});
