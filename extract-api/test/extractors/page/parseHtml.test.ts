/**
 * parseHtml builds htmlparser2's `parseDocument` tree without domhandler's constructors: the same tree,
 * node for node, is what findPageImages and the inline-SVG copier rely on. Checked on markup that
 * exercises every kind of node and the parser's repairs, and on the real saved pages of the corpus.
 */
import { readdirSync, readFileSync } from 'node:fs';
import render from 'dom-serializer';
import { type AnyNode, cloneNode, Element, isTag, Text } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../../../../tooling/corpus.mjs';
import { parseHtml } from '../../../src/extractors/page/parseHtml.ts';

const OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };

type Shape = { type: string; name?: string; attribs?: Record<string, string>; data?: string; children?: Shape[] };

/** A node's own content and its children's, with the links between them checked on the way. */
function shape(node: AnyNode): Shape {
  const out: Shape = { type: node.type };
  if ('name' in node) out.name = node.name;
  if ('attribs' in node) out.attribs = node.attribs;
  if ('data' in node) out.data = node.data;
  if ('children' in node) {
    node.children.forEach((child, i) => {
      expect(child.parent).toBe(node);
      expect(child.prev).toBe(node.children[i - 1] ?? null);
      expect(child.next).toBe(node.children[i + 1] ?? null);
    });
    out.children = node.children.map(shape);
  }
  return out;
}

const MARKUP = [
  '<!DOCTYPE html><HTML><Head><TITLE>T &amp; t</TITLE><?xml-stylesheet href="a.xsl"?></head>',
  '<BODY BACKGROUND="bg.gif" class=x><!-- a comment --><p>one<p>two &eacute;<br>three',
  '<IMG SRC="a.png" data-SRC=\'b.png\' alt><noscript><img src="c.png"></noscript>',
  '<script type="application/ld+json">{"image": "d.png"}</script><style>p{background:url(e.png)}</style>',
  '<svg viewBox="0 0 10 10"><![CDATA[x < y]]><title>Icon</title><use xlink:href="#s"/></svg>',
  '<table><tr><td>cell<td>cell</table><![CDATA[not xml]]><textarea><b>raw</b></textarea>',
  '<picture><source srcset="f.webp 1x"><img src="f.jpg"></picture><p>unclosed <b>bold <i>both</b> after',
].join('');

describe('parseHtml', () => {
  it('gives the tree parseDocument gives, node for node, on markup of every kind', () => {
    const ours = parseHtml(MARKUP);
    const theirs = parseDocument(MARKUP, OPTIONS);
    expect(shape(ours)).toEqual(shape(theirs));
    expect(render(ours)).toBe(render(theirs));
    // enough of the markup reached the tree for the comparison to mean something
    expect(render(ours)).toContain('<img src="a.png" data-src="b.png" alt>');
    expect(ours.children.map((node) => node.type)).toEqual(['directive', 'tag']);
  });

  it('makes nodes of domhandler’s classes, whose getters and cloneNode work', () => {
    const document = parseHtml('<div id="a"><img src="x.png">text</div>');
    const div = document.children[0] as Element;
    expect(div).toBeInstanceOf(Element);
    expect(div.tagName).toBe('div');
    expect(div.firstChild).toBe(div.children[0]);
    expect(div.lastChild).toBeInstanceOf(Text);
    expect(div.childNodes).toBe(div.children);
    expect(div.attributes).toEqual([{ name: 'id', value: 'a', namespace: undefined, prefix: undefined }]);
    const copy = cloneNode(div, true);
    expect(render(copy)).toBe('<div id="a"><img src="x.png">text</div>');
    expect(isTag(copy.children[0] as AnyNode)).toBe(true);
  });

  it('gives parseDocument’s tree for each saved page of the corpus', () => {
    const dir = corpusPath('web');
    const pages = readdirSync(dir).filter((name) => name.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(3);
    for (const name of pages) {
      const html = readFileSync(`${dir}/${name}`, 'utf8');
      expect(shape(parseHtml(html)), name).toEqual(shape(parseDocument(html, OPTIONS)));
    }
  });
});
