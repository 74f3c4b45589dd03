import { createRequire } from 'node:module';
import type * as CssTree from 'css-tree';
import type { CssNode, WalkContext } from 'css-tree';

let cssTree: typeof CssTree | undefined;
/**
 * css-tree, loaded the first time a CSS text may hold a reference (many pages' never do), and as
 * the one-file build the package ships: its 120-odd modules cost a command line's start more than
 * a page takes to read. Loaded synchronously (Node's require of an ES module) because scanning is.
 */
function loadCssTree(): typeof CssTree {
  cssTree ??= createRequire(import.meta.url)('css-tree/dist/csstree.esm') as typeof CssTree;
  return cssTree;
}

/**
 * CSS properties whose url() values are images (vendor prefixes are dropped before the lookup).
 * Custom properties (`--hero: url(…)`) are read too, since `background: var(--hero)` is common;
 * font files among them are filtered out by the caller.
 */
export const IMAGE_CSS_PROPERTIES: ReadonlySet<string> = new Set([
  'background',
  'background-image',
  'border-image',
  'border-image-source',
  'content',
  'cursor',
  'list-style',
  'list-style-image',
  'mask',
  'mask-image',
  'mask-border',
  'mask-border-source',
  'mask-box-image',
  'box-reflect',
  'shape-outside',
]);

/** CSS functions whose string arguments are image URLs: `image-set("a.png" 1x, "a@2x.png" 2x)`. */
const IMAGE_FUNCTIONS: ReadonlySet<string> = new Set(['image-set', 'image', 'cross-fade']);

export interface CssScan {
  /** Image references as written (unresolved), in source order. */
  images: string[];
  /** `@import` targets as written (unresolved): stylesheets, never images. */
  imports: string[];
}

/**
 * XHTML-era pages wrap `<style>` bodies in `<![CDATA[ … ]]>`. A CSS parser reads the `[` as an unclosed block
 * and loses the whole sheet, so the wrapper is removed first, as its author meant it.
 */
function withoutCdataWrapper(css: string): string {
  const start = css.indexOf('<![CDATA[');
  if (start === -1 || css.slice(0, start).trim() !== '') return css;
  const body = css.slice(start + '<![CDATA['.length);
  const end = body.lastIndexOf(']]>');
  return end !== -1 && body.slice(end + 3).trim() === '' ? body.slice(0, end) : body;
}

/** The CSS may hold a reference at all; lets the common case (no url()) skip the parse. */
function mayHoldReference(css: string): boolean {
  const lower = css.toLowerCase();
  return lower.includes('url(') || lower.includes('image') || lower.includes('@import');
}

/** Parses a value or prelude the first pass kept as raw text; broken text gives undefined. */
function parsePart(node: CssNode, options: { context: string; atrule?: string }): CssNode | undefined {
  if (node.type !== 'Raw') return node;
  try {
    return loadCssTree().parse(node.value, { ...options, positions: false, onParseError: () => {} });
  } catch {
    return undefined;
  }
}

function collectValueImages(rawValue: CssNode, out: string[]): void {
  if (rawValue.type === 'Raw' && !mayHoldReference(rawValue.value)) return;
  const value = parsePart(rawValue, { context: 'value' });
  if (!value) return;
  const { keyword, walk } = loadCssTree();
  walk(value, {
    enter(node: CssNode) {
      if (node.type === 'Url') {
        out.push(node.value);
      } else if (node.type === 'Function' && IMAGE_FUNCTIONS.has(keyword(node.name).basename)) {
        node.children.forEach((child) => {
          if (child.type === 'String') out.push(child.value);
        });
      }
    },
  });
}

function firstPreludeReference(rawPrelude: CssNode | null): string | undefined {
  const prelude = rawPrelude && parsePart(rawPrelude, { context: 'atrulePrelude', atrule: 'import' });
  if (prelude?.type !== 'AtrulePrelude') return undefined;
  const first = prelude.children.first;
  if (first?.type === 'Url' || first?.type === 'String') return first.value;
  return undefined;
}

/**
 * Reads a stylesheet (`context: 'stylesheet'`) or a `style=""` attribute (`'declarationList'`) with a real
 * CSS parser (css-tree): url() and image-set() strings of image properties, and @import targets.
 * `@font-face` blocks are skipped whole. Broken CSS gives what could be read, never a throw.
 * Selectors and values are kept raw in the first pass and only image properties' values are parsed,
 * which keeps a 600 kB inline sheet fast.
 */
export function scanCss(css: string, context: 'stylesheet' | 'declarationList'): CssScan {
  const scan: CssScan = { images: [], imports: [] };
  if (!mayHoldReference(css)) return scan;
  const { keyword, parse, property, walk } = loadCssTree();
  let ast: CssNode;
  try {
    ast = parse(withoutCdataWrapper(css), {
      context,
      positions: false,
      parseValue: false,
      parseCustomProperty: false,
      parseRulePrelude: false,
      parseAtrulePrelude: false,
      onParseError: () => {},
    });
  } catch {
    return scan;
  }
  walk(ast, {
    enter(this: WalkContext, node: CssNode) {
      if (node.type === 'Rule') {
        return undefined;
      }
      if (node.type === 'Atrule') {
        const name = keyword(node.name).basename;
        if (name === 'font-face') return this.skip;
        if (name === 'import') {
          const target = firstPreludeReference(node.prelude);
          if (target) scan.imports.push(target);
          return this.skip;
        }
        return undefined;
      }
      if (node.type === 'Declaration') {
        const prop = property(node.property);
        if (prop.custom || IMAGE_CSS_PROPERTIES.has(prop.basename)) collectValueImages(node.value, scan.images);
        return this.skip;
      }
      return undefined;
    },
  });
  return scan;
}
