/**
 * An OOXML package (DOCX, PPTX): the ZIP, its content types, and each part's relationships, read
 * lazily and once.
 */
import { DocumentError, PasswordRequiredError } from '../../errors.ts';
import type { EngineOptions } from '../types.ts';
import { openZip, type ZipEntry, type ZipReader } from '../zip/zipReader.ts';
import {
  type ContentTypes,
  contentTypeOf,
  NO_RELATIONSHIPS,
  parseContentTypes,
  parseRelationships,
  type Relationships,
  relationshipsPartName,
} from './relationships.ts';
import { decodeXml } from './xmlReader.ts';

export type OoxmlPackage = {
  readonly zip: ZipReader;
  hasPart(partName: string): boolean;
  /** The part's bytes, exactly as zipped; undefined when the package has no such part. */
  readPart(partName: string): Uint8Array | undefined;
  /** The same for media: inflated by native code (see ZipReader.readAsync). */
  readPartAsync(partName: string): Promise<Uint8Array | undefined>;
  readXml(partName: string): string | undefined;
  /** The part's relationships (`''` for the package's own); none when it has no .rels part. */
  relationships(partName: string): Relationships;
  /** The content type declared in `[Content_Types].xml`. */
  contentType(partName: string): string | undefined;
};

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream an ECMA-376 encrypted package keeps its ZIP in, as its directory entry spells it (UTF-16LE). */
const ENCRYPTED_PACKAGE_NAME = utf16le('EncryptedPackage');

export function openPackage(bytes: Uint8Array, options: EngineOptions = {}): OoxmlPackage {
  if (CFB_SIGNATURE.every((value, i) => bytes[i] === value)) throw cfbError(bytes, options);
  const zip = openZip(bytes);
  const relationshipsCache = new Map<string, Relationships>();

  const findEntry = (partName: string): ZipEntry | undefined => {
    const entry = zip.find(partName);
    if (entry || !partName.includes('%')) return entry;
    try {
      return zip.find(decodeURIComponent(partName));
    } catch {
      return undefined;
    }
  };
  const readPart = (partName: string) => {
    const entry = findEntry(partName);
    return entry ? zip.read(entry) : undefined;
  };
  const readXml = (partName: string) => {
    const part = readPart(partName);
    return part ? decodeXml(part) : undefined;
  };

  const contentTypesXml = readXml('[Content_Types].xml');
  if (contentTypesXml === undefined) {
    throw new DocumentError('invalid', 'This ZIP file is not an Office document: it has no [Content_Types].xml.');
  }
  const contentTypes: ContentTypes = parseContentTypes(contentTypesXml);

  return {
    zip,
    hasPart: (partName) => findEntry(partName) !== undefined,
    readPart,
    readPartAsync: async (partName) => {
      const entry = findEntry(partName);
      return entry ? zip.readAsync(entry, options.inflateRaw) : undefined;
    },
    readXml,
    relationships(partName) {
      const cached = relationshipsCache.get(partName);
      if (cached) return cached;
      const xml = readXml(relationshipsPartName(partName));
      const relationships = xml === undefined ? NO_RELATIONSHIPS : parseRelationships(xml, partName);
      relationshipsCache.set(partName, relationships);
      return relationships;
    },
    contentType: (partName) => contentTypeOf(contentTypes, partName),
  };
}

/**
 * A CFB (OLE2) file handed to a DOCX/PPTX extractor: either an ECMA-376 encrypted package (its
 * ZIP sits encrypted in its `EncryptedPackage` stream), which `unlockDocument` decrypts before an
 * extractor is chosen (extractDocument does), or a legacy binary .doc/.ppt under the wrong name.
 */
function cfbError(bytes: Uint8Array, options: EngineOptions): DocumentError {
  if (!containsBytes(bytes, ENCRYPTED_PACKAGE_NAME)) return new DocumentError('invalid');
  if (options.password !== undefined) {
    return new DocumentError('unsupported', 'An encrypted package is opened with unlockDocument before it is read.');
  }
  return new PasswordRequiredError();
}

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) bytes[i * 2] = text.charCodeAt(i);
  return bytes;
}

function containsBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (let at = haystack.indexOf(first ?? 0); at >= 0 && at <= last; at = haystack.indexOf(first ?? 0, at + 1)) {
    for (let i = 1; i < needle.length; i++) if (haystack[at + i] !== needle[i]) continue outer;
    return true;
  }
  return false;
}
