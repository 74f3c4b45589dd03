import { edit, lastSegment, type OriginalRule, onDomain, withLastSegment, withoutParams } from './rule.ts';

// Shops: Shopify, Amazon, eBay and Etsy name their sizes in the file name.

/**
 * Shopify's size suffix before the extension: `_300x`, `_x200`, `_300x200`, with `_crop_center`
 * and `@2x`, or a named size (`_small`, `_grande`…), and `.progressive` before the extension.
 */
const SHOPIFY_SIZE =
  /^(.+?)_(?:\d*x\d*|pico|icon|thumb|small|compact|medium|large|grande|original|master)(?:_crop_(?:center|top|bottom|left|right))?(?:@\dx)?(?:\.progressive)?\.(jpe?g|png|gif|webp|avif)$/i;
/** The sizing parameters of Shopify's newer URLs (`/cdn/shop/files/shirt.jpg?v=1&width=300`). */
const SHOPIFY_PARAMS = ['width', 'height', 'crop', 'pad_color', 'format'];

export const shopify: OriginalRule = {
  name: 'Shopify',
  matches: (url) => onDomain(url.hostname, 'cdn.shopify.com') || /^\/cdn\/shop\//i.test(url.pathname),
  originals: (url) => {
    const name = lastSegment(url);
    const sized = SHOPIFY_SIZE.exec(name);
    // `_x.jpg` alone is no size: `\d*x\d*` would read it as one.
    const suffix = sized ? name.slice((sized[1] as string).length) : '';
    const isSize = sized !== null && !/^_x\./i.test(suffix);
    const base = isSize ? new URL(withLastSegment(url, `${sized?.[1]}.${sized?.[2]}`)) : url;
    const found = withoutParams(base, SHOPIFY_PARAMS);
    return found === url.href ? [] : [found];
  },
};

/** Amazon's image modifiers between the id and the extension: `71abc+L._AC_SX300_.jpg`. */
const AMAZON_MODIFIERS = /^([^./]+)\.(?:_[^/]*_\.)+([a-z]+)$/i;

export const amazon: OriginalRule = {
  name: 'Amazon',
  matches: (url) =>
    onDomain(url.hostname, 'media-amazon.com') ||
    onDomain(url.hostname, 'ssl-images-amazon.com') ||
    onDomain(url.hostname, 'images-amazon.com'),
  originals: (url) => {
    const modified = AMAZON_MODIFIERS.exec(lastSegment(url));
    return modified ? [withLastSegment(url, `${modified[1]}.${modified[2]}`)] : [];
  },
};

/** eBay: `s-l300.jpg` (or `.webp`, `.png`); 1600 px is the largest the gallery serves. */
export const ebay: OriginalRule = {
  name: 'eBay',
  matches: (url) => onDomain(url.hostname, 'ebayimg.com'),
  originals: (url) => {
    const sized = /^s-l(\d+)\.([a-z]+)$/i.exec(lastSegment(url));
    if (!sized || Number(sized[1]) >= 1600) return [];
    const path = url.pathname.replace(/^\/thumbs\/images\//i, '/images/');
    const at = (name: string) =>
      edit(url, (copy) => {
        copy.pathname = path.replace(/[^/]*$/, name);
        copy.search = '';
      });
    const ext = (sized[2] as string).toLowerCase();
    return ext === 'jpg' ? [at('s-l1600.jpg')] : [at(`s-l1600.${ext}`), at('s-l1600.jpg')];
  },
};

/** Etsy: `il_340x270.123_abcd.jpg`, `il_794xN.…` → `il_fullxfull.…`. */
export const etsy: OriginalRule = {
  name: 'Etsy',
  matches: (url) => onDomain(url.hostname, 'etsystatic.com'),
  originals: (url) => {
    const name = lastSegment(url);
    const sized = /^il_(?!fullxfull)[0-9a-z]+x[0-9a-z]+\.(.+)$/i.exec(name);
    return sized ? [withLastSegment(url, `il_fullxfull.${sized[1]}`)] : [];
  },
};

export const COMMERCE_RULES: readonly OriginalRule[] = [shopify, amazon, ebay, etsy];
