import type { FastifyInstance } from 'fastify';
import type { RemotesManifest } from 'shared-contracts';

/**
 * The headers the site's pages are sent with: the Content-Security-Policy the composed site runs
 * under, built from the remotes.json being served, and the framing, sniffing, referrer and
 * permissions rules that go with it.
 */

// Entries are resolved against a base no manifest names, so an entry that lands on it was relative.
const PAGE_BASE = 'http://page.invalid/';
const PAGE_ORIGIN = new URL(PAGE_BASE).origin;
// What an origin (or, for `//host/…` entries, a host) serialises to; anything else would let a
// manifest entry smuggle a `;` or a keyword into the policy.
const SOURCE = /^(https?:\/\/)?[a-z0-9.-]+(:\d+)?$/;

/**
 * Where a remote's entry is served from, as a CSP source: its origin, its host when the entry is
 * scheme-relative (the page's scheme then applies), or nothing when it is on the page's own origin
 * ('self' already allows it) or not http(s) (the shell cannot load it anyway).
 */
function sourceOf(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry, PAGE_BASE);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.origin === PAGE_ORIGIN) return undefined;
  const source = URL.canParse(entry.trim()) ? url.origin : url.host;
  return SOURCE.test(source) ? source : undefined;
}

/** The remotes' origins, once each, in the manifest's order. */
export function remoteSources(manifest: RemotesManifest): string[] {
  const sources = Object.values(manifest.remotes).map((entry) => (entry ? sourceOf(entry) : undefined));
  return [...new Set(sources.filter((source) => source !== undefined))];
}

/** The policy of every page while `manifest` is the remotes.json being served. */
export function contentSecurityPolicy(manifest: RemotesManifest): string {
  const remotes = remoteSources(manifest);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The remotes' entries and chunks are module scripts from their own origins. No inline script
    // and no eval; WebAssembly must compile: the PDF screen decodes JPEG 2000 and JBIG2 with pdf.js's
    // OpenJPEG and PDFium builds, in a Worker started from a blob: URL, which runs under this policy.
    'script-src': ["'self'", ...remotes, "'wasm-unsafe-eval'"],
    // antd's CSS-in-JS and @ant-design/icons insert <style> elements as components mount, and
    // components set style attributes: a nonce would have to reach every one of them, through a
    // shell that is a static file. Remotes link their own stylesheets.
    'style-src': ["'self'", ...remotes, "'unsafe-inline'"],
    // The URL and Website screens show each found image straight from the page's own host (only
    // Open, Download and the ZIP go through /api/image), so thumbnails come from any http(s) host;
    // files read on the device are shown as blob: and data: URLs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    // A linked video plays through /api/video/source; a chosen file through a blob: URL.
    'media-src': ["'self'", 'data:', 'blob:'],
    // A remote's stylesheet resolves its url()s against the remote's origin.
    'font-src': ["'self'", ...remotes, 'data:'],
    // The API, remotes' manifests and WebAssembly files, and the page's own blob: and data: bytes.
    'connect-src': ["'self'", ...remotes, 'data:', 'blob:'],
    // A remote on another origin starts its module Workers from a same-origin blob: URL that
    // imports the real script: every module a module Worker loads statically is checked here, not
    // against script-src, so the remotes' origins are needed too.
    'worker-src': ["'self'", ...remotes, 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

// Features the site never uses, denied to it and to anything it could be tricked into running.
// Fullscreen and picture-in-picture stay: the video player offers both. The "Save to folder"
// action's File System Access API is not a permissions-policy feature, so nothing here touches it.
// Only names Chromium knows: an unknown one is logged as an error on every page load.
const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** Every header an HTML page of the site carries. */
export function pageHeaders(manifest: RemotesManifest): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(manifest),
    // frame-ancestors says the same to browsers that read CSP; this to those that do not.
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Thumbnails load straight from other sites: they learn nothing of the visitor's page, and a
    // host that refuses hot-linked images by their Referer sees none.
    'referrer-policy': 'no-referrer',
    'permissions-policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
  };
}

/**
 * `X-Content-Type-Options: nosniff` on every answer of the app (API JSON, scripts, styles, pages),
 * so that no answer is ever run as a type it was not sent as. Set on the raw response when the
 * request arrives, so it is there however the answer is written.
 */
export function sendNosniffOnEveryAnswer(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('x-content-type-options', 'nosniff');
  });
}
