/**
 * Open Packaging Conventions (ECMA-376 Part 2): `[Content_Types].xml`, the package's
 * `_rels/.rels` and each part's `_rels/<part>.rels`. Part names here are ZIP names: no leading
 * slash (`word/document.xml`); the package itself is the part `''`.
 */
import { attributeValue, walkXml } from './xmlReader.ts';

/** The namespace of `r:embed`, `r:link`, `r:id`… in transitional and strict OOXML. */
export const RELATIONSHIP_ATTRIBUTE_NAMESPACES: ReadonlySet<string> = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'http://purl.oclc.org/ooxml/officeDocument/relationships',
]);

export type Relationship = {
  id: string;
  /** The full type URI. */
  type: string;
  /** The type's last segment: `image`, `slideLayout`, `header`, `hdphoto`… (transitional, strict and Microsoft URIs alike). */
  kind: string;
  /** The target as written. */
  target: string;
  /** TargetMode="External": `target` is an address outside the package. */
  external: boolean;
  /** For an internal target, the part it resolves to. */
  targetPart?: string;
};

export type Relationships = {
  /** In the order of the .rels file. */
  readonly list: readonly Relationship[];
  readonly byId: ReadonlyMap<string, Relationship>;
};

export const NO_RELATIONSHIPS: Relationships = { list: [], byId: new Map() };

export type ContentTypes = {
  /** By lower-case extension. */
  readonly defaults: ReadonlyMap<string, string>;
  /** By lower-case part name. */
  readonly overrides: ReadonlyMap<string, string>;
};

/** `word/document.xml` → `word/_rels/document.xml.rels`; the package (`''`) → `_rels/.rels`. */
export function relationshipsPartName(partName: string): string {
  const slash = partName.lastIndexOf('/');
  return `${partName.slice(0, slash + 1)}_rels/${partName.slice(slash + 1)}.rels`;
}

/** Resolves a relationship target against the part that holds the relationship. */
export function resolvePartName(sourcePart: string, target: string): string {
  const path = target.replace(/[#?].*$/, '').replace(/\\/g, '/');
  const base = path.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') base.pop();
    else base.push(segment);
  }
  return base.join('/');
}

export function parseRelationships(xml: string, sourcePart: string): Relationships {
  const list: Relationship[] = [];
  const byId = new Map<string, Relationship>();
  walkXml(
    xml,
    {
      open(element) {
        if (element.local !== 'Relationship') return;
        const id = attributeValue(element, 'Id');
        const type = attributeValue(element, 'Type');
        const target = attributeValue(element, 'Target');
        if (id === undefined || type === undefined || target === undefined) return;
        const external = attributeValue(element, 'TargetMode')?.toLowerCase() === 'external';
        const relationship: Relationship = {
          id,
          type,
          kind: type.slice(type.lastIndexOf('/') + 1),
          target,
          external,
          ...(external ? {} : { targetPart: resolvePartName(sourcePart, target) }),
        };
        list.push(relationship);
        if (!byId.has(id)) byId.set(id, relationship);
      },
    },
    relationshipsPartName(sourcePart),
  );
  return { list, byId };
}

export function parseContentTypes(xml: string): ContentTypes {
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  walkXml(
    xml,
    {
      open(element) {
        const contentType = attributeValue(element, 'ContentType');
        if (contentType === undefined) return;
        if (element.local === 'Default') {
          const extension = attributeValue(element, 'Extension');
          if (extension !== undefined) defaults.set(extension.toLowerCase(), contentType);
        } else if (element.local === 'Override') {
          const partName = attributeValue(element, 'PartName');
          if (partName !== undefined) overrides.set(partName.replace(/^\/+/, '').toLowerCase(), contentType);
        }
      },
    },
    '[Content_Types].xml',
  );
  return { defaults, overrides };
}

/** The declared content type of a part: its Override, else the Default for its extension. */
export function contentTypeOf(types: ContentTypes, partName: string): string | undefined {
  const override = types.overrides.get(partName.toLowerCase());
  if (override) return override;
  const dot = partName.lastIndexOf('.');
  return dot < 0 ? undefined : types.defaults.get(partName.slice(dot + 1).toLowerCase());
}
