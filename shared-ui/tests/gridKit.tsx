import { render } from '@testing-library/react';
import { accountStore, type PublishedToast, toasts } from 'browser-services';
import type { ExtractedImage } from 'shared-contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';

/** The grid as a screen draws it: each image opens and downloads at its own address, Download All offered. */
export function renderDownloadableGrid(images: readonly ExtractedImage[]) {
  return render(
    <ThemeProvider>
      <ResultsGrid
        title="Images"
        images={images}
        linksFor={(i) => ({ open: i.url, download: i.url })}
        onDownloadAll={vi.fn()}
      />
    </ThemeProvider>,
  );
}

/**
 * For tests that sign in: storage cleared before each, signed out after, and every toast published
 * meanwhile kept in the list returned (emptied before each test).
 */
export function withAccountReset(): PublishedToast[] {
  const published: PublishedToast[] = [];
  let unsubscribe = () => {};
  beforeEach(() => {
    localStorage.clear();
    published.length = 0;
    unsubscribe = toasts.subscribe((toast) => published.push(toast));
  });
  afterEach(() => {
    unsubscribe();
    accountStore.logOut();
  });
  return published;
}
