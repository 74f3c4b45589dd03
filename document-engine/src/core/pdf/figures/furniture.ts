/**
 * Page furniture: running heads, page numbers, header and footer rules. They sit in the page's
 * top or bottom margin and repeat at the same place on the pages around; a figure at the top of
 * a page would otherwise grow into its running head (LaTeX's head is 25 pt above the text, nearer
 * than the gaps between a figure's own panels). An element counts as furniture only when a page
 * near it has the same mark at the same height, so a single page's figure in its margin stays.
 */
import type { Box } from './geometry.ts';
import type { PageLayout } from './layoutWalk.ts';

/** The share of the page's height at its top and at its bottom where furniture may be. */
const MARGIN_SHARE = 0.12;
/** Marks a page keeps for comparing: a margin is a few lines, so more is no furniture. */
const MAX_MARKS = 200;
/** Pages before and after a page whose marks count: two, so that odd and even pages' heads match. */
export const FURNITURE_REACH = 2;

const round = (v: number) => Math.round(v);

function inMargin(box: Box, pageBox: Box): boolean {
  const band = MARGIN_SHARE * (pageBox[3] - pageBox[1]);
  return box[1] >= pageBox[3] - band || box[3] <= pageBox[1] + band;
}

// a page number differs from page to page only in its digits: "Page 3 of 9", "- 4 -"
const textMark = (baseline: number, text: string) => `t ${round(baseline)} ${text.replace(/\d+/g, '#').trim()}`;
const boxMark = (kind: string, box: Box) => `${kind} ${box.map(round).join(' ')}`;

/** What a page has in its margins, to be compared with its neighbours'. */
export function marginMarks(layout: PageLayout, pageBox: Box): Set<string> {
  const marks = new Set<string>();
  const add = (mark: string) => {
    if (marks.size < MAX_MARKS) marks.add(mark);
  };
  for (const run of layout.texts) if (inMargin(run.box, pageBox)) add(textMark(run.baseline, run.text));
  for (const path of layout.paths) if (inMargin(path.box, pageBox)) add(boxMark('p', path.box));
  for (const image of layout.images) if (inMargin(image.box, pageBox)) add(boxMark('i', image.box));
  return marks;
}

/** The layout without the marks its neighbours share in the margins. */
export function withoutFurniture(layout: PageLayout, pageBox: Box, neighbours: Set<string>[]): PageLayout {
  if (neighbours.every((marks) => marks.size === 0)) return layout;
  const repeated = (box: Box, mark: string) => inMargin(box, pageBox) && neighbours.some((marks) => marks.has(mark));
  return {
    ...layout,
    texts: layout.texts.filter((run) => !repeated(run.box, textMark(run.baseline, run.text))),
    paths: layout.paths.filter((path) => !repeated(path.box, boxMark('p', path.box))),
    images: layout.images.filter((image) => !repeated(image.box, boxMark('i', image.box))),
  };
}
