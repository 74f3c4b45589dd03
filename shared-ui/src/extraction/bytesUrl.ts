import { API_PATHS } from 'shared-contracts';

/**
 * Where this page (or its Workers) can read an image's bytes: the page's own (blob:, data:) as
 * they are, a web image through the site's image proxy (the browser may not read another site's
 * bytes; the proxy's fetch is the server's SSRF-safe one), as an absolute address: a Worker runs
 * from its remote's origin.
 */
export function bytesUrlOf(url: string): string {
  if (!/^https?:/i.test(url)) return url;
  return new URL(`${API_PATHS.image}?${new URLSearchParams({ url })}`, globalThis.location.href).href;
}
