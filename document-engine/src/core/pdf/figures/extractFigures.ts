/**
 * The figures and tables of a PDF as images: for each one `findPdfFigures` finds (in page order),
 * its one-page vector PDF (`original`) and a PNG render of that PDF (the view, at `figureDpi`).
 *
 * The file is opened and parsed once for the search and every crop (the document keeps each
 * content stream it decoded). Each figure is drawn from its own cropped PDF, the same bytes the
 * visitor downloads as its original, so the PNG shows exactly what that file holds. Measured
 * against the alternative, the whole source loaded into pdf.js once and each figure's box drawn
 * from its page (on the 100-page paper of bench/documents/figures-vs-images.ts, 42 figures at
 * 150 dpi, pdf.js in Node): 1.3 s drawing the crops, 1.7–2.2 s drawing from the source pages.
 * pdf.js then reuses the fonts, but runs every operator of the page for each box, the prose
 * around the figure included; a crop holds only what is drawn in its box. Of a figure's ~30 ms,
 * the drawing is half, deflating the PNG a quarter.
 *
 * A figure that cannot be cropped or drawn is reported through `onSkipped` with why, in a
 * sentence, and the rest go on; so are the search's notes (a page not searched, a caption with
 * no drawing next to it).
 */
import { DocumentError, PasswordRequiredError, throwIfAborted } from '../../../errors.ts';
import type { DocumentExtractor, DocumentImage, EngineOptions, FigureRenderer } from '../../types.ts';
import { cropFigureOf } from './cropPdf.ts';
import { findFiguresOf, openPdf } from './findFigures.ts';
import type { PdfFigure } from './types.ts';

export const DEFAULT_FIGURE_DPI = 150;

export const extractPdfFigures: DocumentExtractor = async function* extractPdfFigures(
  bytes: Uint8Array,
  options: EngineOptions = {},
): AsyncGenerator<DocumentImage> {
  const { signal, onProgress, onSkipped } = options;
  throwIfAborted(signal);
  const dpi = options.figureDpi ?? DEFAULT_FIGURE_DPI;
  const { doc, pages } = await openPdf(bytes, options.password);
  const { figures, notes } = await findFiguresOf(doc, pages, {
    ...(signal ? { signal } : {}),
    onPage: (done, total) => onProgress?.({ done, total, unit: 'pages' }),
  });
  for (const note of notes) onSkipped?.({ pageNumbers: [note.pageNumber], reason: note.message });
  if (figures.length === 0) return;
  const render: FigureRenderer =
    options.renderFigure ?? (await import('../../../render/index.ts')).createPdfjsRenderer();
  for (const [index, figure] of figures.entries()) {
    throwIfAborted(signal);
    let image: DocumentImage | undefined;
    try {
      const pdf = await cropFigureOf(doc, pages, figure, signal ? { signal } : {});
      throwIfAborted(signal);
      const drawn = await render(pdf, { dpi, signal });
      image = figureImage(figure, pdf, drawn, dpi);
    } catch (error) {
      const failure = error instanceof DocumentError ? error : undefined;
      if (failure?.code === 'aborted' || signal?.aborted) throw new DocumentError('aborted');
      if (failure instanceof PasswordRequiredError) throw failure;
      // the engine's own sentences say what happened; anything else is not worded for a visitor
      const reason = !failure
        ? `${label(figure)} on page ${figure.pageNumber} could not be drawn.`
        : failure.message.startsWith('This figure')
          ? failure.message
          : `${label(figure)} on page ${figure.pageNumber} could not be cut out: ${failure.message}`;
      onSkipped?.({ pageNumbers: [figure.pageNumber], reason });
    }
    onProgress?.({ done: index + 1, total: figures.length, unit: 'pictures' });
    if (image) yield image;
  }
};

function figureImage(
  figure: PdfFigure,
  pdf: Uint8Array,
  drawn: { png: Uint8Array; width: number; height: number; dpi?: number },
  asked: number,
): DocumentImage {
  return {
    name: `${figure.kind}-${fileSafe(figure.number)}.png`,
    bytes: drawn.png,
    format: 'PNG',
    mimeType: 'image/png',
    width: drawn.width,
    height: drawn.height,
    pageNumbers: [figure.pageNumber],
    original: { bytes: pdf, format: 'PDF', mimeType: 'application/pdf' },
    viewChanges: ['vector'],
    figure: {
      kind: figure.kind,
      number: figure.number,
      caption: figure.caption,
      vector: figure.vector,
      dpi: drawn.dpi ?? asked,
      box: figure.box,
      imageKeys: figure.imageKeys,
    },
  };
}

/** "Figure 3" / "Table S1", as the caption labels it. */
function label(figure: PdfFigure): string {
  return `${figure.kind === 'table' ? 'Table' : 'Figure'} ${figure.number}`;
}

/** A printed number as part of a file name: letters, digits, dots and dashes only. */
function fileSafe(number: string): string {
  const safe = number
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return safe.slice(0, 32) || 'unnumbered';
}
