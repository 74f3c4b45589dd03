/**
 * Word (.docx): the pictures of the body, headers, footers, footnotes, endnotes, comments and
 * picture bullets, found through each part's relationships (DrawingML `a:blip`, VML
 * `v:imagedata`/`v:fill`, OLE previews, charts and SmartArt), never by listing `word/media`.
 *
 * Order: the body in reading order (a page background first, as Word writes it first); then
 * headers and footers in the order the section properties name them; then footnotes, endnotes,
 * comments; last, picture bullets (numbering). Each image once per rendition (its target part and
 * how that use crops it: a picture shown whole and cropped is two images, the cropped one a PNG of
 * the crop with the stored file as its original), with the role of the first place it was found. A linked image is reported with its address and not fetched.
 * The glossary (building blocks not placed in the document) is not read.
 */
import { throwIfAborted } from '../../errors.ts';
import { newImagesOf } from '../ooxml/imageFromPart.ts';
import { ooxmlExtractor } from '../ooxml/officeDocument.ts';
import type { OoxmlPackage } from '../ooxml/openPackage.ts';
import type { Relationship } from '../ooxml/relationships.ts';
import { type Reference, scanPart } from '../ooxml/scanPart.ts';
import type { DocumentExtractor, DocumentImage } from '../types.ts';

type PlannedPart = { partName: string; role: string; note?: string };

/** Parts the main document relates to without pointing at them from its XML, in the order we read them. */
const IMPLICIT_PARTS: readonly { kind: string; role: string; note?: string }[] = [
  { kind: 'footnotes', role: 'footnote' },
  { kind: 'endnotes', role: 'footnote', note: 'In an endnote.' },
  { kind: 'comments', role: 'comment' },
  { kind: 'numbering', role: 'body', note: 'A list bullet picture.' },
];

export const extractDocx: DocumentExtractor = ooxmlExtractor(
  'main document',
  async function* extractDocx(pkg, mainPart, { signal, onProgress }) {
    const visited = new Set<string>([mainPart.toLowerCase()]);
    const found = new Set<string>();

    const bodyReferences = scanPart(pkg, mainPart, visited);
    const plan = planOtherParts(pkg, mainPart, bodyReferences);
    const total = plan.length + 1;
    for await (const image of imagesOf(pkg, bodyReferences, { partName: mainPart, role: 'body' }, found)) {
      throwIfAborted(signal);
      yield image;
    }
    onProgress?.({ done: 1, total, unit: 'parts' });

    for (const [index, part] of plan.entries()) {
      throwIfAborted(signal);
      if (!visited.has(part.partName.toLowerCase())) {
        visited.add(part.partName.toLowerCase());
        for await (const image of imagesOf(pkg, scanPart(pkg, part.partName, visited), part, found)) {
          throwIfAborted(signal);
          yield image;
        }
      }
      onProgress?.({ done: index + 2, total, unit: 'parts' });
    }
  },
);

/** Headers and footers as the body names them (then any it does not), then the implicit parts. */
function planOtherParts(pkg: OoxmlPackage, mainPart: string, bodyReferences: readonly Reference[]): PlannedPart[] {
  const plan: PlannedPart[] = [];
  const planned = new Set<string>();
  const add = (relationship: Relationship, role: string, note?: string) => {
    const partName = relationship.targetPart;
    if (relationship.external || !partName || planned.has(partName.toLowerCase())) return;
    planned.add(partName.toLowerCase());
    plan.push({ partName, role, ...(note ? { note } : {}) });
  };
  const isHeaderOrFooter = (relationship: Relationship) =>
    relationship.kind === 'header' || relationship.kind === 'footer';

  for (const reference of bodyReferences) {
    if (reference.kind === 'part' && isHeaderOrFooter(reference.relationship)) {
      add(reference.relationship, reference.relationship.kind);
    }
  }
  const mainRelationships = pkg.relationships(mainPart).list;
  for (const relationship of mainRelationships) {
    if (isHeaderOrFooter(relationship)) add(relationship, relationship.kind);
  }
  for (const { kind, role, note } of IMPLICIT_PARTS) {
    for (const relationship of mainRelationships) if (relationship.kind === kind) add(relationship, role, note);
  }
  return plan;
}

async function* imagesOf(
  pkg: OoxmlPackage,
  references: readonly Reference[],
  part: PlannedPart,
  found: Set<string>,
): AsyncGenerator<DocumentImage> {
  for await (const [reference, image] of newImagesOf(pkg, references, found)) {
    if (!image) continue;
    const notes = [
      image.note,
      part.note,
      reference.inBackground ? 'The page background.' : undefined,
      reference.placed ? undefined : 'Not placed in the document: only listed in its relationships.',
    ].filter((note): note is string => note !== undefined);
    yield {
      ...image,
      role: reference.inBackground ? 'background' : part.role,
      ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
    };
  }
}
