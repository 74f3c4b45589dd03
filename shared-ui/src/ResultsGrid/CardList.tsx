import { defaultRangeExtractor, measureElement, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type AriaRole,
  type FocusEvent,
  type KeyboardEventHandler,
  memo,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { type CardSection, type GridRow, gridRows, rowsToMount } from './gridRows.ts';

/**
 * Up to this many cards the list is drawn whole, as it always was: small sets (and jsdom tests, and
 * the e2e pages) see every card. Past it only the rows near the viewport are in the DOM: 5,000
 * cards drawn at once took seconds to mount and made every scroll frame long (bench/RESULTS.md).
 */
export const DRAW_ALL_UP_TO = 60;

/**
 * Cards a line by the window's width (antd's sm, md and xl breakpoints). The same queries set the
 * columns of `.ie-card-grid` in ResultsGrid.css; the virtual rows read them here to hold exactly
 * one line of cards each.
 */
const COLUMN_QUERIES: [query: string, columns: number][] = [
  ['(min-width: 1200px)', 4],
  ['(min-width: 768px)', 3],
  ['(min-width: 576px)', 2],
];
const GUTTER = 16;
/** A card with a line or two of details; rows are measured once drawn. */
const ESTIMATED_CARD_ROW = 300;
const ESTIMATED_HEADING_ROW = 48;

function columnsNow(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 1;
  return COLUMN_QUERIES.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 1;
}

function subscribeToColumns(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const lists = COLUMN_QUERIES.map(([query]) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** The grid's columns at this width: the virtual rows hold exactly one line of cards each. */
function useColumns(): number {
  return useSyncExternalStore(subscribeToColumns, columnsNow, () => 1);
}

export type CardListProps<T extends { id: string }> = {
  /** The cards in order, in sections (one section with no heading when the grid is not grouped). */
  sections: readonly CardSection<T>[];
  renderCard: (image: T) => ReactNode;
  /** A section's heading row, when it has one. */
  renderHeading?: (section: CardSection<T>) => ReactNode;
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
};

/**
 * A large grid's cards (more than DRAW_ALL_UP_TO): only the rows near the viewport are mounted.
 * The window scrolls (the grid is part of the page): rows are absolutely placed in a box as tall as
 * all of them, measured as they are drawn (cards differ by their detail lines). Only the mounted
 * cards are in the accessibility tree, so each says its place (aria-posinset, aria-setsize).
 *
 * Ungrouped, the box is the `list`. Grouped by source, headings sit between rows, and a list may
 * hold only list items: there the box is a `group` and each row of cards a list of its own, its
 * items numbered within their source ("37 of 120").
 */
export function VirtualCardList<T extends { id: string }>({
  sections,
  renderCard,
  renderHeading,
  onKeyDown,
}: CardListProps<T>) {
  const grouped = sections.some((section) => section.heading !== undefined);
  const columns = useColumns();
  const rows = useMemo(() => gridRows(sections, columns), [sections, columns]);
  const listRef = useRef<HTMLDivElement>(null);

  // Where the list starts on the page: the filters and toolbars above it change height.
  const [scrollMargin, setScrollMargin] = useState(0);
  // Read again when the page's layout changes (the body resizes), not on every scroll.
  useLayoutEffect(() => {
    const measure = () => {
      const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setScrollMargin((margin) => (Math.abs(margin - top) < 1 ? margin : top));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const [focusedRow, setFocusedRow] = useState<number>();
  const rangeExtractor = useCallback(
    (range: Range) => rowsToMount(defaultRangeExtractor(range), focusedRow, range.count),
    [focusedRow],
  );
  const virtualizer = useWindowVirtualizer<HTMLDivElement>({
    count: rows.length,
    estimateSize: (index) => (rows[index]?.kind === 'heading' ? ESTIMATED_HEADING_ROW : ESTIMATED_CARD_ROW),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 2,
    scrollMargin,
    rangeExtractor,
    // A row not laid out (the grid in a hidden panel) measures 0: every row would then fit on
    // screen and be mounted, each mount measuring more zeros. It keeps its estimate instead.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || instance.options.estimateSize(instance.indexFromElement(element)),
  });

  const rowOf = (event: FocusEvent<HTMLElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index;
    return row === undefined ? undefined : Number(row);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: its role is list or group (a value the rule cannot read); the keys and focus it hears bubble from the cards' checkboxes
    <div
      ref={listRef}
      role={grouped ? 'group' : 'list'}
      onKeyDown={onKeyDown}
      onFocus={(event) => setFocusedRow(rowOf(event))}
      onBlur={(event) => {
        // Focus that leaves the list lets its row go; focus moving within it is caught by onFocus.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedRow(undefined);
      }}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index] as GridRow<T>;
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            role="none"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              paddingBottom: GUTTER,
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {row.kind === 'heading' ? (
              renderHeading?.(row.section)
            ) : (
              <CardRow
                images={row.images}
                first={row.first}
                setSize={row.setSize}
                list={grouped}
                renderCard={renderCard}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

type CardRowProps<T> = {
  images: readonly T[];
  first: number;
  setSize: number;
  /** The row is a list of its own (grouped grids). */
  list: boolean;
  renderCard: (image: T) => ReactNode;
};

/**
 * One line of cards. Memoised: a scroll re-renders the list's placement, not the cards already
 * drawn (their images and props are the same until the grid itself changes).
 */
const CardRow = memo(function CardRow<T extends { id: string }>({
  images,
  first,
  setSize,
  list,
  renderCard,
}: CardRowProps<T>) {
  return (
    <CardGrid role={list ? 'list' : 'none'}>
      {images.map((image, i) => (
        // biome-ignore lint/a11y/useSemanticElements: a grid cell whose list may be the outer box (through this row, of role none), which an li cannot belong to
        <div key={image.id} role="listitem" aria-setsize={setSize} aria-posinset={first + i + 1}>
          {renderCard(image)}
        </div>
      ))}
    </CardGrid>
  );
}) as <T extends { id: string }>(props: CardRowProps<T>) => ReactNode;

/**
 * Cards in lines of 1 to 4 by the window's width (COLUMN_QUERIES), 16 px apart: a CSS grid, not
 * antd's Row and Col, whose runtime styles (every span at every breakpoint) were a fifth of the
 * time from the first image's arrival to its card on screen.
 */
export function CardGrid({
  role,
  onKeyDown,
  children,
}: {
  role: AriaRole;
  onKeyDown?: KeyboardEventHandler<HTMLElement> | undefined;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: its role is list or none (a value the rule cannot read); the keys it hears bubble from the cards' checkboxes
    <div className="ie-card-grid" role={role} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
