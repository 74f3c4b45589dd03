/**
 * Text lines from runs, and captions among them. A line is a stretch of upright runs on one
 * baseline with no gap wider than an em: wider gaps split it, so a table row comes out as its
 * cells and only running prose makes long lines. A caption starts a line with a label and a
 * number followed by ':' or '.', a dash, a capital, or nothing ("Figure 3 shows…" is prose). A number
 * may carry a chapter ("3.2", "3.2.1"), an appendix or supplement letter ("A.1", "S1") and a panel
 * letter ("2a").
 */
import type { Box } from './geometry.ts';
import { union } from './geometry.ts';
import type { TextRun } from './layoutWalk.ts';

export type TextLine = {
  box: Box;
  text: string;
  size: number;
  baseline: number;
};

export type Caption = {
  kind: 'figure' | 'table';
  number: string;
  /** The caption's lines, first first. */
  lines: TextLine[];
  box: Box;
  text: string;
};

/** Most captions read on a page: more is no page of a paper, and each costs a search. */
export const MAX_CAPTIONS = 200;
/** Lines of one caption differ in size by less than this ratio (superscripts aside). */
const CAPTION_SIZE_RATIO = 1.1;
/** A gap wider than this many ems ends a line. */
const LINE_GAP_EMS = 1.0;
/** Across a column gutter a gap wider than this ends a line: a word space is narrower. */
const GUTTER_GAP_EMS = 0.4;

export type LineOptions = {
  /** Ems of gap that end a line (LINE_GAP_EMS unless given). */
  gapEms?: number;
  /** Column gutters, `[x0, x1]`: a gap across one ends the line even when narrower than `gapEms`. */
  gutters?: [number, number][];
};

export function buildLines(runs: TextRun[], options: LineOptions = {}): TextLine[] {
  const gapEms = options.gapEms ?? LINE_GAP_EMS;
  const gutters = options.gutters ?? [];
  // LaTeX's two columns are 10 pt apart, an em of its text: lines side by side on one baseline
  // would join into one long line across both columns without this
  const acrossGutter = (left: Box, right: Box) => gutters.some(([g0, g1]) => left[2] <= g1 + 1 && right[0] >= g0 - 1);
  const upright = runs.filter((run) => run.upright && run.text.trim() !== '');
  upright.sort((a, b) => b.baseline - a.baseline || a.x - b.x);
  const rows: TextRun[][] = [];
  for (const run of upright) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && Math.abs(first.baseline - run.baseline) <= 0.3 * Math.min(first.size, run.size)) row.push(run);
    else rows.push([run]);
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.box[0] - b.box[0]);
    let line: TextLine | undefined;
    for (const run of row) {
      const em = Math.max(run.size, line?.size ?? 0);
      const gap = line ? run.box[0] - line.box[2] : 0;
      if (
        line &&
        gap <= gapEms * em &&
        !(gap > GUTTER_GAP_EMS * em && acrossGutter(line.box, run.box)) &&
        run.size < 1.6 * line.size &&
        line.size < 1.6 * run.size
      ) {
        const space = gap > 0.15 * em && !line.text.endsWith(' ') && !run.text.startsWith(' ') ? ' ' : '';
        line.text += space + run.text;
        line.box = union(line.box, run.box);
        line.size = Math.max(line.size, run.size);
      } else {
        line = { box: [...run.box], text: run.text, size: run.size, baseline: run.baseline };
        lines.push(line);
      }
    }
  }
  for (const line of lines) line.text = line.text.replace(/\s+/g, ' ').trim();
  return lines;
}

const FIGURE_LABELS = [
  'Figure',
  'FIGURE',
  'Fig.',
  'FIG.',
  'Fig',
  'Abbildung',
  'ABBILDUNG',
  'Abb.',
  'Figura',
  'FIGURA',
  'Рис.',
  'Рисунок',
  'РИС.',
];
const TABLE_LABELS = [
  'Table',
  'TABLE',
  'Tableau',
  'TABLEAU',
  'Tabla',
  'TABLA',
  'Tabelle',
  'TABELLE',
  'Tab.',
  'Таблица',
  'ТАБЛИЦА',
];

const escapeDots = (label: string) => label.replace(/\./g, '\\.');
const CAPTION = new RegExp(
  `^(${[...FIGURE_LABELS, ...TABLE_LABELS].map(escapeDots).join('|')})\\s*((?:[A-Z]\\.?)?\\d+(?:\\.\\d+)*[a-z]?|[IVXLC]+)(?=$|\\s*[:.|\\u2013\\u2014-]|\\s+[\\p{Lu}(\\d])`,
  'u',
);

/** The label and number a caption line starts with, or undefined for any other line. */
export function captionLabel(text: string): { kind: 'figure' | 'table'; number: string } | undefined {
  const match = CAPTION.exec(text);
  if (!match) return undefined;
  const label = match[1] ?? '';
  return { kind: TABLE_LABELS.includes(label) ? 'table' : 'figure', number: match[2] ?? '' };
}

/** "TABLE II", "Figure 3:": a label and its number, and nothing after. */
function labelOnly(text: string): boolean {
  const match = CAPTION.exec(text);
  return match !== null && text.slice(match[0].length).replace(/[\s:.|\u2013\u2014-]/g, '') === '';
}

export function isCaptionStart(line: TextLine): boolean {
  return captionLabel(line.text) !== undefined;
}

/**
 * Captions with their paragraph: the lines right below the first, about as large, under it
 * (starting near its left edge, or centred under it), up to a gap wider than a line, a new caption, or a line of
 * another size.
 */
export function findCaptions(lines: TextLine[], maxCaptions = MAX_CAPTIONS): Caption[] {
  const captions: Caption[] = [];
  const used = new Set<TextLine>();
  // lines top to bottom, left to right
  const ordered = [...lines].sort((a, b) => b.box[3] - a.box[3] || a.box[0] - b.box[0]);
  for (const line of ordered) {
    if (used.has(line)) continue;
    const label = captionLabel(line.text);
    if (!label) continue;
    if (captions.length >= maxCaptions) break;
    const block = [line];
    used.add(line);
    let box = line.box;
    let last = line;
    for (;;) {
      const em = line.size;
      const next = ordered.find(
        (candidate) =>
          !used.has(candidate) &&
          candidate.box[3] <= last.box[1] + 0.5 * last.size &&
          last.box[1] - candidate.box[3] <= 0.8 * last.size &&
          // a caption's lines share its size; the body text after it is often a point or two larger
          candidate.size < CAPTION_SIZE_RATIO * line.size &&
          line.size < CAPTION_SIZE_RATIO * candidate.size &&
          // under the caption's left edge, or centred under it and no wider than it (a centred
          // caption's next line is not a full-width line of prose), unless all it has is its label:
          // "TABLE II" over its title
          ((candidate.box[0] >= box[0] - 2 * em && candidate.box[2] <= box[2] + 2 * em) ||
            (Math.abs(candidate.box[0] + candidate.box[2] - box[0] - box[2]) <= 2 * em &&
              (block.length === 1 && labelOnly(line.text)
                ? true
                : candidate.box[2] - candidate.box[0] <= box[2] - box[0] + em))) &&
          !isCaptionStart(candidate) &&
          // a line with others beside it under the caption is a table's row, not the caption's
          !lines.some(
            (other) =>
              other !== candidate &&
              Math.abs(other.baseline - candidate.baseline) <= 0.3 * candidate.size &&
              other.box[2] > box[0] - em &&
              other.box[0] < box[2] + em,
          ),
      );
      if (!next) break;
      block.push(next);
      used.add(next);
      box = union(box, next.box);
      last = next;
    }
    const text = block
      .map((l) => l.text)
      .reduce((all, part) => (all.endsWith('-') && /^\p{Ll}/u.test(part) ? all.slice(0, -1) + part : `${all} ${part}`));
    captions.push({ ...label, lines: block, box, text });
  }
  return captions;
}
