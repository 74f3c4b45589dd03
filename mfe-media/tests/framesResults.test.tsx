import { fireEvent, render, screen, within } from '@testing-library/react';
import { type PublishedToast, toasts } from 'browser-services';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import type { ScreenResults } from 'shared-ui';
import { ThemeProvider } from 'shared-ui/design-system';
import { describe, expect, it, vi } from 'vitest';
import { FramesResults } from '../src/pages/videoExtractor/FramesResults.tsx';

const frame = (seconds: number): ExtractedImage => {
  const stamp = `00:00:0${seconds}`;
  return {
    id: `frame-${seconds}`,
    name: `frame-00-00-0${seconds}.png`,
    url: `data:image/png;base64,iVBORw0KGgo${seconds}`,
    source: 'video',
    format: 'PNG',
    width: 1920,
    height: 1080,
    size: 1000,
    timeSeconds: seconds,
    timestamp: stamp,
  };
};

const video = { name: 'clip.mp4', durationSeconds: 12, width: 1920, height: 1080 };

const screenOf = (images: readonly ExtractedImage[]): ScreenResults => ({
  images,
  downloadAll: vi.fn(async () => undefined),
  downloadAllBusy: false,
});

// The first render builds antd's CSS-in-JS styles: seconds, not milliseconds, on a busy 2-core machine.
describe('the video screen results', { timeout: 30_000 }, () => {
  it('draw nothing before the first frame', () => {
    const { container } = render(<FramesResults screen={screenOf([])} video={video} />);
    expect(container.textContent).toBe('');
  });

  it("show each frame's time, Download All Frames of what is shown, a frame's own toast, and the contact sheet", async () => {
    const results = screenOf([frame(0), frame(5)]);
    render(
      <ThemeProvider>
        <FramesResults screen={results} video={video} />
      </ThemeProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Extracted Frames' }, { timeout: 15_000 });
    const grid = within(region);
    expect(grid.getAllByTestId('frame-timestamp').map((stamp) => stamp.textContent)).toEqual(['00:00:00', '00:00:05']);
    // A video's frames all have its size: no size filter.
    expect(grid.queryByText('Minimum size')).toBeNull();

    fireEvent.click(grid.getByRole('button', { name: /Download All Frames/ }));
    expect(results.downloadAll).toHaveBeenCalledWith(results.images, expect.objectContaining({ rendition: 'view' }));

    const raised: PublishedToast[] = [];
    const unsubscribe = toasts.subscribe((toast) => raised.push(toast));
    const download = grid.getByRole('link', { name: 'Download frame-00-00-05.png' });
    download.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(download);
    unsubscribe();
    expect(raised).toMatchObject([{ kind: 'info', ...MESSAGES.video.downloadingFrame('00:00:05') }]);

    expect(await screen.findByText(MESSAGES.video.sheet.title, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.video.sheet.png })).toBeTruthy();
    // Its sliders take media-files' table of bounds and defaults, as the CLI's options do.
    const bounds = (name: string) => {
      const slider = screen.getByRole('slider', { name });
      return ['aria-valuemin', 'aria-valuemax', 'aria-valuenow'].map((a) => slider.getAttribute(a));
    };
    expect(bounds(MESSAGES.video.sheet.columns(4))).toEqual(['1', '10', '4']);
    expect(bounds(MESSAGES.video.sheet.width(1600))).toEqual(['400', '4000', '1600']);
  });
});
