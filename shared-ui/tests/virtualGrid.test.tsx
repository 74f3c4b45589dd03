import { act, fireEvent, screen } from '@testing-library/react';
import type { ExtractedImage } from 'shared-contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAW_ALL_UP_TO } from '../src/ResultsGrid/CardList.tsx';
import { gridRows, rowsToMount } from '../src/ResultsGrid/gridRows.ts';
import { renderDownloadableGrid } from './gridKit.tsx';

describe('the grid as rows', () => {
  it('puts a heading row before each section that has one, then its cards a line at a time', () => {
    const rows = gridRows(
      [
        { key: 'a', heading: 'a', images: [1, 2, 3, 4, 5] },
        { key: 'b', heading: 'b', images: [6] },
      ],
      2,
    );
    expect(rows.map((row) => (row.kind === 'heading' ? `h:${row.section.key}` : row.images.join(',')))).toEqual([
      'h:a',
      '1,2',
      '3,4',
      '5',
      'h:b',
      '6',
    ]);
    // Each card's place is counted within its section.
    expect(rows.flatMap((row) => (row.kind === 'cards' ? [[row.first, row.setSize]] : []))).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
      [0, 1],
    ]);
    expect(gridRows([{ key: '', images: [1, 2, 3] }], 4)).toHaveLength(1);
  });

  it('keeps the focused row and its neighbours mounted with those in view', () => {
    expect(rowsToMount([40, 41, 42], undefined, 100)).toEqual([40, 41, 42]);
    expect(rowsToMount([40, 41, 42], 3, 100)).toEqual([2, 3, 4, 40, 41, 42]);
    expect(rowsToMount([0, 1], 0, 2)).toEqual([0, 1]);
  });
});

const COUNT = 500;
const images: ExtractedImage[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `i${i}`,
  name: `img-${i}.png`,
  url: `blob:http://localhost/${i}`,
  source: 'docx',
  format: 'PNG',
  width: 96,
  height: 72,
  size: 1000,
}));

describe('a large grid', { timeout: 30_000 }, () => {
  // jsdom lays nothing out: each virtual row says it is 300 px tall (the virtualizer reads
  // offsetHeight), the window 768 px.
  const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.index === undefined ? 0 : 300;
      },
    });
  });
  afterEach(() => {
    if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  const renderGrid = () => renderDownloadableGrid(images);
  const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

  it(`mounts only the cards near the viewport past ${DRAW_ALL_UP_TO}, each saying its place in the list`, () => {
    renderGrid();
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(20);
    expect(items[0]?.getAttribute('aria-setsize')).toBe(String(COUNT));
    expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(items.map((_, i) => String(i + 1)));
    expect(screen.getByTestId('results-count').textContent).toBe(`${COUNT} images`);
  });

  it('Ctrl+A selects every image shown, mounted or not', () => {
    renderGrid();
    fireEvent.keyDown(box('img-0.png'), { key: 'a', ctrlKey: true });
    expect(screen.getByTestId('selection-summary').textContent).toMatch(new RegExp(`^${COUNT} selected`));
  });

  it('keeps a focused card mounted and focused when it scrolls out of view', () => {
    renderGrid();
    act(() => box('img-0.png').focus());
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 * 250 });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('checkbox', { name: 'Select img-250.png' })).toBeTruthy();
    expect(document.activeElement).toBe(box('img-0.png'));
    // Its neighbour stays too, so Tab goes on to the next card.
    expect(box('img-1.png')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select img-100.png' })).toBeNull();
  });
});
