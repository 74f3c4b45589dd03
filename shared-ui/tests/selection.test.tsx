import { fireEvent, render, screen } from '@testing-library/react';
import type { ExtractedImage } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';
import { EMPTY_SELECTION, invert, selectAll, selectRange, toggle } from '../src/ResultsGrid/selection.ts';

const ids = ['a', 'b', 'c', 'd', 'e'];
const on = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('selection steps', () => {
  it('toggles one, and a Shift range takes the clicked card’s new state from the anchor', () => {
    let s = toggle(EMPTY_SELECTION, 'b');
    expect(on(s)).toEqual(['b']);
    s = selectRange(s, ids, 'd');
    expect(on(s)).toEqual(['b', 'c', 'd']);
    // From d back to c, c being selected: the range is cleared.
    s = selectRange(s, ids, 'c');
    expect(on(s)).toEqual(['b']);
    s = toggle(s, 'b');
    expect(on(s)).toEqual([]);
  });

  it('a range without an anchor among those shown is a toggle', () => {
    expect(on(selectRange({ ids: new Set(), anchor: 'gone' }, ids, 'c'))).toEqual(['c']);
  });

  it('select all and invert work over what is shown', () => {
    const s = toggle(EMPTY_SELECTION, 'x');
    expect(on(selectAll(s, ['a', 'b']))).toEqual(['a', 'b', 'x']);
    expect(on(invert(toggle(EMPTY_SELECTION, 'a'), ['a', 'b', 'c']))).toEqual(['b', 'c']);
  });
});

const image = (id: string, size: number): ExtractedImage => ({
  id,
  name: `${id}.png`,
  url: `https://example.org/${id}.png`,
  source: 'page',
  format: 'PNG',
  width: 100,
  height: 100,
  size,
});
const images = [image('a', 1024 * 1024), image('b', 2 * 1024 * 1024), image('c', 512 * 1024), image('d', 100)];
const linksFor = (i: ExtractedImage) => ({ open: i.url, download: i.url });

function renderGrid(onDownloadAll = vi.fn()) {
  render(
    <ThemeProvider>
      <ResultsGrid title="Images" images={images} linksFor={linksFor} onDownloadAll={onDownloadAll} />
    </ThemeProvider>,
  );
  return onDownloadAll;
}
const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
const summary = () => screen.getByTestId('selection-summary').textContent;

describe('choosing images in the grid', { timeout: 30_000 }, () => {
  it('has a named checkbox per card, counts the selection and its size, and downloads exactly it', () => {
    const onDownloadAll = renderGrid();
    expect(summary()).toBe('0 selected · 0 B');
    const downloadSelected = screen.getByRole('button', { name: /Download Selected/ }) as HTMLButtonElement;
    expect(downloadSelected.disabled).toBe(true);
    fireEvent.click(box('a.png'), { detail: 1 });
    fireEvent.click(box('c.png'), { detail: 1 });
    expect(box('a.png').checked).toBe(true);
    expect(box('b.png').checked).toBe(false);
    expect(summary()).toBe('2 selected · 1.5 MB');
    fireEvent.click(downloadSelected);
    expect(onDownloadAll).toHaveBeenCalledWith(
      [images[0], images[2]],
      expect.objectContaining({ rendition: 'view', nameTemplate: '{name}' }),
    );
  });

  it('Shift+click selects a range; Shift+Space too; Space alone toggles', () => {
    renderGrid();
    fireEvent.click(box('a.png'), { detail: 1 });
    fireEvent.click(box('c.png'), { detail: 1, shiftKey: true });
    expect(summary()).toMatch(/^3 selected/);
    // The keyboard: Space on c clears it; Shift+Space on d (its click carries no Shift, detail 0)
    // then selects from c to d only.
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    fireEvent.keyDown(box('c.png'), { key: ' ' });
    fireEvent.click(box('c.png'), { detail: 0 });
    fireEvent.keyDown(box('c.png'), { key: ' ' });
    fireEvent.click(box('c.png'), { detail: 0 });
    fireEvent.keyDown(box('d.png'), { key: ' ', shiftKey: true });
    fireEvent.click(box('d.png'), { detail: 0 });
    expect(['a', 'b', 'c', 'd'].map((id) => box(`${id}.png`).checked)).toEqual([false, false, true, true]);
    fireEvent.click(box('b.png'), { detail: 1 });
    fireEvent.keyDown(box('b.png'), { key: ' ' });
    fireEvent.click(box('b.png'), { detail: 0 });
    expect(box('b.png').checked).toBe(false);
    expect(box('a.png').checked).toBe(false);
    expect(box('c.png').checked).toBe(true);
  });

  it('Ctrl+A and Cmd+A select every image shown; Select none, Select all and Invert', () => {
    renderGrid();
    fireEvent.keyDown(box('b.png'), { key: 'a', ctrlKey: true });
    expect(summary()).toMatch(/^4 selected/);
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(summary()).toMatch(/^0 selected/);
    fireEvent.keyDown(box('b.png'), { key: 'A', metaKey: true });
    expect(summary()).toMatch(/^4 selected/);
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    fireEvent.click(box('d.png'), { detail: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Invert' }));
    expect(images.map((i) => box(i.name).checked)).toEqual([true, true, true, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(summary()).toMatch(/^4 selected/);
  });

  it('a grid that downloads nothing has no checkboxes', () => {
    render(
      <ThemeProvider>
        <ResultsGrid title="Images" images={images} linksFor={linksFor} />
      </ThemeProvider>,
    );
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
