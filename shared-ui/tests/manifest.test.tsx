import { createHash } from 'node:crypto';
import { fireEvent, screen } from '@testing-library/react';
import type { ExtractedImage } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manifestOf } from '../src/extraction/manifest.ts';
import { renderDownloadableGrid } from './gridKit.tsx';

const frame = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 7]);
const images: ExtractedImage[] = [
  {
    id: 'f',
    name: 'frame-00-00-05.png',
    url: `data:image/png;base64,${btoa(String.fromCharCode(...frame))}`,
    source: 'video',
    origin: 'holiday.mp4',
    format: 'PNG',
    width: 640,
    height: 360,
    timestamp: '00:00:05',
  },
  {
    id: 'w',
    name: 'hero.jpg',
    url: 'https://example.org/hero.jpg',
    source: 'page',
    format: 'JPEG',
    size: 1234,
    alt: 'Hero, "big"',
    pageUrl: 'https://example.org/',
  },
];

describe('Download manifest', { timeout: 30_000 }, () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('describes each image shown, hashing the bytes that are on the device', async () => {
    const rows = await manifestOf(images, { nameTemplate: '{index}-{name}' });
    expect(rows).toEqual([
      {
        file: '1-frame-00-00-05.png',
        source: 'holiday.mp4',
        time: '00:00:05',
        width: 640,
        height: 360,
        format: 'PNG',
        bytes: 6,
        sha256: createHash('sha256').update(frame).digest('hex'),
        page: undefined,
        slide: undefined,
        foundOn: undefined,
        alt: undefined,
      },
      {
        file: '2-hero.jpg',
        source: 'https://example.org/hero.jpg',
        foundOn: 'https://example.org/',
        alt: 'Hero, "big"',
        format: 'JPEG',
        bytes: 1234,
        page: undefined,
        slide: undefined,
        time: undefined,
        width: undefined,
        height: undefined,
      },
    ]);
  });

  it('saves manifest.csv and manifest.json from the grid', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:m';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    renderDownloadableGrid(images);
    // The manifests are among the download options.
    fireEvent.click(screen.getByRole('button', { name: 'Download options' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download manifest (CSV) of the images shown' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download manifest (JSON) of the images shown' }));
    await vi.waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((s) => s.name)).toEqual(['manifest.csv', 'manifest.json']);
    const csv = await saved[0]?.blob.text();
    expect(csv?.split('\r\n')[2]).toBe(
      'hero.jpg,https://example.org/hero.jpg,,,,https://example.org/,"Hero, ""big""",,,1234,JPEG,,,,,,',
    );
    const json = JSON.parse((await saved[1]?.blob.text()) ?? '{}');
    expect(json.images[0].sha256).toBe(createHash('sha256').update(frame).digest('hex'));
  });
});
