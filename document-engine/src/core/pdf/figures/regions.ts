/**
 * From a caption to its figure's region. The page's columns come from where its prose lines
 * (long lines) lie; a caption belongs to the column it sits in, or to the whole text width when it
 * crosses the gutter. Its figure is grown from the drawn element nearest the caption on the side
 * its kind puts it (above for figures, below for tables; the other side when that one is empty):
 * elements are paths, images, and text that is not prose nor a caption (axis ticks, legends, cell
 * text). An element joins when it touches the region grown by about an em, or lies under the
 * caption's own width within a couple of lines: panels of one figure share its caption, a
 * table beside a figure does not. Prose lines and other captions bound the search.
 */
import type { Caption, TextLine } from './captions.ts';
import { area, type Box, grow, height, intersect, union, width, xOverlap, yOverlap } from './geometry.ts';
import type { PageLayout } from './layoutWalk.ts';

export type Region = {
  box: Box;
  vector: boolean;
  imageKeys: string[];
};

type Element = { box: Box; kind: 'path' | 'image' | 'text'; key?: string };

export type PageGeometry = {
  /** The page's visible area (CropBox within MediaBox). */
  pageBox: Box;
  lines: TextLine[];
  /** The lines that are prose (`proseLines`). */
  prose: Set<TextLine>;
  layout: PageLayout;
};

/** Prose: a line at least this wide (share of its column) and this many characters. */
const PROSE_WIDTH = 0.6;
const PROSE_CHARS = 25;
const MAX_GROW_PASSES = 32;

export type Columns = { textBox: Box; columns: [number, number][] };

export function detectColumns(pageBox: Box, lines: TextLine[]): Columns {
  const candidates = lines.filter((line) => line.text.length >= PROSE_CHARS && width(line.box) > 0.2 * width(pageBox));
  if (candidates.length === 0) return { textBox: pageBox, columns: [[pageBox[0], pageBox[2]]] };
  let textBox = candidates[0]?.box ?? pageBox;
  for (const line of candidates) textBox = union(textBox, line.box);
  const [left, , right] = textBox;
  // a gutter: an x in the middle of the text that (almost) no prose line crosses, with prose on
  // both sides; a few lines may cross it (a title, an abstract, a wide caption)
  const crossings = (x: number) => candidates.filter((line) => line.box[0] < x && line.box[2] > x).length;
  const from = Math.floor(left + 0.3 * (right - left));
  const to = Math.ceil(left + 0.7 * (right - left));
  let fewest = Number.POSITIVE_INFINITY;
  const counts: number[] = [];
  for (let x = from; x <= to; x++) {
    const count = crossings(x);
    counts.push(count);
    fewest = Math.min(fewest, count);
  }
  if (fewest <= Math.max(1, 0.15 * candidates.length)) {
    // the run of least-crossed x nearest the middle
    const mid = (left + right) / 2;
    let best: [number, number] | undefined;
    for (let i = 0; i < counts.length; ) {
      if (counts[i] !== fewest) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < counts.length && counts[j + 1] === fewest) j++;
      const run: [number, number] = [from + i, from + j];
      if (!best || Math.abs((run[0] + run[1]) / 2 - mid) < Math.abs((best[0] + best[1]) / 2 - mid)) best = run;
      i = j + 1;
    }
    if (best) {
      const [g0, g1] = best;
      const leftLines = candidates.filter((line) => line.box[2] <= g0 + 1);
      const rightLines = candidates.filter((line) => line.box[0] >= g1 - 1);
      if (leftLines.length >= 3 && rightLines.length >= 3) {
        const leftEdge = Math.max(...leftLines.map((l) => l.box[2]));
        const rightEdge = Math.min(...rightLines.map((l) => l.box[0]));
        return {
          textBox,
          columns: [
            [left, leftEdge],
            [rightEdge, right],
          ],
        };
      }
    }
  }
  return { textBox, columns: [[left, right]] };
}

/** The gaps between side-by-side columns. */
export function guttersOf({ columns }: Columns): [number, number][] {
  const gutters: [number, number][] = [];
  for (let i = 1; i < columns.length; i++) gutters.push([columns[i - 1]?.[1] ?? 0, columns[i]?.[0] ?? 0]);
  return gutters;
}

export function isProse(line: TextLine, columns: Columns): boolean {
  if (line.text.length < PROSE_CHARS) return false;
  const column = columnOf(line.box, columns);
  return width(line.box) >= PROSE_WIDTH * (column[1] - column[0]);
}

/**
 * The page's prose: long lines, and the lines that carry on a paragraph from them (its short last
 * line, just under a prose line of the same size and left edge): a paragraph's end right above a
 * figure is not one of the figure's labels.
 */
export function proseLines(lines: TextLine[], columns: Columns): Set<TextLine> {
  const prose = new Set(lines.filter((line) => isProse(line, columns)));
  const ordered = [...lines].sort((a, b) => b.baseline - a.baseline);
  for (const [index, line] of ordered.entries()) {
    if (prose.has(line)) continue;
    for (let k = index - 1; k >= 0; k--) {
      const above = ordered[k];
      if (!above) break;
      const step = above.baseline - line.baseline;
      if (step > 1.6 * line.size) break;
      if (
        prose.has(above) &&
        step >= 0.9 * line.size &&
        Math.abs(above.size - line.size) <= 0.1 * line.size &&
        Math.abs(above.box[0] - line.box[0]) <= 0.2 * line.size
      ) {
        prose.add(line);
        break;
      }
    }
  }
  return prose;
}

/** The column a box belongs to; the whole text width when it crosses a gutter. */
export function columnOf(box: Box, { textBox, columns }: Columns): [number, number] {
  for (const column of columns) {
    if (box[0] >= column[0] - 6 && box[2] <= column[1] + 6) return column;
  }
  return [Math.min(textBox[0], box[0]), Math.max(textBox[2], box[2])];
}

export function proposeRegion(
  caption: Caption,
  captions: Caption[],
  page: PageGeometry,
  columns: Columns,
): Region | undefined {
  const { layout, lines, pageBox, prose } = page;
  const column = columnOf(caption.box, columns);
  const captionLines = new Set(captions.flatMap((c) => c.lines));
  const pageArea = area(pageBox);
  const elements: Element[] = [];
  const inColumn = (box: Box) => {
    const centre = (box[0] + box[2]) / 2;
    return centre >= column[0] - 2 && centre <= column[1] + 2;
  };
  for (const path of layout.paths) {
    // a page-sized background or frame is not part of any figure
    if (area(path.box) > 0.5 * pageArea) continue;
    if (inColumn(path.box)) elements.push({ box: path.box, kind: 'path' });
  }
  for (const image of layout.images) {
    if (area(image.box) > 0.7 * pageArea) continue;
    if (inColumn(image.box)) elements.push({ box: image.box, kind: 'image', key: image.key });
  }
  const barriers: Box[] = [];
  for (const line of lines) {
    if (captionLines.has(line)) continue;
    if (prose.has(line)) {
      if (xOverlap(line.box, [column[0], 0, column[1], 0]) > 0) barriers.push(line.box);
    } else if (inColumn(line.box)) elements.push({ box: line.box, kind: 'text' });
  }
  // text that is not upright (a rotated axis title), or whose characters are unknown (no ToUnicode),
  // forms no line but is a label all the same
  for (const run of layout.texts) {
    if ((!run.upright || run.text.trim() === '') && inColumn(run.box)) elements.push({ box: run.box, kind: 'text' });
  }
  for (const other of captions) if (other !== caption) barriers.push(other.box);

  const order: ('up' | 'down')[] = caption.kind === 'table' ? ['down', 'up'] : ['up', 'down'];
  for (const direction of order) {
    const region = growRegion(caption, direction, elements, barriers, column, pageBox);
    if (region) return region;
  }
  return undefined;
}

function growRegion(
  caption: Caption,
  direction: 'up' | 'down',
  elements: Element[],
  barriers: Box[],
  column: [number, number],
  pageBox: Box,
): Region | undefined {
  const em = caption.lines[0]?.size ?? 10;
  const span: Box = [column[0], 0, column[1], 0];
  // the band between the caption and the nearest prose line or caption on that side
  let limit = direction === 'up' ? pageBox[3] : pageBox[1];
  for (const barrier of barriers) {
    if (xOverlap(barrier, span) <= 0 || xOverlap(barrier, caption.box) < -2 * em) continue;
    if (direction === 'up' && barrier[1] >= caption.box[3] - 1) limit = Math.min(limit, barrier[1]);
    if (direction === 'down' && barrier[3] <= caption.box[1] + 1) limit = Math.max(limit, barrier[3]);
  }
  const band = (box: Box) =>
    direction === 'up'
      ? box[1] >= caption.box[3] - 0.5 * em && box[3] <= limit + 0.5 * em
      : box[3] <= caption.box[1] + 0.5 * em && box[1] >= limit - 0.5 * em;
  const candidates = elements.filter((element) => band(element.box));
  const gapTo = (box: Box) => (direction === 'up' ? box[1] - caption.box[3] : caption.box[1] - box[3]);
  // the seed: the nearest element under the caption's width, a few lines away at most
  let seed: Element | undefined;
  for (const element of candidates) {
    if (xOverlap(element.box, caption.box) <= 0) continue;
    if (gapTo(element.box) > 4 * em) continue;
    if (!seed || gapTo(element.box) < gapTo(seed.box)) seed = element;
  }
  if (!seed) return undefined;
  const members = new Set<Element>([seed]);
  let box = seed.box;
  // nearest first, so one pass takes in a chain of elements leading away from the caption; the
  // passes are bounded all the same (a hostile page could order a chain the other way)
  candidates.sort((a, b) => gapTo(a.box) - gapTo(b.box));
  for (let changed = true, pass = 0; changed && pass < MAX_GROW_PASSES; pass++) {
    changed = false;
    const reach = grow(box, 1.5 * em, 3 * em);
    for (const element of candidates) {
      if (members.has(element)) continue;
      const touches = intersect(reach, element.box) !== undefined;
      const underCaption = xOverlap(element.box, caption.box) > 0 && yOverlap(element.box, box) > -3 * em;
      if (touches || underCaption) {
        members.add(element);
        box = union(box, element.box);
        changed = true;
      }
    }
  }
  const all = [...members];
  const graphics = all.filter((element) => element.kind !== 'text');
  const texts = all.length - graphics.length;
  // a figure draws something; a table may be text alone, but then more than a line or two of it
  if (caption.kind === 'figure' ? graphics.length === 0 : graphics.length === 0 && texts < 3) return undefined;
  if (height(box) < 0.5 * em || width(box) < em) return undefined;
  const imageArea = all.filter((e) => e.kind === 'image').reduce((sum, e) => sum + area(e.box), 0);
  const imageKeys = [...new Set(all.flatMap((e) => (e.kind === 'image' && e.key ? [e.key] : [])))];
  return { box, vector: imageArea < 0.5 * area(box), imageKeys };
}
