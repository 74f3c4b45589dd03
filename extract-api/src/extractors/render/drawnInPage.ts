/**
 * Code that runs inside the rendered page to read what it draws rather than links: canvases,
 * blob: images, and the open shadow roots outerHTML leaves out. Plain JavaScript source, as in
 * inPage.ts (a transpiler's helpers would not exist in the page).
 */
import { MAX_STYLED_ELEMENTS } from './inPage.ts';

/**
 * A canvas smaller than this on either side is a spinner, a sparkline or a fingerprinting probe
 * (they draw a few pixels and read them back), not a picture anyone would save.
 */
export const MIN_CANVAS_SIDE = 32;
/** Canvases read per frame: a page of a thousand chart tiles still gives its first ones. */
export const MAX_CANVASES = 50;
/** A canvas of more pixels than this (8K by 4K) is left out: encoding it would take seconds and hundreds of MB. */
export const MAX_CANVAS_PIXELS = 8192 * 4096;
/** A drawn image (a canvas's PNG, a blob's bytes) larger than this, as a data: URL, is left out. */
export const MAX_DRAWN_IMAGE_CHARS = 16 * 1024 * 1024;
/** Every drawn image of one render together, as data: URLs: what a result may carry inline. */
export const MAX_DRAWN_CHARS = 48 * 1024 * 1024;
/** Every open shadow root's markup of one frame together. */
export const MAX_SHADOW_HTML_CHARS = 4 * 1024 * 1024;

/**
 * Runs before any script of every frame: WebGL contexts keep their drawing buffer, so a canvas
 * still holds its picture when read after the frame was shown (without it, it reads as blank).
 * A page asking for its own attributes keeps them, with that one changed.
 */
export const PRESERVE_DRAWING_BUFFER_SCRIPT = `(function () {
  var proto = window.HTMLCanvasElement && HTMLCanvasElement.prototype;
  if (!proto || proto.getContext.__keepsBuffer) return;
  var original = proto.getContext;
  var patched = function (type, attributes) {
    if (type === 'webgl' || type === 'webgl2' || type === 'experimental-webgl') {
      var merged = {};
      if (attributes && typeof attributes === 'object') for (var k in attributes) merged[k] = attributes[k];
      merged.preserveDrawingBuffer = true;
      return original.call(this, type, merged);
    }
    return original.apply(this, arguments);
  };
  patched.__keepsBuffer = true;
  proto.getContext = patched;
})()`;

export type DrawnKind = 'canvas' | 'blob';

/** A picture the page drew or made in memory, read as a data: URL. */
export type DrawnImage = {
  url: string;
  kind: DrawnKind;
  alt?: string;
  /** Found inside an open shadow root. */
  inShadow: boolean;
};

export type DrawnRead = {
  images: DrawnImage[];
  /** Canvases that drew another site's pictures: the browser forbids reading them back. */
  tainted: number;
  /** Canvases and blobs left out because a limit was reached (count, size, total); a revoked blob is not counted. */
  leftOut: number;
};

/**
 * A function expression: a blob: URL as a data: URL; null when it cannot be read (revoked), the
 * string 'too-large' when over `maxChars`.
 */
const READ_BLOB_FUNCTION = `function readBlob(src, maxChars) {
  return fetch(src).then(function (response) { return response.blob(); }).then(function (blob) {
    if (blob.size * 4 / 3 > maxChars) return 'too-large';
    return new Promise(function (resolve) {
      var reader = new FileReader();
      reader.onload = function () { resolve(typeof reader.result === 'string' ? reader.result : null); };
      reader.onerror = function () { resolve(null); };
      reader.readAsDataURL(blob);
    });
  }).catch(function () { return null; });
}`;

/**
 * An expression (a promise of DrawnRead): every canvas of the frame at least MIN_CANVAS_SIDE on
 * both sides, not blank and at most MAX_CANVAS_PIXELS, as PNG, and every `<img>` whose source is a blob: URL, read back (or
 * drawn, when the page already revoked its URL), open shadow roots included. `budgetChars` is what
 * is left of MAX_DRAWN_CHARS for this frame.
 */
export function drawnImagesScript(budgetChars: number): string {
  return `(async function () {
  var readBlob = ${READ_BLOB_FUNCTION};
  var out = { images: [], tainted: 0, leftOut: 0 };
  var budget = ${Math.max(0, Math.floor(budgetChars))};
  var canvases = [];
  var blobImages = [];
  var visited = 0;
  function visit(root, inShadow) {
    var all = root.querySelectorAll('*');
    for (var n = 0; n < all.length && visited < ${MAX_STYLED_ELEMENTS}; n++) {
      var el = all[n];
      visited++;
      if (el.tagName === 'CANVAS') canvases.push({ el: el, inShadow: inShadow });
      else if (el.tagName === 'IMG') {
        var src = el.currentSrc || el.src || '';
        if (src.slice(0, 5) === 'blob:') blobImages.push({ el: el, src: src, inShadow: inShadow });
      }
      if (el.shadowRoot) visit(el.shadowRoot, true);
    }
  }
  visit(document, false);
  function keep(url, kind, alt, inShadow) {
    if (!url || url.length > ${MAX_DRAWN_IMAGE_CHARS} || url.length > budget) { out.leftOut++; return; }
    budget -= url.length;
    var image = { url: url, kind: kind, inShadow: inShadow };
    if (alt) image.alt = alt;
    out.images.push(image);
  }
  function label(el) {
    var text = el.getAttribute('aria-label') || el.getAttribute('alt') || el.getAttribute('title') || '';
    return text.trim();
  }
  var blanks = {};
  function isBlank(canvas, url) {
    // A blank canvas compresses to a few bytes per row: only small PNGs can be blank.
    if (url.length > 4 * canvas.width + 4 * canvas.height + 4096) return false;
    var key = canvas.width + 'x' + canvas.height;
    if (!(key in blanks)) {
      var empty = document.createElement('canvas');
      empty.width = canvas.width;
      empty.height = canvas.height;
      blanks[key] = empty.toDataURL('image/png');
    }
    return blanks[key] === url;
  }
  var read = 0;
  for (var c = 0; c < canvases.length; c++) {
    var canvas = canvases[c].el;
    if (canvas.width < ${MIN_CANVAS_SIDE} || canvas.height < ${MIN_CANVAS_SIDE}) continue;
    if (read >= ${MAX_CANVASES} || canvas.width * canvas.height > ${MAX_CANVAS_PIXELS}) { out.leftOut++; continue; }
    read++;
    var url;
    try { url = canvas.toDataURL('image/png'); } catch (error) { out.tainted++; continue; }
    if (url.slice(0, 15) !== 'data:image/png;' || isBlank(canvas, url)) continue;
    keep(url, 'canvas', label(canvas), canvases[c].inShadow);
  }
  var seen = {};
  for (var b = 0; b < blobImages.length; b++) {
    var item = blobImages[b];
    if (seen[item.src]) continue;
    seen[item.src] = true;
    var data = await readBlob(item.src, Math.min(budget, ${MAX_DRAWN_IMAGE_CHARS}));
    if (data === 'too-large') { out.leftOut++; continue; }
    if (!data && item.el.complete && item.el.naturalWidth > 0) {
      // The page revoked the URL once the image had loaded (the usual way): draw what is shown.
      try {
        var copy = document.createElement('canvas');
        copy.width = item.el.naturalWidth;
        copy.height = item.el.naturalHeight;
        copy.getContext('2d').drawImage(item.el, 0, 0);
        data = copy.toDataURL('image/png');
      } catch (error) { data = null; }
    }
    if (data) keep(data, 'blob', label(item.el), item.inShadow);
  }
  return out;
})()`;
}

/**
 * An expression (a promise of { images: DrawnImage[], leftOut }): the given CSS backgrounds' blob:
 * URLs read back; those over the size limits are counted, those gone are skipped.
 */
export function readBlobsScript(blobs: readonly { url: string; inShadow: boolean }[], budgetChars: number): string {
  return `(async function () {
  var readBlob = ${READ_BLOB_FUNCTION};
  var blobs = ${JSON.stringify(blobs)};
  var budget = ${Math.max(0, Math.floor(budgetChars))};
  var images = [];
  var leftOut = 0;
  for (var i = 0; i < blobs.length; i++) {
    var data = await readBlob(blobs[i].url, Math.min(budget, ${MAX_DRAWN_IMAGE_CHARS}));
    if (data === 'too-large') { leftOut++; continue; }
    if (!data) continue;
    budget -= data.length;
    images.push({ url: data, kind: 'blob', inShadow: blobs[i].inShadow });
  }
  return { images: images, leftOut: leftOut };
})()`;
}

/**
 * An expression ({ baseUrl, roots }): the markup of every open shadow root of the frame (those inside shadow roots
 * too), each on its own, up to MAX_SHADOW_HTML_CHARS together. outerHTML leaves them all out.
 */
export const SHADOW_HTML_SCRIPT = `(function () {
  var found = [];
  var total = 0;
  var visited = 0;
  function visit(root) {
    var all = root.querySelectorAll('*');
    for (var n = 0; n < all.length && visited < ${MAX_STYLED_ELEMENTS}; n++) {
      visited++;
      var shadow = all[n].shadowRoot;
      if (!shadow) continue;
      var html = shadow.innerHTML;
      if (html && total + html.length <= ${MAX_SHADOW_HTML_CHARS}) { found.push(html); total += html.length; }
      visit(shadow);
    }
  }
  visit(document);
  return { baseUrl: document.baseURI, roots: found };
})()`;
