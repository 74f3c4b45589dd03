/**
 * The check every SVG made from a visitor's PDF passes before it is served (activeContentOf):
 * Inkscape's own drawing of a figure passes; each kind of active content, written by hand as a
 * hostile PDF could make Inkscape write it, is named and refused.
 */
import { describe, expect, it } from 'vitest';
import { activeContentOf } from '../../src/services/inkscape/index.ts';

const wrap = (inner: string, rootAttributes = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<svg width="100pt" height="50pt" viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${rootAttributes}>${inner}</svg>`;

/** What Inkscape's plain SVG of a PDF page holds: glyph symbols used by #id, clip paths, a PNG as data:. */
const DRAWING = wrap(`
  <defs><symbol overflow="visible" id="glyph0-1"><path style="stroke:none;" d="M 0 0 L 1 1 Z"/></symbol>
  <clipPath id="clip1"><path d="M 0 0 H 100 V 50 H 0 Z"/></clipPath></defs>
  <g clip-path="url(#clip1)" style="fill:rgb(0%,0%,0%);fill-opacity:1;">
    <use xlink:href="#glyph0-1" x="10" y="20"/><use href='#glyph0-1' x="12" y="20"/>
    <path style="fill:none;stroke-width:0.5;" d="M 10 40 L 90 10" transform="matrix(1,0,0,1,0,0)"/>
    <image width="4" height="4" xlink:href="data:image/png;base64,iVBORw0KGgo="/>
  </g>`);

describe('activeContentOf', () => {
  it("passes Inkscape's drawing of a figure: paths, glyphs used by #id, clip paths, a PNG as data:", () => {
    expect(activeContentOf(DRAWING)).toBeUndefined();
  });

  it.each([
    ['a script element', wrap('<script>alert(1)</script>'), /<script>/],
    ['a namespaced script', wrap('<svg:script xlink:href="x.js"/>'), /<script>/],
    [
      'HTML in a foreignObject',
      wrap('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'),
      /foreignObject/,
    ],
    ['an onload on the root', wrap('<path d="M 0 0"/>', ' onload="alert(1)"'), /event handler/],
    ['an onclick with spaces', wrap('<rect width="1" height="1" ONCLICK = "x()"/>'), /event handler/],
    ['a javascript: link', wrap('<a xlink:href="javascript:alert(1)"><path d="M 0 0"/></a>'), /link to javascript:/],
    ['an image from another site', wrap('<image href="https://example.com/x.png"/>'), /link to https:/],
    [
      'an SVG inside a data: URL',
      wrap('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'),
      /link to data:image\/svg/,
    ],
    ['a use of another file', wrap('<use xlink:href="other.svg#a"/>'), /link to other\.svg/],
    ['an animation that rewrites a link', wrap('<a><set attributeName="href" to="javascript:alert(1)"/></a>'), /<set>/],
    ['a CSS url() to another site', wrap('<path style="fill:url(https://example.com/p.svg#g)" d="M 0 0"/>'), /CSS url/],
    ['an entity bomb', `<!DOCTYPE svg [<!ENTITY a "aaaa">]>${wrap('<text>&a;</text>')}`, /entity/],
    ['a stylesheet from elsewhere', `<?xml-stylesheet href="https://example.com/s.css"?>${wrap('')}`, /stylesheet/],
  ])('refuses %s', (_, svg, reason) => {
    expect(activeContentOf(svg)).toMatch(reason);
  });
});
