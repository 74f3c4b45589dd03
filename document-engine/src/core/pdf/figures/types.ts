import type { Box } from './geometry.ts';

/** One figure or table of a page, found from its caption. */
export type PdfFigure = {
  pageNumber: number;
  kind: 'figure' | 'table';
  /** As printed: "3", "2a", "S1", "IV". */
  number: string;
  caption: string;
  /** In default user space (the page's own coordinates, before /Rotate). */
  box: Box;
  /** Paths and text dominate (it is not one embedded picture). */
  vector: boolean;
  /** The images it draws: `num gen` of an XObject, or `inline:page:n`, as image extraction names them. */
  imageKeys: string[];
  /** Where the caption itself is. */
  captionBox: Box;
};

/** A page not searched, or a caption with no figure found, in a sentence. */
export type PdfFigureNote = { pageNumber: number; message: string };
