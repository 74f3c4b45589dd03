/**
 * Finding figures: each page's layout walked, captions found, and each caption's region grown
 * (the design is at the top of index.ts).
 */
import { DocumentError, throwIfAborted } from '../../../errors.ts';
import { numberOf, PdfDict, type PdfObject } from '../objects.ts';
import { type PdfPage, readPages } from '../pageTree.ts';
import { PdfDocument } from '../xref.ts';
import { buildLines, findCaptions, MAX_CAPTIONS } from './captions.ts';
import { FURNITURE_REACH, marginMarks, withoutFurniture } from './furniture.ts';
import type { Box } from './geometry.ts';
import { DEFAULT_LAYOUT_LIMITS, type LayoutLimits, type PageLayout, walkPageLayout } from './layoutWalk.ts';
import { detectColumns, guttersOf, proposeRegion, proseLines } from './regions.ts';
import type { PdfFigure, PdfFigureNote } from './types.ts';

export type FigureOptions = {
  password?: string;
  signal?: AbortSignal;
  limits?: Partial<LayoutLimits>;
};

export async function findPdfFigures(
  bytes: Uint8Array,
  options: FigureOptions = {},
): Promise<{ figures: PdfFigure[]; notes: PdfFigureNote[] }> {
  throwIfAborted(options.signal);
  const { doc, pages } = await openPdf(bytes, options.password);
  return findFiguresOf(doc, pages, options);
}

/** The document and its pages, or a DocumentError whatever the parser met (as extractPdf's is). */
export async function openPdf(bytes: Uint8Array, password?: string): Promise<{ doc: PdfDocument; pages: PdfPage[] }> {
  try {
    const doc = await PdfDocument.open(bytes, password);
    return { doc, pages: await readPages(doc) };
  } catch (error) {
    throw error instanceof DocumentError ? error : new DocumentError('invalid', undefined, { cause: error });
  }
}

/** `findPdfFigures` on a document already open; `onPage` is told of each page searched. */
export async function findFiguresOf(
  doc: PdfDocument,
  pages: PdfPage[],
  options: Omit<FigureOptions, 'password'> & { onPage?: (done: number, total: number) => void } = {},
): Promise<{ figures: PdfFigure[]; notes: PdfFigureNote[] }> {
  throwIfAborted(options.signal);
  const limits = { ...DEFAULT_LAYOUT_LIMITS, ...options.limits };
  const figures: PdfFigure[] = [];
  const notes: PdfFigureNote[] = [];
  const started = Date.now();
  // Pages are walked a few ahead of the one searched: its furniture is what its neighbours repeat.
  // Only the window's layouts are kept; the margins' marks of every page walked are small.
  const walked = new Map<number, Walked>();
  const marks: Set<string>[] = [];
  const walk = async (index: number) => {
    const page = pages[index];
    if (!page || walked.has(index)) return;
    const elapsed = Date.now() - started;
    const pageLimits = { ...limits, timeLimitMs: Math.min(limits.timeLimitMs, limits.documentTimeLimitMs - elapsed) };
    try {
      const layout = await walkPageLayout(doc, page, index + 1, pageLimits);
      const pageBox = await pageBoxOf(doc, page);
      walked.set(index, { layout, pageBox });
      marks[index] = layout.stopped ? new Set() : marginMarks(layout, pageBox);
    } catch (error) {
      // a damaged page loses its own figures only
      if (error instanceof DocumentError && error.code !== 'invalid') throw error;
      walked.set(index, 'unreadable');
      marks[index] = new Set();
    }
  };
  for (const [index] of pages.entries()) {
    throwIfAborted(options.signal);
    const pageNumber = index + 1;
    // Each page has its own bounds; the document has one too, so that many pages each just
    // under theirs (a huge form drawn on every page) cannot add up to a hang.
    const elapsed = Date.now() - started;
    if (elapsed > limits.documentTimeLimitMs) {
      notes.push({
        pageNumber,
        message: `The search for figures stopped here after ${Math.round(elapsed / 1000)} s: pages ${pageNumber} to ${pages.length} were not looked at.`,
      });
      break;
    }
    for (let ahead = index; ahead <= index + FURNITURE_REACH; ahead++) await walk(ahead);
    const entry = walked.get(index);
    walked.delete(index);
    if (entry === 'unreadable' || !entry) {
      notes.push({ pageNumber, message: 'This page could not be read to look for figures.' });
    } else {
      const neighbours: Set<string>[] = [];
      for (let other = index - FURNITURE_REACH; other <= index + FURNITURE_REACH; other++) {
        const near = marks[other];
        if (other !== index && near) neighbours.push(near);
      }
      figures.push(...figuresOnPage(entry, neighbours, pageNumber, notes));
    }
    options.onPage?.(pageNumber, pages.length);
  }
  return { figures, notes };
}

type Walked = { layout: PageLayout; pageBox: Box } | 'unreadable';

function figuresOnPage(
  { layout: walkedLayout, pageBox }: { layout: PageLayout; pageBox: Box },
  neighbours: Set<string>[],
  pageNumber: number,
  notes: PdfFigureNote[],
): PdfFigure[] {
  if (walkedLayout.stopped) {
    notes.push({ pageNumber, message: `${walkedLayout.stopped} Its figures were not looked for.` });
    return [];
  }
  const layout = withoutFurniture(walkedLayout, pageBox, neighbours);
  // Columns first, from lines cut at any half-em gap: side-by-side columns whose baselines line
  // up (LaTeX's do) would otherwise read as one line across the page and hide the gutter. The
  // lines then are cut at gutters only, so table rows and captions keep their words together.
  const columns = detectColumns(pageBox, buildLines(layout.texts, { gapEms: COLUMN_GAP_EMS }));
  const lines = buildLines(layout.texts, { gutters: guttersOf(columns) });
  const captions = findCaptions(lines);
  if (captions.length >= MAX_CAPTIONS)
    notes.push({ pageNumber, message: `Only the first ${MAX_CAPTIONS} captions of this page were looked at.` });
  const prose = proseLines(lines, columns);
  const figures: PdfFigure[] = [];
  for (const caption of captions) {
    const region = proposeRegion(caption, captions, { pageBox, lines, prose, layout }, columns);
    if (!region) {
      notes.push({ pageNumber, message: `No drawing was found next to the caption “${caption.text.slice(0, 40)}”.` });
      continue;
    }
    figures.push({
      pageNumber,
      kind: caption.kind,
      number: caption.number,
      caption: caption.text,
      box: region.box.map((v) => Math.round(v * 100) / 100) as Box,
      vector: region.vector,
      imageKeys: region.imageKeys,
      captionBox: caption.box,
    });
  }
  return figures;
}

const MAX_PARENTS = 64;
/** The gap that cuts lines while looking for columns. */
const COLUMN_GAP_EMS = 0.5;

/** The CropBox within the MediaBox, inherited through /Parent; US Letter when neither is readable. */
async function pageBoxOf(doc: PdfDocument, page: PdfPage): Promise<Box> {
  const inherited = async (key: string): Promise<Box | undefined> => {
    let node: PdfObject | undefined = page.dict;
    for (let depth = 0; node instanceof PdfDict && depth < MAX_PARENTS; depth++) {
      const value = await doc.resolveDeep(node.get(key));
      if (Array.isArray(value) && value.length === 4) {
        const [a, b, c, d] = value.map((v) => numberOf(v) ?? 0) as Box;
        return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
      }
      node = await doc.resolve(node.get('Parent'));
    }
    return undefined;
  };
  const media = (await inherited('MediaBox')) ?? [0, 0, 612, 792];
  const crop = await inherited('CropBox');
  if (!crop) return media;
  const box: Box = [
    Math.max(media[0], crop[0]),
    Math.max(media[1], crop[1]),
    Math.min(media[2], crop[2]),
    Math.min(media[3], crop[3]),
  ];
  return box[0] < box[2] && box[1] < box[3] ? box : media;
}
