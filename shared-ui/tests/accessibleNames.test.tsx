import { act, fireEvent, render, screen } from '@testing-library/react';
import { accountStore } from 'browser-services';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../src/design-system/antd/button.ts';
import { FolderOpenOutlined, LinkOutlined } from '../src/design-system/index.ts';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ExtractionProgress } from '../src/progress/ExtractionProgress.tsx';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';
import { withAccountReset } from './gridKit.tsx';

const image = (id: string): ExtractedImage => ({
  id,
  name: `${id}.png`,
  url: `https://example.org/${id}.png`,
  source: 'page',
  format: 'PNG',
  width: 100,
  height: 100,
  size: 2048,
});
const images = [image('a'), image('b')];

/** Every antd icon inside a button or link, with whether assistive technology skips it. */
const iconsInControls = () =>
  [...document.querySelectorAll('button .anticon, a .anticon, [role="button"] .anticon')].map((icon) => ({
    icon: icon.getAttribute('aria-label'),
    hidden: icon.closest('[aria-hidden="true"]') !== null,
  }));

withAccountReset();

describe('names that read right', { timeout: 30_000 }, () => {
  // jsdom has no File System Access API; a picker that never answers keeps Save to folder busy.
  beforeEach(() => {
    Object.assign(window, { showDirectoryPicker: () => new Promise(() => {}) });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'showDirectoryPicker');
  });

  it("the grid's buttons and links are named by their words alone, busy or not", async () => {
    await act(() =>
      accountStore.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: 'secret1' }),
    );
    render(
      <ThemeProvider>
        <ResultsGrid
          title="Images"
          images={images}
          linksFor={(i) => ({ open: i.url, download: i.url })}
          onDownloadAll={vi.fn()}
        />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select a.png' }));
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.grid.downloadOptions }));

    for (const name of [
      MESSAGES.grid.downloadOptions,
      MESSAGES.grid.saveToFolder,
      MESSAGES.grid.saveSelected,
      MESSAGES.grid.downloadSelected,
      'Download All',
      MESSAGES.grid.manifestLabel('CSV'),
      MESSAGES.grid.manifestLabel('JSON'),
    ]) {
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Download a.png' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open a.png in a new tab' })).toBeTruthy();
    const idle = iconsInControls();
    expect(idle.map(({ icon }) => icon)).toEqual(
      expect.arrayContaining(['folder-open', 'heart', 'file-text', 'download']),
    );
    expect(idle.filter(({ hidden }) => !hidden)).toEqual([]);

    // Busy, the button shows antd's spinner in place of its icon: the spinner is silent too.
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.grid.saveToFolder }));
    const busy = await screen.findByRole('button', { name: MESSAGES.grid.saveToFolder });
    expect(busy.querySelector('.anticon-loading')).not.toBeNull();

    const busyIcons = iconsInControls();
    expect(busyIcons.map(({ icon }) => icon)).toContain('loading');
    expect(busyIcons.filter(({ hidden }) => !hidden)).toEqual([]);
  });

  it('Cancel on the progress bar is Cancel', () => {
    render(
      <ThemeProvider>
        <ExtractionProgress done={1} total={4} unit="pages" onCancel={vi.fn()} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(iconsInControls()).toEqual([{ icon: 'stop', hidden: true }]);
  });

  it('a design-system icon is silent unless it is given a label of its own', () => {
    render(
      <ThemeProvider>
        <Button icon={<FolderOpenOutlined />}>{MESSAGES.grid.saveToFolder}</Button>
        <LinkOutlined aria-label="Linked image" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: MESSAGES.grid.saveToFolder })).toBeTruthy();
    expect(screen.getAllByRole('img').map((icon) => icon.getAttribute('aria-label'))).toEqual(['Linked image']);
  });
});
