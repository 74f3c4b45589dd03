/** An image named by JSON-LD structured data, as written (unresolved). */
export interface JsonLdImage {
  url: string;
  /** The ImageObject's caption or name, when it has one. */
  alt?: string;
}

/** Properties whose value is an image: a URL, an ImageObject, or a list of either. */
const IMAGE_PROPERTIES = ['image', 'thumbnailUrl', 'thumbnail', 'logo', 'photo', 'primaryImageOfPage'];
/** Types whose own `contentUrl` / `url` is the image (a VideoObject's contentUrl is a video). */
const IMAGE_TYPES = new Set(['ImageObject', 'Photograph', 'Barcode']);
/** JSON-LD nesting deeper than this is not walked (no real page comes near it). */
const MAX_DEPTH = 32;

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeNames(node: Record<string, Json>): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#:]/, ''));
}

function text(value: Json): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function isImageObject(node: Record<string, Json>): boolean {
  return typeNames(node).some((t) => IMAGE_TYPES.has(t));
}

function ownImageUrl(node: Record<string, Json>): JsonLdImage | undefined {
  const url = text(node.contentUrl) ?? text(node.url);
  if (!url) return undefined;
  const alt = text(node.caption) ?? text(node.name);
  return alt ? { url, alt } : { url };
}

/**
 * Image URLs in one `<script type="application/ld+json">` body: `image`, `thumbnailUrl`, `logo`… as
 * strings, arrays, or objects with `url`/`contentUrl`, and ImageObjects anywhere, walking nested objects
 * and `@graph`. Invalid JSON gives no images.
 */
export function findJsonLdImages(body: string): JsonLdImage[] {
  let data: Json;
  try {
    data = JSON.parse(body.trim());
  } catch {
    return [];
  }
  const found: JsonLdImage[] = [];
  const seen = new Set<string>();
  const add = (image: JsonLdImage | undefined) => {
    if (image && !seen.has(image.url)) {
      seen.add(image.url);
      found.push(image);
    }
  };
  const readImageValue = (value: Json, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') add(text(value) ? { url: value.trim() } : undefined);
    else if (Array.isArray(value)) for (const item of value) readImageValue(item, depth + 1);
    else if (isRecord(value)) add(ownImageUrl(value));
  };
  const walk = (value: Json, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    if (isImageObject(value)) add(ownImageUrl(value));
    for (const key of IMAGE_PROPERTIES) {
      if (key in value) readImageValue(value[key], depth + 1);
    }
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) walk(child, depth + 1);
    }
  };
  walk(data, 0);
  return found;
}
