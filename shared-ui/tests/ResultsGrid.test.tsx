import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ExtractedImage } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';

const images: ExtractedImage[] = [
  {
    id: 'a',
    name: 'hero.jpg',
    url: 'https://example.org/hero.jpg',
    source: 'page',
    format: 'JPEG',
    width: 1600,
    height: 900,
    size: 250_880,
  },
  {
    id: 'b',
    name: 'icon.png',
    url: 'https://example.org/icon.png',
    source: 'page',
    format: 'PNG',
    width: 32,
    height: 32,
  },
];

const linksFor = (image: ExtractedImage) => ({ open: `/open/${image.id}`, download: `/download/${image.id}` });

describe('ResultsGrid', () => {
  it('shows one card per image with its size, format and real links', () => {
    render(
      <ThemeProvider>
        <ResultsGrid title="Extracted Images" images={images} linksFor={linksFor} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Extracted Images' })).toBeTruthy();
    expect(screen.getByTestId('results-count').textContent).toBe('2 images');
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('1600 x 900')).toBeTruthy();
    expect(first.getByText('JPEG')).toBeTruthy();
    expect(first.getByText('245 KB')).toBeTruthy();
    const download = first.getByRole('link', { name: 'Download hero.jpg' });
    expect(download.getAttribute('href')).toBe('/download/a');
    expect(download.getAttribute('download')).toBe('hero.jpg');
    expect(first.getByRole('link', { name: 'Open hero.jpg in a new tab' }).getAttribute('target')).toBe('_blank');
  });

  it('shows N/A when the dimensions are unknown', () => {
    render(
      <ThemeProvider>
        <ResultsGrid
          title="Extracted Images"
          images={[{ id: 's', name: 'logo.svg', url: 'https://example.org/logo.svg', source: 'page', format: 'SVG' }]}
          linksFor={linksFor}
        />
      </ThemeProvider>,
    );
    expect(screen.getByText('N/A')).toBeTruthy();
  });

  it('downloads all the images shown', () => {
    const onDownloadAll = vi.fn();
    render(
      <ThemeProvider>
        <ResultsGrid title="Extracted Images" images={images} linksFor={linksFor} onDownloadAll={onDownloadAll} />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Download All/ }));
    expect(onDownloadAll).toHaveBeenCalledWith(
      images,
      expect.objectContaining({ rendition: 'view', nameTemplate: '{name}' }),
    );
  });
});
