/** Same site: the same host, with or without `www.`, over http or https. */
export function siteKey(url: URL): string {
  return url.hostname.replace(/^www\./, '').toLowerCase();
}

/** Whether two addresses are of the same site (a frame read as part of its page, a link a scan follows). */
export function sameSite(a: string | URL, b: string | URL): boolean {
  try {
    return siteKey(new URL(a)) === siteKey(new URL(b));
  } catch {
    return false;
  }
}
