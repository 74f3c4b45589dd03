import { fireEvent, render, screen, within } from '@testing-library/react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { manifestFactsOf, namedFiles, nameFactsOf } from '../src/extraction/namedFiles.ts';
import { filterImages } from '../src/ResultsGrid/filterImages.ts';
import { ImageCard } from '../src/ResultsGrid/ImageCard.tsx';
import { renderDownloadableGrid } from './gridKit.tsx';

// A PDF's photograph (an image of its own) and the figure that draws it, and a vector plot.
const photo: ExtractedImage = {
  id: '1',
  name: 'page-7-image-1.jpg',
  url: 'blob:photo',
  source: 'pdf',
  format: 'JPEG',
  width: 40,
  height: 24,
  pageNumbers: [7],
};
const figure = (number: string, vector: boolean, caption: string, imageIds?: string[]): ExtractedImage => ({
  id: `f${number}`,
  name: `figure-${number}.png`,
  url: `blob:figure-${number}`,
  source: 'pdf',
  format: 'PNG',
  width: 625,
  height: 417,
  pageNumbers: [7],
  original: {
    url: `blob:figure-${number}-pdf`,
    name: `figure-${number}.pdf`,
    format: 'PDF',
    mimeType: 'application/pdf',
    size: 2_000,
  },
  viewChanges: ['vector'],
  figure: { kind: 'figure', number, caption, vector, dpi: 150, ...(imageIds ? { imageIds } : {}) },
});
const plot = figure('3', true, 'Figure 3: Accuracy by epoch.');
const pictured = figure('4', false, 'Figure 4: The apparatus.', ['1']);
const table: ExtractedImage = {
  ...figure('2', true, 'Table 2: Results.'),
  id: 't2',
  name: 'table-2.png',
  figure: { kind: 'table', number: '2', caption: 'Table 2: Results.', vector: true, dpi: 150 },
};
const links = (image: ExtractedImage) => ({ open: image.url, download: image.url });

describe("a figure's card", () => {
  it('says "Figure 3 · page 7 · vector", shows its caption, and offers its Vector PDF', () => {
    render(
      <ThemeProvider>
        <ImageCard image={plot} links={links(plot)} saveable={false} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('figure-label').textContent).toBe('Figure 3 · page 7 · vector');
    expect(screen.getByTestId('figure-caption').textContent).toBe('Figure 3: Accuracy by epoch.');
    const pdf = screen.getByRole('link', { name: 'Download the vector PDF of figure-3.png' });
    expect(pdf.textContent).toBe(MESSAGES.figures.vectorPdf);
    expect(pdf.getAttribute('href')).toBe('blob:figure-3-pdf');
    expect(pdf.getAttribute('download')).toBe('figure-3.pdf');
    expect(screen.queryByText(MESSAGES.rendition.originalFile)).toBeNull();
    // Cut from a page, not stored: the card says how its picture was made, not "shown as in the document".
    expect(screen.getByTestId('view-changes').textContent).toBe("A PNG drawn at 150 dpi from the figure's vector PDF.");
    // A short caption is whole: nothing to open.
    expect(screen.queryByRole('button', { name: MESSAGES.figures.fullCaption })).toBeNull();
  });

  it('a table, a picture figure, and an image card (no figure line, "Original file")', () => {
    render(
      <ThemeProvider>
        <ImageCard image={table} links={links(table)} saveable={false} />
        <ImageCard image={pictured} links={links(pictured)} saveable={false} drawsNames={['page-7-image-1.jpg']} />
        <ImageCard
          image={{ ...photo, original: { ...(plot.original as NonNullable<ExtractedImage['original']>) } }}
          links={links(photo)}
          saveable={false}
        />
      </ThemeProvider>,
    );
    expect(screen.getAllByTestId('figure-label').map((line) => line.textContent)).toEqual([
      'Table 2 · page 7 · vector',
      'Figure 4 · page 7 · picture',
    ]);
    expect(screen.getByTestId('figure-draws').textContent).toBe('Draws page-7-image-1.jpg');
    expect(screen.getByRole('link', { name: `Download the original file of ${photo.name}` }).textContent).toBe(
      MESSAGES.rendition.originalFile,
    );
  });

  it('clamps a long caption and opens it whole on request', () => {
    const long = figure('5', true, `Figure 5: ${'A long description of every panel. '.repeat(8)}`);
    render(
      <ThemeProvider>
        <ImageCard image={long} links={links(long)} saveable={false} />
      </ThemeProvider>,
    );
    const caption = screen.getByTestId('figure-caption');
    expect(caption.className).toContain('ie-image-card__caption--clamped');
    const more = screen.getByRole('button', { name: MESSAGES.figures.fullCaption });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('figure-caption').className).not.toContain('--clamped');
  });
});

describe('a grid of figures and images', () => {
  it('offers Show: Everything / Figures / Images, and names on a figure the images it draws', () => {
    renderDownloadableGrid([photo, plot, pictured]);
    const show = screen.getByRole('combobox', { name: MESSAGES.figures.showLabel }) as HTMLSelectElement;
    expect([...show.options].map((option) => option.text)).toEqual(['Everything', 'Figures', 'Images']);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const drawing = screen.getAllByRole('listitem')[2] as HTMLElement;
    expect(within(drawing).getByTestId('figure-draws').textContent).toBe('Draws page-7-image-1.jpg');
    fireEvent.change(show, { target: { value: 'figures' } });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('results-count').textContent).toBe('2 of 3 images shown');
    fireEvent.change(show, { target: { value: 'images' } });
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('has no Show filter when the set holds no figure', () => {
    renderDownloadableGrid([photo, { ...photo, id: '2', name: 'b.jpg' }]);
    expect(screen.queryByRole('combobox', { name: MESSAGES.figures.showLabel })).toBeNull();
  });

  it('filters by kind', () => {
    const set = [photo, plot, table];
    expect(filterImages(set, { show: 'figures' }).map((image) => image.id)).toEqual(['f3', 't2']);
    expect(filterImages(set, { show: 'images' }).map((image) => image.id)).toEqual(['1']);
    expect(filterImages(set, { show: 'all' })).toHaveLength(3);
  });
});

describe('figures downloaded', () => {
  it('{figure}-{caption} names the PNG and, as original files, the vector PDF; images keep a name', () => {
    const set = [photo, plot, table];
    const template = '{figure}-{caption}';
    expect(namedFiles(set, { nameTemplate: template }).map((file) => file.name)).toEqual([
      'image.jpg',
      'figure-3-Accuracy by epoch.png',
      'table-2-Results.png',
    ]);
    const originals = namedFiles(set, { nameTemplate: template, rendition: 'original' });
    expect(originals.map((file) => [file.name, file.url])).toEqual([
      ['image.jpg', 'blob:photo'],
      ['figure-3-Accuracy by epoch.pdf', 'blob:figure-3-pdf'],
      ['table-2-Results.pdf', 'blob:figure-2-pdf'],
    ]);
    expect(nameFactsOf(plot, 1).figure).toMatchObject({ kind: 'figure', number: '3' });
  });

  it('puts the figure and its caption in the manifest', () => {
    expect(manifestFactsOf(table)).toMatchObject({ figure: 'Table 2', caption: 'Table 2: Results.', page: 7 });
    expect(manifestFactsOf(photo).figure).toBeUndefined();
    expect(manifestFactsOf(photo).caption).toBeUndefined();
  });
});
