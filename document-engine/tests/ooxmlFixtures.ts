/**
 * Small synthetic OOXML packages for the engine tests, zipped with fflate's `zipSync`, and
 * image-looking bytes whose headers are real (what `sniffFormat` reads) and whose tails are unique.
 */
import { zipSync } from 'fflate';
import type { DocumentExtractor, DocumentImage, EngineOptions } from '../src/core/types.ts';

export const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const REL_IMAGE = `${R_NS}/image`;
export const REL_OFFICE_DOCUMENT = `${R_NS}/officeDocument`;

export type Rel = { id: string; type: string; target: string; external?: boolean };

export function rels(list: readonly Rel[]): string {
  const items = list.map(
    ({ id, type, target, external }) =>
      `<Relationship Id="${id}" Type="${type.includes('/') ? type : `${R_NS}/${type}`}" Target="${target}"${external ? ' TargetMode="External"' : ''}/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
}

export function contentTypes(overrides: Record<string, string> = {}): string {
  const items = Object.entries(overrides).map(
    ([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Default Extension="png" ContentType="image/png"/>${items.join('')}</Types>`;
}

/** Zips parts (text is UTF-8 encoded) with fflate. */
export function zipParts(parts: Record<string, string | Uint8Array>, level: 0 | 6 | 9 = 6): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, content] of Object.entries(parts)) {
    files[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return zipSync(files, { level });
}

/** PNG signature and IHDR for `width`×`height`, then `tag` so that each fake image is distinct. */
export function fakePng(width: number, height: number, tag: string): Uint8Array {
  const bytes = new Uint8Array(33 + tag.length);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes.set(new TextEncoder().encode(tag), 33);
  return bytes;
}

/** SOI, an APP0 segment, a baseline SOF0 for `width`×`height`, then `tag`. */
export function fakeJpeg(width: number, height: number, tag: string): Uint8Array {
  const head = [0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff];
  const bytes = new Uint8Array(head.length + 8 + tag.length);
  bytes.set(head);
  bytes.set([width >> 8, width & 0xff, 1, 1, 0x11, 0, 0xff, 0xd9], head.length);
  bytes.set(new TextEncoder().encode(tag), head.length + 8);
  return bytes;
}

/** GIF89a header for `width`×`height`, then `tag`. */
export function fakeGif(width: number, height: number, tag: string): Uint8Array {
  const bytes = new Uint8Array(10 + tag.length);
  bytes.set(new TextEncoder().encode('GIF89a'));
  bytes.set([width & 0xff, width >> 8, height & 0xff, height >> 8], 6);
  bytes.set(new TextEncoder().encode(tag), 10);
  return bytes;
}

export type Collected = {
  images: DocumentImage[];
  progress: Parameters<NonNullable<EngineOptions['onProgress']>>[0][];
};

export async function collect(
  extractor: DocumentExtractor,
  bytes: Uint8Array,
  options: EngineOptions = {},
): Promise<Collected> {
  const images: DocumentImage[] = [];
  const progress: Collected['progress'] = [];
  for await (const image of extractor(bytes, { ...options, onProgress: (event) => progress.push(event) })) {
    images.push(image);
  }
  return { images, progress };
}

/** The error an extraction ends with (or undefined if it ends well). */
export async function extractionError(
  extractor: DocumentExtractor,
  bytes: Uint8Array,
  options: EngineOptions = {},
): Promise<unknown> {
  try {
    await collect(extractor, bytes, options);
    return undefined;
  } catch (error) {
    return error;
  }
}

export const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
