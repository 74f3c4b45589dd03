import { createRequire } from 'node:module';
import type * as HtmlParser2 from 'htmlparser2';

let htmlparser2: typeof HtmlParser2 | undefined;
/**
 * The XML tokenizer, loaded the first time an SVG is measured: the probes load with a command
 * line's start, and most images are not SVG. Synchronous (Node's require of an ES module) because
 * measuring is.
 */
function loadHtmlParser2(): typeof HtmlParser2 {
  htmlparser2 ??= createRequire(import.meta.url)('htmlparser2') as typeof HtmlParser2;
  return htmlparser2;
}

export type Dimensions = { width: number; height: number };

/** CSS pixels per unit (CSS Values 4: 96 px to the inch). Relative units (%, em, ex) say nothing alone. */
const PX_PER_UNIT: Readonly<Record<string, number>> = {
  '': 1,
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
  pt: 96 / 72,
  pc: 16,
};

/** `120`, `120px`, `1.5in` → CSS pixels; `100%`, `auto`, `2em` → undefined. */
export function parseSvgLength(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!match) return undefined;
  const factor = PX_PER_UNIT[(match[2] ?? '').toLowerCase()];
  if (factor === undefined) return undefined;
  const px = Number(match[1]) * factor;
  return Number.isFinite(px) && px > 0 ? px : undefined;
}

/** `min-x min-y width height`, separated by spaces and/or commas. */
function parseViewBox(value: string | undefined): Dimensions | undefined {
  if (value === undefined) return undefined;
  const numbers = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return undefined;
  const [, , width = 0, height = 0] = numbers;
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/**
 * The root `<svg>` element's attributes, read with a real XML tokenizer; undefined when the first
 * element is not `<svg>` or its start tag is not complete in `text`.
 */
export function svgRootAttributes(text: string): Record<string, string> | undefined {
  let root: Record<string, string> | undefined;
  let seen = false;
  const parser = new (loadHtmlParser2().Parser)(
    {
      onopentag(name, attributes) {
        if (seen) return;
        seen = true;
        if (name.slice(name.indexOf(':') + 1).toLowerCase() === 'svg') root = attributes;
        parser.pause();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(text);
  return root;
}

/**
 * An SVG's size in CSS pixels, as a browser lays out `<img src=…svg>`: width and height when both
 * are absolute lengths; one of them and the viewBox's ratio; else the viewBox's own width and height.
 */
export function svgDimensions(text: string): Dimensions | undefined {
  const attributes = svgRootAttributes(text);
  return attributes ? svgDimensionsFromAttributes(attributes) : undefined;
}

/** The same, from the root element's attributes. */
export function svgDimensionsFromAttributes(attributes: Record<string, string>): Dimensions | undefined {
  const attribute = (name: string) =>
    Object.entries(attributes).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  const width = parseSvgLength(attribute('width'));
  const height = parseSvgLength(attribute('height'));
  const viewBox = parseViewBox(attribute('viewBox'));
  let size: Dimensions | undefined;
  if (width && height) size = { width, height };
  else if (viewBox && width) size = { width, height: (width * viewBox.height) / viewBox.width };
  else if (viewBox && height) size = { width: (height * viewBox.width) / viewBox.height, height };
  else if (viewBox) size = viewBox;
  if (!size) return undefined;
  const rounded = { width: Math.round(size.width), height: Math.round(size.height) };
  return rounded.width > 0 && rounded.height > 0 ? rounded : undefined;
}
