/**
 * Turns an image relationship's target into a DocumentImage: the part's original bytes with the
 * format sniffed from them, or, for a linked image, only its address (never fetched).
 */
import { extensionFor } from 'media-files/extensions';
import { applyCrop } from '../raster/index.ts';
import { sniffFormat } from '../sniffFormat.ts';
import type { DocumentImage } from '../types.ts';
import type { OoxmlPackage } from './openPackage.ts';
import { readAhead } from './readAhead.ts';
import type { Relationship } from './relationships.ts';
import { type ImageReference, type Reference, renditionKey } from './scanPart.ts';

/** Format and MIME type by file extension, for linked images and for bytes no signature matches. */
const BY_EXTENSION: Record<string, { format: string; mimeType: string }> = {
  png: { format: 'PNG', mimeType: 'image/png' },
  jpg: { format: 'JPEG', mimeType: 'image/jpeg' },
  jpeg: { format: 'JPEG', mimeType: 'image/jpeg' },
  jpe: { format: 'JPEG', mimeType: 'image/jpeg' },
  gif: { format: 'GIF', mimeType: 'image/gif' },
  bmp: { format: 'BMP', mimeType: 'image/bmp' },
  dib: { format: 'BMP', mimeType: 'image/bmp' },
  tif: { format: 'TIFF', mimeType: 'image/tiff' },
  tiff: { format: 'TIFF', mimeType: 'image/tiff' },
  emf: { format: 'EMF', mimeType: 'image/emf' },
  wmf: { format: 'WMF', mimeType: 'image/wmf' },
  svg: { format: 'SVG', mimeType: 'image/svg+xml' },
  wdp: { format: 'JXR', mimeType: 'image/vnd.ms-photo' },
  jxr: { format: 'JXR', mimeType: 'image/vnd.ms-photo' },
  hdp: { format: 'JXR', mimeType: 'image/vnd.ms-photo' },
  jp2: { format: 'JPX', mimeType: 'image/jp2' },
  jpx: { format: 'JPX', mimeType: 'image/jp2' },
  j2k: { format: 'JPX', mimeType: 'image/jp2' },
  pict: { format: 'PICT', mimeType: 'image/x-pict' },
  pct: { format: 'PICT', mimeType: 'image/x-pict' },
  ico: { format: 'ICO', mimeType: 'image/x-icon' },
  webp: { format: 'WEBP', mimeType: 'image/webp' },
  pdf: { format: 'PDF', mimeType: 'application/pdf' },
};

/** The image stored in `partName`, or undefined when the package has no such part. */
export async function embeddedImage(pkg: OoxmlPackage, partName: string): Promise<DocumentImage | undefined> {
  const bytes = await pkg.readPartAsync(partName);
  if (!bytes) return undefined;
  return storedImage(partName, bytes, pkg.contentType(partName));
}

/**
 * A picture stored as a file of its own (a package part, a ZIP entry, a decoded attachment): its
 * bytes as they are, the format sniffed from them, else guessed from the extension of `path`.
 */
export function storedImage(path: string, bytes: Uint8Array, declaredMimeType?: string): DocumentImage {
  const { stem, extension } = splitName(path);
  const sniffed = sniffFormat(bytes);
  if (sniffed) {
    const { format, mimeType, width, height } = sniffed;
    return {
      name: `${stem}.${extensionFor(format)}`,
      bytes,
      format,
      mimeType,
      ...(width !== undefined && height !== undefined ? { width, height } : {}),
    };
  }
  const guessed = BY_EXTENSION[extension.toLowerCase()];
  return {
    name: extension ? `${stem}.${extension.toLowerCase()}` : stem,
    bytes,
    format: guessed?.format ?? (extension.toUpperCase() || 'UNKNOWN'),
    mimeType: declaredMimeType ?? guessed?.mimeType ?? 'application/octet-stream',
  };
}

/** A linked (external) image: its address, empty bytes, format guessed from the address. */
export function linkedImage(url: string): DocumentImage {
  const path = url.replace(/[#?].*$/, '');
  const { stem, extension } = splitName(safeDecode(path.slice(path.lastIndexOf('/') + 1)) || 'linked-image');
  const guessed = BY_EXTENSION[extension.toLowerCase()];
  return {
    name: extension ? `${stem}.${extension.toLowerCase()}` : stem,
    bytes: new Uint8Array(0),
    format: guessed?.format ?? 'UNKNOWN',
    mimeType: guessed?.mimeType ?? 'application/octet-stream',
    linkedUrl: url,
    note: 'Linked, not embedded: the document only points at this file, and it was not fetched.',
  };
}

function splitName(path: string): { stem: string; extension: string } {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? { stem: base.slice(0, dot), extension: base.slice(dot + 1) } : { stem: base, extension: '' };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The image a relationship points at: linked (an address, not fetched) or embedded in the package. */
export async function imageOfRelationship(
  pkg: OoxmlPackage,
  relationship: Relationship,
): Promise<DocumentImage | undefined> {
  if (relationship.external) return linkedImage(relationship.target);
  return relationship.targetPart ? embeddedImage(pkg, relationship.targetPart) : undefined;
}

/**
 * The image one use points at, as that use shows it: cropped when the document crops it (the view
 * a PNG of the crop, the stored file its `original`), else the stored file.
 */
export async function imageOfReference(
  pkg: OoxmlPackage,
  reference: Pick<ImageReference, 'relationship' | 'crop'>,
): Promise<DocumentImage | undefined> {
  const image = await imageOfRelationship(pkg, reference.relationship);
  return image && reference.crop ? applyCrop(image, reference.crop) : image;
}

/**
 * The images of a part's references that no earlier part gave (one per rendition, in document
 * order; each is added to `found`), read a few ahead: each with its reference, and undefined for
 * a target the package does not hold.
 */
export function newImagesOf(
  pkg: OoxmlPackage,
  references: Iterable<Reference>,
  found: Set<string>,
): AsyncGenerator<[ImageReference, DocumentImage | undefined]> {
  const wanted: ImageReference[] = [];
  for (const reference of references) {
    if (reference.kind !== 'image') continue;
    const key = renditionKey(reference);
    if (found.has(key)) continue;
    found.add(key);
    wanted.push(reference);
  }
  return readAhead(wanted, (reference) => imageOfReference(pkg, reference));
}
