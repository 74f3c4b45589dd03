/** The page tree (ISO 32000-1 §7.7.3): pages in order, with inherited /Resources. Bounded and loop-safe. */
import { DocumentError } from '../../errors.ts';
import { nameOf, PdfDict, PdfRef } from './objects.ts';
import type { PdfDocument } from './xref.ts';

/** Most pages we read. */
export const MAX_PAGES = 100_000;
const MAX_TREE_DEPTH = 64;

export type PdfPage = { dict: PdfDict; resources: PdfDict | undefined };

export async function readPages(doc: PdfDocument): Promise<PdfPage[]> {
  const root = await doc.resolve(doc.trailer.get('Root'));
  if (!(root instanceof PdfDict)) throw new DocumentError('invalid', 'This PDF has no document catalog.');
  const pages: PdfPage[] = [];
  const seen = new Set<string>();
  const walk = async (value: unknown, inherited: PdfDict | undefined, depth: number): Promise<void> => {
    if (depth > MAX_TREE_DEPTH) throw new DocumentError('invalid', 'This PDF’s page tree is too deep.');
    if (value instanceof PdfRef) {
      if (seen.has(value.key)) return;
      seen.add(value.key);
    }
    const node = await doc.resolve(value as PdfRef);
    if (!(node instanceof PdfDict)) return;
    const own = await doc.resolve(node.get('Resources'));
    const resources = own instanceof PdfDict ? own : inherited;
    const kids = await doc.resolve(node.get('Kids'));
    const type = nameOf(node.get('Type'));
    if (type === 'Page' || (type !== 'Pages' && !Array.isArray(kids))) {
      if (pages.length >= MAX_PAGES) throw new DocumentError('too-large');
      pages.push({ dict: node, resources });
      return;
    }
    if (Array.isArray(kids)) for (const kid of kids) await walk(kid, resources, depth + 1);
  };
  await walk(root.get('Pages'), undefined, 0);
  return pages;
}
