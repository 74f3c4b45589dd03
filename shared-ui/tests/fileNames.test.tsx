import { fireEvent, render, screen } from '@testing-library/react';
import { unzipSync } from 'fflate';
import type { ExtractedImage } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { downloadAll } from '../src/extraction/downloadAll.ts';
import { manifestOf } from '../src/extraction/manifest.ts';
import { namedFiles } from '../src/extraction/namedFiles.ts';
import { ResultsGrid } from '../src/ResultsGrid/ResultsGrid.tsx';

const bytes = (n: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, n]);
const dataUrl = (b: Uint8Array) => `data:image/png;base64,${btoa(String.fromCharCode(...b))}`;
const page = (n: number, name = `img-${n}.png`): ExtractedImage => ({
  id: String(n),
  name,
  url: dataUrl(bytes(n)),
  source: 'pdf',
  origin: 'Annual Report.pdf',
  format: 'PNG',
  width: 10 * n,
  height: 20,
  pageNumbers: [n],
});
const images = [page(1), page(2), page(3), page(4)];
const linksFor = vi.fn((i: ExtractedImage) => ({ open: i.url, download: i.url }));

describe('file names by template', { timeout: 30_000 }, () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('names a set in order, counting within it, unique', () => {
    expect(namedFiles(images, { nameTemplate: '{source}-p{page}-{index:02}' }).map((f) => f.name)).toEqual([
      'Annual Report-p1-01.png',
      'Annual Report-p2-02.png',
      'Annual Report-p3-03.png',
      'Annual Report-p4-04.png',
    ]);
    expect(namedFiles(images, { nameTemplate: '{source}' }).map((f) => f.name)).toEqual([
      'Annual Report.png',
      'Annual Report-2.png',
      'Annual Report-3.png',
      'Annual Report-4.png',
    ]);
    // The default keeps today's names.
    expect(namedFiles(images).map((f) => f.name)).toEqual(images.map((i) => i.name));
  });

  it('previews the first names live, names each card’s download alike, and remembers the template', () => {
    const onDownloadAll = vi.fn();
    render(
      <ThemeProvider>
        <ResultsGrid title="Images" images={images} linksFor={linksFor} onDownloadAll={onDownloadAll} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('names-preview').textContent).toBe('First files: img-1.png, img-2.png, img-3.png');
    fireEvent.change(screen.getByLabelText('File names'), { target: { value: '{width}x{height}-{index:03}' } });
    expect(screen.getByTestId('names-preview').textContent).toBe(
      'First files: 10x20-001.png, 20x20-002.png, 30x20-003.png',
    );
    const link = screen.getByRole('link', { name: 'Download img-2.png' });
    expect(link.getAttribute('download')).toBe('20x20-002.png');
    // The screen's links are asked for under the new name (a server-named download carries it).
    expect(linksFor).toHaveBeenLastCalledWith(expect.objectContaining({ id: '4', name: '40x20-004.png' }));
    expect(localStorage.getItem('image-extractor.nameTemplate')).toBe('{width}x{height}-{index:03}');
    fireEvent.click(screen.getByRole('button', { name: /Download All/ }));
    expect(onDownloadAll).toHaveBeenCalledWith(
      images,
      expect.objectContaining({ rendition: 'view', nameTemplate: '{width}x{height}-{index:03}' }),
    );
  });

  it('starts from the template remembered on the device', () => {
    localStorage.setItem('image-extractor.nameTemplate', 'p{page}');
    render(
      <ThemeProvider>
        <ResultsGrid title="Images" images={images} linksFor={linksFor} onDownloadAll={vi.fn()} />
      </ThemeProvider>,
    );
    expect((screen.getByLabelText('File names') as HTMLInputElement).value).toBe('p{page}');
    expect(screen.getByTestId('names-preview').textContent).toBe('First files: p1.png, p2.png, p3.png');
  });

  it('puts the files in the ZIP under the names the template gives', async () => {
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const archive = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    await downloadAll(images.slice(1, 3), { zipName: 'x.zip', nameTemplate: 'page-{page}' });
    const blob = archive.mock.calls[0]?.[0] as Blob;
    const zip = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(zip)).toEqual(['page-2.png', 'page-3.png', 'manifest.csv', 'manifest.json']);
    expect(zip['page-3.png']).toEqual(bytes(3));
    const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json']));
    expect(manifest.images.map((row: { file: string; page: number }) => [row.file, row.page])).toEqual([
      ['page-2.png', 2],
      ['page-3.png', 3],
    ]);
  });

  it('puts a batch in a folder per source, in the ZIP and its manifest; a single download has no folder', async () => {
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const archive = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    // Two files of the same name (unique folders), and the same image name in two sources.
    const batch = [
      page(1),
      { ...page(2), name: 'img-1.png', origin: 'deck.pptx' },
      { ...page(3), name: 'img-1.png', origin: 'deck.pdf' },
    ];
    await downloadAll(batch, { zipName: 'documents.zip' });
    const archived = archive.mock.calls[0]?.[0] as Blob;
    const zip = unzipSync(new Uint8Array(await archived.arrayBuffer()));
    const expected = ['Annual Report/img-1.png', 'deck/img-1-2.png', 'deck-2/img-1-3.png'];
    expect(Object.keys(zip)).toEqual([...expected, 'manifest.csv', 'manifest.json']);
    expect(zip['deck-2/img-1-3.png']).toEqual(bytes(3));
    const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json']));
    expect(manifest.images.map((row: { file: string; source: string }) => [row.file, row.source])).toEqual([
      [expected[0], 'Annual Report.pdf'],
      [expected[1], 'deck.pptx'],
      [expected[2], 'deck.pdf'],
    ]);
    expect((await manifestOf(batch)).map((row) => row.file)).toEqual(expected);
    expect(namedFiles(batch).map((file) => file.name)).toEqual(['img-1.png', 'img-1-2.png', 'img-1-3.png']);
    // One source (a selection within one file): no folder.
    expect(namedFiles(batch.slice(0, 1), { folders: true }).map((file) => file.name)).toEqual(['img-1.png']);
  });

  it('sends the server ZIP the folders of a batch of pages', async () => {
    let submitted: HTMLFormElement | undefined;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted = this;
    });
    const web = (n: number, origin: string): ExtractedImage => ({
      id: String(n),
      name: 'logo.png',
      url: `https://example.org/${n}/logo.png`,
      source: 'website',
      origin,
    });
    await downloadAll([web(1, 'https://example.org/'), web(2, 'https://example.org/about')], {
      zipName: 'images.zip',
    });
    const field = submitted?.elements.namedItem('payload') as HTMLInputElement;
    const payload = JSON.parse(field.value);
    expect(payload.images.map((entry: { name: string }) => entry.name)).toEqual([
      'example.org/logo.png',
      'example.org-about/logo-2.png',
    ]);
  });
});
