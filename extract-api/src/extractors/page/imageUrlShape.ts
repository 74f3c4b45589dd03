import { looksLikeImageFile } from './resolveUrl.ts';

/**
 * Image hosts whose URLs often have no file extension (`lh3.googleusercontent.com/AbC=s200`,
 * `pbs.twimg.com/media/X?format=jpg`, `miro.medium.com/v2/resize:fit:700/0*x`). Written `host/path-prefix`:
 * the host matches itself and its subdomains, `*` in the prefix matches one path segment. Only hosts that
 * serve nothing but images under that prefix belong here, since a match alone makes a URL an image.
 */
export const IMAGE_URL_SHAPES: readonly string[] = [
  'googleusercontent.com/',
  'ggpht.com/',
  'pbs.twimg.com/media/',
  'pbs.twimg.com/profile_images/',
  'images.unsplash.com/',
  'images.pexels.com/photos/',
  'miro.medium.com/',
  'cdn-images-1.medium.com/',
  'substackcdn.com/image/',
  'images.ctfassets.net/',
  'cdn.sanity.io/images/',
  'images.squarespace-cdn.com/',
  'res.cloudinary.com/*/image/',
  'imgix.net/',
  'i.ytimg.com/vi/',
  'img.youtube.com/vi/',
  'i.imgur.com/',
  'upload.wikimedia.org/',
  'i.pinimg.com/',
  'm.media-amazon.com/images/',
  'i.ebayimg.com/',
  'staticflickr.com/',
  'media.tumblr.com/',
  'i.redd.it/',
  'preview.redd.it/',
  'i.etsystatic.com/',
  'static.wixstatic.com/media/',
  'i0.wp.com/',
  'i1.wp.com/',
  'i2.wp.com/',
  'i3.wp.com/',
  'mir-s3-cdn-cf.behance.net/',
  'cdn.dribbble.com/',
  'i.kinja-img.com/',
  'byteimg.com/',
];

/**
 * Extensions of files that are never images: pages, scripts, styles, data, media, fonts, archives.
 * A URL ending in one is a document or a video even when its attribute's name says image.
 */
const NON_IMAGE_EXTENSIONS: readonly string[] = [
  '.html',
  '.htm',
  '.xhtml',
  '.shtml',
  '.php',
  '.asp',
  '.aspx',
  '.jsp',
  '.cfm',
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.json',
  '.xml',
  '.rss',
  '.txt',
  '.pdf',
  '.zip',
  '.gz',
  '.mp4',
  '.m4v',
  '.mov',
  '.webm',
  '.ogv',
  '.ogg',
  '.mkv',
  '.avi',
  '.m3u8',
  '.mpd',
  '.mp3',
  '.m4a',
  '.aac',
  '.wav',
  '.flac',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
  '.swf',
  '.wasm',
  '.vtt',
];

/** `?format=jpg`, `&fm=webp`: an image service's output format named in the query. */
const IMAGE_FORMAT_QUERY = /[?&](?:format|fm|ext)=(?:jpe?g|png|gif|webp|avif|jxl)(?:&|$)/i;

/**
 * A wiki's page about a file (MediaWiki `/wiki/File:Foo.jpg`, `/wiki/Datei:…`) ends in an image
 * extension but is an HTML page: its last segment starts with a namespace and a colon.
 */
const NAMESPACED_PAGE = /\/[^/.:]+:[^/]*$/;

export type UrlShape = 'image' | 'not-image' | 'unknown';

function matchesShape(url: URL, shape: string): boolean {
  const slash = shape.indexOf('/');
  const host = shape.slice(0, slash);
  if (url.hostname !== host && !url.hostname.endsWith(`.${host}`)) return false;
  const want = shape.slice(slash + 1).split('/');
  const have = url.pathname.split('/').slice(1);
  // the prefix's last piece is '' (it ends with '/'): every segment before it must match
  return want.slice(0, -1).every((segment, i) => have[i] !== undefined && (segment === '*' || segment === have[i]));
}

/**
 * What a URL's own shape says it is. `image`: its path ends in an image extension, it is on a known image
 * host, or its query names an image format. `not-image`: it ends in a page, script, style, data, media or
 * font extension, or it is a directory or a wiki page (its path ends in `/` or is a `File:` page).
 * `unknown`: only the attribute that holds it can tell. Relative URLs are read against a placeholder host.
 */
export function urlShape(raw: string): UrlShape {
  let url: URL;
  try {
    url = new URL(raw.trim(), 'https://base.invalid/');
  } catch {
    return 'not-image';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not-image';
  const path = url.pathname.toLowerCase();
  if (NAMESPACED_PAGE.test(url.pathname)) return 'not-image';
  if (looksLikeImageFile(raw)) return 'image';
  if (path.endsWith('/') || NON_IMAGE_EXTENSIONS.some((ext) => path.endsWith(ext))) return 'not-image';
  if (IMAGE_URL_SHAPES.some((shape) => matchesShape(url, shape))) return 'image';
  if (IMAGE_FORMAT_QUERY.test(url.search)) return 'image';
  return 'unknown';
}
