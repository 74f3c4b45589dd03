import { fireEvent, render, screen, within } from '@testing-library/react';
import exifr from 'exifr';
import { unzipSync } from 'fflate';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { downloadAll } from '../src/extraction/downloadAll.ts';
import { metadataOf } from '../src/metadata/readMetadata.ts';
import { ImageCard } from '../src/ResultsGrid/ImageCard.tsx';
import { corpusJpeg, scanOf, taggedJpeg, taggedWebp } from './taggedJpeg.ts';

const tagged = taggedJpeg();
const m = MESSAGES.metadata;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('metadataOf', () => {
  /** What tooling/exiftool.mjs wrote (with the orientation), as Details says it. */
  const WRITTEN = {
    camera: 'Test Camera Co Model 7',
    dateTaken: '2024:05:06 07:08:09',
    orientation: 'Rotate 90 CW',
    gps: { latitude: expect.closeTo(48.8584, 4), longitude: expect.closeTo(2.2945, 4) },
    creator: 'Ada Lovelace',
    copyright: '(c) Ada',
  };

  it('reads the camera, date, orientation, GPS, creator and copyright exiftool wrote', async () => {
    expect(await metadataOf(tagged)).toEqual(WRITTEN);
  });

  it('reads the same from a WebP, whose EXIF and XMP are chunks of its own (exifr does not open WebP)', async () => {
    const webp = taggedWebp();
    expect(await exifr.parse(webp, { tiff: true, xmp: true }).catch(() => 'refused')).toBe('refused');
    expect(await metadataOf(webp)).toEqual(WRITTEN);
  });

  it('finds nothing in a JPEG without metadata, a GIF or random bytes', async () => {
    expect(await metadataOf(corpusJpeg())).toEqual({});
    expect(await metadataOf(Uint8Array.from('GIF89a', (c) => c.charCodeAt(0)))).toEqual({});
    expect(await metadataOf(Uint8Array.of(1, 2, 3, 4))).toEqual({});
  });
});

const image: ExtractedImage = {
  id: 'p',
  name: 'photo.jpg',
  url: 'https://example.org/photo.jpg',
  source: 'page',
  format: 'JPEG',
};

describe('Details on a card', { timeout: 30_000 }, () => {
  it('reads the image through the image proxy when opened, and warns that it says where it was taken', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(tagged);
    });
    render(
      <ThemeProvider>
        <ImageCard image={image} links={{ open: '/o', download: '/d' }} saveable={false} />
      </ThemeProvider>,
    );
    expect(fetched).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: m.detailsLabel('photo.jpg') }));
    const panel = await screen.findByTestId('metadata-panel', {}, { timeout: 15_000 });
    await within(panel).findByText('Test Camera Co Model 7', {}, { timeout: 5_000 });
    expect(fetched).toEqual([`${location.origin}/api/image?url=${encodeURIComponent(image.url)}`]);
    expect(within(panel).getByText(m.gpsWarning)).toBeTruthy();
    expect(within(panel).getByText('48.858400, 2.294500')).toBeTruthy();
    expect(within(panel).getByText('Ada Lovelace')).toBeTruthy();
  });

  it('says "No metadata found" for an image without any', async () => {
    vi.stubGlobal('fetch', async () => new Response(corpusJpeg()));
    render(
      <ThemeProvider>
        <ImageCard image={image} links={{ open: '/o', download: '/d' }} saveable={false} />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: m.detailsLabel('photo.jpg') }));
    expect(
      await within(await screen.findByTestId('metadata-panel', {}, { timeout: 15_000 })).findByText(m.none),
    ).toBeTruthy();
  });
});

describe('Remove metadata on download', () => {
  it('zips web images here, through the proxy, each without its EXIF and XMP, the scan byte for byte', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(tagged);
    });
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const archive = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    const maker = await downloadAll([image], { zipName: 'x.zip', removeMetadata: true });
    expect(maker).toBe('browser');
    expect(fetched).toEqual([`${location.origin}/api/image?url=${encodeURIComponent(image.url)}`]);
    const blob = archive.mock.calls[0]?.[0] as Blob;
    const zip = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const written = zip['photo.jpg'] as Uint8Array;
    expect(written.length).toBeLessThan(tagged.length);
    expect(await exifr.parse(written, { tiff: true, xmp: true, gps: true })).toBeUndefined();
    expect(Buffer.from(scanOf(written)).equals(Buffer.from(scanOf(tagged)))).toBe(true);
    const [row] = JSON.parse(new TextDecoder().decode(zip['manifest.json'])).images;
    expect(row).toMatchObject({ file: 'photo.jpg', bytes: written.length });
  });
});
