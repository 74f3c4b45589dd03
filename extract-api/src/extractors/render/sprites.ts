import type { Page } from 'playwright-core';
import { MAX_STYLED_ELEMENTS } from './inPage.ts';

/** Pieces cut from sprite sheets per page: each is a screenshot, tens of milliseconds. */
export const MAX_SPRITE_PIECES = 60;
/** A piece smaller than this on either side is a bullet or a divider, not a picture. */
export const MIN_SPRITE_SIDE = 8;
/** A box larger than this on either side shows a background picture, not a piece of a sheet. */
const MAX_SPRITE_SIDE = 1024;
/** Time kept back for the rest of the render when cutting sprites. */
const SPRITE_RESERVE_MS = 1_000;

/** One piece of a sprite sheet as the page shows it, as a PNG data: URL. */
export type SpritePiece = { url: string; sheet: string; width: number; height: number; inShadow: boolean };

type PieceSpec = {
  sheet: string;
  width: number;
  height: number;
  inShadow: boolean;
  style: { image: string; position: string; size: string; repeat: string };
};

/**
 * An expression (a promise of PieceSpec[]): every element of the main frame whose background is
 * one picture larger than the element's box, which shows only a piece of it (a sprite sheet),
 * once per distinct piece (sheet, position, size, box), open shadow roots included.
 */
const FIND_SPRITES_SCRIPT = `(async function () {
  var pieces = [];
  var seen = {};
  var sheets = {};
  var visited = 0;
  function naturalSize(url) {
    if (!(url in sheets)) {
      sheets[url] = new Promise(function (resolve) {
        var img = new Image();
        // A sheet that has not loaded in 2 s is left out: the render's own time limit is the page's.
        var timer = setTimeout(function () { resolve(null); }, 2000);
        img.onload = function () { clearTimeout(timer); resolve({ width: img.naturalWidth, height: img.naturalHeight }); };
        img.onerror = function () { clearTimeout(timer); resolve(null); };
        img.src = url;
      });
    }
    return sheets[url];
  }
  /** The sheet's size as drawn, from the computed background-size; null for cover and contain (never a sheet). */
  function shownSize(size, natural, box) {
    if (size.indexOf('cover') === 0 || size.indexOf('contain') === 0) return null;
    var parts = size.split(' ');
    function length(token, whole) {
      if (!token || token === 'auto') return null;
      if (token.slice(-1) === '%') return (parseFloat(token) / 100) * whole;
      return parseFloat(token);
    }
    var width = length(parts[0], box.width);
    var height = length(parts[1], box.height);
    if (width === null && height === null) return { width: natural.width, height: natural.height };
    if (width === null) width = (height * natural.width) / natural.height;
    if (height === null) height = (width * natural.height) / natural.width;
    return { width: width, height: height };
  }
  var found = [];
  function visit(root, inShadow) {
    var all = root.querySelectorAll('*');
    for (var n = 0; n < all.length && visited < ${MAX_STYLED_ELEMENTS}; n++) {
      var el = all[n];
      visited++;
      var style = getComputedStyle(el);
      var image = style.backgroundImage;
      if (image && image.indexOf('url(') === 0 && image.indexOf('url(', 4) === -1 && image.slice(-1) === ')') {
        var width = el.clientWidth, height = el.clientHeight;
        if (width >= ${MIN_SPRITE_SIDE} && height >= ${MIN_SPRITE_SIDE} && width <= ${MAX_SPRITE_SIDE} && height <= ${MAX_SPRITE_SIDE}) {
          var match = /^url\\("(.*)"\\)$/.exec(image);
          if (match) {
            found.push({
              sheet: new URL(match[1], document.baseURI).href,
              width: width,
              height: height,
              inShadow: inShadow,
              style: { image: image, position: style.backgroundPosition, size: style.backgroundSize, repeat: style.backgroundRepeat }
            });
          }
        }
      }
      if (el.shadowRoot) visit(el.shadowRoot, true);
    }
  }
  visit(document, false);
  for (var i = 0; i < found.length && pieces.length < ${MAX_SPRITE_PIECES}; i++) {
    var piece = found[i];
    var key = [piece.sheet, piece.style.position, piece.style.size, piece.width, piece.height].join(' ');
    if (seen[key]) continue;
    seen[key] = true;
    var natural = await naturalSize(piece.sheet);
    if (!natural || !natural.width || !natural.height) continue;
    var shown = shownSize(piece.style.size, natural, piece);
    // A sheet is a picture drawn larger than the box that shows it: the box shows a piece.
    if (shown && (shown.width > piece.width + 0.5 || shown.height > piece.height + 0.5)) pieces.push(piece);
  }
  return pieces;
})()`;

/** An expression: the page hidden, its own backgrounds cleared, ready to show one piece at a time. */
const PREPARE_SCRIPT = `(function () {
  var style = document.createElement('style');
  style.textContent = 'html, body { background: transparent !important; } ' +
    'html * { visibility: hidden !important; } ' +
    '#__sprite_piece__ { visibility: visible !important; }';
  document.documentElement.appendChild(style);
  var piece = document.createElement('div');
  piece.id = '__sprite_piece__';
  piece.style.cssText = 'position: fixed; left: 0; top: 0; margin: 0; padding: 0; border: 0; z-index: 2147483647;';
  document.documentElement.appendChild(piece);
  window.scrollTo(0, 0);
})()`;

function showScript(spec: PieceSpec): string {
  return `(function () {
  var piece = document.getElementById('__sprite_piece__');
  var spec = ${JSON.stringify(spec)};
  piece.style.width = spec.width + 'px';
  piece.style.height = spec.height + 'px';
  piece.style.backgroundImage = spec.style.image;
  piece.style.backgroundPosition = spec.style.position;
  piece.style.backgroundSize = spec.style.size;
  piece.style.backgroundRepeat = spec.style.repeat;
  return new Promise(function (resolve) { requestAnimationFrame(function () { requestAnimationFrame(resolve); }); });
})()`;
}

/**
 * Cuts the pieces of CSS sprite sheets the main frame shows: each drawn alone on a transparent page
 * and captured at the size the page shows it. Runs last: it hides the page's own content. Stops
 * when `timeLeft` comes near its end.
 */
export async function cutSprites(
  page: Page,
  race: <T>(work: Promise<T>) => Promise<T>,
  timeLeft: () => number,
): Promise<SpritePiece[]> {
  const specs = await race(page.evaluate<PieceSpec[]>(FIND_SPRITES_SCRIPT));
  if (specs.length === 0) return [];
  await race(page.evaluate(PREPARE_SCRIPT));
  const pieces: SpritePiece[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    if (timeLeft() < SPRITE_RESERVE_MS) break;
    await race(page.evaluate(showScript(spec)));
    const png = await race(
      page.screenshot({
        clip: { x: 0, y: 0, width: spec.width, height: spec.height },
        omitBackground: true,
        type: 'png',
        animations: 'disabled',
        caret: 'hide',
      }),
    );
    const url = `data:image/png;base64,${png.toString('base64')}`;
    // Two boxes showing the same piece differently positioned still give one file.
    if (seen.has(url)) continue;
    seen.add(url);
    pieces.push({ url, sheet: spec.sheet, width: spec.width, height: spec.height, inShadow: spec.inShadow });
  }
  return pieces;
}
