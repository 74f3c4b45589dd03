/**
 * OpenDocument (ODT, ODP, ODS, ODG and their templates) and flat OpenDocument XML (FODT, FODP,
 * FODS, FODG): the pictures of content.xml in document order, then those of styles.xml (master
 * pages: headers, footers, slide masters; fill and background images), then pictures the package
 * stores in Pictures/ that nothing shows. Each picture once, with where it first shows: slides by
 * draw:page order (presentations and drawings; a fill picture, such as a master page's
 * background, on the slides whose page, master page or shapes have a style that fills with it),
 * sheet and anchor cell (spreadsheets). A text document has no page numbers: they are known only
 * after layout. A flat file repeats a picture's data at each use: the same data is one picture.
 *
 * Bytes are the entry's as stored (flat files: the decoded base64). StarView (SVM), EMF and WMF
 * pictures are given as stored, as DOCX gives its metafiles; a draw:image beside an embedded
 * object is that object's preview (role `object-preview`). Thumbnails/thumbnail.png is the
 * writer's own thumbnail, not a picture of the document, and is not given.
 */
import { DocumentError, throwIfAborted } from '../../errors.ts';
import { odfKindOf, sniffFlatOdf } from '../../zipContainerKind.ts';
import { base64Bytes } from '../mime/headers.ts';
import { linkedImage, storedImage } from '../ooxml/imageFromPart.ts';
import { decodeXml } from '../ooxml/xmlReader.ts';
import type { DocumentExtractor, DocumentImage, EngineOptions } from '../types.ts';
import { entryImage, isExternalHref, resolveHref } from '../zip/zipImages.ts';
import { isZip, openZip, type ZipReader } from '../zip/zipReader.ts';
import { type OdfPart, type OdfPicture, odfPictures } from './odfPictures.ts';

const UNSHOWN_NOTE = 'Not shown in the document: only stored in its Pictures folder.';
const FALLBACK_NOTE = 'Another rendition of the picture before it, for readers that cannot show that one.';
const SVM_MAGIC = 'VCLMTF';

type Kind = 'odt' | 'odp' | 'ods' | 'odg';

/** A picture to give: where it first shows, and every page it shows on. */
type Planned = { picture: OdfPicture; pages: Set<number>; index: number };

export const extractOdf: DocumentExtractor = async function* extractOdf(bytes, options = {}) {
  throwIfAborted(options.signal);
  if (isZip(bytes)) yield* extractPackage(openZip(bytes), options);
  else yield* extractFlat(bytes, options);
};

function bodyRoleOf(kind: Kind): string {
  return kind === 'odp' || kind === 'odg' ? 'slide' : 'body';
}

async function* extractPackage(zip: ZipReader, options: EngineOptions): AsyncGenerator<DocumentImage> {
  const { signal, onProgress, onSkipped } = options;
  const kind = packageKind(zip);
  const contentXml = xmlOf(zip, 'content.xml');
  const stylesXml = xmlOf(zip, 'styles.xml');
  // LibreOffice's style templates (Default.ott and the like) hold styles.xml and no content.xml
  if (contentXml === undefined && stylesXml === undefined)
    throw new DocumentError('invalid', 'This OpenDocument file is damaged: it has no content.xml.');
  const content =
    contentXml === undefined
      ? { pictures: [], pagesByMaster: new Map(), truncated: false, fillStyles: new Map(), styleUses: new Map() }
      : odfPictures(contentXml, 'content.xml', bodyRoleOf(kind), kind === 'ods');
  onProgress?.({ done: 1, total: 2, unit: 'parts' });
  throwIfAborted(signal);
  const styles = stylesXml === undefined ? undefined : odfPictures(stylesXml, 'styles.xml', bodyRoleOf(kind), false);
  onProgress?.({ done: 2, total: 2, unit: 'parts' });
  if (content.truncated || styles?.truncated) onSkipped?.({ reason: tooManyReason() });

  const parts = styles ? [content, styles] : [content];
  const planned = plan(
    [...content.pictures, ...(styles?.pictures ?? [])],
    content.pagesByMaster,
    fillPages(parts, content.pagesByMaster),
    (picture) =>
      isExternalHref(picture.href ?? '')
        ? `url:${picture.href}`
        : `entry:${resolveHref('', picture.href ?? '').toLowerCase()}`,
  );
  const shown = new Set<string>();
  for (const { picture, pages } of planned) {
    throwIfAborted(signal);
    const href = picture.href ?? '';
    if (isExternalHref(href)) {
      if (/^https?:/i.test(href)) yield located(linkedImage(href), picture, pages, kind);
      continue;
    }
    const entry = zip.find(resolveHref('', href));
    if (!entry || entry.name.endsWith('/')) {
      // an embedded object's own folder is no picture (its preview is the draw:image beside it)
      if (!entry) onSkipped?.({ reason: `The document shows the picture ${href}, which the file does not hold.` });
      continue;
    }
    shown.add(entry.name.toLowerCase());
    yield located(withSvm(await entryImage(zip, entry, options)), picture, pages, kind);
  }
  for (const entry of zip.entries) {
    throwIfAborted(signal);
    if (!/^Pictures\/[^/]+$/i.test(entry.name) || shown.has(entry.name.toLowerCase())) continue;
    shown.add(entry.name.toLowerCase());
    yield { ...withSvm(await entryImage(zip, entry, options)), note: UNSHOWN_NOTE };
  }
}

async function* extractFlat(bytes: Uint8Array, options: EngineOptions): AsyncGenerator<DocumentImage> {
  const { signal, onSkipped, onProgress } = options;
  const kind = sniffFlatOdf(bytes) as Kind | undefined;
  if (!kind) throw new DocumentError('unsupported', 'This file is not an OpenDocument file.');
  const part = odfPictures(decodeXml(bytes), 'document', bodyRoleOf(kind), kind === 'ods');
  if (part.truncated) onSkipped?.({ reason: tooManyReason() });
  onProgress?.({ done: 1, total: 1, unit: 'parts' });
  // The body's pictures first, as a package gives content.xml's before styles.xml's (a flat file
  // writes its styles and master pages before the body). A picture shown twice is written twice,
  // its data repeated where a package names one entry: the same data is one picture.
  const ordered = [...part.pictures.filter((p) => p.inBody), ...part.pictures.filter((p) => !p.inBody)];
  const planned = plan(ordered, part.pagesByMaster, fillPages([part], part.pagesByMaster), (picture) =>
    picture.data !== undefined ? `inline:${picture.data.replace(/\s+/g, '')}` : `href:${picture.href}`,
  );
  let inlineCount = 0;
  for (const { picture, pages } of planned) {
    throwIfAborted(signal);
    if (picture.data !== undefined) {
      const data = base64Bytes(picture.data);
      if (data.length === 0) {
        onSkipped?.({ reason: 'A picture of this document has no data.' });
        continue;
      }
      yield located(withSvm(storedImage(`image${++inlineCount}`, data)), picture, pages, kind);
    } else if (picture.href && /^https?:/i.test(picture.href)) {
      yield located(linkedImage(picture.href), picture, pages, kind);
    } else if (picture.href) {
      onSkipped?.({ reason: `The document points at the picture ${picture.href} outside it, which was not read.` });
    }
  }
}

/** The kind the `mimetype` entry names; a package without one is taken for a text document. */
function packageKind(zip: ZipReader): Kind {
  const entry = zip.find('mimetype');
  if (!entry || entry.size > 256) return 'odt';
  return (odfKindOf(new TextDecoder().decode(zip.read(entry))) as Kind | undefined) ?? 'odt';
}

function xmlOf(zip: ZipReader, name: string): string | undefined {
  const entry = zip.find(name);
  return entry ? decodeXml(zip.read(entry)) : undefined;
}

/** Each picture once, where it first shows, with all the pages it shows on (a master's pages included). */
function plan(
  pictures: readonly OdfPicture[],
  pagesByMaster: ReadonlyMap<string, number[]>,
  pagesByFill: ReadonlyMap<string, ReadonlySet<number>>,
  keyOf: (picture: OdfPicture, index: number) => string,
): Planned[] {
  const byKey = new Map<string, Planned>();
  for (const [index, picture] of pictures.entries()) {
    const key = keyOf(picture, index);
    let planned = byKey.get(key);
    if (!planned) {
      planned = { picture, pages: new Set(), index };
      byKey.set(key, planned);
    }
    if (picture.page !== undefined) planned.pages.add(picture.page);
    if (picture.masterPage !== undefined)
      for (const page of pagesByMaster.get(picture.masterPage) ?? []) planned.pages.add(page);
    if (picture.fillName !== undefined)
      for (const page of pagesByFill.get(picture.fillName) ?? []) planned.pages.add(page);
  }
  return [...byKey.values()];
}

/** Style parents followed at most: real chains are a few long; a loop in a damaged file ends here. */
const MAX_STYLE_PARENTS = 32;

/**
 * The pages each fill picture (`draw:fill-image`, by name) shows on: those of the pages, master
 * pages and shapes whose style, or a style it inherits from, fills with it (`draw:fill="bitmap"`).
 */
function fillPages(parts: readonly OdfPart[], pagesByMaster: ReadonlyMap<string, number[]>): Map<string, Set<number>> {
  // a part's own styles first: content.xml's automatic styles and styles.xml's may share a name
  const styleOf = (name: string, own: OdfPart) =>
    own.fillStyles.get(name) ?? parts.find((part) => part.fillStyles.has(name))?.fillStyles.get(name);
  const fillOf = (name: string, own: OdfPart): string | undefined => {
    let style = styleOf(name, own);
    for (let hops = 0; style && hops < MAX_STYLE_PARENTS; hops++) {
      if (style.fill !== undefined) return style.fill || undefined;
      style = style.parent === undefined ? undefined : styleOf(style.parent, own);
    }
    return undefined;
  };
  const pages = new Map<string, Set<number>>();
  for (const part of parts) {
    for (const [name, use] of part.styleUses) {
      const fill = fillOf(name, part);
      if (fill === undefined) continue;
      const shown = pages.get(fill) ?? new Set<number>();
      pages.set(fill, shown);
      for (const page of use.pages) shown.add(page);
      for (const master of use.masters) for (const page of pagesByMaster.get(master) ?? []) shown.add(page);
    }
  }
  return pages;
}

function located(image: DocumentImage, picture: OdfPicture, pages: ReadonlySet<number>, kind: Kind): DocumentImage {
  const slides = kind === 'odp' || kind === 'odg' ? [...pages].sort((a, b) => a - b) : [];
  return {
    ...image,
    role: picture.role,
    ...(slides.length > 0 ? { slideNumbers: slides } : {}),
    ...(picture.sheet !== undefined ? { sheet: picture.sheet } : {}),
    ...(picture.cell !== undefined ? { cell: picture.cell } : {}),
    ...(picture.fallback ? { note: FALLBACK_NOTE } : {}),
  };
}

/** StarView metafiles (LibreOffice's own vector pictures) carry no signature the sniffer knows. */
function withSvm(image: DocumentImage): DocumentImage {
  if (image.format !== 'UNKNOWN' && image.format !== 'SVM') return image;
  const head = new TextDecoder('latin1').decode(image.bytes.subarray(0, SVM_MAGIC.length));
  if (head !== SVM_MAGIC) return image;
  const stem = image.name.replace(/\.[^.]*$/, '');
  return { ...image, name: `${stem}.svm`, format: 'SVM', mimeType: 'image/x-svm' };
}

function tooManyReason(): string {
  return 'This document shows more pictures than the extractor reads from one part; the rest were not extracted.';
}
