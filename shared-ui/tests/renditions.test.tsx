import { fireEvent, render, screen, within } from '@testing-library/react';
import { unzipSync } from 'fflate';
import type { ExtractedImage } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { downloadAll } from '../src/extraction/downloadAll.ts';
import { asRendition } from '../src/extraction/namedFiles.ts';
import { ImageCard } from '../src/ResultsGrid/ImageCard.tsx';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';

// A logo a PDF draws with a soft mask: the view is a PNG with the mask merged, the original the stored JPEG.
const viewBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const originalBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6]);
const plainBytes = new Uint8Array([0x47, 0x49, 0x46, 0x38, 5]);
const dataUrl = (mime: string, bytes: Uint8Array) => `data:${mime};base64,${btoa(String.fromCharCode(...bytes))}`;

const logo: ExtractedImage = {
  id: 'logo',
  name: 'page-1-logo.png',
  url: dataUrl('image/png', viewBytes),
  source: 'pdf',
  format: 'PNG',
  size: viewBytes.length,
  width: 76,
  height: 102,
  original: {
    url: dataUrl('image/jpeg', originalBytes),
    name: 'page-1-logo.jpg',
    format: 'JPEG',
    mimeType: 'image/jpeg',
    size: originalBytes.length,
    width: 2,
    height: 2,
  },
  viewChanges: ['transparency', 'jpeg2000'],
};
const plain: ExtractedImage = {
  id: 'plain',
  name: 'page-2.gif',
  url: dataUrl('image/gif', plainBytes),
  source: 'pdf',
  format: 'GIF',
  size: plainBytes.length,
};

const links = (image: ExtractedImage) => ({ open: image.url, download: image.url });

describe('two renditions on a card', { timeout: 30_000 }, () => {
  it('gives the view by Open and Download, the stored file by "Original file", and says why they differ', () => {
    render(
      <ThemeProvider>
        <ImageCard image={logo} links={links(logo)} saveable={false} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('link', { name: 'Download page-1-logo.png' }).getAttribute('href')).toBe(logo.url);
    const original = screen.getByRole('link', { name: 'Download the original file of page-1-logo.png' });
    expect(original.getAttribute('href')).toBe(logo.original?.url);
    expect(original.getAttribute('download')).toBe('page-1-logo.jpg');
    expect(original.textContent).toContain('Original file');
    expect(screen.getByTestId('view-changes').textContent).toBe(
      'Shown as in the document: transparency merged, converted from JPEG 2000.',
    );
  });

  it('offers no original where the view is the stored file', () => {
    render(
      <ThemeProvider>
        <ImageCard image={plain} links={links(plain)} saveable={false} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('link', { name: /original file/ })).toBeNull();
    expect(screen.queryByTestId('view-changes')).toBeNull();
  });
});

describe('Download All: as shown or original files', { timeout: 30_000 }, () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('offers the choice only when an image has an original, and passes it on', () => {
    const onDownloadAll = vi.fn();
    const { rerender } = render(
      <ThemeProvider>
        <ResultsGrid title="Images" images={[plain]} linksFor={links} onDownloadAll={onDownloadAll} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('radiogroup', { name: 'Files in the ZIP' })).toBeNull();
    rerender(
      <ThemeProvider>
        <ResultsGrid title="Images" images={[logo, plain]} linksFor={links} onDownloadAll={onDownloadAll} />
      </ThemeProvider>,
    );
    // The choice is one of the download options: under their disclosure, and named in its summary.
    expect(screen.getByTestId('download-options-summary').textContent).toContain('Files in the ZIP: As shown');
    fireEvent.click(screen.getByRole('button', { name: 'Download options' }));
    const choice = screen.getByRole('radiogroup', { name: 'Files in the ZIP' });
    expect((within(choice).getByRole('radio', { name: 'As shown' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(choice).getByRole('radio', { name: 'Original files' }));
    expect(screen.getByTestId('download-options-summary').textContent).toContain('Files in the ZIP: Original files');
    fireEvent.click(screen.getByRole('button', { name: /Download All/ }));
    expect(onDownloadAll).toHaveBeenCalledWith(
      [logo, plain],
      expect.objectContaining({ rendition: 'original', nameTemplate: '{name}' }),
    );
  });

  it('puts the view by default, and each original (its bytes, its name) in place of its view when asked', async () => {
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const archives: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      archives.push(blob as Blob);
      return 'blob:zip';
    });
    await downloadAll([logo, plain], { zipName: 'a.zip' });
    await downloadAll([logo, plain], { zipName: 'b.zip', rendition: 'original' });
    const [shown, originals] = await Promise.all(
      archives.map(async (blob) => unzipSync(new Uint8Array(await blob.arrayBuffer()))),
    );
    expect(Object.keys(shown ?? {})).toEqual(['page-1-logo.png', 'page-2.gif', 'manifest.csv', 'manifest.json']);
    expect(shown?.['page-1-logo.png']).toEqual(viewBytes);
    expect(Object.keys(originals ?? {})).toEqual(['page-1-logo.jpg', 'page-2.gif', 'manifest.csv', 'manifest.json']);
    const rows = JSON.parse(new TextDecoder().decode(originals?.['manifest.json'])).images;
    expect(rows[0]).toMatchObject({ file: 'page-1-logo.jpg', format: 'JPEG', width: 2, height: 2, bytes: 8 });
    expect(originals?.['page-1-logo.jpg']).toEqual(originalBytes);
    expect(originals?.['page-2.gif']).toEqual(plainBytes);
  });

  it('stands an image for its stored file, and leaves one without any as it is', () => {
    const original = asRendition(logo, 'original');
    expect(original).toMatchObject({ url: logo.original?.url, name: 'page-1-logo.jpg', format: 'JPEG', size: 8 });
    expect(original.original).toBeUndefined();
    expect(asRendition(logo, 'view')).toBe(logo);
    expect(asRendition(plain, 'original')).toBe(plain);
  });
});
