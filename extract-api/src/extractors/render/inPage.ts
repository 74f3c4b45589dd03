/**
 * Code that runs inside the rendered page. Kept as plain JavaScript source, not as functions
 * passed to `page.evaluate`: a transpiler (tsx keeps names with a `__name` helper) would put
 * helpers into the function's text that do not exist in the page.
 */

/**
 * A function expression: the URLs of every `url(…)` in a CSS value, as written (relative or not).
 * Follows CSS syntax: quoted or bare, with CSS escapes (`\"`, `\29 `). It reads values Chromium
 * serialized from the CSSOM (computed styles), which spell every image as `url("…")`, also
 * inside image-set() and with gradients around it.
 */
export const CSS_URLS_FUNCTION = String.raw`function cssUrls(value) {
  var urls = [];
  var lower = value.toLowerCase();
  var isIdent = /[A-Za-z0-9_\-]/;
  var isHex = /[0-9A-Fa-f]/;
  var isSpace = /[ \t\n\r\f]/;
  function readEscape(at) {
    var hex = '';
    while (hex.length < 6 && at < value.length && isHex.test(value[at])) hex += value[at++];
    if (hex) {
      if (at < value.length && isSpace.test(value[at])) at++;
      var code = parseInt(hex, 16);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) code = 0xfffd;
      return { text: String.fromCodePoint(code), end: at };
    }
    if (at >= value.length) return { text: '', end: at };
    if (value[at] === '\n') return { text: '', end: at + 1 };
    return { text: value[at], end: at + 1 };
  }
  var i = 0;
  while ((i = lower.indexOf('url(', i)) !== -1) {
    if (i > 0 && isIdent.test(value[i - 1])) { i += 4; continue; }
    var j = i + 4;
    while (j < value.length && isSpace.test(value[j])) j++;
    var out = '';
    var quote = value[j];
    if (quote === '"' || quote === "'") {
      j++;
      while (j < value.length && value[j] !== quote) {
        if (value[j] === '\\') { var q = readEscape(j + 1); out += q.text; j = q.end; }
        else out += value[j++];
      }
      while (j < value.length && value[j] !== ')') j++;
    } else {
      while (j < value.length && value[j] !== ')') {
        if (value[j] === '\\') { var e = readEscape(j + 1); out += e.text; j = e.end; }
        else out += value[j++];
      }
      out = out.replace(/^[ \t\n\r\f]+|[ \t\n\r\f]+$/g, '');
    }
    i = j + 1;
    if (out) urls.push(out);
  }
  return urls;
}`;

/** At most this many elements are read for CSS backgrounds (per frame). */
export const MAX_STYLED_ELEMENTS = 50_000;

/** What CSS_BACKGROUNDS_SCRIPT finds: every URL, and those of them used inside open shadow roots. */
export type CssBackgroundsRead = { urls: string[]; inShadow: string[] };

/**
 * An expression (CssBackgroundsRead): every `url()` in the computed `background-image` of every
 * element of the document (open shadow roots included), and of its `::before` and `::after` when
 * they are rendered (content other than none), resolved against `document.baseURI`. http(s),
 * data: and blob: only.
 */
export const CSS_BACKGROUNDS_SCRIPT = `(function () {
  var cssUrls = ${CSS_URLS_FUNCTION};
  var found = new Set();
  var inShadow = new Set();
  var base = document.baseURI;
  var read = 0;
  function add(value, shadow) {
    if (!value || value === 'none' || value.toLowerCase().indexOf('url(') === -1) return;
    var urls = cssUrls(value);
    for (var k = 0; k < urls.length; k++) {
      try {
        var url = new URL(urls[k], base);
        var p = url.protocol;
        if (p === 'http:' || p === 'https:' || p === 'data:' || p === 'blob:') {
          found.add(url.href);
          if (shadow) inShadow.add(url.href);
        }
      } catch (error) {}
    }
  }
  function visit(root, shadow) {
    var all = root.querySelectorAll('*');
    for (var n = 0; n < all.length && read < ${MAX_STYLED_ELEMENTS}; n++) {
      var el = all[n];
      read++;
      add(getComputedStyle(el).backgroundImage, shadow);
      for (var p = 0; p < 2; p++) {
        var pseudo = getComputedStyle(el, p === 0 ? '::before' : '::after');
        if (pseudo.content && pseudo.content !== 'none' && pseudo.content !== 'normal') add(pseudo.backgroundImage, shadow);
      }
      if (el.shadowRoot) visit(el.shadowRoot, true);
    }
  }
  visit(document, false);
  return { urls: Array.from(found), inShadow: Array.from(inShadow) };
})()`;

export type ScrollState = {
  /** How far down the page (or its scrolling container) is scrolled. */
  y: number;
  /** The height of what scrolls. */
  height: number;
  /** The height of the visible part. */
  viewport: number;
  /** Images in the document (`document.images`): a list may add pictures the network log never sees. */
  images: number;
};

/**
 * A function expression: what scrolls. The window, unless it cannot scroll; then the scrollable
 * element with the most to scroll (an app shell whose main pane scrolls, not the body).
 */
const SCROLLER_FUNCTION = `function scroller() {
  var root = document.scrollingElement || document.documentElement;
  if (!root || root.scrollHeight > window.innerHeight + 1) return null;
  var best = null;
  var bestExtra = 1;
  var all = document.querySelectorAll('*');
  for (var n = 0; n < all.length && n < ${MAX_STYLED_ELEMENTS}; n++) {
    var el = all[n];
    var extra = el.scrollHeight - el.clientHeight;
    if (extra <= bestExtra || el.clientHeight < 100) continue;
    var overflow = getComputedStyle(el).overflowY;
    if (overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay') { best = el; bestExtra = extra; }
  }
  return best;
}`;

const MEASURE_FUNCTION = `function measure(el) {
  var images = document.images.length;
  if (el) return { y: el.scrollTop, height: el.scrollHeight, viewport: el.clientHeight, images: images };
  var root = document.scrollingElement || document.documentElement;
  return {
    y: window.scrollY,
    height: Math.max(root ? root.scrollHeight : 0, document.body ? document.body.scrollHeight : 0),
    viewport: window.innerHeight,
    images: images
  };
}`;

/** An expression: scrolls down one screen (ScrollState after it). */
export const SCROLL_STEP_SCRIPT = `(function () {
  var scroller = ${SCROLLER_FUNCTION};
  var measure = ${MEASURE_FUNCTION};
  var el = scroller();
  if (el) el.scrollBy(0, el.clientHeight); else window.scrollBy(0, window.innerHeight);
  return measure(el);
})()`;

/**
 * An expression: scrolls back up half a screen. At the end of the page a further step does not
 * move, so a loader listening for scroll events would never hear one: this lets the next step come
 * near the end again.
 */
export const SCROLL_BACK_SCRIPT = `(function () {
  var scroller = ${SCROLLER_FUNCTION};
  var el = scroller();
  if (el) el.scrollBy(0, -el.clientHeight / 2); else window.scrollBy(0, -window.innerHeight / 2);
})()`;

/** An expression: where the page is (ScrollState). */
export const MEASURE_SCRIPT = `(function () {
  var scroller = ${SCROLLER_FUNCTION};
  var measure = ${MEASURE_FUNCTION};
  return measure(scroller());
})()`;

/** An expression: back to the top. */
export const SCROLL_TOP_SCRIPT = `(function () {
  var scroller = ${SCROLLER_FUNCTION};
  var el = scroller();
  if (el) el.scrollTo(0, 0);
  window.scrollTo(0, 0);
})()`;

/**
 * An expression: resolves after two animation frames, so IntersectionObserver callbacks and
 * scroll handlers have run and started their requests; at most 150 ms (a page that never paints).
 */
export const SETTLE_SCRIPT = `new Promise(function (resolve) {
  var done = false;
  function finish() { if (!done) { done = true; resolve(true); } }
  requestAnimationFrame(function () { requestAnimationFrame(finish); });
  setTimeout(finish, 150);
})`;

export const OUTER_HTML_SCRIPT = 'document.documentElement ? document.documentElement.outerHTML : ""';

/** The image elements the audit reads the layout of. */
const LAYOUT_ELEMENTS = 'img, input[type=image]';

/**
 * A function of an attribute name, run before scrolling: marks each image element in the first
 * screen ("fold") and the element of the page's largest contentful paint ("lcp"), as the browser
 * reported it (buffered LCP entries; none in a browser without them), in that attribute.
 */
export const LAYOUT_FOLD_FUNCTION = `function (name) {
  return new Promise(function (resolve) {
    var height = window.innerHeight, width = window.innerWidth;
    var lcp = null;
    function mark() {
      var list = document.querySelectorAll(${JSON.stringify(LAYOUT_ELEMENTS)});
      for (var i = 0; i < list.length && i < 5000; i++) {
        var el = list[i], box = el.getBoundingClientRect();
        var fold = box.width > 0 && box.height > 0 && box.top < height && box.bottom > 0 && box.left < width && box.right > 0;
        el.setAttribute(name, (fold ? 'fold' : 'below') + (el === lcp ? ' lcp' : ''));
      }
      resolve(true);
    }
    try {
      var observer = new PerformanceObserver(function (entries) {
        var all = entries.getEntries();
        if (all.length > 0) lcp = all[all.length - 1].element || null;
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(function () { observer.disconnect(); mark(); }, 50);
    } catch (e) { mark(); }
  });
}`;

/**
 * A function of an attribute name, run after scrolling (lazy images loaded): adds each image
 * element's rendered size in CSS px ("w h") to the mark, for the audit's displayed size.
 */
export const LAYOUT_SIZE_FUNCTION = `function (name) {
  var list = document.querySelectorAll(${JSON.stringify(LAYOUT_ELEMENTS)});
  for (var i = 0; i < list.length && i < 5000; i++) {
    var el = list[i], box = el.getBoundingClientRect();
    var before = el.getAttribute(name) || 'below';
    el.setAttribute(name, before + ' ' + Math.round(box.width) + ' ' + Math.round(box.height));
  }
  return true;
}`;
