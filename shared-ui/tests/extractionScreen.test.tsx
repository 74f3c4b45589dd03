import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { createEventChannel, type EventChannel, type PublishedToast, toasts } from 'browser-services';
import { type ExtractedImage, type ExtractionEvent, MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { cancelledByVisitor } from '../src/extraction/useExtraction.ts';
import { ExtractionResults, type ScreenResults, useExtractionScreen } from '../src/extractionScreen/index.ts';

const image = (id: string): ExtractedImage => ({
  id,
  name: `${id}.png`,
  url: `https://example.org/${id}.png`,
  source: 'page',
  format: 'PNG',
  width: 100,
  height: 100,
  size: 1000,
});
const linksFor = (i: ExtractedImage) => ({ open: `/open/${i.id}`, download: `/download/${i.id}` });

/** An extractor whose events the test pushes; it records each run's signal. */
function controlledExtractor() {
  const runs: Array<{ signal: AbortSignal; channel: EventChannel; abortedAsCancel?: boolean }> = [];
  const extractor = (_input: string, signal: AbortSignal) => {
    const channel = createEventChannel();
    const run: (typeof runs)[number] = { signal, channel };
    // What a website job does: it hears Cancel at once, through its signal.
    signal.addEventListener(
      'abort',
      () => {
        run.abortedAsCancel = cancelledByVisitor(signal);
        channel.fail(signal.reason);
      },
      { once: true },
    );
    runs.push(run);
    return channel.events;
  };
  const nth = (n: number) => {
    const run = runs[n];
    if (!run) throw new Error(`no run ${n}`);
    return run;
  };
  return { extractor, runs: { nth } };
}

const push = async (channel: EventChannel, ...events: ExtractionEvent[]) => {
  await act(async () => {
    for (const event of events) channel.push(event);
    await new Promise((resolve) => setTimeout(resolve, 40));
  });
};

describe('useExtractionScreen', () => {
  it('runs the extractor into images, and tells its signal that Cancel, not a new run, stopped it', async () => {
    const { extractor, runs } = controlledExtractor();
    const { result, unmount } = renderHook(() =>
      useExtractionScreen({ extractor, messages: {}, zipName: 'images.zip' }),
    );
    act(() => {
      void result.current.run('first');
    });
    await push(runs.nth(0).channel, { type: 'start', runsOn: 'server' }, { type: 'image', image: image('a') });
    expect(result.current.images.map((i) => i.id)).toEqual(['a']);

    // A new run replaces the first: its work is left, not cancelled.
    act(() => {
      void result.current.run('second');
    });
    expect(runs.nth(0).signal.aborted).toBe(true);
    expect(runs.nth(0).abortedAsCancel).toBe(false);
    expect(result.current.images).toEqual([]);

    await push(runs.nth(1).channel, { type: 'image', image: image('b') });
    act(() => result.current.cancel());
    expect(runs.nth(1).abortedAsCancel).toBe(true);
    expect(result.current.status).toBe('cancelled');
    expect(result.current.images.map((i) => i.id)).toEqual(['b']);

    // Leaving the screen is not a Cancel either.
    act(() => {
      void result.current.run('third');
    });
    unmount();
    expect(runs.nth(2).signal.aborted).toBe(true);
    expect(runs.nth(2).abortedAsCancel).toBe(false);
  });
});

describe('ExtractionResults', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  const screenOf = (images: readonly ExtractedImage[]): ScreenResults => ({
    images,
    downloadAll: vi.fn(async () => undefined),
    downloadAllBusy: false,
  });

  it('draws nothing before the first image', () => {
    const { container } = render(
      <ThemeProvider>
        <ExtractionResults screen={screenOf([])} linksFor={linksFor} />
      </ThemeProvider>,
    );
    expect(container.textContent).toBe('');
  });

  it("draws the grid, loaded on first use, wired to the screen's Download All and a card's Download", async () => {
    const results = screenOf([image('a'), image('b')]);
    render(
      <ThemeProvider>
        <ExtractionResults screen={results} linksFor={linksFor} downloadAllLabel="Download All Images" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading results…');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Extracted Images' }, { timeout: 15_000 });
    expect(heading).toBeTruthy();
    expect(screen.getByTestId('results-count').textContent).toBe('2 images');

    fireEvent.click(screen.getByRole('button', { name: /Download All Images/ }));
    expect(results.downloadAll).toHaveBeenCalledWith(results.images, expect.objectContaining({ rendition: 'view' }));

    const raised: PublishedToast[] = [];
    const unsubscribe = toasts.subscribe((toast) => raised.push(toast));
    const card = within(screen.getAllByRole('listitem')[0] as HTMLElement);
    const download = card.getByRole('link', { name: 'Download a.png' });
    // jsdom cannot follow the link; the screen's part is the toast.
    download.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(download);
    unsubscribe();
    expect(raised).toMatchObject([{ kind: 'info', title: MESSAGES.download.image.title }]);
  });

  it("shows the screen's own toast for a card's Download when it gives one", async () => {
    const onDownload = vi.fn();
    render(
      <ThemeProvider>
        <ExtractionResults screen={screenOf([image('a')])} linksFor={linksFor} onDownload={onDownload} />
      </ThemeProvider>,
    );
    const download = await screen.findByRole('link', { name: 'Download a.png' }, { timeout: 15_000 });
    download.addEventListener('click', (event) => event.preventDefault());
    const raised: PublishedToast[] = [];
    const unsubscribe = toasts.subscribe((toast) => raised.push(toast));
    fireEvent.click(download);
    unsubscribe();
    expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
    expect(raised).toEqual([]);
  });

  it('offers no Download All when the screen says nothing shown can be zipped', async () => {
    render(
      <ThemeProvider>
        <ExtractionResults screen={screenOf([image('a')])} linksFor={linksFor} downloadable={false} />
      </ThemeProvider>,
    );
    await screen.findByTestId('results-count', {}, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: /Download All/ })).toBeNull();
  });
});
