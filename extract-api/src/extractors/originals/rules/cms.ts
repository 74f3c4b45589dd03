import {
  edit,
  hasParam,
  lastSegment,
  type OriginalRule,
  onDomain,
  withLastSegment,
  withoutParams,
  withPath,
} from './rule.ts';

// CMSs that resize on upload (WordPress) or on request (Jetpack's Photon, Ghost, Wix, Squarespace).

/**
 * WordPress's sub-size suffix, `-300x200` (with a retina `@2x` from plugins), before the extension.
 * Two digits at least on each side: WordPress's sizes are never smaller, and `logo-2x1.png` is a
 * file's own name.
 */
const WP_SIZE = /^(.+?)-(\d{2,5})x(\d{2,5})(@\dx)?\.(jpe?g|png|gif|webp|avif)$/i;
/** WordPress 5.3+ keeps the upload as it came and serves a copy scaled to 2560 px as `-scaled` (or `-rotated`). */
const WP_SCALED = /^(.+?)-(scaled|rotated)\.(jpe?g|png|gif|webp|avif)$/i;

/** A WordPress upload's file name → the original's names, most likely first. */
function wordpressNames(name: string): string[] {
  const sized = WP_SIZE.exec(name);
  if (sized) {
    const [, stem, , , , ext] = sized as unknown as [string, string, string, string, string, string];
    // The sub-sizes are named from the upload's own name; a big upload's `-scaled` copy is the
    // largest one served when the untouched original is not kept public.
    return [`${stem}.${ext}`, `${stem}-scaled.${ext}`];
  }
  const scaled = WP_SCALED.exec(name);
  if (scaled) return [`${scaled[1]}.${scaled[3]}`];
  return [];
}

const inUploads = (url: URL) => /\/wp-content\/uploads\//i.test(url.pathname);

export const wordpress: OriginalRule = {
  name: 'WordPress',
  matches: (url) => inUploads(url) && !isPhoton(url),
  originals: (url) =>
    wordpressNames(lastSegment(url)).map((name) =>
      edit(new URL(withLastSegment(url, name)), (copy) => {
        copy.search = '';
      }),
    ),
};

/** Photon's sizing and effect parameters; `ssl` says how to reach the origin and stays. */
const PHOTON_PARAMS = [
  'w',
  'h',
  'resize',
  'fit',
  'crop',
  'quality',
  'strip',
  'zoom',
  'lb',
  'ulb',
  'filter',
  'brightness',
  'contrast',
  'colorize',
  'smooth',
];

const isPhoton = (url: URL) => /^i\d\.wp\.com$/i.test(url.hostname);

/** Jetpack's Photon (`i0.wp.com/example.com/wp-content/uploads/…?resize=300,200`) and WordPress.com's files. */
export const jetpack: OriginalRule = {
  name: 'Jetpack Photon',
  matches: (url) => isPhoton(url) || onDomain(url.hostname, 'files.wordpress.com'),
  originals: (url) => {
    const found: string[] = [];
    // The upload behind a WordPress sub-size first, then the file as named without Photon's sizing.
    const names = [...wordpressNames(lastSegment(url)), ...(hasParam(url, PHOTON_PARAMS) ? [lastSegment(url)] : [])];
    for (const name of names) {
      const atCdn = new URL(withoutParams(new URL(withLastSegment(url, name)), PHOTON_PARAMS));
      found.push(atCdn.href);
      if (isPhoton(url)) {
        // The origin, whose address is the path: `/example.com/wp-content/…`, https when `ssl=1`.
        const origin = /^\/([^/]+\.[^/]+)(\/.*)$/.exec(atCdn.pathname);
        if (origin) {
          const scheme = atCdn.searchParams.get('ssl') === '1' ? 'https' : 'http';
          found.push(`${scheme}://${origin[1]}${origin[2]}`);
        }
      }
    }
    return found;
  },
};

/** Ghost's responsive copies: `/content/images/size/w600/(format/webp/)2024/01/photo.jpg`. */
export const ghost: OriginalRule = {
  name: 'Ghost',
  matches: (url) => /\/content\/images\/size\//i.test(url.pathname),
  originals: (url) => {
    const path = url.pathname.replace(
      /\/content\/images\/size\/[wh]\d+(?:h\d+)?\/(?:format\/[a-z0-9]+\/)?/i,
      '/content/images/',
    );
    return path === url.pathname ? [] : [withPath(url, path)];
  },
};

/** Wix: `static.wixstatic.com/media/<id>~mv2.jpg/v1/fill/w_300,h_200,…/name.jpg` → `…/media/<id>~mv2.jpg`. */
export const wix: OriginalRule = {
  name: 'Wix',
  matches: (url) => onDomain(url.hostname, 'wixstatic.com'),
  originals: (url) => {
    const media = /^(\/media\/[^/]+)\/v1\/[a-z_]+\/[^/]+\/[^/]*$/i.exec(url.pathname);
    return media ? [withPath(url, media[1] as string, '')] : [];
  },
};

/** Squarespace: `?format=300w` (100w to 2500w) → `?format=original`. */
export const squarespace: OriginalRule = {
  name: 'Squarespace',
  matches: (url) =>
    onDomain(url.hostname, 'squarespace-cdn.com') ||
    onDomain(url.hostname, 'squarespace.com') ||
    /^\d+w$/i.test(url.searchParams.get('format') ?? ''),
  originals: (url) => {
    const format = url.searchParams.get('format');
    if (format === null || !/^\d+w$/i.test(format)) return [];
    return [edit(url, (copy) => copy.searchParams.set('format', 'original'))];
  },
};

export const CMS_RULES: readonly OriginalRule[] = [wordpress, jetpack, ghost, wix, squarespace];
