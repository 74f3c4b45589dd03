import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DOWNLOAD_OPTIONS_OPEN_KEY } from 'browser-services/files';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { namedFiles } from '../src/extraction/namedFiles.ts';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';

const g = MESSAGES.grid;
const image = (n: number): ExtractedImage => ({
  id: String(n),
  name: `img-${n}.png`,
  url: `https://example.org/img-${n}.png`,
  source: 'page',
  format: 'PNG',
  width: 10 * n,
  height: 20,
});
const images = [image(1), image(2), image(3)];

function renderGrid(onDownloadAll = vi.fn()) {
  render(
    <ThemeProvider>
      <ResultsGrid
        title="Images"
        images={images}
        linksFor={(i) => ({ open: i.url, download: i.url })}
        onDownloadAll={onDownloadAll}
      />
    </ThemeProvider>,
  );
  return onDownloadAll;
}
const toggle = () => screen.getByRole('button', { name: g.downloadOptions });
const summary = () => screen.getByTestId('download-options-summary').textContent;
const panel = () => document.getElementById(toggle().getAttribute('aria-controls') ?? '') as HTMLElement;

describe('"Download options"', { timeout: 30_000 }, () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('is closed by default, its summary says what is set, and opening it shows the fields', () => {
    renderGrid();
    expect(toggle().tagName).toBe('BUTTON');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(panel().hidden).toBe(true);
    expect(screen.queryByRole('textbox', { name: g.fileNames })).toBeNull();
    expect(screen.queryByRole('combobox', { name: g.convertLabel })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: g.removeMetadata })).toBeNull();
    expect(summary()).toBe('Names: {name} · Keep original · Metadata kept');
    // The summary is the button's description: heard with it, not only seen beside it.
    expect(screen.getByTestId('download-options-summary').id).toBe(toggle().getAttribute('aria-describedby'));

    // The filters and the selection stay in sight.
    expect(screen.getByRole('combobox', { name: 'Sort' })).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: g.selectionLabel })).toBeTruthy();

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(panel().hidden).toBe(false);
    const options = within(panel());
    fireEvent.change(options.getByRole('textbox', { name: g.fileNames }), { target: { value: '{index:03}' } });
    fireEvent.change(options.getByRole('combobox', { name: g.convertLabel }), { target: { value: 'png' } });
    fireEvent.change(options.getByRole('spinbutton', { name: g.maxSide }), { target: { value: '1200' } });
    fireEvent.click(options.getByRole('checkbox', { name: g.removeMetadata }));
    expect(options.getByRole('button', { name: g.manifestLabel('CSV') })).toBeTruthy();
    expect(summary()).toBe('Names: {index:03} · PNG, longest side 1200 px · Metadata removed');
  });

  it('remembers being open or closed across a remount', () => {
    renderGrid();
    fireEvent.click(toggle());
    expect(localStorage.getItem(DOWNLOAD_OPTIONS_OPEN_KEY)).toBe('open');
    cleanup();

    renderGrid();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: g.fileNames })).toBeTruthy();
    fireEvent.click(toggle());
    cleanup();

    renderGrid();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: g.fileNames })).toBeNull();
  });

  it('keeps naming and converting the files by what was set once it is closed again', () => {
    const onDownloadAll = renderGrid();
    fireEvent.click(toggle());
    fireEvent.change(screen.getByRole('textbox', { name: g.fileNames }), { target: { value: 'shot-{index:02}' } });
    fireEvent.change(screen.getByRole('combobox', { name: g.convertLabel }), { target: { value: 'webp' } });
    fireEvent.click(toggle());
    expect(panel().hidden).toBe(true);
    expect(summary()).toBe('Names: shot-{index:02} · WebP · Metadata kept');

    // Each card's download, Download All and Download Selected all name the files as the template does.
    const expected = namedFiles(images, { nameTemplate: 'shot-{index:02}' }).map((file) => file.name);
    expect(expected).toEqual(['shot-01.png', 'shot-02.png', 'shot-03.png']);
    expect(screen.getByRole('link', { name: 'Download img-2.png' }).getAttribute('download')).toBe(expected[1]);
    fireEvent.click(screen.getByRole('button', { name: /Download All/ }));
    expect(onDownloadAll).toHaveBeenLastCalledWith(
      images,
      expect.objectContaining({ nameTemplate: 'shot-{index:02}', format: 'webp' }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: g.select('img-3.png') }));
    fireEvent.click(screen.getByRole('button', { name: /Download Selected/ }));
    expect(onDownloadAll).toHaveBeenLastCalledWith(
      [images[2]],
      expect.objectContaining({ nameTemplate: 'shot-{index:02}', format: 'webp' }),
    );
  });
});
