/**
 * Finds the images of one part through its relationships, in document order.
 *
 * Every attribute in the relationships namespace (`r:embed` and `r:link` on `a:blip`, `r:id` on
 * `v:imagedata` and `v:fill`, `r:pict`…) plus VML's `o:relid` is looked up in the part's .rels:
 * an image (or HD Photo) relationship is an image; a chart or SmartArt relationship is scanned in
 * place, since its pictures show where it sits. Image relationships that nothing in the XML points
 * at come after, marked as not placed; so do unreferenced chart and SmartArt parts (SmartArt's
 * drawing part is linked from the data part by a plain `relId`).
 *
 * Bounded: a chain of 6,000 chart parts, each relating to the next, once overflowed the stack of
 * the recursive walk. Both walks here are iterative with a visited set, go at most
 * MAX_NESTED_DEPTH parts deep and scan at most MAX_NESTED_PARTS nested parts from one part.
 */
import { type Insets, isIdentityCrop, type PictureCrop } from '../raster/index.ts';
import type { OoxmlPackage } from './openPackage.ts';
import { RELATIONSHIP_ATTRIBUTE_NAMESPACES, type Relationship } from './relationships.ts';
import { walkXml, type XmlElement } from './xmlReader.ts';

export type ImageReference = {
  kind: 'image';
  relationship: Relationship;
  /** The part whose .rels holds the relationship. */
  sourcePart: string;
  /** Inside a background (`p:bg` in PresentationML, `w:background` in WordprocessingML). */
  inBackground: boolean;
  /** False for an image relationship nothing in the XML points at. */
  placed: boolean;
  /** How this use crops the picture (`a:srcRect`/`a:fillRect`, VML `cropleft`…), when it does. */
  crop?: PictureCrop;
};

/** A relationship of another kind that the XML points at (a header, a footer, a hyperlink…). */
export type PartReference = { kind: 'part'; relationship: Relationship; sourcePart: string };

export type Reference = ImageReference | PartReference;

const IMAGE_KINDS: ReadonlySet<string> = new Set(['image', 'hdphoto']);
/** Parts drawn where they are referenced, whose own relationships may hold pictures. */
const NESTED_KINDS: ReadonlySet<string> = new Set([
  'chart',
  'chartEx',
  'chartUserShapes',
  'diagramData',
  'diagramDrawing',
  'drawing',
  'themeOverride',
]);
const VML_OFFICE_NAMESPACE = 'urn:schemas-microsoft-com:office:office';
const VML_NAMESPACE = 'urn:schemas-microsoft-com:vml';
const DRAWINGML_NAMESPACE = 'http://schemas.openxmlformats.org/drawingml/2006/main';

export function isImageRelationship(relationship: Relationship): boolean {
  return IMAGE_KINDS.has(relationship.kind);
}

/** Key that identifies one image across the package: its part (case-insensitive) or its address. */
export function imageKey(relationship: Relationship): string {
  return relationship.external ? `url:${relationship.target}` : `part:${(relationship.targetPart ?? '').toLowerCase()}`;
}

/**
 * Key of one rendition of an image: its part and how it is cropped (the stored picture used
 * uncropped in one place and cropped in another is two renditions, each shown once).
 */
export function renditionKey(reference: Pick<ImageReference, 'relationship' | 'crop'>): string {
  const { crop } = reference;
  if (!crop) return imageKey(reference.relationship);
  const sides = (insets: Insets | undefined) =>
    insets ? [insets.left, insets.top, insets.right, insets.bottom].map((value) => value.toFixed(5)).join(',') : '';
  return `${imageKey(reference.relationship)}#crop:${sides(crop.source)}/${sides(crop.fill)}`;
}

/**
 * Nested parts (charts, SmartArt, drawings) deeper than this are not scanned. Real documents nest
 * two or three levels (document → chart → user shapes → picture); a chain of parts each relating
 * to the next is a crafted file, and its deeper parts are left out.
 */
export const MAX_NESTED_DEPTH = 32;
/** Nested parts scanned from one part at most (a slide or a document body); the rest are left out. */
export const MAX_NESTED_PARTS = 2000;

/** One part's references in document order, with the nested parts to scan in place (not yet scanned). */
type ScanItem = Reference | { kind: 'nested'; partName: string; inBackground: boolean };

/**
 * The references of `partName` in document order, nested parts' references in place. `visited`
 * holds the nested parts already scanned in this extraction, so none is scanned twice.
 *
 * Iterative (an explicit stack of parts being expanded), so a chain of thousands of parts cannot
 * overflow the stack; bounded by MAX_NESTED_DEPTH and MAX_NESTED_PARTS.
 */
export function scanPart(
  pkg: OoxmlPackage,
  partName: string,
  visited: Set<string> = new Set(),
  inheritedBackground = false,
): Reference[] {
  const references: Reference[] = [];
  const stack = [{ items: scanOnePart(pkg, partName, inheritedBackground), next: 0 }];
  let nestedParts = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const item = frame.items[frame.next++];
    if (!item) {
      stack.pop();
      continue;
    }
    if (item.kind !== 'nested') {
      references.push(item);
      continue;
    }
    const key = item.partName.toLowerCase();
    if (visited.has(key) || stack.length > MAX_NESTED_DEPTH || nestedParts >= MAX_NESTED_PARTS) continue;
    visited.add(key);
    nestedParts += 1;
    stack.push({ items: scanOnePart(pkg, item.partName, item.inBackground), next: 0 });
  }
  return references;
}

/** One part's XML walk: its references, and the nested parts it shows, where it shows them. */
function scanOnePart(pkg: OoxmlPackage, partName: string, inheritedBackground: boolean): ScanItem[] {
  const relationships = pkg.relationships(partName);
  const xml = pkg.readXml(partName);
  const items: ScanItem[] = [];
  if (xml === undefined) return items;
  const used = new Set<Relationship>();
  let backgroundDepth = 0;
  // The blip fills being read: `a:srcRect` and `a:fillRect` come after the `a:blip` they crop.
  const blipFills: { images: ImageReference[]; source?: Insets; fill?: Insets }[] = [];

  const follow = (relationship: Relationship, placed: boolean, crop?: PictureCrop) => {
    const inBackground = inheritedBackground || backgroundDepth > 0;
    if (isImageRelationship(relationship)) {
      const image: ImageReference = { kind: 'image', relationship, sourcePart: partName, inBackground, placed };
      if (crop && !isIdentityCrop(crop)) image.crop = crop;
      if (placed) blipFills.at(-1)?.images.push(image);
      items.push(image);
    } else if (NESTED_KINDS.has(relationship.kind) && !relationship.external && relationship.targetPart) {
      items.push({ kind: 'nested', partName: relationship.targetPart, inBackground });
    } else if (placed) {
      items.push({ kind: 'part', relationship, sourcePart: partName });
    }
  };

  walkXml(
    xml,
    {
      open(element) {
        if (isBackground(element)) backgroundDepth++;
        if (element.local === 'blipFill') blipFills.push({ images: [] });
        const blipFill = blipFills.at(-1);
        if (blipFill && element.uri === DRAWINGML_NAMESPACE) {
          if (element.local === 'srcRect') blipFill.source = drawingInsets(element);
          else if (element.local === 'fillRect') blipFill.fill = drawingInsets(element);
        }
        const vmlCrop = element.local === 'imagedata' && element.uri === VML_NAMESPACE ? vmlInsets(element) : undefined;
        for (const attribute of element.attributes) {
          const isRelationshipId =
            RELATIONSHIP_ATTRIBUTE_NAMESPACES.has(attribute.uri) ||
            (attribute.uri === VML_OFFICE_NAMESPACE && attribute.local === 'relid');
          if (!isRelationshipId) continue;
          const relationship = relationships.byId.get(attribute.value);
          if (!relationship) continue;
          used.add(relationship);
          follow(relationship, true, vmlCrop ? { source: vmlCrop } : undefined);
        }
      },
      close(element) {
        if (isBackground(element)) backgroundDepth--;
        if (element.local === 'blipFill') {
          const blipFill = blipFills.pop();
          if (blipFill?.source || blipFill?.fill) {
            const crop: PictureCrop = {
              source: blipFill.source ?? { left: 0, top: 0, right: 0, bottom: 0 },
              ...(blipFill.fill ? { fill: blipFill.fill } : {}),
            };
            if (!isIdentityCrop(crop)) for (const image of blipFill.images) image.crop = crop;
          }
        }
      },
    },
    partName,
  );

  for (const relationship of relationships.list) {
    if (!used.has(relationship)) follow(relationship, false);
  }
  return items;
}

/**
 * Every image a part can show, from relationships alone (no XML read): its own image
 * relationships and those of the charts and SmartArt it holds. Cheap: .rels parts are small.
 * Iterative and bounded as scanPart is; `budget.parts`, when given, is shared by the calls that
 * pass it (many slides sharing one wide chart would otherwise walk it once per slide).
 */
export function collectImageKeys(
  pkg: OoxmlPackage,
  partName: string,
  seen: Set<string> = new Set(),
  budget: { parts: number } = { parts: MAX_NESTED_PARTS },
): Set<string> {
  const keys = new Set<string>();
  seen.add(partName.toLowerCase());
  const pending = [{ part: partName, depth: 0 }];
  let nestedParts = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    for (const relationship of pkg.relationships(next.part).list) {
      if (isImageRelationship(relationship)) keys.add(imageKey(relationship));
      else if (NESTED_KINDS.has(relationship.kind) && !relationship.external && relationship.targetPart) {
        const key = relationship.targetPart.toLowerCase();
        if (seen.has(key) || next.depth >= MAX_NESTED_DEPTH || nestedParts >= MAX_NESTED_PARTS) continue;
        if (budget.parts <= 0) continue;
        seen.add(key);
        nestedParts += 1;
        budget.parts -= 1;
        pending.push({ part: relationship.targetPart, depth: next.depth + 1 });
      }
    }
  }
  return keys;
}

/**
 * `l`, `t`, `r`, `b` of `a:srcRect`/`a:fillRect`: thousandths of a percent (ST_Percentage, 100000
 * is the whole), or `12.5%` as Strict OOXML writes them. Missing or unreadable sides are 0.
 */
function drawingInsets(element: XmlElement): Insets {
  const side = (name: string) => {
    const value = element.attributes.find((attribute) => attribute.local === name && attribute.uri === '')?.value;
    if (value === undefined) return 0;
    const number = Number.parseFloat(value);
    if (!Number.isFinite(number)) return 0;
    return value.trim().endsWith('%') ? number / 100 : number / 100000;
  };
  return { left: side('l'), top: side('t'), right: side('r'), bottom: side('b') };
}

/** VML `cropleft`… of `v:imagedata`: a fraction (`0.1`) or 65536ths of one (`6554f`). */
function vmlInsets(element: XmlElement): Insets | undefined {
  let any = false;
  const side = (name: string) => {
    const value = element.attributes.find((attribute) => attribute.local === name && attribute.uri === '')?.value;
    if (value === undefined) return 0;
    const trimmed = value.trim();
    const number = Number.parseFloat(trimmed);
    if (!Number.isFinite(number)) return 0;
    any = true;
    return trimmed.endsWith('f') ? number / 65536 : number;
  };
  const insets = { left: side('cropleft'), top: side('croptop'), right: side('cropright'), bottom: side('cropbottom') };
  return any ? insets : undefined;
}

function isBackground(element: Pick<XmlElement, 'local' | 'uri'>): boolean {
  return (
    (element.local === 'bg' && element.uri.includes('presentationml')) ||
    (element.local === 'background' && element.uri.includes('wordprocessingml'))
  );
}
