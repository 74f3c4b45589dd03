import { render, screen } from '@testing-library/react';
import type { ExtractedImage } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { manifestFactsOf } from '../src/extraction/namedFiles.ts';
import { ImageCard } from '../src/ResultsGrid/ImageCard.tsx';

// A WordPress photo given at full size: the page showed its 300 x 200 copy.
const photo: ExtractedImage = {
  id: 'photo',
  name: 'photo.jpg',
  url: 'https://blog.example/wp-content/uploads/2024/05/photo.jpg',
  source: 'page',
  format: 'JPEG',
  width: 3000,
  height: 2000,
  shownOnPage: {
    url: 'https://blog.example/wp-content/uploads/2024/05/photo-300x200.jpg',
    width: 300,
    height: 200,
    format: 'JPEG',
  },
};
const drawn: ExtractedImage = {
  id: 'chart',
  name: 'canvas.png',
  url: 'data:image/png;base64,iVBORw0KGgo=',
  source: 'page',
  format: 'PNG',
  width: 640,
  height: 480,
  foundIn: ['canvas', 'shadow-dom'],
};
const links = (image: ExtractedImage) => ({ open: image.url, download: image.url });

describe('a card says what it is', () => {
  it('gives the full-size original by Download and says both sizes; the manifest keeps both addresses', () => {
    render(
      <ThemeProvider>
        <ImageCard image={photo} links={links(photo)} saveable={false} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('full-size').textContent).toBe('Full size 3000 × 2000 (the page showed 300 × 200)');
    expect(screen.getByRole('link', { name: 'Download photo.jpg' }).getAttribute('href')).toBe(photo.url);
    // Previewed by the page's copy: the grid does not load every original whole.
    expect(screen.getByRole('img', { name: /photo/ }).getAttribute('src')).toBe(photo.shownOnPage?.url);
    expect(manifestFactsOf(photo)).toMatchObject({
      source: photo.url,
      width: 3000,
      height: 2000,
      shownUrl: photo.shownOnPage?.url,
      shownWidth: 300,
      shownHeight: 200,
    });
  });

  it('says how a rendered page’s drawing was captured, and says nothing of that on an ordinary image', () => {
    render(
      <ThemeProvider>
        <ImageCard image={drawn} links={links(drawn)} saveable={false} />
        <ImageCard
          image={{ ...photo, shownOnPage: undefined, foundIn: ['img', 'srcset'] }}
          links={links(photo)}
          saveable={false}
        />
      </ThemeProvider>,
    );
    const lines = screen.getAllByTestId('captured');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.textContent).toBe(
      'Captured: drawn on a canvas, saved as PNG; inside a web component (shadow root).',
    );
    expect(screen.queryByTestId('full-size')).toBeNull();
  });
});
