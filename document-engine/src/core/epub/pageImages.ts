/**
 * The pictures one XHTML or SVG page of a book shows, in document order: `<img src>` and SVG
 * `<image href>` / `<image xlink:href>`. Read with a tolerant tag scan rather than an XML parser:
 * books in the wild are full of HTML entities (`&nbsp;`) and tag soup an XML parser refuses,
 * and a page that fails to parse would lose all its pictures. The scan is linear (each step
 * stops at the next `<`), so no page can make it quadratic.
 */

const TAG = /<([A-Za-z][\w.-]*:)?(img|image)\b([^<>]*)>?/gi;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
const ENTITY = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The hrefs of the pictures the page shows, as written (entities decoded), in document order. */
export function pageImageHrefs(page: string): string[] {
  const text = withoutComments(page);
  const hrefs: string[] = [];
  for (const tag of text.matchAll(TAG)) {
    const isImg = (tag[2] as string).toLowerCase() === 'img';
    for (const attribute of (tag[3] ?? '').matchAll(ATTRIBUTE)) {
      const name = (attribute[1] as string).toLowerCase();
      const wanted = isImg ? name === 'src' : name === 'href' || name.endsWith(':href');
      if (!wanted) continue;
      const value = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '').trim();
      if (value) hrefs.push(value);
      break;
    }
  }
  return hrefs;
}

/** The page with its comments blanked (a commented-out picture is not shown). */
function withoutComments(page: string): string {
  let out = '';
  let at = 0;
  for (let open = page.indexOf('<!--'); open >= 0; open = page.indexOf('<!--', at)) {
    out += page.slice(at, open);
    const close = page.indexOf('-->', open + 4);
    if (close < 0) return out;
    at = close + 3;
  }
  return out + page.slice(at);
}

function decodeEntities(value: string): string {
  return value.replace(ENTITY, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in NAMED) return NAMED[lower] as string;
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
