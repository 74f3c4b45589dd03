/**
 * Which images of the grid are selected: a set of image ids, changed only by these functions, and
 * the card a Shift range starts from (the last one toggled). Pure, so the grid's keyboard and
 * mouse paths and the tests take the same steps.
 */
export type Selection = { ids: ReadonlySet<string>; anchor?: string | undefined };

export const EMPTY_SELECTION: Selection = { ids: new Set() };

/** One card on or off; it becomes the start of the next range. */
export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/**
 * Shift+click, Shift+Space: every card shown between the anchor and this one takes this one's new
 * state (selected unless it was selected), as file managers do. Without an anchor shown, a toggle.
 */
export function selectRange(selection: Selection, shownIds: readonly string[], id: string): Selection {
  const from = selection.anchor === undefined ? -1 : shownIds.indexOf(selection.anchor);
  const to = shownIds.indexOf(id);
  if (from < 0 || to < 0) return toggle(selection, id);
  const on = !selection.ids.has(id);
  const ids = new Set(selection.ids);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i += 1) {
    const each = shownIds[i] as string;
    if (on) ids.add(each);
    else ids.delete(each);
  }
  return { ids, anchor: id };
}

/** Select all: every image shown (filters and sorting decide what "all" is); others stay as they were. */
export function selectAll(selection: Selection, shownIds: readonly string[]): Selection {
  return { ids: new Set([...selection.ids, ...shownIds]), anchor: selection.anchor };
}

export function selectNone(): Selection {
  return EMPTY_SELECTION;
}

/** Invert, over the images shown. */
export function invert(selection: Selection, shownIds: readonly string[]): Selection {
  const ids = new Set(selection.ids);
  for (const id of shownIds) {
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
  }
  return { ids, anchor: selection.anchor };
}

/** The selected images among those shown, in the order shown: what Download Selected takes. */
export function selectedOf<T extends { id: string }>(selection: Selection, shown: readonly T[]): T[] {
  return shown.filter((image) => selection.ids.has(image.id));
}
