import { fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import { describe, expect, it } from 'vitest';
import VideoExtractorPage from '../src/pages/VideoExtractorPage.tsx';

// The first render builds antd's CSS-in-JS styles: seconds, not milliseconds, on a busy 2-core machine.
describe('the video extractor page', { timeout: 30_000 }, () => {
  it('has its heading, the two tabs and the four informational sections', () => {
    render(
      <ThemeProvider>
        <VideoExtractorPage />
      </ThemeProvider>,
    );
    // Role queries walk the whole tree each time, so ask once per level and compare the lists.
    const headings = (level: number) => screen.getAllByRole('heading', { level }).map((h) => h.textContent);
    expect(headings(1)).toEqual(['Extract Frames from Video']);
    expect(headings(2)).toEqual(['Use Cases', 'Advanced Features', 'Technical Specifications', 'How It Works']);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Upload Video', 'Video URL']);
  });

  it('states one size limit and the formats that really work: 2 GB, browser and server formats', () => {
    const { container } = render(<VideoExtractorPage />);
    const text = container.textContent ?? '';
    expect(text).toContain(
      'Supports MP4, WebM, MOV and MKV in your browser; AVI, FLV and MPEG-TS on our server. Max 2 GB.',
    );
    expect(text).toContain('Up to 2 GB per video.');
    expect(text).toContain('1 to 30 seconds');
    expect(text).toContain('PNG (lossless), or JPEG or WebP');
    expect(text).not.toMatch(/500 ?MB|4 hours|8K/);
  });

  it('shows no player, slider or Extract Frames button before a video is chosen', () => {
    render(<VideoExtractorPage />);
    expect(screen.queryByRole('button', { name: 'Extract Frames' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByText(MESSAGES.video.ready)).toBeNull();
  });

  // The Video URL panel and the preview are chunks of their own, loaded when first shown: their
  // first import is compiled then, which on 2 busy cores takes longer than Testing Library's 1 s
  // default.
  const LAZY_PANEL_MS = 10_000;

  it('draws the Video URL field when its tab is opened, and the Upload tab first', async () => {
    render(<VideoExtractorPage />);
    expect(screen.getByRole('tab', { name: 'Upload Video' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('textbox', { name: 'Video URL' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Video URL' }));
    const field = await screen.findByRole('textbox', { name: 'Video URL' }, { timeout: LAZY_PANEL_MS });
    expect(field.getAttribute('placeholder')).toBe('https://example.com/video.mp4');
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('refuses a YouTube link with the catalogue message, and accepts a direct link with the preview and slider', async () => {
    render(<VideoExtractorPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Video URL' }));
    const field = await screen.findByRole('textbox', { name: 'Video URL' }, { timeout: LAZY_PANEL_MS });
    fireEvent.change(field, { target: { value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert', {}, { timeout: LAZY_PANEL_MS })).textContent).toContain(
      MESSAGES.video.platformUnsupported,
    );
    expect(screen.queryByTestId('video-preview')).toBeNull();

    fireEvent.change(field, { target: { value: 'https://media.example.com/clip.mp4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const preview = await screen.findByTestId('video-preview', {}, { timeout: LAZY_PANEL_MS });
    expect(preview.getAttribute('src')).toBe('/api/video/source?url=https%3A%2F%2Fmedia.example.com%2Fclip.mp4');
    expect(screen.getByText(MESSAGES.video.ready)).toBeTruthy();
    const interval = screen.getAllByRole('slider')[0];
    expect(interval?.getAttribute('aria-valuenow')).toBe('5');
    expect(interval?.getAttribute('aria-valuemin')).toBe('1');
    expect(interval?.getAttribute('aria-valuemax')).toBe('30');
    expect(screen.getByRole('button', { name: 'Extract Frames' })).toBeTruthy();
  });
});
