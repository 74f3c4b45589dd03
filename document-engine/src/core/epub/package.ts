/**
 * An EPUB's package document (OPF), found through META-INF/container.xml: the manifest (every
 * file of the publication, by id), the spine (reading order), the cover picture, and the table
 * of contents (EPUB 3 navigation document or EPUB 2 NCX) for chapter titles.
 */
import { DocumentError } from '../../errors.ts';
import { attributeValue, decodeXml, walkXml } from '../ooxml/xmlReader.ts';
import { resolveHref } from '../zip/zipImages.ts';
import type { ZipReader } from '../zip/zipReader.ts';

/** Reading-order items read at most; a spine longer than this is a crafted file, its tail left out. */
export const MAX_SPINE_ITEMS = 10_000;
/** Manifest items kept at most (the ZIP itself holds at most MAX_ZIP_ENTRIES files). */
export const MAX_MANIFEST_ITEMS = 20_000;

export type ManifestItem = { id: string; path: string; href: string; mediaType: string; properties: string[] };

export type EpubPackage = {
  /** The OPF's entry path. */
  opfPath: string;
  /** In manifest order. */
  manifest: ManifestItem[];
  /** The spine's items in reading order, each item once (a spine naming one item twice reads it once). */
  spine: ManifestItem[];
  cover?: ManifestItem;
  /** Where chapter titles are: the EPUB 3 navigation document, then the EPUB 2 NCX (EPUB 3 books often have both). */
  tocs: ManifestItem[];
};

const OPF_MEDIA_TYPE = 'application/oebps-package+xml';

export function readText(zip: ZipReader, path: string): string | undefined {
  const entry = zip.find(path);
  return entry ? decodeXml(zip.read(entry)) : undefined;
}

/** container.xml's first OPF rootfile, else the first .opf entry (some writers omit container.xml). */
function findOpf(zip: ZipReader): string {
  const container = readText(zip, 'META-INF/container.xml');
  const rootfiles: { path: string; mediaType: string | undefined }[] = [];
  if (container !== undefined) {
    walkXml(
      container,
      {
        open(element) {
          if (element.local !== 'rootfile') return;
          const path = attributeValue(element, 'full-path');
          if (path) rootfiles.push({ path: resolveHref('', path), mediaType: attributeValue(element, 'media-type') });
        },
      },
      'container.xml',
    );
  }
  const opf =
    rootfiles.find((rootfile) => rootfile.mediaType === OPF_MEDIA_TYPE && zip.find(rootfile.path)) ??
    rootfiles.find((rootfile) => zip.find(rootfile.path));
  if (opf) return opf.path;
  const fallback = zip.entries.find((entry) => /\.opf$/i.test(entry.name));
  if (fallback) return fallback.name;
  throw new DocumentError('invalid', 'This e-book is damaged: it has no package document (.opf) saying what it holds.');
}

export function readPackage(zip: ZipReader): EpubPackage {
  const opfPath = findOpf(zip);
  const opf = readText(zip, opfPath) ?? '';
  const manifest: ManifestItem[] = [];
  const byId = new Map<string, ManifestItem>();
  const spineIds: string[] = [];
  let coverId: string | undefined;
  let tocId: string | undefined;
  walkXml(
    opf,
    {
      open(element) {
        if (element.local === 'item' && manifest.length < MAX_MANIFEST_ITEMS) {
          const id = attributeValue(element, 'id') ?? '';
          const href = attributeValue(element, 'href');
          if (href === undefined) return;
          const item: ManifestItem = {
            id,
            href,
            path: resolveHref(opfPath, href),
            mediaType: (attributeValue(element, 'media-type') ?? '').trim().toLowerCase(),
            properties: (attributeValue(element, 'properties') ?? '').split(/\s+/).filter(Boolean),
          };
          manifest.push(item);
          if (!byId.has(id)) byId.set(id, item);
        } else if (element.local === 'itemref' && spineIds.length < MAX_SPINE_ITEMS) {
          const idref = attributeValue(element, 'idref');
          if (idref) spineIds.push(idref);
        } else if (element.local === 'spine') {
          tocId = attributeValue(element, 'toc');
        } else if (element.local === 'meta' && attributeValue(element, 'name') === 'cover') {
          coverId ??= attributeValue(element, 'content');
        }
      },
    },
    'package document',
  );
  const spine: ManifestItem[] = [];
  const inSpine = new Set<ManifestItem>();
  for (const id of spineIds) {
    const item = byId.get(id);
    if (item && !inSpine.has(item)) {
      inSpine.add(item);
      spine.push(item);
    }
  }
  const cover =
    manifest.find((item) => item.properties.includes('cover-image')) ??
    (coverId === undefined
      ? undefined
      : // EPUB 2 names the item's id; some writers put its href there instead
        (byId.get(coverId) ?? manifest.find((item) => item.href === coverId || item.path === coverId)));
  const nav = manifest.find((item) => item.properties.includes('nav'));
  const ncx =
    (tocId === undefined ? undefined : byId.get(tocId)) ??
    manifest.find((item) => item.mediaType === 'application/x-dtbncx+xml');
  return {
    opfPath,
    manifest,
    spine,
    ...(cover?.mediaType.startsWith('image/') ? { cover } : {}),
    tocs: [nav, ncx].filter((item): item is ManifestItem => item !== undefined),
  };
}

/**
 * Chapter titles by the entry path of the file they open (the first title naming a file wins),
 * from the first of `tocs` that gives any: the navigation document's `toc` nav, the NCX's
 * navPoints. A table of contents that is not well-formed XML gives no titles: they are a nicety,
 * not the pictures.
 */
export function chapterTitles(zip: ZipReader, tocs: readonly ManifestItem[]): Map<string, string> {
  for (const toc of tocs) {
    const titles = titlesOf(zip, toc);
    if (titles.size > 0) return titles;
  }
  return new Map();
}

function titlesOf(zip: ZipReader, toc: ManifestItem): Map<string, string> {
  const titles = new Map<string, string>();
  const xml = readText(zip, toc.path);
  if (xml === undefined) return titles;
  const add = (href: string | undefined, title: string) => {
    const text = title.replace(/\s+/g, ' ').trim();
    if (!href || !text) return;
    const path = resolveHref(toc.path, href);
    if (!titles.has(path)) titles.set(path, text);
  };
  try {
    if (toc.mediaType === 'application/x-dtbncx+xml') readNcx(xml, add);
    else readNav(xml, add);
  } catch {
    titles.clear();
  }
  return titles;
}

function readNcx(xml: string, add: (href: string | undefined, title: string) => void): void {
  const labels: string[] = [];
  let inText = false;
  walkXml(
    xml,
    {
      open(element) {
        if (element.local === 'navPoint') labels.push('');
        else if (element.local === 'text') inText = labels.length > 0;
        else if (element.local === 'content' && labels.length > 0)
          add(attributeValue(element, 'src'), labels.at(-1) ?? '');
      },
      close(element) {
        if (element.local === 'navPoint') labels.pop();
        else if (element.local === 'text') inText = false;
      },
      text(text) {
        if (inText && labels.length > 0) labels[labels.length - 1] += text;
      },
    },
    'table of contents',
  );
}

const OPS_NAMESPACE = 'http://www.idpf.org/2007/ops';

function readNav(xml: string, add: (href: string | undefined, title: string) => void): void {
  // the depth of the `toc` nav being read (0: outside it), and the link whose text is being read
  let tocDepth = 0;
  let depth = 0;
  let link: { href: string | undefined; text: string } | undefined;
  walkXml(
    xml,
    {
      open(element) {
        depth += 1;
        if (element.local === 'nav' && tocDepth === 0) {
          const type = element.attributes.find(
            (attribute) => attribute.local === 'type' && attribute.uri === OPS_NAMESPACE,
          );
          if (type?.value.split(/\s+/).includes('toc')) tocDepth = depth;
        } else if (element.local === 'a' && tocDepth > 0) {
          link = { href: attributeValue(element, 'href'), text: '' };
        }
      },
      close(element) {
        if (element.local === 'a' && link) {
          add(link.href, link.text);
          link = undefined;
        }
        if (depth === tocDepth) tocDepth = 0;
        depth -= 1;
      },
      text(text) {
        if (link) link.text += text;
      },
    },
    'table of contents',
  );
}
