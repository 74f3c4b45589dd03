import { type AnyNode, type Element, isTag, isText, type Text } from 'domhandler';
import type { ImageUse } from 'shared-contracts';
import { LAZY_IMAGE_ATTRIBUTES } from '../extractors/page/lazyAttributes.ts';
import { parseHtml } from '../extractors/page/parseHtml.ts';
import { parseSrcset, type SrcsetCandidate } from '../extractors/page/parseSrcset.ts';
import { isPlausibleImageUrl, parseBaseUrl, resolveImageUrl } from '../extractors/page/resolveUrl.ts';
import { scanCss } from '../extractors/page/scanCss.ts';
import { READ_IMAGE_USES_DEFAULTS } from './defaults.ts';

export { READ_IMAGE_USES_DEFAULTS };

export interface ReadImageUsesOptions {
  maxUsesPerPage?: number;
  /**
   * In render mode, the attribute the rendered page marked each `<img>` and `<input type=image>`
   * with: `fold` or `below`, then `lcp` for the largest contentful paint's element, then the
   * rendered width and height in CSS px (`"fold lcp 800 450"`). Those elements then take their
   * first screen and display size from layout; the mark is left out of the reported start tag.
   */
  layoutAttribute?: string;
}

interface Layout {
  fold: boolean;
  lcp: boolean;
  width?: number;
  height?: number;
}

/** A layout mark, or undefined when it is not one (a page may write any attribute itself). */
function readLayout(value: string | undefined): Layout | undefined {
  const tokens = value?.trim().split(/\s+/);
  if (!tokens || (tokens[0] !== 'fold' && tokens[0] !== 'below')) return undefined;
  const layout: Layout = { fold: tokens[0] === 'fold', lcp: tokens[1] === 'lcp' };
  const numbers = tokens.slice(layout.lcp ? 2 : 1).map(Number);
  if (numbers.length === 2 && numbers.every((n) => Number.isInteger(n) && n > 0)) {
    layout.width = numbers[0] as number;
    layout.height = numbers[1] as number;
  }
  return layout;
}

/** Start tags longer than this are cut (with an ellipsis): enough to recognise the element. */
const HTML_MAX_CHARS = 300;
/**
 * Alt text kept from a page: ten times what a screen reader should read out, enough for every
 * check (one longer is too long however long it is), and a hostile page cannot make it more.
 */
export const ALT_MAX_CHARS = 1_000;
/** `sizes` is kept as written up to the schema's bound. */
const SIZES_MAX_CHARS = 400;
/** Ancestors looked at for an id to anchor a selector on, and steps of a selector path. */
const SELECTOR_STEPS = 4;

/**
 * The lazy-loading attributes that hold an `<img>`'s real address when a script sets `src` later,
 * in the order they are trusted. The others of LAZY_IMAGE_ATTRIBUTES name zoom, retina or
 * background versions, which are not what the element shows.
 */
export const LAZY_SRC = [
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-original-src',
  'data-lazy',
  'data-lazyload',
  'data-lazy-load',
  'data-echo',
  'data-cfsrc',
  'data-pagespeed-lazy-src',
  'data-flickity-lazyload',
  'data-splide-lazy',
].filter((name) => LAZY_IMAGE_ATTRIBUTES[name] === 'url');
export const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset', 'data-original-srcset'].filter(
  (name) => LAZY_IMAGE_ATTRIBUTES[name] === 'srcset',
);

/**
 * Subtrees a visitor never sees as images: fallback markup for no script, inert templates. Not
 * `<head>`: an image written there is moved into the body by a browser's parser, and shown.
 */
const SKIPPED_SUBTREES: ReadonlySet<string> = new Set(['noscript', 'template', 'script', 'style']);
/** Regions outside a page's main content: their images do not take the first screen's places. */
const CHROME_REGIONS: ReadonlySet<string> = new Set(['nav', 'footer', 'aside', 'header']);

type Declarations = Map<string, string>;

/** An inline style's declarations, lower-cased names, the last one of a name winning, as in CSS. */
function readStyle(style: string | undefined): Declarations {
  const out: Declarations = new Map();
  if (!style) return out;
  let depth = 0;
  let quote = '';
  let start = 0;
  const take = (end: number) => {
    const declaration = style.slice(start, end);
    const colon = declaration.indexOf(':');
    if (colon > 0) {
      const name = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration
        .slice(colon + 1)
        .replace(/!important\s*$/i, '')
        .trim();
      if (name && value) out.set(name, value);
    }
    start = end + 1;
  };
  for (let i = 0; i < style.length; i++) {
    const c = style[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) take(i);
  }
  take(style.length);
  return out;
}

/** A length in CSS px (`300`, `300px`), rounded; undefined for %, em, auto and the rest. */
function pxLength(value: string | undefined, unitless: boolean): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value);
  if (!match || (!unitless && !match[2] && Number(match[1]) !== 0)) return undefined;
  const px = Math.round(Number(match[1]));
  return px > 0 ? px : undefined;
}

/**
 * A value a browser takes for an inline `width` or `height` (a length with its unit, a percentage,
 * 0, a function, a keyword): one it drops (`300` with no unit, `foo`) sizes nothing. Standards mode:
 * a quirks-mode page would take a number with no unit too.
 */
const CSS_SIZE =
  /^(?:\+?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:px|%|r?em|ex|r?ch|r?lh|cap|ic|[sld]?v(?:w|h|i|b|min|max)|cq(?:w|h|i|b|min|max)|cm|mm|q|in|pt|pc)|0|(?:calc|min|max|clamp|var|env|attr|fit-content)\(.*\)|auto|fit-content|min-content|max-content|stretch|-webkit-fill-available|-moz-available|inherit|initial|unset|revert|revert-layer)$/i;
/** A value a browser takes for `aspect-ratio`: a ratio (`16/9`, `1.5`), with `auto` or not, a function, a keyword. */
const CSS_ASPECT_RATIO =
  /^(?:(?:auto\s+)?(?:\d+\.?\d*|\.\d+)(?:\s*\/\s*(?:\d+\.?\d*|\.\d+))?(?:\s+auto)?|(?:calc|var|env|attr)\(.*\)|auto|inherit|initial|unset|revert|revert-layer)$/i;
/** The inline size value, as a browser keeps it, when it is not `auto`. */
const setSize = (value: string | undefined, valid: RegExp) =>
  value !== undefined && valid.test(value) && value.toLowerCase() !== 'auto';

/** An HTML `width`/`height` attribute as px: a number, or a number followed by px as browsers read it. */
const attributePx = (value: string | undefined) => pxLength(value, true);

/**
 * The width `sizes` gives at the widest viewport, in px: the first entry whose media condition holds
 * at a very wide screen (only `min-width`/`max-width` in px are understood; anything else is taken
 * as not holding), as the browser picks the first that matches. Undefined when that entry is not in
 * px (`100vw`, `calc(…)`, `auto`).
 */
export function widthFromSizes(sizes: string | undefined): number | undefined {
  if (!sizes) return undefined;
  const WIDE = 100_000;
  for (const entry of splitTopLevel(sizes, ',')) {
    const text = entry.trim();
    if (!text) continue;
    let condition = '';
    let length = text;
    if (text.startsWith('(') || /^(not|only|screen|all)\b/i.test(text)) {
      const close = text.lastIndexOf(')');
      if (close === -1) return undefined;
      condition = text.slice(0, close + 1);
      length = text.slice(close + 1).trim();
    }
    if (condition && !conditionHoldsAt(condition, WIDE)) continue;
    return pxLength(length, false);
  }
  return undefined;
}

function conditionHoldsAt(condition: string, width: number): boolean {
  const parts = condition.toLowerCase().split(/\band\b/);
  for (const part of parts) {
    const feature = /\(\s*(min|max)-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)/.exec(part);
    if (!feature) {
      if (/^\s*(screen|all|only screen)\s*$/.test(part)) continue;
      return false;
    }
    const limit = Number(feature[2]);
    if (feature[1] === 'min' ? width < limit : width > limit) return false;
  }
  return true;
}

function splitTopLevel(value: string, separator: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === separator && depth === 0) {
      out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  out.push(value.slice(start));
  return out;
}

/** CSS.escape for identifiers (ids and class names from the page). */
function cssIdent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string;
    const code = c.charCodeAt(0);
    if (code === 0) out += '\uFFFD';
    else if ((code >= 1 && code <= 31) || code === 127 || (i === 0 && code >= 48 && code <= 57))
      out += `\\${code.toString(16)} `;
    else if (i === 1 && code >= 48 && code <= 57 && value[0] === '-') out += `\\${code.toString(16)} `;
    else if (/[A-Za-z0-9_\u00A0-\uFFFF-]/.test(c)) out += c;
    else out += `\\${c}`;
  }
  return value === '-' ? '\\-' : out;
}

function nthOfType(element: Element): number | undefined {
  const siblings = (element.parent?.children ?? []).filter(
    (node): node is Element => isTag(node) && node.name === element.name,
  );
  return siblings.length > 1 ? siblings.indexOf(element) + 1 : undefined;
}

function idOf(element: Element): string | undefined {
  const id = element.attribs.id?.trim();
  return id && id.length <= 80 && !/\s/.test(id) ? id : undefined;
}

/**
 * A short selector: `#id` when the element has one, else up to four steps of tag, two classes and
 * :nth-of-type, anchored on the nearest ancestor's id when one is that close.
 */
function selectorOf(element: Element): string {
  const steps: string[] = [];
  let node: Element | null = element;
  while (node && steps.length < SELECTOR_STEPS) {
    const id = idOf(node);
    if (id) {
      steps.unshift(`#${cssIdent(id)}`);
      break;
    }
    const classes = (node.attribs.class ?? '')
      .split(/\s+/)
      .filter((c) => c && c.length <= 60)
      .slice(0, 2)
      .map((c) => `.${cssIdent(c)}`)
      .join('');
    const nth = nthOfType(node);
    steps.unshift(`${node.name}${classes}${nth ? `:nth-of-type(${nth})` : ''}`);
    node = node.parent && isTag(node.parent) ? node.parent : null;
  }
  return steps.join(' > ');
}

/** The element's start tag rebuilt from its name and attributes, cut at HTML_MAX_CHARS. */
function startTagOf(element: Element, skip: string | undefined): string {
  let tag = `<${element.name}`;
  for (const [name, value] of Object.entries(element.attribs)) {
    if (name === skip) continue;
    tag += value === '' ? ` ${name}` : ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
    if (tag.length > HTML_MAX_CHARS) break;
  }
  tag += '>';
  return tag.length > HTML_MAX_CHARS ? `${tag.slice(0, HTML_MAX_CHARS - 1)}…` : tag;
}

function firstUrl(element: Element, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = element.attribs[name];
    if (value !== undefined && isPlausibleImageUrl(value)) return value;
  }
  return undefined;
}

/** The largest candidate of srcset lists: by width, else by density; the last one on a tie. */
function largestCandidate(candidates: SrcsetCandidate[]): SrcsetCandidate | undefined {
  let best: SrcsetCandidate | undefined;
  for (const c of candidates) {
    if (!best) best = c;
    else if (c.width !== undefined || best.width !== undefined) {
      if ((c.width ?? 0) >= (best.width ?? 0)) best = c;
    } else if ((c.density ?? 1) >= (best.density ?? 1)) best = c;
  }
  return best;
}

function isAriaHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parent && isTag(node.parent) ? node.parent : null)
    if (node.attribs['aria-hidden']?.trim().toLowerCase() === 'true') return true;
  return false;
}

function isDecorativeRole(element: Element): boolean {
  const role = element.attribs.role?.trim().toLowerCase();
  return role === 'presentation' || role === 'none';
}

/** Text of a subtree without one element's (the image's own) and without scripts, bounded. */
function hasTextBesides(root: Element, skip: Element): boolean {
  const stack: AnyNode[] = [...root.children];
  let visited = 0;
  while (stack.length > 0 && visited++ < 5_000) {
    const node = stack.pop() as AnyNode;
    if (node === skip) continue;
    if (isText(node)) {
      if (node.data.trim() !== '') return true;
    } else if (isTag(node)) {
      if (node.name === 'script' || node.name === 'style' || node.name === 'template') continue;
      if (node.name === 'img' && node.attribs.alt?.trim()) return true;
      if (node.attribs['aria-label']?.trim()) return true;
      stack.push(...node.children);
    }
  }
  return false;
}

/** An ancestor link or button names the image: its aria-label, or other text in it. */
function labelledByParent(element: Element): boolean {
  for (let node = element.parent; node && isTag(node); node = node.parent) {
    if (node.name !== 'a' && node.name !== 'button') continue;
    if (node.attribs['aria-label']?.trim() || node.attribs['aria-labelledby']?.trim()) return true;
    return hasTextBesides(node, element);
  }
  return false;
}

function isTrackingPixel(element: Element, style: Declarations): boolean {
  const w = element.attribs.width?.trim();
  const h = element.attribs.height?.trim();
  if ((w === '1' || w === '0') && (h === '1' || h === '0')) return true;
  return style.get('display')?.toLowerCase() === 'none';
}

interface Found {
  element: Element;
  tag: string;
  raw: string;
  style: Declarations;
  srcset: boolean;
  lazyByScript: boolean;
  alt: string | null | undefined;
  decorative?: boolean;
}

/** The image an element shows, as written, or undefined when it shows none this reader knows. */
function findImage(element: Element, style: Declarations): Found | undefined {
  const a = element.attribs;
  const decorative = isDecorativeRole(element) || isAriaHidden(element);
  switch (element.name) {
    case 'img': {
      const lazySrc = firstUrl(element, LAZY_SRC);
      const lazySrcset = LAZY_SRCSET.map((n) => a[n]).find((v) => v?.trim());
      const candidates = parseSrcset(lazySrcset ?? a.srcset ?? '');
      const picture =
        element.parent && isTag(element.parent) && element.parent.name === 'picture' ? element.parent : null;
      if (picture) {
        for (const source of picture.children) {
          if (!isTag(source) || source.name !== 'source') continue;
          const set = LAZY_SRCSET.map((n) => source.attribs[n]).find((v) => v?.trim()) ?? source.attribs.srcset;
          if (set) candidates.push(...parseSrcset(set));
        }
      }
      const src = a.src !== undefined && isPlausibleImageUrl(a.src) ? a.src : undefined;
      // A script's srcset replaces the placeholder in src: its largest candidate is the picture.
      const raw =
        lazySrc ??
        (lazySrcset !== undefined ? largestCandidate(candidates)?.url : undefined) ??
        src ??
        largestCandidate(candidates)?.url;
      if (raw === undefined) return undefined;
      return {
        element,
        tag: 'img',
        raw,
        style,
        srcset: candidates.length > 0,
        lazyByScript: lazySrc !== undefined || lazySrcset !== undefined,
        alt: a.alt ?? null,
        decorative,
      };
    }
    case 'input': {
      if (a.type?.trim().toLowerCase() !== 'image' || !a.src || !isPlausibleImageUrl(a.src)) return undefined;
      return {
        element,
        tag: 'input',
        raw: a.src,
        style,
        srcset: false,
        lazyByScript: false,
        alt: a.alt ?? null,
        decorative,
      };
    }
    case 'image': {
      const href = a.href ?? a['xlink:href'];
      const svg = closest(element, 'svg');
      if (!href || !svg || !isPlausibleImageUrl(href)) return undefined;
      // An SVG image has no alt attribute: its name is its own aria-label or its <svg>'s label.
      const label = a['aria-label'] ?? svg?.attribs['aria-label'] ?? svgTitle(svg);
      const svgDecorative = isDecorativeRole(svg);
      return {
        element,
        tag: 'svg-image',
        raw: href,
        style,
        srcset: false,
        lazyByScript: false,
        alt: label ?? null,
        decorative: decorative || svgDecorative,
      };
    }
    default: {
      const background = style.get('background-image') ?? style.get('background');
      if (!background || !/url\(|image-set\(/i.test(background)) return undefined;
      const raw = scanCss(`background-image: ${background}`, 'declarationList').images[0];
      if (raw === undefined || !isPlausibleImageUrl(raw)) return undefined;
      return { element, tag: 'css', raw, style, srcset: false, lazyByScript: false, alt: undefined };
    }
  }
}

function closest(element: Element, name: string): Element | undefined {
  for (let node = element.parent; node && isTag(node); node = node.parent) if (node.name === name) return node;
  return undefined;
}

function svgTitle(svg: Element | undefined): string | undefined {
  const title = svg?.children.find((n): n is Element => isTag(n) && n.name === 'title');
  const text = title?.children
    .filter(isText)
    .map((t) => t.data)
    .join('')
    .trim();
  return text || undefined;
}

function findBaseHref(root: AnyNode[]): string | undefined {
  const stack = [...root].reverse();
  let visited = 0;
  while (stack.length > 0 && visited++ < 20_000) {
    const node = stack.pop() as AnyNode;
    if (!isTag(node)) continue;
    if (node.name === 'base' && node.attribs.href !== undefined) return node.attribs.href;
    if (node.name === 'body') return undefined;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return undefined;
}

/**
 * Every image element of a page a visitor sees, in document order: `<img>` (a `<picture>`'s
 * sources counted as its srcset), `<input type=image>`, SVG `<image>` and inline-style
 * backgrounds. Images in `<noscript>` and `<template>`, 1x1 tracking pixels and `display:none`
 * elements are left out; so are elements with no usable address. At most `maxUsesPerPage`.
 *
 * The first screen, read from markup (`aboveFoldFrom: 'markup'`): only layout knows it, so the
 * guess stays on the safe side of both loading checks. A flow estimate (FlowEstimate) places each
 * image down the page. The page's first content image (outside nav, header, footer and aside, not
 * lazy-loaded by a script) is in the first screen when the flow starts it there, as is any
 * `fetchpriority=high` image and a header or nav image before the first content image; an image
 * the flow starts two screens down, and every footer image, is below it; the others are left
 * unknown. So a page that eager-loads its first image and lazy-loads the rest has no loading
 * finding, and an eager image is called off-screen only when it surely is. In render
 * mode (`layoutAttribute`) the marked elements take both from layout instead.
 */
export function readImageUses(html: string, pageUrl: string, options: ReadImageUsesOptions = {}): ImageUse[] {
  const maxUses = options.maxUsesPerPage ?? READ_IMAGE_USES_DEFAULTS.maxUsesPerPage;
  const layoutName = options.layoutAttribute?.toLowerCase();
  const document = parseHtml(html);
  const pageBase = parseBaseUrl(pageUrl);
  const base = parseBaseUrl(findBaseHref(document.children), pageBase) ?? pageBase;
  const uses: ImageUse[] = [];
  let contentImages = 0;
  const flow = new FlowEstimate();
  const stack: AnyNode[] = [...document.children].reverse();
  while (stack.length > 0 && uses.length < maxUses) {
    const node = stack.pop() as AnyNode;
    if (isText(node)) {
      flow.text(node);
      continue;
    }
    if (!isTag(node)) continue;
    if (SKIPPED_SUBTREES.has(node.name)) continue;
    flow.element(node.name);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
    const hasStyle = node.attribs.style !== undefined;
    if (!hasStyle && node.name !== 'img' && node.name !== 'input' && node.name !== 'image') continue;
    const style = readStyle(node.attribs.style);
    const found = findImage(node, style);
    if (!found || isTrackingPixel(node, style)) continue;
    const imageUrl = resolveImageUrl(found.raw, base);
    if (!imageUrl) continue;
    uses.push(toUse(found, imageUrl, pageUrl, uses.length, layoutName));
    const use = uses[uses.length - 1] as ImageUse;
    if (found.tag === 'css') continue;
    const layout = layoutName ? readLayout(node.attribs[layoutName]) : undefined;
    if (layout) {
      use.aboveFold = layout.fold;
      use.aboveFoldFrom = 'layout';
      if (layout.lcp) use.lcp = true;
      if (layout.width && layout.height) {
        use.displayWidth = layout.width;
        use.displayHeight = layout.height;
        use.displayFrom = 'layout';
      }
      continue;
    }
    const region = closestOf(node, CHROME_REGIONS);
    const top = flow.image(use.widthAttr ?? use.displayWidth, use.heightAttr ?? use.displayHeight);
    let aboveFold: boolean | undefined;
    if (found.lazyByScript) aboveFold = undefined;
    else if (region === 'footer') aboveFold = false;
    else if (region === 'header' || region === 'nav') aboveFold = contentImages === 0 ? true : undefined;
    else if (region === undefined) {
      contentImages++;
      // The first content image stands for the largest paint when it starts in the first screen;
      // an image is taken as off-screen only when the flow puts it two screens down.
      if (contentImages === 1 && top < FIRST_SCREEN_PX) aboveFold = true;
      else if (top >= OFF_SCREEN_PX) aboveFold = false;
    }
    if (use.fetchPriority === 'high') aboveFold = true;
    use.aboveFold = aboveFold;
    if (use.aboveFold !== undefined) use.aboveFoldFrom = 'markup';
    else delete use.aboveFold;
  }
  if (layoutName) markLargestPaint(uses);
  return uses;
}

/**
 * A rendered page whose browser named no image as its largest contentful paint (the largest
 * element was text, or the browser reports none): its largest image in the first screen stands in
 * for it, as that is the one whose delay a visitor sees.
 */
function markLargestPaint(uses: ImageUse[]): void {
  if (uses.some((use) => use.lcp)) return;
  let largest: ImageUse | undefined;
  let largestArea = 0;
  for (const use of uses) {
    if (use.aboveFoldFrom !== 'layout' || !use.aboveFold) continue;
    const area = (use.displayWidth ?? 0) * (use.displayHeight ?? 0);
    if (area > largestArea) {
      largest = use;
      largestArea = area;
    }
  }
  if (largest) largest.lcp = true;
}

/** The first screen of a desktop window, and how far down an image must start to be surely below it. */
const FIRST_SCREEN_PX = 900;
const OFF_SCREEN_PX = 2 * FIRST_SCREEN_PX;
/** The flow's guesses: a content column, a line of text, an image with no size of its own. */
const COLUMN_PX = 1200;
const LINE_PX = 24;
const CHARS_PER_LINE = 90;
const IMAGE_PX = { width: 300, height: 200 };
/** Elements that start a new line of the flow (a list item or a div may sit beside another: not these). */
const LINE_BREAKS: ReadonlySet<string> = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'br',
  'hr',
  'tr',
  'pre',
  'blockquote',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'figure',
  'table',
  'form',
]);
/** Text that takes no place on the page. */
const UNSEEN_TEXT_PARENTS: ReadonlySet<string> = new Set(['head', 'title', 'script', 'style', 'noscript', 'template']);

/**
 * Where an element starts down the page, guessed from the markup alone: text in lines of a
 * column, images side by side while they fit the column's width (their width and height
 * attributes, else a common size), a new line at each block that starts one. It knows no CSS,
 * so it is used only for guesses that stay safe when it is wrong: far enough down to be surely
 * below the first screen, or the first content image within it.
 */
class FlowEstimate {
  #y = 0;
  #rowWidth = 0;
  #rowHeight = 0;

  #newLine() {
    this.#y += this.#rowHeight;
    this.#rowWidth = 0;
    this.#rowHeight = 0;
  }

  text(node: Text) {
    const parent = node.parent;
    if (parent && isTag(parent) && UNSEEN_TEXT_PARENTS.has(parent.name)) return;
    const chars = node.data.trim().length;
    if (chars === 0) return;
    this.#newLine();
    this.#y += Math.ceil(chars / CHARS_PER_LINE) * LINE_PX;
  }

  element(name: string) {
    if (LINE_BREAKS.has(name)) this.#newLine();
  }

  /** Places an image in the flow; answers its top. */
  image(width = IMAGE_PX.width, height = IMAGE_PX.height): number {
    const w = Math.min(width, COLUMN_PX);
    if (this.#rowWidth > 0 && this.#rowWidth + w > COLUMN_PX) this.#newLine();
    const top = this.#y;
    this.#rowWidth += w;
    this.#rowHeight = Math.max(this.#rowHeight, height);
    return top;
  }
}

function closestOf(element: Element, names: ReadonlySet<string>): string | undefined {
  for (let node = element.parent; node && isTag(node); node = node.parent) if (names.has(node.name)) return node.name;
  return undefined;
}

function toUse(found: Found, imageUrl: string, pageUrl: string, order: number, layoutName?: string): ImageUse {
  const { element, style } = found;
  const a = element.attribs;
  const use: ImageUse = {
    pageUrl,
    imageUrl,
    tag: found.tag,
    selector: selectorOf(element),
    html: startTagOf(element, layoutName),
    order,
  };
  if (found.tag === 'css') {
    const width = pxLength(style.get('width'), false);
    const height = pxLength(style.get('height'), false);
    if (width) {
      use.displayWidth = width;
      if (height) use.displayHeight = height;
      use.displayFrom = 'css';
    }
    return use;
  }
  use.alt = found.alt === undefined || found.alt === null ? null : found.alt.slice(0, ALT_MAX_CHARS);
  if (found.decorative) use.decorative = true;
  if (closest(element, 'a') || closest(element, 'button')) use.inLink = true;
  if (labelledByParent(element)) use.labelledByParent = true;
  const widthAttr = found.tag === 'svg-image' ? undefined : attributePx(a.width);
  const heightAttr = found.tag === 'svg-image' ? undefined : attributePx(a.height);
  if (widthAttr) use.widthAttr = widthAttr;
  if (heightAttr) use.heightAttr = heightAttr;
  const cssWidth = style.get('width');
  const cssHeight = style.get('height');
  if (
    setSize(style.get('aspect-ratio'), CSS_ASPECT_RATIO) ||
    (setSize(cssWidth, CSS_SIZE) && setSize(cssHeight, CSS_SIZE))
  )
    use.sizedByCss = true;
  if (found.srcset) use.srcset = true;
  if (a.sizes?.trim()) use.sizes = a.sizes.trim().slice(0, SIZES_MAX_CHARS);
  const loading = a.loading?.trim().toLowerCase();
  if (loading === 'lazy' || loading === 'eager') use.loading = loading;
  const priority = a.fetchpriority?.trim().toLowerCase();
  if (priority === 'high' || priority === 'low' || priority === 'auto') use.fetchPriority = priority;
  const fromSizes = widthFromSizes(use.sizes);
  const styleWidth = pxLength(cssWidth, false);
  if (widthAttr) {
    use.displayWidth = widthAttr;
    if (heightAttr) use.displayHeight = heightAttr;
    use.displayFrom = 'attributes';
  } else if (fromSizes) {
    use.displayWidth = fromSizes;
    use.displayFrom = 'sizes';
  } else if (styleWidth) {
    use.displayWidth = styleWidth;
    const styleHeight = pxLength(cssHeight, false);
    if (styleHeight) use.displayHeight = styleHeight;
    use.displayFrom = 'css';
  }
  return use;
}
