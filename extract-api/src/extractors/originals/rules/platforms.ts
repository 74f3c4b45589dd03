import { edit, lastSegment, type OriginalRule, onDomain, withLastSegment, withPath } from './rule.ts';

// Sites that serve their own pictures at fixed sizes: encyclopedias, social networks, video, blogs.

const RASTER_ORIGINAL = /\.(jpe?g|png|gif|webp|avif|tiff?)$/i;

/**
 * MediaWiki's thumbnails, Wikimedia's and any other wiki's:
 * `/wikipedia/commons/thumb/a/ab/Name.jpg/300px-Name.jpg` → `/wikipedia/commons/a/ab/Name.jpg`.
 */
export const wikimedia: OriginalRule = {
  name: 'Wikimedia',
  matches: (url) => /\/thumb\/[0-9a-f]\/[0-9a-f]{2}\/[^/]+\/[^/]+$/i.test(url.pathname),
  originals: (url) => {
    const thumb = /^(.*)\/thumb\/([0-9a-f]\/[0-9a-f]{2}\/([^/]+))\/([^/]+)$/i.exec(url.pathname);
    if (!thumb) return [];
    const [, root, file, name, thumbName] = thumb as unknown as [string, string, string, string, string];
    // `300px-Name.jpg`, `lang-de-300px-Name.svg.png`, `page1-300px-Doc.pdf.jpg`: the size must be there.
    if (!/(?:^|-)\d+px-/.test(thumbName) || !thumbName.includes(name.slice(0, 20))) return [];
    // A drawing's, a document's or a video's thumbnail (`Logo.svg/300px-Logo.svg.png`) has no larger picture behind it.
    if (!RASTER_ORIGINAL.test(name)) return [];
    return [withPath(url, `${root}/${file}`, '')];
  },
};

/** Google's image servers: Photos, Blogger, YouTube avatars, Play. `=s0` asks for the original. */
const GOOGLE_HOST = /(^|\.)(googleusercontent\.com|ggpht\.com|bp\.blogspot\.com)$/i;
/** Size options after `=` or as a path segment: `s200`, `w300-h200-c`, `s1600-rw`, `w1200-h630-p-k-no-nu`. */
const GOOGLE_OPTIONS = /^(?:[swh]\d+|[a-z]+\d*)(?:-[a-z0-9]+)*$/i;
const GOOGLE_SIZED = /(?:^|-)[swh]\d+(?:-|$)/i;

export const google: OriginalRule = {
  name: 'Google',
  matches: (url) => GOOGLE_HOST.test(url.hostname),
  originals: (url) => {
    const path = url.pathname;
    const equals = path.lastIndexOf('=');
    if (equals >= 0 && !path.slice(equals).includes('/')) {
      const options = path.slice(equals + 1);
      if (options === 's0' || !GOOGLE_OPTIONS.test(options) || !GOOGLE_SIZED.test(options)) return [];
      return [withPath(url, `${path.slice(0, equals)}=s0`)];
    }
    // The older path form: `/-abc/XYZ/AAAA/BBB/s200/photo.jpg`, `/img/b/R29v…/s320/photo.jpg`.
    const segments = path.split('/');
    const at = segments.length - 2;
    const options = segments[at];
    if (at < 1 || !options || options === 's0' || !GOOGLE_OPTIONS.test(options) || !GOOGLE_SIZED.test(options))
      return [];
    const at0 = [...segments];
    at0[at] = 's0';
    const at1600 = [...segments];
    at1600[at] = 's1600';
    return [at0, at1600].map((parts) => withPath(url, parts.join('/')));
  },
};

/** Twitter/X: `pbs.twimg.com/media/ABC?format=jpg&name=small` (or `ABC.jpg:small`) → `name=orig`. */
export const twitter: OriginalRule = {
  name: 'Twitter/X',
  matches: (url) => url.hostname === 'pbs.twimg.com',
  originals: (url) => {
    if (/^\/(media|ext_tw_video_thumb|amplify_video_thumb|tweet_video_thumb)\//.test(url.pathname)) {
      const legacy = /^(.+\.(jpe?g|png|webp|gif)):[a-z0-9]+$/i.exec(url.pathname);
      if (legacy) {
        return [withPath(url, `${legacy[1]}`, '?name=orig')];
      }
      if (url.searchParams.get('name') === 'orig') return [];
      const format = url.searchParams.get('format');
      const orig = (fmt: string | null) =>
        edit(url, (copy) => {
          copy.search = '';
          if (fmt) copy.searchParams.set('format', fmt);
          copy.searchParams.set('name', 'orig');
        });
      // An original is a JPEG or a PNG: `format=webp` is a re-encoding.
      if (format === 'webp') return [orig('jpg'), orig('png')];
      return [orig(format)];
    }
    // Avatars: `…/profile_images/123/abc_normal.jpg` (`_bigger`, `_mini`, `_200x200`, `_400x400`).
    const avatar = /^(.+)_(normal|bigger|mini|\d+x\d+)(\.[a-z]+)?$/i.exec(lastSegment(url));
    if (/^\/profile_images\//.test(url.pathname) && avatar) {
      return [withLastSegment(url, `${avatar[1]}${avatar[3] ?? ''}`)];
    }
    return [];
  },
};

/** Pinterest: `i.pinimg.com/236x/ab/cd/ef/abc.jpg` (`474x`, `736x`, `75x75_RS`…) → `/originals/`. */
export const pinterest: OriginalRule = {
  name: 'Pinterest',
  matches: (url) => url.hostname === 'i.pinimg.com',
  originals: (url) => {
    const sized = /^\/(\d+x\d*(?:_[a-z]+)?)\/(.+)\.([a-z]+)$/i.exec(url.pathname);
    if (!sized) return [];
    const [, , rest, ext] = sized as unknown as [string, string, string, string];
    // An original keeps its own format while every size is a JPEG: try the others after.
    const exts = [ext, ...['jpg', 'png', 'gif'].filter((other) => other !== ext.toLowerCase())];
    return exts.map((each) => withPath(url, `/originals/${rest}.${each}`, ''));
  },
};

/** YouTube's thumbnails, largest last: 120×90, 320×180, 480×360, 640×480, 1280×720. */
const YOUTUBE_SIZES = ['default', 'mqdefault', 'hqdefault', 'sddefault', 'maxresdefault'];

export const youtube: OriginalRule = {
  name: 'YouTube',
  matches: (url) => onDomain(url.hostname, 'ytimg.com') || url.hostname === 'img.youtube.com',
  originals: (url) => {
    const thumb = /^\/(vi|vi_webp)\/([^/]+)\/([a-z0-9]+)\.(jpg|webp)$/i.exec(url.pathname);
    if (!thumb) return [];
    const [, dir, id, name, ext] = thumb as unknown as [string, string, string, string, string];
    // `0.jpg` is the 480×360 frame; `hq720` is already 1280×720.
    const rank = name === '0' ? 2 : YOUTUBE_SIZES.indexOf(name);
    if (rank < 0 || rank === YOUTUBE_SIZES.length - 1) return [];
    return YOUTUBE_SIZES.slice(rank + 1)
      .reverse()
      .map((size) => withPath(url, `/${dir}/${id}/${size}.${ext}`, ''));
  },
};

/** Medium: `miro.medium.com/v2/resize:fit:700/1*abc.jpeg` and the older `max/700/1*abc.png`. */
export const medium: OriginalRule = {
  name: 'Medium',
  matches: (url) => url.hostname === 'miro.medium.com' || /^cdn-images-\d\.medium\.com$/.test(url.hostname),
  originals: (url) => {
    const segments = url.pathname.split('/').filter(Boolean);
    const id = segments.at(-1);
    if (!id || segments.length < 2) return [];
    if (segments[0] === 'v2') {
      // `resize:fit:700`, `format:webp`, `da:true`: every option is `key:value…`.
      const options = segments.slice(1, -1);
      if (options.length === 0 || !options.every((option) => /^[a-z]+:/i.test(option))) return [];
      return [withPath(url, `/v2/${id}`)];
    }
    // `max/700/<id>`, `fit/c/700/400/<id>`.
    if (/^(max|fit)$/.test(segments[0] as string)) {
      return [withPath(url, `/v2/${id}`), withPath(url, `/${id}`)];
    }
    return [];
  },
};

/**
 * Flickr's size letters: s q t m n w (none) z c b, all sharing the photo's public secret; h, k, 3k
 * and the original have secrets of their own, so `_b` (1024 px) is the largest an address can be
 * guessed for.
 */
const FLICKR_SIZES = ['s', 'q', 't', 'm', 'n', 'w', '', 'z', 'c', 'b'];

export const flickr: OriginalRule = {
  name: 'Flickr',
  matches: (url) => onDomain(url.hostname, 'staticflickr.com'),
  originals: (url) => {
    const photo = /^(\d+_[0-9a-f]+)(?:_([a-z]))?\.(jpe?g|png|gif)$/i.exec(lastSegment(url));
    if (!photo) return [];
    const rank = FLICKR_SIZES.indexOf(photo[2] ?? '');
    if (rank < 0) return [];
    return ['b', 'c', 'z']
      .filter((size) => FLICKR_SIZES.indexOf(size) > rank)
      .map((size) => withLastSegment(url, `${photo[1]}_${size}.${photo[3]}`));
  },
};

/** Tumblr: `tumblr_abc_500.jpg` → `_1280`; the newer `/s640x960/` path segment → `/s2048x3072/`. */
export const tumblr: OriginalRule = {
  name: 'Tumblr',
  matches: (url) => onDomain(url.hostname, 'media.tumblr.com'),
  originals: (url) => {
    const named = /^(tumblr_[a-z0-9_]+?)_(75sq|100|250|400|500|540|640)\.([a-z]+)$/i.exec(lastSegment(url));
    if (named) return [withLastSegment(url, `${named[1]}_1280.${named[3]}`)];
    const segments = url.pathname.split('/');
    const at = segments.findIndex((segment) => /^s\d+x\d+(?:_[a-z0-9]+)?$/i.test(segment));
    if (at < 0 || segments[at] === 's2048x3072') return [];
    return ['s2048x3072', 's1280x1920'].map((size) =>
      edit(url, (copy) => {
        const parts = [...segments];
        parts[at] = size;
        copy.pathname = parts.join('/');
      }),
    );
  },
};

/** Reddit: `preview.redd.it/<slug>-v0-<id>.jpg?width=640&…` → `i.redd.it/<id>.jpg`. */
export const reddit: OriginalRule = {
  name: 'Reddit',
  matches: (url) => url.hostname === 'preview.redd.it',
  originals: (url) => {
    const file = /^(?:.*-v0-)?([a-z0-9]+)\.(jpe?g|png|gif|webp)$/i.exec(lastSegment(url));
    if (!file) return [];
    return [
      edit(url, (copy) => {
        copy.hostname = 'i.redd.it';
        copy.pathname = `/${file[1]}.${file[2]}`;
        copy.search = '';
      }),
    ];
  },
};

/** Behance: `/project_modules/max_632/abc.jpg` (`disp`, `1400`, `max_1200`…) → `source`, then the largest sizes. */
export const behance: OriginalRule = {
  name: 'Behance',
  matches: (url) => /(^|\.)behance\.net$/i.test(url.hostname),
  originals: (url) => {
    const module = /^\/project_modules\/([a-z0-9_]+)\/(.+)$/i.exec(url.pathname);
    if (module && module[1] !== 'source') {
      return ['source', 'max_3840', 'fs', '1400']
        .filter((size) => size !== module[1])
        .map((size) => withPath(url, `/project_modules/${size}/${module[2]}`, ''));
    }
    const cover = /^\/projects\/([a-z0-9_]+)\/(.+)$/i.exec(url.pathname);
    if (cover && cover[1] !== 'original') {
      return ['original', 'max_808']
        .filter((size) => size !== cover[1])
        .map((size) => withPath(url, `/projects/${size}/${cover[2]}`, ''));
    }
    return [];
  },
};

export const PLATFORM_RULES: readonly OriginalRule[] = [
  wikimedia,
  google,
  twitter,
  pinterest,
  youtube,
  medium,
  flickr,
  tumblr,
  reddit,
  behance,
];
