import { LAZY_IMAGE_ATTRIBUTES } from './lazyAttributes.ts';
import type { SizeHint } from './mergeImageHits.ts';

/**
 * Which attributes may hold an image's address, decided from the attribute's name and value rather than
 * a list of names, since every theme and gallery script invents its own (`data-item-thumb`,
 * `data-source-standard`, `data-medium-file`…). The rule, for a value that is one URL:
 * - its own shape decides first (see `urlShape`): an image file or a known image host is a candidate
 *   whatever the attribute is called; a page, script, style, media or font file never is;
 * - a URL whose shape says nothing (`/api/pic/123`, `https://lh3.example/AbC`) is a candidate when the
 *   attribute's name says image (`data-hero-image`, `data-poster`), or when the name only says "a version"
 *   (`data-src`, `data-full`) and the element itself shows images (`<img>`, a `<picture>`'s `<source>`).
 * A value that is not a single URL (JSON, prose, a class name, a number, a bare file name without a
 * `/`) is not read, except srcset lists in attributes named `*srcset*` or written as a srcset.
 */

/** Attributes read besides `data-*`: old data binding, a long description, a poster on a custom element. */
export const OTHER_IMAGE_ATTRIBUTES: ReadonlySet<string> = new Set(['datasrc', 'longdesc', 'poster']);

/** Words that, in an attribute's name, say its value is an image. */
const IMAGE_WORDS = [
  'img',
  'image',
  'photo',
  'picture',
  'thumb',
  'poster',
  'bg',
  'background',
  'zoom',
  'hires',
  'hi-res',
  'high-res',
  'highres',
  'retina',
];

/** Words that say the value is the picture at another size than the one shown (`data-large-file`, `data-thumb`). */
const SIZE_WORDS = [
  'full',
  'orig',
  'large',
  'big',
  'medium',
  'small',
  'thumb',
  'zoom',
  'hires',
  'hi-res',
  'high-res',
  'highres',
  'retina',
  '2x',
  'hd',
];

/** Words that say the value is the picture a script puts in place of the element's `src` (`data-src`). */
const SWAP_WORDS = ['src', 'source', 'lazy'];

/**
 * Words that say the value is one version of the element's picture (`data-src`, `data-large-file`,
 * `data-orig-file`): an image when the element shows one, and grouped with that picture.
 */
const VERSION_WORDS = [...SIZE_WORDS, ...SWAP_WORDS, 'file', 'media'];

/** Words that say the value is not an image even beside an image word (`data-video-src`, `data-image-link`). */
const NOT_IMAGE_WORDS = [
  'video',
  'audio',
  'mp4',
  'webm',
  'm3u8',
  'iframe',
  'embed',
  'script',
  'font',
  'css',
  'html',
  'href',
  'link',
  'page',
  'author',
  'photographer',
];

/** Words that say the value is a larger version than the picture the element shows, or a smaller one. */
const LARGER_WORDS = ['full', 'orig', 'zoom', 'hires', 'hi-res', 'high-res', 'highres', 'retina'];

const SMALLER_WORDS = ['thumb', 'small', 'medium', 'mini', 'tiny'];

/** Words that hold a listed word but mean something else (`data-origin` is no original), hidden before matching. */
const MASKED_WORDS = /origin(?!al)/g;

/** jQuery lazyload's names: `original` there is the image itself, not a larger one. */
const LAZY_ORIGINAL = /^data-original(-src|-srcset)?$/;

export interface AttributeName {
  /** `image`: the name says image; `version`: only that it is a version of a picture; `other`: neither. */
  role: 'image' | 'version' | 'other';
  /** The value is the same picture as the element's (or the one image it wraps), at another size. */
  samePicture: boolean;
  /**
   * The value is what a script swaps into the element (`data-src`, `data-lazy`, `data-bg`), so the
   * element's own `src` is a placeholder until then; other versions (`data-zoom-image`) sit beside a real `src`.
   */
  swap: boolean;
  /**
   * The value is a larger version than the one shown (so it outranks sizes the markup states), or a
   * smaller one (so it never does); the word written last says which.
   */
  sizeHint: SizeHint | undefined;
  /** How the value is written: the known lazy-load names say it, others go by their name and value. */
  writtenAs: 'url' | 'srcset' | 'bgset' | undefined;
  /** On the known lazy-load list (named `lazy:<name>` in `foundIn`), not found by the rule (`attr:<name>`). */
  known: boolean;
  /** Not a `data-*`: an attribute whose value is always an address, so a bare `photo.jpg` is one. */
  addressOnly: boolean;
}

function lastIndex(name: string, words: readonly string[]): number {
  let last = -1;
  for (const word of words) last = Math.max(last, name.lastIndexOf(word));
  return last;
}

function sizeHint(bare: string, name: string): SizeHint | undefined {
  const larger = LAZY_ORIGINAL.test(name) ? -1 : lastIndex(bare, LARGER_WORDS);
  const smaller = lastIndex(bare, SMALLER_WORDS);
  if (larger < 0 && smaller < 0) return undefined;
  return larger > smaller ? 'larger' : 'smaller';
}

/** What an attribute's name says (lower case, as the parser gives it). */
export function readAttributeName(name: string): AttributeName {
  const bare = (name.startsWith('data-') ? name.slice(5) : name).replace(MASKED_WORDS, (word) =>
    '_'.repeat(word.length),
  );
  const image = lastIndex(bare, IMAGE_WORDS);
  const notImage = lastIndex(bare, NOT_IMAGE_WORDS);
  const version = lastIndex(bare, VERSION_WORDS);
  // the word written last wins: `data-video-poster` is an image, `data-bg-video` and `data-video-src` are not
  const role = image > notImage ? 'image' : notImage < 0 && version >= 0 ? 'version' : 'other';
  const known = Object.hasOwn(LAZY_IMAGE_ATTRIBUTES, name);
  const sized = lastIndex(bare, SIZE_WORDS) >= 0 && !LAZY_ORIGINAL.test(name);
  return {
    role,
    samePicture: notImage < 0 && (version >= 0 || name === 'longdesc'),
    swap: !sized && (known || (notImage < 0 && lastIndex(bare, SWAP_WORDS) >= 0)),
    sizeHint: sizeHint(bare, name),
    writtenAs: known
      ? LAZY_IMAGE_ATTRIBUTES[name]
      : bare.includes('bgset')
        ? 'bgset'
        : bare.includes('srcset')
          ? 'srcset'
          : undefined,
    known,
    addressOnly: !name.startsWith('data-'),
  };
}

/**
 * Whether an attribute value is written as one address: no spaces, quotes, braces or angle brackets
 * (JSON, markup, prose), and absolute (`https://`, `//`) or a path with a `/`: a bare `photo.jpg` in a
 * `data-image-title` is a name, not an address. In an attribute that only ever holds an address
 * (`href`, `longdesc`) it is one.
 */
export function isSingleUrl(value: string, addressOnly = false): boolean {
  const text = value.trim();
  if (text === '' || /[\s"'`{}[\]<>]/.test(text)) return false;
  return addressOnly || text.includes('/');
}
