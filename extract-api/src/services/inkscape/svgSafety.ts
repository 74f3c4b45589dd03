/**
 * An SVG we hand out must be a drawing and nothing more: opened from a download it renders as a
 * document of its own, and one made from a hostile PDF must not carry script, embedded HTML, event
 * handlers, animations that rewrite links, or references that load anything from elsewhere. Inkscape's
 * plain SVG of a PDF page holds paths, glyph symbols used by `#id`, clip paths and raster images
 * as data: URLs; anything else is refused, even where a browser would render it harmlessly.
 */

/** Elements that run, embed or rewrite: never part of a drawing Inkscape makes of a PDF page. */
const ACTIVE_ELEMENTS = /<\s*(?:[\w-]+:)?(script|foreignObject|iframe|embed|object|handler|listener|set|animate\w*)\b/i;
/** An event handler attribute (onload=, onclick=…); matched anywhere, text included: stricter, never looser. */
const EVENT_ATTRIBUTE = /[\s"'/]on[a-z]+\s*=/i;
/** Raster pictures only: an SVG in a data: URL would be a second document with its own rules. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|bmp);/i;
const HREF = /(?:^|[\s"'])(?:[\w-]+:)?href\s*=\s*(["'])/gi;
const CSS_URL = /url\(\s*(["']?)([^)"']*)/gi;

/**
 * Why this SVG may not be handed out (its first active part, named), or undefined when it is a
 * plain drawing: no <script>, <foreignObject> or animation, no on…= attribute, every href an
 * in-document `#id` or a raster data: URL, every CSS url() an `#id`, no entity declarations
 * (an entity bomb) and no stylesheet or @import that loads another file.
 */
export function activeContentOf(svg: string): string | undefined {
  const element = ACTIVE_ELEMENTS.exec(svg);
  if (element) return `a <${element[1]}> element`;
  const handler = EVENT_ATTRIBUTE.exec(svg);
  if (handler) return `an event handler (${handler[0].slice(1).trim()})`;
  if (/<!ENTITY/i.test(svg)) return 'an entity declaration';
  if (/<\?xml-stylesheet/i.test(svg) || /@import/i.test(svg)) return 'a stylesheet loaded from elsewhere';
  for (const match of svg.matchAll(HREF)) {
    const quote = match[1] ?? '"';
    const start = (match.index ?? 0) + match[0].length;
    const end = svg.indexOf(quote, start);
    const target = svg.slice(start, end === -1 ? undefined : end).trim();
    if (!target.startsWith('#') && !SAFE_DATA_IMAGE.test(target))
      return `a link to ${target.slice(0, 40) || 'nothing'}`;
  }
  for (const match of svg.matchAll(CSS_URL)) {
    const target = (match[2] ?? '').trim();
    if (!target.startsWith('#')) return `a CSS url(${target.slice(0, 40)})`;
  }
  return undefined;
}
