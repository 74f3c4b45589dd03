import render from 'dom-serializer';
import { type AnyNode, cloneNode, Element, isTag, isText } from 'domhandler';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
/** At most this many outside elements (sprite symbols, gradients) are copied into one SVG. */
const MAX_BORROWED_ELEMENTS = 64;

/** Elements whose whitespace is text the SVG draws. */
const TEXT_ELEMENTS: ReadonlySet<string> = new Set(['text', 'tspan', 'textpath', 'title', 'desc', 'style']);

/** Drops whitespace-only text between elements (indentation), so copies of one icon are one file. */
function dropIndentation(root: Element): Element {
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    if (TEXT_ELEMENTS.has(element.name)) continue;
    element.children = element.children.filter((child) => !(isText(child) && child.data.trim() === ''));
    for (const child of element.children) if (isTag(child)) stack.push(child);
  }
  return root;
}

/** Attributes that change nothing in a standalone SVG file (`class` only when the SVG has no `<style>` of its own). */
function isInertAttribute(name: string, hasOwnStyle: boolean): boolean {
  return (
    (name === 'class' && !hasOwnStyle) ||
    name.startsWith('data-') ||
    name === 'focusable' ||
    name === 'aria-hidden' ||
    name === 'role' ||
    name === 'tabindex'
  );
}

/** Removes inert attributes, so the copies of one icon with other page classes are one file. */
function dropInertAttributes(elements: Element[]): void {
  const hasOwnStyle = elements.some((element) => element.name === 'style');
  for (const element of elements) {
    for (const name of Object.keys(element.attribs)) {
      if (isInertAttribute(name, hasOwnStyle)) delete element.attribs[name];
    }
  }
}

/** The element and its descendant elements, in document order, without recursion. */
function descendantsAndSelf(root: Element): Element[] {
  const out: Element[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (!isTag(node)) continue;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return out;
}

/** Ids an element points at: `href="#id"`, `xlink:href="#id"`, and `url(#id)` in presentation attributes. */
function localReferences(element: Element): string[] {
  const ids: string[] = [];
  for (const [name, value] of Object.entries(element.attribs)) {
    if ((name === 'href' || name === 'xlink:href') && value.startsWith('#') && value.length > 1) {
      ids.push(value.slice(1));
      continue;
    }
    let from = value.indexOf('url(');
    while (from !== -1) {
      const end = value.indexOf(')', from);
      if (end === -1) break;
      let target = value.slice(from + 4, end).trim();
      const quote = target[0];
      if ((quote === '"' || quote === "'") && target.endsWith(quote)) target = target.slice(1, -1).trim();
      if (target.startsWith('#') && target.length > 1) ids.push(target.slice(1));
      from = value.indexOf('url(', end);
    }
  }
  return ids;
}

function isAncestorOf(candidate: Element, node: Element): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent === candidate) return true;
  }
  return false;
}

/**
 * An inline `<svg>` as a standalone SVG file: `xmlns` (and `xmlns:xlink`) added when missing, attribute
 * case restored (`viewBox`), indentation and attributes that only mattered to the page (`class`, `data-*`) dropped, and the outside elements it points at (`<use href="#icon">` into a sprite,
 * `fill="url(#gradient)"`) copied into a `<defs>`, so the file draws what the page drew. The page's tree is
 * not changed.
 */
export function serializeInlineSvg(svg: Element, findById: (id: string) => Element | undefined): string {
  const copy = dropIndentation(cloneNode(svg, true));
  const defined = new Set<string>();
  const wanted: string[] = [];
  let usesXlink = false;
  const note = (elements: Element[]) => {
    for (const element of elements) {
      if (element.attribs.id) defined.add(element.attribs.id);
      wanted.push(...localReferences(element));
      if (!usesXlink) usesXlink = Object.keys(element.attribs).some((name) => name.startsWith('xlink:'));
    }
  };
  const own = descendantsAndSelf(copy);
  note(own);
  const borrowed: Element[] = [];
  for (let i = 0; i < wanted.length && borrowed.length < MAX_BORROWED_ELEMENTS; i++) {
    const id = wanted[i] as string;
    if (defined.has(id)) continue;
    const target = findById(id);
    if (!target || target === svg || isAncestorOf(target, svg)) continue;
    const borrowedCopy = dropIndentation(cloneNode(target, true));
    const borrowedElements = descendantsAndSelf(borrowedCopy);
    note(borrowedElements);
    own.push(...borrowedElements);
    borrowed.push(borrowedCopy);
  }
  dropInertAttributes(own);
  copy.attribs.xmlns ||= SVG_NAMESPACE;
  if (usesXlink) copy.attribs['xmlns:xlink'] ||= XLINK_NAMESPACE;
  if (borrowed.length > 0) {
    const defs = new Element('defs', {}, borrowed);
    for (const element of borrowed) element.parent = defs;
    defs.parent = copy;
    copy.children.push(defs);
  }
  return render(copy);
}

/** A `data:` URL carrying SVG markup, usable as an image URL and as the candidate's merge key. */
export function svgDataUrl(markup: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

/** Accessible name of an inline SVG: `aria-label`, else its first `<title>` child's text. */
export function svgTitle(svg: Element): string | undefined {
  const label = svg.attribs['aria-label']?.trim();
  if (label) return label;
  for (const child of svg.children) {
    if (isTag(child) && child.name === 'title') {
      const text = child.children
        .map((c) => ('data' in c ? c.data : ''))
        .join('')
        .trim();
      if (text) return text;
    }
  }
  return undefined;
}
