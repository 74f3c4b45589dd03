import { render, screen } from '@testing-library/react';
import type { ExtractedImage } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ImageCard } from '../src/ResultsGrid/ImageCard.tsx';

const emf: ExtractedImage = { id: 'e', name: 'chart.emf', url: 'blob:original', source: 'docx', format: 'EMF' };

describe('ImageCard preview', { timeout: 30_000 }, () => {
  it('shows the given preview instead of loading the image itself, and still downloads the original', () => {
    const { container } = render(
      <ThemeProvider>
        <ImageCard
          image={emf}
          links={{ open: 'blob:preview', download: 'blob:original' }}
          preview={<img src="blob:preview" alt="chart.emf (preview)" />}
        />
      </ThemeProvider>,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['blob:preview']);
    expect(screen.getByRole('link', { name: 'Download chart.emf' }).getAttribute('href')).toBe('blob:original');
  });
});
