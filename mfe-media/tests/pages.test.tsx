import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'shared-ui';
import { describe, expect, it } from 'vitest';
import VideoExtractorPage from '../src/pages/VideoExtractorPage.tsx';

// The first render builds antd's CSS-in-JS styles: seconds, not milliseconds, on a busy 2-core machine.
describe('exposed pages', { timeout: 30_000 }, () => {
  it('the video extractor has its heading and the four informational sections', () => {
    render(
      <ThemeProvider>
        <VideoExtractorPage />
      </ThemeProvider>,
    );
    // Role queries walk the whole tree each time, so ask once per level and compare the lists.
    const headings = (level: number) => screen.getAllByRole('heading', { level }).map((h) => h.textContent);
    expect(headings(1)).toEqual(['Extract Frames from Video']);
    expect(headings(2)).toEqual(['Use Cases', 'Advanced Features', 'Technical Specifications', 'How It Works']);
  });

  it('states the specs the product keeps: 2 GB, browser and server formats, 1 to 30 s, PNG/JPEG/WebP', () => {
    const { container } = render(<VideoExtractorPage />);
    const text = container.textContent ?? '';
    expect(text).toContain('Up to 2 GB per video.');
    expect(text).toContain('MP4, WebM, MOV and MKV in the browser; AVI and FLV are decoded on our server.');
    expect(text).toContain('1 to 30 seconds');
    expect(text).toContain('PNG, JPEG or WebP');
    expect(text).not.toMatch(/500 ?MB|4 hours|8K/);
  });

  it('shows no controls yet: inputs and buttons come with the video issue', () => {
    render(<VideoExtractorPage />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
