/**
 * originalCandidates: every rule's guesses together, in order, without repeats; and no rule ever
 * throws, whatever a page writes in an image address (a seeded fuzz over the rules' own hosts).
 */
import { describe, expect, it } from 'vitest';
import { originalCandidates } from '../../../src/extractors/originals/index.ts';
import { ORIGINAL_RULES } from '../../../src/extractors/originals/rules/index.ts';

describe('originalCandidates', () => {
  it('gives each guess once with the rule that made it, most likely first, never the address itself', () => {
    expect(
      originalCandidates('https://i0.wp.com/example.com/wp-content/uploads/2020/01/photo-300x200.jpg?ssl=1'),
    ).toEqual([
      { url: 'https://i0.wp.com/example.com/wp-content/uploads/2020/01/photo.jpg?ssl=1', rule: 'Jetpack Photon' },
      { url: 'https://example.com/wp-content/uploads/2020/01/photo.jpg', rule: 'Jetpack Photon' },
      {
        url: 'https://i0.wp.com/example.com/wp-content/uploads/2020/01/photo-scaled.jpg?ssl=1',
        rule: 'Jetpack Photon',
      },
      { url: 'https://example.com/wp-content/uploads/2020/01/photo-scaled.jpg', rule: 'Jetpack Photon' },
    ]);
    // A host rule and a generic parameter rule on one address: the host's guess first, then Akamai's.
    expect(originalCandidates('https://cdn.shopify.com/s/files/1/products/shirt_300x.jpg?imwidth=300')).toEqual([
      { url: 'https://cdn.shopify.com/s/files/1/products/shirt.jpg?imwidth=300', rule: 'Shopify' },
      { url: 'https://cdn.shopify.com/s/files/1/products/shirt_300x.jpg', rule: 'Akamai Image Manager' },
    ]);
  });

  it('gives nothing for addresses no rule reads, or that are no web address', () => {
    for (const url of [
      'https://example.com/images/photo.jpg',
      'data:image/png;base64,iVBORw0KGgo=',
      'blob:https://example.com/0b7f',
      'ftp://example.com/wp-content/uploads/a-300x200.jpg',
      '/wp-content/uploads/a-300x200.jpg',
      '',
      `https://example.com/wp-content/uploads/${'a'.repeat(5000)}-300x200.jpg`,
    ]) {
      expect(originalCandidates(url)).toEqual([]);
    }
  });

  it('keeps going when a rule throws', () => {
    const broken = {
      name: 'broken',
      matches: () => true,
      originals: () => {
        throw new Error('bug');
      },
    };
    const good = { name: 'good', matches: () => true, originals: () => ['https://example.com/b.jpg', 'not a url'] };
    expect(originalCandidates('https://example.com/a.jpg', [broken, good])).toEqual([
      { url: 'https://example.com/b.jpg', rule: 'good' },
    ]);
  });
});

/** mulberry32: the same "random" addresses on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTS = [
  'example.com',
  'i0.wp.com',
  'x.files.wordpress.com',
  'static.wixstatic.com',
  'images.squarespace-cdn.com',
  'cdn.shopify.com',
  'm.media-amazon.com',
  'i.ebayimg.com',
  'i.etsystatic.com',
  'res.cloudinary.com',
  'substackcdn.com',
  'a.imgix.net',
  'images.unsplash.com',
  'images.pexels.com',
  'images.ctfassets.net',
  'cdn.sanity.io',
  'cdn.dribbble.com',
  'upload.wikimedia.org',
  'lh3.googleusercontent.com',
  '1.bp.blogspot.com',
  'pbs.twimg.com',
  'i.pinimg.com',
  'i.ytimg.com',
  'miro.medium.com',
  'live.staticflickr.com',
  '64.media.tumblr.com',
  'preview.redd.it',
  'mir-s3-cdn-cf.behance.net',
];
const PIECES = [
  'wp-content',
  'uploads',
  'thumb',
  'a',
  'ab',
  'image',
  'upload',
  'fetch',
  'w_300,c_fill',
  's--abc12345--',
  'v1',
  'media',
  'v1',
  'fill',
  'content',
  'images',
  'size',
  'w600',
  'format',
  'project_modules',
  'max_632',
  'projects',
  'vi',
  'hqdefault.jpg',
  'v2',
  'resize:fit:700',
  '236x',
  's640x960',
  's200',
  '=s200',
  'photo-300x200.jpg',
  'shirt_300x.jpg',
  '71abc._AC_SX300_.jpg',
  's-l300.jpg',
  'il_340x270.1_a.jpg',
  '300px-X.jpg',
  'X.jpg',
  'x_m.jpg',
  '1_abc_m.jpg',
  'tumblr_a_500.jpg',
  'a-v0-b.png',
  'https%3A%2F%2F',
  'https:',
  '%',
  '%E0%A4%A',
  '..',
  '.',
  '',
  '😀',
  'a=b=c',
  ':small',
  '@2x',
  '_x.jpg',
  '\u0000',
  ' ',
];
const QUERIES = [
  '',
  '?w=300',
  '?format=300w',
  '?name=small&format=webp',
  '?imwidth=1',
  '?width=1&height=x',
  '?resize=1%2C2&ssl=1',
  '?=&&=',
  '?%zz',
  '?format=',
  '?width=300',
];

describe('rules never throw', () => {
  it('on 10,000 seeded odd addresses, every rule and the set give valid http(s) guesses or none', () => {
    const random = seeded(26);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    for (let i = 0; i < 10_000; i += 1) {
      const depth = Math.floor(random() * 8);
      const path = Array.from({ length: depth }, () => pick(PIECES)).join('/');
      const input = `${random() < 0.9 ? 'https' : 'http'}://${pick(HOSTS)}/${path}${pick(QUERIES)}`;
      let url: URL;
      try {
        url = new URL(input);
      } catch {
        continue;
      }
      for (const rule of ORIGINAL_RULES) {
        const guesses = rule.matches(url) ? rule.originals(url) : [];
        for (const guess of guesses) expect(() => new URL(guess), `${rule.name} on ${input}`).not.toThrow();
      }
      for (const candidate of originalCandidates(input)) {
        expect(candidate.url).not.toBe(url.href);
        expect(new URL(candidate.url).protocol).toMatch(/^https?:$/);
      }
    }
  });
});
