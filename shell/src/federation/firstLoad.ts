import type { RemotesManifest } from 'shared-contracts';
import type { RemoteName } from 'shared-contracts/remotes';

/** One exposed page's first render, as its remote's build lists it (tooling/firstLoad.mjs). */
export type FirstLoad = { js: string[]; css: string[]; shares: string[] };

const FIRST_LOAD_FILE = 'first-load.json';

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The entry for `module` in a remote's first-load.json, or undefined when it is absent or malformed. */
export function firstLoadOf(json: unknown, module: string): FirstLoad | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const page = (json as Record<string, unknown>)[module];
  if (typeof page !== 'object' || page === null) return undefined;
  const { js, css, shares } = page as Record<string, unknown>;
  return isStringList(js) && isStringList(css) && isStringList(shares) ? { js, css, shares } : undefined;
}

/** `file` under the remote's folder, or undefined for a path that would leave it. */
function underRemote(file: string, base: URL): string | undefined {
  const url = new URL(file, base);
  return url.origin === base.origin && url.pathname.startsWith(base.pathname) ? url.href : undefined;
}

function addLink(rel: 'modulepreload' | 'preload', href: string, as?: 'style'): void {
  if ([...document.head.querySelectorAll('link')].some((link) => link.href === href)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  link.crossOrigin = '';
  if (as) link.setAttribute('as', as);
  document.head.append(link);
}

/**
 * Asks at once for everything a remote page's first render needs: its chunks and stylesheets from
 * the remote, and the shell's modules it shares (`preloadShare`). Without it the browser finds them
 * one level at a time (entry, loader, page, the page's imports, the shared components), a round
 * trip each, which on a phone's network is most of the wait. Best effort: a remote without the
 * file, or a file that fails, leaves the ordinary loading to do the work.
 */
export async function preloadFirstLoad(
  manifest: RemotesManifest,
  remote: RemoteName,
  module: string,
  preloadShare: (key: string) => void,
  base = window.location.href,
): Promise<void> {
  const entry = manifest.remotes[remote];
  if (!entry || entry.endsWith('.json')) return;
  const folder = new URL('.', new URL(entry, base));
  const response = await fetch(new URL(FIRST_LOAD_FILE, folder));
  if (!response.ok) return;
  const page = firstLoadOf(await response.json(), module);
  if (!page) return;
  for (const file of page.js) {
    const href = underRemote(file, folder);
    if (href) addLink('modulepreload', href);
  }
  for (const file of page.css) {
    const href = underRemote(file, folder);
    if (href) addLink('preload', href, 'style');
  }
  for (const key of page.shares) preloadShare(key);
}
