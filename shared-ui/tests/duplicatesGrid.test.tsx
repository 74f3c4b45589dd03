import { fireEvent, screen } from '@testing-library/react';
import type { ExtractedImage } from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { renderDownloadableGrid } from './gridKit.tsx';

// The Worker's answers (hashes of real pictures are checked end to end, in e2e/tests/grid.spec.ts).
vi.mock('../src/duplicates/fingerprint.ts', () => ({
  fingerprintImages: async (images: ExtractedImage[], onResult: (r: unknown) => void) => {
    const hashes: Record<string, { sha256: string; dhash?: string }> = {
      logo1: { sha256: 'aa' },
      logo2: { sha256: 'aa' },
      big: { sha256: 'b1', dhash: '00ff00ff00ff00ff' },
      small: { sha256: 'b2', dhash: '00ff00ff00ff00fe' },
      other: { sha256: 'c1', dhash: 'ff00ff00ff00ff00' },
    };
    return images.map((image) => {
      onResult({ id: image.id, ms: 1 });
      return { id: image.id, ...hashes[image.id], width: image.width, height: image.height };
    });
  },
}));

const image = (id: string, width: number, extra: Partial<ExtractedImage> = {}): ExtractedImage => ({
  id,
  name: `${id}.png`,
  url: `https://example.org/${id}.png`,
  source: 'pdf',
  format: 'PNG',
  width,
  height: width / 2,
  ...extra,
});
const images = [
  image('logo1', 100, { pageNumbers: [1] }),
  image('small', 200),
  image('logo2', 100, { pageNumbers: [4] }),
  image('big', 1600),
  image('other', 400),
];

describe('Find duplicates in the grid', { timeout: 30_000 }, () => {
  it('folds exact copies into one card saying where else it is, and keeps the largest of a group in one click', async () => {
    renderDownloadableGrid(images);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Find duplicates' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('duplicates-status').textContent).toBe(
        '1 exact copy folded into its card; 1 group of the same picture at other sizes.',
      ),
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('checkbox', { name: 'Select logo2.png' })).toBeNull();
    const notes = screen.getAllByTestId('duplicate-note').map((n) => n.textContent);
    expect(notes).toEqual([
      'Same file also at: logo2.png (page 4)',
      'Smaller copy of big.png',
      'Largest of 2 copies of this picture',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep the largest of each group' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('checkbox', { name: 'Select small.png' })).toBeNull();
    expect(screen.getByTestId('results-count').textContent).toBe('3 of 5 images shown');
    fireEvent.click(screen.getByRole('button', { name: 'Show every copy' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
