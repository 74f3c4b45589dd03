// How every part of the project starts Debian's Chromium headless (e2e, benchmarks, Render
// JavaScript): these flags keep it from reaching out to Google's services, which this machine's
// closed network refuses, and let it run as root.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
