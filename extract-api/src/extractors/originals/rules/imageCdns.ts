import {
  hasParam,
  IMAGE_EXTENSION,
  type OriginalRule,
  onDomain,
  withoutParams,
  withoutQuery,
  withPath,
} from './rule.ts';

// Image CDNs that resize on request: the size is in the path (Cloudinary, Substack) or the query.

/**
 * One Cloudinary transformation segment: comma-separated `key_value` pairs of its documented keys
 * (`w_300,c_fill,g_auto`, a named `t_thumb`, a variable `$w_300`). A folder named `my_photos`
 * is not one: `my` is no key.
 */
const KEYS =
  'a|ac|af|ar|b|bo|br|c|co|cs|dl|dn|dpr|du|e|eo|f|fl|fn|fps|g|h|if|ki|l|o|p|pg|q|r|so|sp|t|u|vc|vs|w|x|y|z|\\$[a-z]+';
const PAIR = `(?:${KEYS})_[^,/]+`;
const TRANSFORMATION = new RegExp(`^${PAIR}(?:,${PAIR})*$`, 'i');
/** A URL-signature segment, `s--abc123--`: it signs the transformation, so it goes with it. */
const SIGNATURE = /^s--[A-Za-z0-9_-]{8,32}--$/;
const VERSION = /^v\d+$/;

/** The remote address a `fetch/` URL wraps, from its path segments after the transformations. */
function fetchedAddress(rest: string[]): string | undefined {
  const joined = rest.join('/');
  const decoded = /^https?%3A/i.test(joined) ? safeDecode(joined) : joined;
  if (!decoded || !/^https?:\/\/[^/]/i.test(decoded)) return undefined;
  try {
    return new URL(decoded).href;
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * Cloudinary's delivery URLs: `/<cloud>/image/upload/w_300,c_fill/v123/folder/name.jpg` → the
 * upload without its transformation segments; `/image/fetch/w_300/https://…` → the fetched address.
 */
function cloudinaryOriginals(url: URL, kinds: RegExp): string[] {
  const segments = url.pathname.split('/');
  const at = segments.findIndex((segment, i) => i > 0 && kinds.test(segment) && segments[i - 1] === 'image');
  if (at < 0) return [];
  let end = at + 1;
  while (
    end < segments.length - 1 &&
    (SIGNATURE.test(segments[end] as string) || TRANSFORMATION.test(segments[end] as string))
  )
    end += 1;
  const rest = segments.slice(end);
  if (segments[at] === 'fetch') {
    const remote = fetchedAddress(rest);
    return remote ? [remote] : [];
  }
  if (end === at + 1 || rest.length === 0 || VERSION.test(rest.join('/'))) return [];
  return [withPath(url, [...segments.slice(0, at + 1), ...rest].join('/'))];
}

export const cloudinary: OriginalRule = {
  name: 'Cloudinary',
  matches: (url) => onDomain(url.hostname, 'cloudinary.com') || /\/image\/(upload|fetch)\//.test(url.pathname),
  originals: (url) => cloudinaryOriginals(url, /^(upload|fetch|private)$/),
};

/** Substack's images go through its Cloudinary-like `image/fetch/w_424,…/https%3A%2F%2F…`. */
export const substack: OriginalRule = {
  name: 'Substack',
  matches: (url) => onDomain(url.hostname, 'substackcdn.com'),
  originals: (url) => {
    const segments = url.pathname.split('/');
    const at = segments.indexOf('fetch');
    if (at < 0) return [];
    // Substack's segment also carries a `$s_!…!` cache key among its parameters.
    let end = at + 1;
    while (end < segments.length - 1 && !/^https?(%3A|:)/i.test(segments[end] as string)) end += 1;
    const remote = fetchedAddress(segments.slice(end));
    return remote ? [remote] : [];
  },
};

/** imgix renders every parameter; without any it serves the source image. */
export const imgix: OriginalRule = {
  name: 'imgix',
  matches: (url) => onDomain(url.hostname, 'imgix.net'),
  originals: (url) => (url.search ? [withoutQuery(url)] : []),
};

/** Unsplash runs on imgix: its sizing goes, its tracking ids (`ixid`, `ixlib`) may stay. */
const UNSPLASH_SIZING = [
  'w',
  'h',
  'q',
  'fit',
  'crop',
  'cs',
  'fm',
  'auto',
  'dpr',
  'ar',
  'max-w',
  'max-h',
  'min-w',
  'min-h',
  'rect',
];

export const unsplash: OriginalRule = {
  name: 'Unsplash',
  matches: (url) => url.hostname === 'images.unsplash.com' || url.hostname === 'plus.unsplash.com',
  originals: (url) => (hasParam(url, UNSPLASH_SIZING) ? [withoutParams(url, UNSPLASH_SIZING)] : []),
};

/** Pexels: `?auto=compress&cs=tinysrgb&w=600` → the file as uploaded. */
export const pexels: OriginalRule = {
  name: 'Pexels',
  matches: (url) => url.hostname === 'images.pexels.com',
  originals: (url) => (url.search ? [withoutQuery(url)] : []),
};

/** Contentful's Images API: `images.ctfassets.net/…/name.jpg?w=300&h=200&fit=fill&fm=webp`. */
export const contentful: OriginalRule = {
  name: 'Contentful',
  matches: (url) => onDomain(url.hostname, 'ctfassets.net'),
  originals: (url) => (url.search ? [withoutQuery(url)] : []),
};

/**
 * Sanity: `cdn.sanity.io/images/<project>/<dataset>/<id>-3000x2000.jpg?w=300&h=200`. The
 * `-3000x2000` in the name is the original's own size, not a resize: only the query goes.
 */
export const sanity: OriginalRule = {
  name: 'Sanity',
  matches: (url) => url.hostname === 'cdn.sanity.io',
  originals: (url) => (url.search && /^\/images\//.test(url.pathname) ? [withoutQuery(url)] : []),
};

/** Akamai Image and Video Manager's request parameters, on any host that runs it. */
const AKAMAI_PARAMS = ['imwidth', 'imheight', 'impolicy', 'imdensity', 'imformat', 'im'];

export const akamai: OriginalRule = {
  name: 'Akamai Image Manager',
  matches: (url) => hasParam(url, AKAMAI_PARAMS),
  originals: (url) => [withoutParams(url, AKAMAI_PARAMS)],
};

/**
 * Fastly Image Optimizer's parameters, on any host that runs it. `width`/`height` alone are
 * common words, so an image file name must come with them.
 */
const FASTLY_SIZING = [
  'width',
  'height',
  'crop',
  'fit',
  'dpr',
  'resize-filter',
  'precrop',
  'canvas',
  'pad',
  'trim',
  'optimize',
  'quality',
  'auto',
  'format',
];

export const fastly: OriginalRule = {
  name: 'Fastly Image Optimizer',
  matches: (url) =>
    IMAGE_EXTENSION.test(url.pathname) &&
    [url.searchParams.get('width'), url.searchParams.get('height')].some(
      (value) => value !== null && /^\d+(\.\d+)?$/.test(value),
    ),
  originals: (url) => [withoutParams(url, FASTLY_SIZING)],
};

/** Dribbble: `cdn.dribbble.com/userupload/…/file/original-abc.png?resize=400x300&vertical=center`. */
const DRIBBBLE_SIZING = ['resize', 'vertical', 'crop', 'format', 'compress'];

export const dribbble: OriginalRule = {
  name: 'Dribbble',
  matches: (url) => url.hostname === 'cdn.dribbble.com',
  originals: (url) => {
    const found: string[] = [];
    if (hasParam(url, DRIBBBLE_SIZING)) found.push(withoutParams(url, DRIBBBLE_SIZING));
    // Older shots: `shot_teaser.png`, `shot_1x.png` beside `shot_4x.png` and `shot.png`.
    const older = /^(.+?)_(teaser|1x|2x)\.(png|jpe?g|gif|webp)$/i.exec(url.pathname.split('/').pop() ?? '');
    if (older) {
      const base = new URL(withoutQuery(url));
      const dir = base.pathname.replace(/[^/]*$/, '');
      for (const name of [`${older[1]}_4x.${older[3]}`, `${older[1]}.${older[3]}`]) {
        found.push(withPath(base, dir + name));
      }
    }
    return found;
  },
};

export const IMAGE_CDN_RULES: readonly OriginalRule[] = [
  cloudinary,
  substack,
  imgix,
  unsplash,
  pexels,
  contentful,
  sanity,
  akamai,
  fastly,
  dribbble,
];
