// How every part of the project starts Debian's Chromium headless (e2e, benchmarks, Render
// JavaScript): these flags keep it from reaching out to Google's services, which this machine's
// closed network refuses.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Every headless Chromium of the project, the service's included: no sandbox switch here. */
export const HEADLESS_CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The test harness's browser (e2e, benchmarks): it opens only our own pages and fixtures, and CI
 * runs it as root, where Chromium starts only without its sandbox. The service's Render JavaScript
 * browser, which opens strangers' pages, never takes these (extract-api's render/sandbox.ts).
 */
export const CHROMIUM_ARGS = ['--no-sandbox', ...HEADLESS_CHROMIUM_ARGS];

/**
 * The unprivileged account a root service runs Render JavaScript's Chromium as, with its sandbox
 * on (Chromium refuses its sandbox to root). scripts/setup.mjs creates it; EXTRACT_API_RENDER_USER
 * names another.
 */
export const RENDER_USER = 'image-extractor-render';
