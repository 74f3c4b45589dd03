import { imageProxyPath } from 'shared-contracts';

/**
 * Where this page (or its Workers) can read an image's bytes: the page's own (blob:, data:) as
 * they are, a web image through the site's image proxy (the browser may not read another site's
 * bytes; the proxy's fetch is the server's SSRF-safe one), as an absolute address: a Worker runs
 * from its remote's origin.
 */
export function bytesUrlOf(image: { url: string; originalFormat?: boolean | undefined }): string {
  if (!/^https?:/i.test(image.url)) return image.url;
  return new URL(imageProxyPath(image), globalThis.location.href).href;
}
