import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { textContent } from 'domutils';
import { type AttributeName, isSingleUrl, OTHER_IMAGE_ATTRIBUTES, readAttributeName } from './imageAttributes.ts';
import { urlShape } from './imageUrlShape.ts';
import { serializeInlineSvg, svgDataUrl, svgTitle } from './inlineSvg.ts';
import { findJsonLdImages } from './jsonLdImages.ts';
import { LAZY_POSTER_ATTRIBUTES } from './lazyAttributes.ts';
import { type ImageHit, mergeImageHits, type SizeHint } from './mergeImageHits.ts';
import { parseHtml } from './parseHtml.ts';
import { parseSrcset, type SrcsetCandidate } from './parseSrcset.ts';
import { isFontUrl, isPlausibleImageUrl, parseBaseUrl, resolveHttpUrl, resolveImageUrl } from './resolveUrl.ts';
import { scanCss } from './scanCss.ts';
import type { PageScan } from './types.ts';

/** `<link rel>` tokens that name an icon. */
const ICON_RELS: ReadonlySet<string> = new Set([
  'icon',
  'apple-touch-icon',
  'apple-touch-icon-precomposed',
  'apple-touch-startup-image',
  'mask-icon',
  'fluid-icon',
]);
/** Elements whose `width`/`height` attributes declare the image's size. */
const SIZED_ELEMENTS: ReadonlySet<string> = new Set(['img', 'input', 'video', 'svg', 'source', 'embed', 'object']);
/** Elements whose legacy `background` attribute is an image. */
const BACKGROUND_ATTRIBUTE_ELEMENTS: ReadonlySet<string> = new Set([
  'body',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
]);

/** Elements whose lazy `data-src` loads a document, a script or media, never an image. */
const NON_IMAGE_LAZY_ELEMENTS: ReadonlySet<string> = new Set([
  'iframe',
  'frame',
  'script',
  'audio',
  'track',
  'embed',
  'object',
  'link',
  'meta',
]);

/** A sighting before `<base href>` is known: the URL as written. */
interface RawHit extends Omit<ImageHit, 'url'> {
  raw: string;
  /** An inline `<svg>`, serialized once the whole page (its sprite symbols included) has been read. */
  svg?: Element;
}

interface WalkContext {
  noscript: boolean;
  inSvg: boolean;
  /** The group of the `<picture>` being read: its sources and img are one picture. */
  pictureGroup?: number;
  /** The group of an element wrapping one image with other versions of it (a lightbox link, `data-full`). */
  wrapperGroup?: number;
}

type Sighting = { raw: string; foundIn: string; sizeHint?: SizeHint } & Pick<
  SrcsetCandidate,
  'descriptor' | 'width' | 'density'
>;

/** A sighting from an attribute: whether it is the element's picture, and whether the rule (not the lazy list) found it. */
type AttributeSighting = Sighting & { samePicture: boolean; byRule: boolean };

function firstText(...values: (string | undefined)[]): string | undefined {
  for (const value of values) {
    const text = value?.trim();
    if (text) return text;
  }
  return undefined;
}

/** `300`, `300px`, `300.5` → 300 or 301; `50%`, `auto`, `0` → undefined. */
function parseDimension(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  let text = value.trim().toLowerCase();
  if (text.endsWith('px')) text = text.slice(0, -2).trim();
  if (text === '' || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  const n = Math.round(Number(text));
  return n > 0 ? n : undefined;
}

/** The largest `WxH` of an icon's `sizes` attribute (`any` has none). */
function parseIconSizes(value: string | undefined): { width: number; height: number } | undefined {
  let best: { width: number; height: number } | undefined;
  for (const token of (value ?? '').toLowerCase().split(/\s+/)) {
    const [w, h, ...rest] = token.split('x');
    const width = parseDimension(w);
    const height = parseDimension(h);
    if (rest.length === 0 && width && height && (!best || width > best.width)) best = { width, height };
  }
  return best;
}

function isDataUrl(raw: string): boolean {
  return raw.trimStart().slice(0, 5).toLowerCase() === 'data:';
}

function srcsetSightings(
  value: string | undefined,
  foundIn: string,
  out: Sighting[],
  accept: (raw: string) => boolean = () => true,
): void {
  if (value === undefined) return;
  for (const c of parseSrcset(value)) {
    if (!accept(c.url)) continue;
    out.push({ raw: c.url, foundIn, descriptor: c.descriptor, width: c.width, density: c.density });
  }
}

/** Elements that show the image their lazy attributes name. */
function showsImage(el: Element, ctx: WalkContext): boolean {
  return el.name === 'img' || el.name === 'input' || (el.name === 'source' && ctx.pictureGroup !== undefined);
}

/** The `<img>` elements under `el`, outside `<noscript>` fallbacks, counted up to `limit`. */
function countImages(el: Element, limit = 2): number {
  let count = 0;
  const stack: AnyNode[] = [...el.children];
  while (stack.length > 0 && count < limit) {
    const node = stack.pop() as AnyNode;
    if (!isTag(node) || node.name === 'noscript') continue;
    if (node.name === 'img') count += 1;
    else stack.push(...node.children);
  }
  return count;
}

/**
 * Whether a URL read from an attribute is an image (the rule is stated in imageAttributes.ts). The known
 * lazy-load names keep trusting an element that shows images, whatever the URL looks like, since a script
 * swaps them into its `src`.
 */
function acceptsUrl(raw: string, attr: AttributeName, imageElement: boolean): boolean {
  if (!isPlausibleImageUrl(raw)) return false;
  if (attr.known && (imageElement || isDataUrl(raw))) return true;
  if (!attr.known && !isSingleUrl(raw, attr.addressOnly)) return false;
  const shape = urlShape(raw);
  if (shape !== 'unknown') return shape === 'image';
  return attr.role === 'image' || (attr.role === 'version' && imageElement);
}

/**
 * The URLs of one attribute value, as it is written: a srcset list, lazysizes' bgset (srcsets separated by
 * `|`, each with an optional `[media]`), a CSS `url(…)`, or one URL. An unknown attribute whose value has
 * spaces is read only when it is a srcset whose every candidate has a width or density.
 */
function readAttributeValue(value: string, writtenAs: AttributeName['writtenAs']): Omit<Sighting, 'foundIn'>[] {
  const text = value.trim();
  const candidates = (list: SrcsetCandidate[]) =>
    list.map((c) => ({ raw: c.url, descriptor: c.descriptor, width: c.width, density: c.density }));
  if (writtenAs === 'srcset') return candidates(parseSrcset(text));
  if (writtenAs === 'bgset') return text.split('|').flatMap((part) => candidates(parseSrcset(part)));
  if (text.slice(0, 4).toLowerCase() === 'url(') {
    return scanCss(`background-image:${text}`, 'declarationList').images.map((raw) => ({ raw }));
  }
  if (writtenAs === undefined && /\s/.test(text)) {
    const list = parseSrcset(text);
    return list.every((c) => c.width !== undefined || c.density !== undefined) ? candidates(list) : [];
  }
  return [{ raw: text }];
}

/**
 * Sightings from the attributes of one element that may hold an image: every `data-*`, `datasrc`,
 * `longdesc` and `poster`. `lazy` holds what a script swaps into the element (its own src is then a
 * placeholder), `attrs` other versions of its picture and other images. Names on the lazy-load list are
 * reported as `lazy:<name>`, those the rule found as `attr:<name>`. A `<video>`'s (and its sources')
 * attributes name the video, so only those whose name says poster or image count there.
 */
function attributeSightings(
  el: Element,
  ctx: WalkContext,
  imageElement: boolean,
): { lazy: AttributeSighting[]; attrs: AttributeSighting[] } {
  const lazy: AttributeSighting[] = [];
  const attrs: AttributeSighting[] = [];
  if (NON_IMAGE_LAZY_ELEMENTS.has(el.name)) return { lazy, attrs };
  const posterOnly = el.name === 'video' || (el.name === 'source' && ctx.pictureGroup === undefined);
  const attribs = el.attribs;
  for (const name in attribs) {
    if (!name.startsWith('data-') && !OTHER_IMAGE_ATTRIBUTES.has(name)) continue;
    // a <video>'s own poster is read with its other native attributes
    if (name === 'poster' && el.name === 'video') continue;
    const attr = readAttributeName(name);
    if (posterOnly && !(attr.known ? LAZY_POSTER_ATTRIBUTES.has(name) : attr.role === 'image')) continue;
    for (const sighting of readAttributeValue(attribs[name] as string, attr.writtenAs)) {
      if (!acceptsUrl(sighting.raw, attr, imageElement)) continue;
      (attr.swap ? lazy : attrs).push({
        ...sighting,
        foundIn: `${attr.known ? 'lazy' : 'attr'}:${name}`,
        sizeHint: attr.sizeHint,
        samePicture: imageElement || attr.samePicture,
        byRule: !attr.known,
      });
    }
  }
  return { lazy, attrs };
}

/** Reads one page. State lives here for the length of one `findPageImages` call. */
class PageReader {
  readonly hits: RawHit[] = [];
  readonly stylesheets: string[] = [];
  readonly links: string[] = [];
  readonly frames: string[] = [];
  readonly ids = new Map<string, Element>();
  baseHref: string | undefined;
  private groups = 0;
  /** The og:image being described by the og:image:* tags that follow it. */
  private openGraph: { group: number; hits: RawHit[] } | undefined;

  private newGroup(): number {
    this.groups += 1;
    return this.groups;
  }

  private push(hit: RawHit, ctx: WalkContext): RawHit {
    if (ctx.noscript) hit.foundIn = [...hit.foundIn, 'noscript'];
    this.hits.push(hit);
    return hit;
  }

  read(roots: AnyNode[]): void {
    const stack: [AnyNode, WalkContext][] = [];
    const pushChildren = (nodes: AnyNode[], ctx: WalkContext) => {
      for (let i = nodes.length - 1; i >= 0; i--) stack.push([nodes[i] as AnyNode, ctx]);
    };
    pushChildren(roots, { noscript: false, inSvg: false });
    while (stack.length > 0) {
      const [node, ctx] = stack.pop() as [AnyNode, WalkContext];
      if (isTag(node)) {
        const childCtx = this.readElement(node, ctx);
        if (childCtx) pushChildren(node.children, childCtx);
      } else if (isText(node) && ctx.noscript && node.parent && isTag(node.parent) && node.parent.name === 'noscript') {
        // A parser that keeps <noscript> as raw text leaves its fallback markup here: read it as HTML.
        if (node.data.includes('<')) pushChildren(parseHtml(node.data).children, ctx);
      }
    }
  }

  /** Records what one element yields; returns the context for its children, or undefined to skip them. */
  private readElement(el: Element, ctx: WalkContext): WalkContext | undefined {
    const a = el.attribs;
    const name = el.name;
    if (a.id && !this.ids.has(a.id)) this.ids.set(a.id, el);

    switch (name) {
      case 'base':
        if (a.href !== undefined && this.baseHref === undefined) this.baseHref = a.href;
        return undefined;
      case 'a':
      case 'area':
        if (a.href !== undefined) this.links.push(a.href);
        break;
      case 'frame':
      case 'iframe':
        // A frame's document is part of the page (a frameset has no body of its own); the caller
        // decides which to read (same site) and which only to list.
        if (a.src !== undefined && a.src.trim() !== '' && !/^\s*about:/i.test(a.src)) this.frames.push(a.src);
        break;
      case 'meta':
        this.readMeta(a, ctx);
        return undefined;
      case 'link':
        this.readLink(a, ctx);
        return undefined;
      case 'script':
        if (a.type?.trim().toLowerCase() === 'application/ld+json') {
          for (const image of findJsonLdImages(textContent(el))) {
            this.push({ raw: image.url, foundIn: ['json-ld'], alt: image.alt }, ctx);
          }
        }
        return undefined;
      case 'style': {
        const css = scanCss(textContent(el), 'stylesheet');
        for (const raw of css.images) this.push({ raw, foundIn: ['css'] }, ctx);
        this.stylesheets.push(...css.imports);
        return undefined;
      }
      case 'svg':
        if (!ctx.inSvg) {
          this.push(
            {
              raw: '',
              svg: el,
              foundIn: ['inline-svg'],
              alt: svgTitle(el),
              declaredWidth: parseDimension(a.width),
              declaredHeight: parseDimension(a.height),
            },
            ctx,
          );
        }
        break;
      default:
        break;
    }

    const wrapperGroup = this.readImageSources(el, ctx);
    const inner = wrapperGroup === undefined ? ctx : { ...ctx, wrapperGroup };

    if (name === 'picture') return { ...inner, pictureGroup: inner.wrapperGroup ?? this.newGroup() };
    if (name === 'noscript') return { ...inner, noscript: true };
    if (name === 'svg') return { ...inner, inSvg: true };
    return inner;
  }

  /**
   * src, srcset, image attributes and inline style of one element, with the placeholder rule. Returns the
   * group of the one image it wraps, when its attributes are other versions of that image.
   */
  private readImageSources(el: Element, ctx: WalkContext): number | undefined {
    const a = el.attribs;
    const name = el.name;
    const native: Sighting[] = [];
    const imageElement = showsImage(el, ctx);
    const { lazy, attrs } = attributeSightings(el, ctx, imageElement);
    switch (name) {
      case 'a':
        // a lightbox: a link around an image that points at a larger copy of it (most links hold
        // none, and looking is cheaper than reading the URL)
        if (
          a.href !== undefined &&
          countImages(el, 1) > 0 &&
          isSingleUrl(a.href, true) &&
          urlShape(a.href) === 'image'
        ) {
          attrs.push({ raw: a.href, foundIn: 'attr:href', sizeHint: 'larger', samePicture: true, byRule: true });
        }
        break;
      case 'img':
        if (a.src !== undefined) native.push({ raw: a.src, foundIn: 'img' });
        srcsetSightings(a.srcset, 'srcset', native);
        break;
      case 'source':
        if (ctx.pictureGroup !== undefined) srcsetSightings(a.srcset, 'picture', native);
        break;
      case 'input':
        if (a.type?.trim().toLowerCase() === 'image' && a.src !== undefined) {
          native.push({ raw: a.src, foundIn: 'input-image' });
        }
        break;
      case 'video':
        if (a.poster !== undefined) native.push({ raw: a.poster, foundIn: 'poster' });
        break;
      case 'image':
      case 'feimage': {
        const href = a.href ?? a['xlink:href'] ?? (name === 'image' ? a.src : undefined);
        if (href !== undefined) native.push({ raw: href, foundIn: 'svg-image' });
        break;
      }
      case 'object':
      case 'embed': {
        const target = name === 'object' ? a.data : a.src;
        if (target !== undefined && a.type?.trim().toLowerCase().startsWith('image/')) {
          native.push({ raw: target, foundIn: 'object' });
        }
        break;
      }
      default:
        if (a.background !== undefined && BACKGROUND_ATTRIBUTE_ELEMENTS.has(name)) {
          native.push({ raw: a.background, foundIn: 'background-attr' });
        }
    }
    const css: Sighting[] = [];
    if (a.style !== undefined) {
      for (const raw of scanCss(a.style, 'declarationList').images) css.push({ raw, foundIn: 'css' });
    }
    if (native.length + lazy.length + attrs.length + css.length === 0) return undefined;

    const alt = firstText(a.alt, a['data-alt'], a['aria-label']);
    const sized = SIZED_ELEMENTS.has(name);
    const declaredWidth = sized ? parseDimension(a.width) : undefined;
    const declaredHeight = sized ? parseDimension(a.height) : undefined;
    const joined = attrs.filter((s) => s.samePicture);
    const hasLazy = lazy.length > 0;
    const hasRealUrl = hasLazy || joined.length > 0 || native.some((s) => !isDataUrl(s.raw));
    const record = (s: Sighting, group: number | undefined) =>
      this.push(
        {
          raw: s.raw,
          foundIn: [s.foundIn],
          alt,
          descriptor: s.descriptor,
          width: s.width,
          density: s.density,
          declaredWidth,
          declaredHeight,
          sizeHint: s.sizeHint,
          group,
        },
        ctx,
      );

    // Beside a real URL (a lazy attribute, a srcset), the element's own data: src/srcset/background is a
    // placeholder (a 1x1 GIF, a blurred preview): dropped. A non-data src beside a lazy attribute stays,
    // but as a picture of its own. The element's picture is its lazy URLs, or else its native ones when it
    // shows images; other versions named by its attributes join it, and so does the one image it wraps.
    const nativeKept = hasRealUrl ? native.filter((s) => !isDataUrl(s.raw)) : native;
    const own = hasLazy ? lazy : imageElement ? nativeKept : [];
    const others = own === nativeKept ? [] : nativeKept;
    // the known lazy names keep their element to themselves: a lazy background around a logo is two pictures
    const wraps = !imageElement && [...lazy, ...joined].some((s) => s.byRule && s.samePicture);
    const wrapperGroup = wraps && countImages(el) === 1 ? (ctx.wrapperGroup ?? this.newGroup()) : undefined;
    const ownGroup =
      ctx.pictureGroup ??
      (imageElement ? ctx.wrapperGroup : wrapperGroup) ??
      (own.length + joined.length > 1 ? this.newGroup() : undefined);
    const othersGroup = others.length > 1 ? this.newGroup() : undefined;
    for (const s of others) record(s, othersGroup);
    for (const s of own) record(s, ownGroup);
    for (const s of attrs) record(s, s.samePicture ? ownGroup : undefined);
    for (const s of css) if (!(hasRealUrl && isDataUrl(s.raw))) record(s, undefined);
    return wrapperGroup;
  }

  private readMeta(a: Record<string, string>, ctx: WalkContext): void {
    const content = a.content;
    if (content === undefined) return;
    if (a.itemprop?.toLowerCase().split(/\s+/).includes('image'))
      this.push({ raw: content, foundIn: ['itemprop'] }, ctx);
    const key = (a.property ?? a.name ?? '').trim().toLowerCase();
    switch (key) {
      case 'og:image': {
        this.openGraph = { group: this.newGroup(), hits: [] };
        this.openGraph.hits.push(this.push({ raw: content, foundIn: ['og:image'], group: this.openGraph.group }, ctx));
        return;
      }
      case 'og:image:url':
      case 'og:image:secure_url': {
        this.openGraph ??= { group: this.newGroup(), hits: [] };
        this.openGraph.hits.push(this.push({ raw: content, foundIn: ['og:image'], group: this.openGraph.group }, ctx));
        return;
      }
      case 'og:image:width':
      case 'og:image:height': {
        const size = parseDimension(content);
        for (const hit of this.openGraph?.hits ?? []) {
          if (key === 'og:image:width') hit.declaredWidth ??= size;
          else hit.declaredHeight ??= size;
        }
        return;
      }
      case 'og:image:alt':
        for (const hit of this.openGraph?.hits ?? []) hit.alt ??= firstText(content);
        return;
      case 'twitter:image':
      case 'twitter:image:src':
        this.push({ raw: content, foundIn: ['twitter:image'] }, ctx);
        return;
      default:
        if (key === 'msapplication-tileimage' || (key.startsWith('msapplication-') && key.endsWith('logo'))) {
          this.push({ raw: content, foundIn: ['icon'] }, ctx);
        }
    }
  }

  private readLink(a: Record<string, string>, ctx: WalkContext): void {
    const rels = (a.rel ?? '').toLowerCase().split(/\s+/);
    const href = a.href;
    if (href !== undefined && rels.includes('stylesheet')) this.stylesheets.push(href);
    if (href !== undefined && rels.some((rel) => ICON_RELS.has(rel))) {
      const size = parseIconSizes(a.sizes);
      this.push({ raw: href, foundIn: ['icon'], declaredWidth: size?.width, declaredHeight: size?.height }, ctx);
    }
    if (href !== undefined && rels.includes('image_src')) this.push({ raw: href, foundIn: ['image_src'] }, ctx);
    if (href !== undefined && a.itemprop?.toLowerCase().split(/\s+/).includes('image')) {
      this.push({ raw: href, foundIn: ['itemprop'] }, ctx);
    }
    if ((rels.includes('preload') || rels.includes('prefetch')) && a.as?.trim().toLowerCase() === 'image') {
      const group = this.newGroup();
      if (href !== undefined) this.push({ raw: href, foundIn: ['preload'], group }, ctx);
      for (const c of parseSrcset(a.imagesrcset ?? '')) {
        this.push(
          { raw: c.url, foundIn: ['preload'], descriptor: c.descriptor, width: c.width, density: c.density, group },
          ctx,
        );
      }
    }
  }
}

function unique(values: Iterable<string | undefined>): string[] {
  const out = new Set<string>();
  for (const value of values) if (value !== undefined) out.add(value);
  return [...out];
}

/**
 * Every image one HTML page names, read with a real HTML parser (htmlparser2) and, for CSS, a real CSS
 * parser (css-tree): img src and srcset, `<picture>` sources, lazy-load attributes, `<noscript>` fallbacks,
 * inline and `<style>` backgrounds, `input type=image`, og:image, twitter:image, icons, image_src, video
 * posters, SVG `<image>`, inline `<svg>`, data: URIs and JSON-LD. URLs are resolved against `<base href>`
 * (itself resolved against `pageUrl`); duplicates and sizes of one picture are merged (see `mergeImageHits`).
 * Pure and network-free; bad markup or URLs are skipped, never thrown.
 */
export function findPageImages(html: string, pageUrl: string): PageScan {
  const document = parseHtml(html);
  const reader = new PageReader();
  reader.read(document.children);

  const pageBase = parseBaseUrl(pageUrl);
  const declaredBase = parseBaseUrl(reader.baseHref, pageBase);
  const base =
    declaredBase && (declaredBase.protocol === 'http:' || declaredBase.protocol === 'https:') ? declaredBase : pageBase;

  const hits: ImageHit[] = [];
  for (const { raw, svg, ...hit } of reader.hits) {
    if (svg) {
      const markup = serializeInlineSvg(svg, (id) => reader.ids.get(id));
      hits.push({ ...hit, url: svgDataUrl(markup), inlineSvg: markup });
      continue;
    }
    const url = resolveImageUrl(raw, base);
    if (url !== undefined && !isFontUrl(url)) hits.push({ ...hit, url });
  }

  return {
    images: mergeImageHits(hits),
    stylesheets: unique(reader.stylesheets.map((href) => resolveHttpUrl(href, base))),
    links: unique(reader.links.map((href) => resolveHttpUrl(href, base))),
    frames: unique(reader.frames.map((src) => resolveHttpUrl(src, base))),
  };
}
