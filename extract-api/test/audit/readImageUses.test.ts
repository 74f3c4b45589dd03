import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Element } from 'domhandler';
import { findAll } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { readImageUses, widthFromSizes } from '../../src/audit/index.ts';

const PAGE = 'https://example.com/blog/post.html';
const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../e2e/sites/audit');
const CORPUS_WEB = '/work/shared/corpus/web';

const one = (html: string) => {
  const uses = readImageUses(html, PAGE);
  expect(uses).toHaveLength(1);
  return uses[0] as NonNullable<(typeof uses)[0]>;
};

describe('readImageUses: which elements', () => {
  it('reads img, input type=image, SVG image and inline backgrounds, in document order', () => {
    const uses = readImageUses(
      `<div style="background-image:url('/bg.jpg'); width: 320px; height: 100px"></div>
       <img src="a.jpg" alt="A">
       <input type="image" src="/go.png" alt="Go">
       <input type="text" src="/not.png">
       <svg aria-label="Chart"><image href="/chart.png" width="10" height="10"/></svg>`,
      PAGE,
    );
    expect(uses.map((u) => [u.tag, u.imageUrl, u.order])).toEqual([
      ['css', 'https://example.com/bg.jpg', 0],
      ['img', 'https://example.com/blog/a.jpg', 1],
      ['input', 'https://example.com/go.png', 2],
      ['svg-image', 'https://example.com/chart.png', 3],
    ]);
    expect(uses[0]?.alt).toBeUndefined();
    expect(uses[0]).toMatchObject({ displayWidth: 320, displayHeight: 100, displayFrom: 'css' });
    expect(uses[3]?.alt).toBe('Chart');
  });

  it('skips noscript, template, tracking pixels and display:none', () => {
    const uses = readImageUses(
      `<noscript><img src="/ns.jpg"></noscript><template><img src="/t.jpg"></template>
       <img src="/pixel.gif" width="1" height="1"><img src="/hidden.jpg" style="display: none">
       <img src="/kept.jpg">`,
      PAGE,
    );
    expect(uses.map((u) => u.imageUrl)).toEqual(['https://example.com/kept.jpg']);
  });

  it('reads an image written in <head>, which a browser moves into the body and shows', () => {
    const uses = readImageUses('<html><head><title>t</title><img src="/in-head.gif"></head><body></body></html>', PAGE);
    expect(uses.map((u) => u.imageUrl)).toEqual(['https://example.com/in-head.gif']);
  });

  it('resolves against <base href>, takes the real address of a lazy image, and a picture’s sources as srcset', () => {
    const uses = readImageUses(
      `<html><head><base href="https://cdn.example.net/assets/"></head><body>
       <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="photos/real.jpg" alt="Real">
       <picture><source srcset="big.avif 1600w, small.avif 800w" type="image/avif"><img alt="P"></picture>
       <img srcset="s.jpg 300w, m.jpg 600w" alt="S">
       <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-srcset="l1.jpg 400w, l2.jpg 900w" alt="L">
       </body></html>`,
      PAGE,
    );
    expect(uses.map((u) => [u.imageUrl, u.srcset ?? false])).toEqual([
      ['https://cdn.example.net/assets/photos/real.jpg', false],
      ['https://cdn.example.net/assets/big.avif', true],
      ['https://cdn.example.net/assets/m.jpg', true],
      ['https://cdn.example.net/assets/l2.jpg', true],
    ]);
    // A script-lazy image is not guessed into or out of the first screen.
    expect(uses[0]?.aboveFold).toBeUndefined();
  });

  it('stops at the page bound', () => {
    const html = Array.from({ length: 50 }, (_, i) => `<img src="/${i}.jpg">`).join('');
    expect(readImageUses(html, PAGE, { maxUsesPerPage: 7 })).toHaveLength(7);
    expect(readImageUses(html, PAGE)).toHaveLength(50);
  });
});

describe('readImageUses: fields', () => {
  it('keeps alt as written, null when absent', () => {
    expect(one('<img src="a.jpg">').alt).toBeNull();
    expect(one('<img src="a.jpg" alt>').alt).toBe('');
    expect(one('<img src="a.jpg" alt="  Two  words ">').alt).toBe('  Two  words ');
    // A hostile page's alt is bounded.
    expect(one(`<img src="a.jpg" alt="${'y'.repeat(50_000)}">`).alt).toHaveLength(1_000);
  });

  it('marks decorative and link-labelled images', () => {
    expect(one('<img src="a.jpg" alt="" role="presentation">').decorative).toBe(true);
    expect(one('<div aria-hidden="true"><img src="a.jpg" alt=""></div>').decorative).toBe(true);
    expect(one('<img src="a.jpg" alt="">').decorative).toBeUndefined();
    const labelled = one('<a href="/x"><span><img src="a.jpg" alt=""></span> Read more</a>');
    expect(labelled).toMatchObject({ labelledByParent: true, inLink: true });
    const ariaLabelled = one('<button aria-label="Close"><img src="x.svg" alt=""></button>');
    expect(ariaLabelled.labelledByParent).toBe(true);
    const bare = one('<a href="/x"><img src="a.jpg" alt=""></a>');
    expect(bare.labelledByParent).toBeUndefined();
    expect(bare.inLink).toBe(true);
  });

  it('reads the display size from attributes, then sizes, then inline CSS', () => {
    expect(one('<img src="a.jpg" width="400" height="300">')).toMatchObject({
      widthAttr: 400,
      heightAttr: 300,
      displayWidth: 400,
      displayHeight: 300,
      displayFrom: 'attributes',
    });
    expect(one('<img src="a.jpg" width="50%">').displayWidth).toBeUndefined();
    expect(one('<img srcset="a.jpg 800w" sizes="(max-width: 600px) 100vw, 800px">')).toMatchObject({
      displayWidth: 800,
      displayFrom: 'sizes',
    });
    expect(one('<img srcset="a.jpg 800w" sizes="(max-width: 600px) 300px, 100vw">').displayWidth).toBeUndefined();
    expect(one('<img src="a.jpg" style="width: 250px; height: 100px">')).toMatchObject({
      displayWidth: 250,
      displayHeight: 100,
      displayFrom: 'css',
      sizedByCss: true,
    });
    expect(one('<img src="a.jpg" style="width: 100%; aspect-ratio: 4/3">').sizedByCss).toBe(true);
    expect(one('<img src="a.jpg" style="width: 100%">').sizedByCss).toBeUndefined();
    // Only what a browser keeps sizes the element: no unit (standards mode) or no such value, nothing.
    expect(one('<img src="a.jpg" style="width: 300; height: 200">').sizedByCss).toBeUndefined();
    expect(one('<img src="a.jpg" style="width: foo; height: bar">').sizedByCss).toBeUndefined();
    expect(one('<img src="a.jpg" style="aspect-ratio: wide">').sizedByCss).toBeUndefined();
    expect(one('<img src="a.jpg" style="width: calc(100% - 2rem); height: 12EM">').sizedByCss).toBe(true);
    expect(one('<img src="a.jpg" style="aspect-ratio: auto 3 / 2">').sizedByCss).toBe(true);
  });

  it('reads sizes at the widest screen', () => {
    expect(widthFromSizes('(max-width: 600px) 100vw, 800px')).toBe(800);
    expect(widthFromSizes('(min-width: 1200px) 1100px, (min-width: 700px) 650px, 100vw')).toBe(1100);
    expect(widthFromSizes('100vw')).toBeUndefined();
    expect(widthFromSizes('calc(100vw - 2rem)')).toBeUndefined();
    expect(widthFromSizes('auto')).toBeUndefined();
    expect(widthFromSizes('(orientation: portrait) 300px, 500px')).toBe(500);
  });

  it('builds a short selector and the start tag, bounded', () => {
    expect(one('<div id="hero"><img src="a.jpg"></div>').selector).toBe('#hero > img');
    expect(one('<img id="logo" src="a.jpg">').selector).toBe('#logo');
    const deep = readImageUses(
      '<main><section><div class="a b c"><p><span><img src="1.jpg"><img class="x" src="2.jpg"></span></p></div></section></main>',
      PAGE,
    );
    expect(deep.map((u) => u.selector)).toEqual([
      'div.a.b > p > span > img:nth-of-type(1)',
      'div.a.b > p > span > img.x:nth-of-type(2)',
    ]);
    expect(one('<img src="a.jpg" alt="Say &quot;hi&quot;">').html).toBe('<img src="a.jpg" alt="Say &quot;hi&quot;">');
    const long = one(`<img src="a.jpg" alt="${'x'.repeat(1000)}">`).html;
    expect(long).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads loading and fetchpriority', () => {
    expect(one('<img src="a.jpg" loading="LAZY" fetchpriority="high">')).toMatchObject({
      loading: 'lazy',
      fetchPriority: 'high',
    });
    expect(one('<img src="a.jpg" loading="soon">').loading).toBeUndefined();
  });
});

describe('readImageUses: the first screen from markup', () => {
  it('puts the first content image and the header before it in the first screen, leaves images beside it unknown, the footer below', () => {
    const uses = readImageUses(
      `<header><img src="/logo.svg" alt="Logo"></header>
       <main><img src="/1.jpg" alt="1"><img src="/2.jpg" alt="2"><img src="/3.jpg" alt="3">
       <img src="/4.jpg" alt="4" fetchpriority="high"></main>
       <aside><img src="/ad.jpg" alt="ad"></aside>
       <footer><img src="/f.jpg" alt="f"></footer>`,
      PAGE,
    );
    expect(uses.map((u) => [u.imageUrl.split('/').pop(), u.aboveFold, u.aboveFoldFrom])).toEqual([
      ['logo.svg', true, 'markup'],
      ['1.jpg', true, 'markup'],
      ['2.jpg', undefined, undefined],
      ['3.jpg', undefined, undefined],
      ['4.jpg', true, 'markup'],
      ['ad.jpg', undefined, undefined],
      ['f.jpg', false, 'markup'],
    ]);
  });

  it('calls an image off-screen only when the flow of text and images puts it two screens down', () => {
    const paragraph = `<p>${'A line of words that fills the column. '.repeat(12)}</p>`;
    const uses = readImageUses(
      `<main><img src="/hero.jpg" alt="hero" width="1200" height="600">
       ${paragraph.repeat(4)}<img src="/near.jpg" alt="near" width="300" height="200">
       ${paragraph.repeat(10)}<img src="/far.jpg" alt="far" width="300" height="200">
       <img src="/beside.jpg" alt="beside" width="300" height="200"></main>`,
      PAGE,
    );
    expect(uses.map((u) => [u.imageUrl.split('/').pop(), u.aboveFold])).toEqual([
      ['hero.jpg', true],
      ['near.jpg', undefined],
      ['far.jpg', false],
      ['beside.jpg', false],
    ]);
  });

  it('does not call a first image in the first screen when the flow starts it below', () => {
    const paragraph = `<p>${'A line of words that fills the column. '.repeat(12)}</p>`;
    const [use] = readImageUses(`<main>${paragraph.repeat(12)}<img src="/late.jpg" alt="late"></main>`, PAGE);
    expect(use?.aboveFold).toBeUndefined();
  });
});

describe('readImageUses: layout from a rendered page', () => {
  it('takes the first screen, LCP and display size from the layout mark, and leaves the mark out of the tag', () => {
    const uses = readImageUses(
      `<img src="/hero.jpg" loading="lazy" data-ie-layout-ab12="fold lcp 800 450" width="1600" height="900">
       <img src="/below.jpg" data-ie-layout-ab12="below 300 200">
       <img src="/hidden.jpg" data-ie-layout-ab12="below 0 0" width="40" height="40">
       <img src="/forged.jpg" data-ie-layout-ab12="somewhere">
       <div style="background-image: url(/bg.jpg)"></div>`,
      PAGE,
      { layoutAttribute: 'data-ie-layout-ab12' },
    );
    expect(uses[0]).toMatchObject({
      aboveFold: true,
      aboveFoldFrom: 'layout',
      lcp: true,
      displayWidth: 800,
      displayHeight: 450,
      displayFrom: 'layout',
    });
    expect(uses[0]?.html).toBe('<img src="/hero.jpg" loading="lazy" width="1600" height="900">');
    expect(uses[1]).toMatchObject({
      aboveFold: false,
      aboveFoldFrom: 'layout',
      displayWidth: 300,
      displayFrom: 'layout',
    });
    expect(uses[1]?.lcp).toBeUndefined();
    // Not rendered: the markup's size stays.
    expect(uses[2]).toMatchObject({ aboveFold: false, displayWidth: 40, displayFrom: 'attributes' });
    // Not a mark: the markup guess.
    expect(uses[3]?.aboveFoldFrom).toBe('markup');
    expect(uses[4]?.tag).toBe('css');
  });
});

/** Every img a visitor's browser shows, counted apart: htmlparser2's own parseDocument and domutils. */
function referenceCounts(html: string): { img: number; noAlt: number; noSize: number } {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  const inside = (el: Element, names: string[]) => {
    for (let p = el.parent as Element | null; p && 'name' in p; p = p.parent as Element | null)
      if (names.includes(p.name)) return true;
    return false;
  };
  const images = findAll(
    (el) =>
      el.name === 'img' &&
      !inside(el, ['noscript', 'template']) &&
      !(['0', '1'].includes(el.attribs.width ?? '') && ['0', '1'].includes(el.attribs.height ?? '')) &&
      !(el.attribs.style ?? '').replace(/\s/g, '').toLowerCase().includes('display:none'),
    document.children,
  );
  return {
    img: images.length,
    noAlt: images.filter((el) => !('alt' in el.attribs)).length,
    noSize: images.filter((el) => !('width' in el.attribs && 'height' in el.attribs)).length,
  };
}

describe('readImageUses on real pages', () => {
  const pages = readdirSync(CORPUS_WEB).filter((f) => f.endsWith('.html'));
  it('finds corpus pages to read', () => {
    expect(pages.length).toBeGreaterThanOrEqual(5);
  });
  for (const file of pages) {
    it(`${file}: img, missing alt and missing size counts agree with a separate DOM query`, () => {
      const html = readFileSync(path.join(CORPUS_WEB, file), 'utf8');
      const uses = readImageUses(html, `https://example.com/${file}`).filter((u) => u.tag === 'img');
      const reference = referenceCounts(html);
      const counts = {
        img: uses.length,
        noAlt: uses.filter((u) => u.alt === null).length,
        noSize: uses.filter((u) => u.widthAttr === undefined || u.heightAttr === undefined).length,
      };
      expect(counts).toEqual(reference);
    });
  }

  it('reads the seeded pages of the audit site as their README says', () => {
    const read = (file: string) =>
      readImageUses(readFileSync(path.join(SITE, file), 'utf8'), `http://127.0.0.1/${file}`);
    const alt = read('problems-alt.html');
    const byId = (uses: ReturnType<typeof read>, selector: string) => uses.find((u) => u.selector.startsWith(selector));
    expect(byId(alt, '#alt-missing')?.alt).toBeNull();
    expect(byId(alt, '#alt-empty-link')).toMatchObject({ alt: '', inLink: true });
    expect(byId(alt, '#ok-labelled')).toMatchObject({ alt: '', labelledByParent: true });
    expect(byId(alt, '#ok-decorative')?.decorative).toBe(true);
    const loading = read('problems-loading.html');
    expect(byId(loading, '#loading-lazy-lcp')).toMatchObject({ aboveFold: true, loading: 'lazy' });
    expect(byId(loading, '#loading-eager-offscreen')?.aboveFold).toBe(false);
    const article = read('clean-article.html');
    expect(article.map((u) => u.tag)).toEqual(['img', 'img', 'img', 'img', 'img', 'css']);
    expect(article[0]).toMatchObject({ aboveFold: true, selector: 'body > header > a > img' });
    expect(article[1]).toMatchObject({ selector: '#clean-hero', aboveFold: true, srcset: true });
  });
});
