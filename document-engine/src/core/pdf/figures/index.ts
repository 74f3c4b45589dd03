/**
 * Figures and tables of a PDF, each with its caption: where they are on the page, whether they are
 * drawn as vectors, and which images they hold. Researchers' figures are mostly paths and text,
 * not embedded images, so image extraction alone misses them.
 *
 * How a region is found: caption first. Each page's content stream is run (layoutWalk.ts) to get
 * text runs, painted paths and image placements as boxes; runs become lines, lines that start
 * with a label and a number ("Figure 3:", "Fig. 3.", "Table 2", "Abbildung", "Tableau", "Figura",
 * "Tabla", "Рис.") become captions with the rest of their paragraph (captions.ts); the page's
 * columns come from its prose lines, and each caption's figure is grown from the drawn elements
 * next to it on the side its kind puts it, bounded by prose and other captions (regions.ts).
 *
 * Alternatives measured (IoU with the known box, on the generated pages of the tests and the
 * page Inkscape writes; the threshold is 0.8): caption-anchored growth, as here, 0.98–1.00 on all
 * ten figures and tables.
 * - graphics clusters alone (paths and images, no text): 0.16–0.19 on tables made of rules and
 *   cell text, 0.72–0.80 on plots whose tick labels and axis titles are cut off; 0.98–1.00 only
 *   where a figure is all graphics (a diagram of boxes, a photograph, a ruled grid).
 * - the whole empty region between the caption and the prose around it, across its column (the
 *   core of PDFFigures 2.0's empty-space reasoning, without its later cropping): 0.24–0.82, as a
 *   figure rarely fills its column's gap; its bound (prose and other captions) is kept here, and
 *   the box is grown from the drawn elements inside it.
 * - content stream order (text blocks as written) is not used: writers may emit a page's parts in
 *   any order, so only positions count.
 *
 * Bounded like the rest of the engine: each page's walk stops past a number of operators, of
 * painted paths, of content bytes, or a time limit (DEFAULT_LAYOUT_LIMITS); such a page is noted,
 * its figures not searched, and the document goes on.
 */
import { DocumentError, throwIfAborted } from '../../../errors.ts';
import { numberOf, PdfDict, type PdfObject } from '../objects.ts';
import { type PdfPage, readPages } from '../pageTree.ts';
import { PdfDocument } from '../xref.ts';
import { buildLines, findCaptions, MAX_CAPTIONS } from './captions.ts';
import type { Box } from './geometry.ts';
import { DEFAULT_LAYOUT_LIMITS, type LayoutLimits, walkPageLayout } from './layoutWalk.ts';
import { detectColumns, proposeRegion, proseLines } from './regions.ts';
import type { PdfFigure, PdfFigureNote } from './types.ts';

export { type CropLimits, type CropOptions, cropFigureOf, croppedFigurePdf, DEFAULT_CROP_LIMITS } from './cropPdf.ts';
export { extractPdfFigures } from './extractFigures.ts';
export { type Box, iou } from './geometry.ts';
export { DEFAULT_LAYOUT_LIMITS, type LayoutLimits, type PageLayout, walkPageLayout } from './layoutWalk.ts';
export type { PdfFigure, PdfFigureNote } from './types.ts';

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
  for (const [index, page] of pages.entries()) {
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
    const pageLimits = { ...limits, timeLimitMs: Math.min(limits.timeLimitMs, limits.documentTimeLimitMs - elapsed) };
    try {
      figures.push(...(await figuresOnPage(doc, page, pageNumber, pageLimits, notes)));
    } catch (error) {
      // a damaged page loses its own figures only
      if (error instanceof DocumentError && error.code !== 'invalid') throw error;
      notes.push({ pageNumber, message: 'This page could not be read to look for figures.' });
    }
    options.onPage?.(pageNumber, pages.length);
  }
  return { figures, notes };
}

async function figuresOnPage(
  doc: PdfDocument,
  page: PdfPage,
  pageNumber: number,
  limits: LayoutLimits,
  notes: PdfFigureNote[],
): Promise<PdfFigure[]> {
  const layout = await walkPageLayout(doc, page, pageNumber, limits);
  if (layout.stopped) {
    notes.push({ pageNumber, message: `${layout.stopped} Its figures were not looked for.` });
    return [];
  }
  const pageBox = await pageBoxOf(doc, page);
  const lines = buildLines(layout.texts);
  const captions = findCaptions(lines);
  if (captions.length >= MAX_CAPTIONS)
    notes.push({ pageNumber, message: `Only the first ${MAX_CAPTIONS} captions of this page were looked at.` });
  const columns = detectColumns(pageBox, lines);
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
