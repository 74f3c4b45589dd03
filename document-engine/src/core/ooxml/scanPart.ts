/**
 * Finds the images of one part through its relationships, in document order.
 *
 * Every attribute in the relationships namespace (`r:embed` and `r:link` on `a:blip`, `r:id` on
 * `v:imagedata` and `v:fill`, `r:pict`…) plus VML's `o:relid` is looked up in the part's .rels:
 * an image (or HD Photo) relationship is an image; a chart or SmartArt relationship is scanned in
 * place, since its pictures show where it sits. Image relationships that nothing in the XML points
 * at come after, marked as not placed; so do unreferenced chart and SmartArt parts (SmartArt's
 * drawing part is linked from the data part by a plain `relId`).
 */
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

export function isImageRelationship(relationship: Relationship): boolean {
  return IMAGE_KINDS.has(relationship.kind);
}

/** Key that identifies one image across the package: its part (case-insensitive) or its address. */
export function imageKey(relationship: Relationship): string {
  return relationship.external ? `url:${relationship.target}` : `part:${(relationship.targetPart ?? '').toLowerCase()}`;
}

/**
 * The references of `partName` in document order. `visited` holds the nested parts already
 * scanned in this extraction, so none is scanned twice.
 */
export function scanPart(
  pkg: OoxmlPackage,
  partName: string,
  visited: Set<string> = new Set(),
  inheritedBackground = false,
): Reference[] {
  const relationships = pkg.relationships(partName);
  const xml = pkg.readXml(partName);
  const references: Reference[] = [];
  if (xml === undefined) return references;
  const used = new Set<Relationship>();
  let backgroundDepth = 0;

  const follow = (relationship: Relationship, placed: boolean) => {
    const inBackground = inheritedBackground || backgroundDepth > 0;
    if (isImageRelationship(relationship)) {
      references.push({ kind: 'image', relationship, sourcePart: partName, inBackground, placed });
    } else if (NESTED_KINDS.has(relationship.kind) && !relationship.external && relationship.targetPart) {
      const nested = relationship.targetPart;
      if (visited.has(nested.toLowerCase())) return;
      visited.add(nested.toLowerCase());
      references.push(...scanPart(pkg, nested, visited, inBackground));
    } else if (placed) {
      references.push({ kind: 'part', relationship, sourcePart: partName });
    }
  };

  walkXml(
    xml,
    {
      open(element) {
        if (isBackground(element)) backgroundDepth++;
        for (const attribute of element.attributes) {
          const isRelationshipId =
            RELATIONSHIP_ATTRIBUTE_NAMESPACES.has(attribute.uri) ||
            (attribute.uri === VML_OFFICE_NAMESPACE && attribute.local === 'relid');
          if (!isRelationshipId) continue;
          const relationship = relationships.byId.get(attribute.value);
          if (!relationship) continue;
          used.add(relationship);
          follow(relationship, true);
        }
      },
      close(element) {
        if (isBackground(element)) backgroundDepth--;
      },
    },
    partName,
  );

  for (const relationship of relationships.list) {
    if (!used.has(relationship)) follow(relationship, false);
  }
  return references;
}

/**
 * Every image a part can show, from relationships alone (no XML read): its own image
 * relationships and those of the charts and SmartArt it holds. Cheap: .rels parts are small.
 */
export function collectImageKeys(pkg: OoxmlPackage, partName: string, seen: Set<string> = new Set()): Set<string> {
  const keys = new Set<string>();
  seen.add(partName.toLowerCase());
  for (const relationship of pkg.relationships(partName).list) {
    if (isImageRelationship(relationship)) keys.add(imageKey(relationship));
    else if (NESTED_KINDS.has(relationship.kind) && !relationship.external && relationship.targetPart) {
      if (seen.has(relationship.targetPart.toLowerCase())) continue;
      for (const key of collectImageKeys(pkg, relationship.targetPart, seen)) keys.add(key);
    }
  }
  return keys;
}

function isBackground(element: Pick<XmlElement, 'local' | 'uri'>): boolean {
  return (
    (element.local === 'bg' && element.uri.includes('presentationml')) ||
    (element.local === 'background' && element.uri.includes('wordprocessingml'))
  );
}
