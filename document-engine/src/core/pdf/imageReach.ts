/**
 * The last page that could draw each image XObject, from the pages' resource dictionaries alone
 * (no content stream is decoded): a page can only draw an image its resources, or those of the
 * forms, patterns, soft masks and annotation appearances they hold, name.
 *
 * It is an upper bound: once the walk has passed an image's last page, its list of pages is
 * complete and it can be yielded, instead of waiting for the last page of the document. Images
 * shared through inherited resources get the last page of every page sharing them, so they wait
 * as before; the common case (resources per page) gets each image out right after its page.
 */
import { nameOf, numberOf, PdfDict, type PdfObject, PdfRef, PdfStream } from './objects.ts';
import type { PdfPage } from './pageTree.ts';
import type { PdfDocument } from './xref.ts';

const MAX_DEPTH = 16;
const NONE: ReadonlySet<string> = new Set();

/**
 * `num gen` key of each image XObject → the 0-based index of the last page whose resources reach
 * it; undefined when the resources nest deeper than we follow (then nothing can be promised).
 */
export async function lastPageOfImages(
  doc: PdfDocument,
  pages: readonly PdfPage[],
): Promise<Map<string, number> | undefined> {
  // Resolved objects are cached by the document, so a resources dict shared by many pages is the
  // same object each time: its images are collected once.
  const reachable = new Map<PdfDict, ReadonlySet<string>>();
  const lastUse = new Map<ReadonlySet<string>, number>();
  let tooDeep = false;

  type Reach = { keys: ReadonlySet<string>; complete: boolean };
  const reach = async (resources: PdfDict | undefined, depth: number, active: Set<PdfDict>): Promise<Reach> => {
    if (!resources) return { keys: NONE, complete: true };
    const known = reachable.get(resources);
    if (known) return { keys: known, complete: true };
    // A dict that names itself again (a form drawing itself): its images are being collected by
    // the caller further up; what is below it is not complete on its own, so it is not cached.
    if (active.has(resources)) return { keys: NONE, complete: false };
    if (depth > MAX_DEPTH) {
      tooDeep = true;
      return { keys: NONE, complete: false };
    }
    active.add(resources);
    const keys = new Set<string>();
    let complete = true;
    const nestedResources = async (stream: PdfStream) => {
      const own = await doc.resolve(stream.dict.get('Resources'));
      if (!(own instanceof PdfDict)) return;
      const inner = await reach(own, depth + 1, active);
      for (const key of inner.keys) keys.add(key);
      complete &&= inner.complete;
    };
    for (const value of await values(doc, resources.get('XObject'))) {
      const target = await doc.resolve(value);
      if (!(target instanceof PdfStream)) continue;
      const subtype = nameOf(target.dict.get('Subtype'));
      if (subtype === 'Image' && value instanceof PdfRef) keys.add(value.key);
      else if (subtype === 'Form') await nestedResources(target);
    }
    for (const value of await values(doc, resources.get('Pattern'))) {
      const pattern = await doc.resolve(value);
      if (pattern instanceof PdfStream && numberOf(pattern.dict.get('PatternType')) === 1)
        await nestedResources(pattern);
    }
    for (const value of await values(doc, resources.get('ExtGState'))) {
      const state = await doc.resolve(value);
      const mask = state instanceof PdfDict ? await doc.resolve(state.get('SMask')) : undefined;
      const group = mask instanceof PdfDict ? await doc.resolve(mask.get('G')) : undefined;
      if (group instanceof PdfStream) await nestedResources(group);
    }
    active.delete(resources);
    if (complete) reachable.set(resources, keys);
    return { keys, complete };
  };

  for (const [index, page] of pages.entries()) {
    const sets = [(await reach(page.resources, 0, new Set())).keys];
    for (const annot of await values(doc, page.dict.get('Annots'))) {
      const annotation = await doc.resolve(annot);
      const appearance = annotation instanceof PdfDict ? await doc.resolve(annotation.get('AP')) : undefined;
      const normal = appearance instanceof PdfDict ? await doc.resolve(appearance.get('N')) : undefined;
      const forms = normal instanceof PdfStream ? [normal] : await streamsOf(doc, normal);
      for (const form of forms) {
        const own = await doc.resolve(form.dict.get('Resources'));
        sets.push((await reach(own instanceof PdfDict ? own : page.resources, 0, new Set())).keys);
      }
    }
    for (const set of sets) lastUse.set(set, index);
  }

  if (tooDeep) return undefined;
  const lastPage = new Map<string, number>();
  for (const [set, index] of lastUse) {
    for (const key of set) lastPage.set(key, Math.max(lastPage.get(key) ?? -1, index));
  }
  return lastPage;
}

/** The values of a dictionary (resolved when referenced), or of an array. */
async function values(doc: PdfDocument, value: PdfObject | undefined): Promise<PdfObject[]> {
  const resolved = await doc.resolve(value);
  if (resolved instanceof PdfDict) return [...resolved.map.values()];
  if (Array.isArray(resolved)) return resolved;
  return [];
}

/** Appearance states: a dictionary of streams. */
async function streamsOf(doc: PdfDocument, value: PdfObject | undefined): Promise<PdfStream[]> {
  const streams: PdfStream[] = [];
  for (const state of await values(doc, value)) {
    const stream = await doc.resolve(state);
    if (stream instanceof PdfStream) streams.push(stream);
  }
  return streams;
}
