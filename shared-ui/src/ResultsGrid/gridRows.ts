/**
 * The grid's card list as rows, the unit the virtual list mounts and measures: a heading row per
 * section that has one (a group of a batch's source), then its cards `columns` at a time. Pure, so
 * the rows the screen draws and the tests' are the same.
 */

/** A run of images under an optional heading; the grid without groups is one section with none. */
export type CardSection<T> = { key: string; heading?: unknown; images: readonly T[] };

export type GridRow<T> =
  | { kind: 'heading'; key: string; section: CardSection<T> }
  /**
   * `first`: the position of its first card in its section, from 0, and `setSize` the section's
   * card count (aria-posinset, aria-setsize: only the mounted cards are in the DOM).
   */
  | { kind: 'cards'; key: string; images: readonly T[]; first: number; setSize: number };

export function gridRows<T>(sections: readonly CardSection<T>[], columns: number): GridRow<T>[] {
  const rows: GridRow<T>[] = [];
  const perRow = Math.max(1, Math.floor(columns));
  for (const section of sections) {
    if (section.heading !== undefined) rows.push({ kind: 'heading', key: `h:${section.key}`, section });
    for (let at = 0; at < section.images.length; at += perRow) {
      rows.push({
        kind: 'cards',
        key: `c:${section.key}:${at}`,
        images: section.images.slice(at, at + perRow),
        first: at,
        setSize: section.images.length,
      });
    }
  }
  return rows;
}

/**
 * The rows the virtual list keeps mounted: those near the viewport, and the row holding the focus
 * with its neighbours, so a focused card that scrolls out keeps its focus and Tab and Shift+Tab
 * still reach the cards next to it.
 */
export function rowsToMount(visible: readonly number[], focusedRow: number | undefined, count: number): number[] {
  if (focusedRow === undefined) return [...visible];
  const rows = new Set(visible);
  for (const row of [focusedRow - 1, focusedRow, focusedRow + 1]) if (row >= 0 && row < count) rows.add(row);
  return [...rows].sort((a, b) => a - b);
}
