import { fireEvent, render, screen } from '@testing-library/react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ResultsGrid } from '../src/lazyViews/lazyViews.tsx';

const image = (id: string): ExtractedImage => ({
  id,
  name: `${id}.png`,
  url: `https://example.org/${id}.png`,
  source: 'page',
  format: 'PNG',
  width: 100,
  height: 100,
  size: 1000,
});
const images = [image('a'), image('b')];
const linksFor = (i: ExtractedImage) => ({ open: i.url, download: i.url });

describe('the lazily loaded grid', { timeout: 30_000 }, () => {
  it('keeps its state when the page renders it again after its code loaded (a Download All starting)', async () => {
    const grid = (busy: boolean) => (
      <ThemeProvider>
        <ResultsGrid
          title="Extracted Images"
          images={images}
          linksFor={linksFor}
          onDownloadAll={() => undefined}
          downloadAllBusy={busy}
        />
      </ThemeProvider>
    );
    const { rerender } = render(grid(false));
    expect(screen.getByRole('status').textContent).toBe('Loading results…');
    const box = (await screen.findByRole(
      'checkbox',
      { name: MESSAGES.grid.select('a.png') },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    // What a screen does when Download All starts and ends: the same grid, rendered again.
    rerender(grid(true));
    rerender(grid(false));
    const again = screen.getByRole('checkbox', { name: MESSAGES.grid.select('a.png') }) as HTMLInputElement;
    expect(again).toBe(box);
    expect(again.checked).toBe(true);
  });
});
