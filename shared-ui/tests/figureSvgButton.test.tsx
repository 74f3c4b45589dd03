import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type PublishedToast, toasts } from 'browser-services/toast';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../src/design-system/ThemeProvider.tsx';
import { ImageCard } from '../src/ResultsGrid/ImageCard.tsx';

const figure = (number: string, vector: boolean): ExtractedImage => ({
  id: `f${number}`,
  name: `figure-${number}.png`,
  url: `blob:figure-${number}`,
  source: 'pdf',
  format: 'PNG',
  width: 625,
  height: 417,
  pageNumbers: [7],
  original: {
    url: `blob:figure-${number}-pdf`,
    name: `figure-${number}.pdf`,
    format: 'PDF',
    mimeType: 'application/pdf',
    size: 2_000,
  },
  viewChanges: ['vector'],
  figure: { kind: 'figure', number, caption: `Figure ${number}: A plot.`, vector, dpi: 150 },
});
const plot = figure('3', true);
const photograph = figure('4', false);
const links = (image: ExtractedImage) => ({ open: image.url, download: image.url });
const svgButton = (image: ExtractedImage) =>
  screen.queryByRole('button', { name: MESSAGES.figures.svgLabel(image.name) });

afterEach(() => vi.restoreAllMocks());

describe('the SVG button of a figure card', { timeout: 30_000 }, () => {
  it('is offered on vector figures only, and only when the screen can make SVGs', () => {
    const makeSvg = vi.fn();
    render(
      <ThemeProvider>
        <ImageCard image={plot} links={links(plot)} saveable={false} figureSvg={makeSvg} />
        <ImageCard image={photograph} links={links(photograph)} saveable={false} figureSvg={makeSvg} />
        <ImageCard image={{ ...plot, id: 'other', name: 'figure-5.png' }} links={links(plot)} saveable={false} />
      </ThemeProvider>,
    );
    expect(svgButton(plot)?.textContent).toBe(MESSAGES.figures.svg);
    expect(svgButton(photograph)).toBeNull();
    expect(screen.queryByRole('button', { name: MESSAGES.figures.svgLabel('figure-5.png') })).toBeNull();
    expect(makeSvg).not.toHaveBeenCalled();
  });

  it('calls the action with the figure and saves its answer as <the file name>.svg', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
    let finish: (blob: Blob) => void = () => {};
    const makeSvg = vi.fn(() => new Promise<Blob>((resolve) => (finish = resolve)));
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:made-svg';
    });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    render(
      <ThemeProvider>
        <ImageCard image={plot} links={links(plot)} saveable={false} figureSvg={makeSvg} fileName="paper-fig-3.png" />
      </ThemeProvider>,
    );
    const button = svgButton(plot) as HTMLElement;
    fireEvent.click(button);
    expect(makeSvg).toHaveBeenCalledWith(plot);
    // busy while the server draws it
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    finish(svg);
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:made-svg', download: 'paper-fig-3.svg' }]));
    expect(made).toEqual([svg]);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));
  });

  it("says why it failed in a toast, the server's sentence as its text", async () => {
    const shown: PublishedToast[] = [];
    const stop = toasts.subscribe((toast) => shown.push(toast));
    const sentence = 'The server is converting other pictures right now. Please try again in a minute.';
    render(
      <ThemeProvider>
        <ImageCard
          image={plot}
          links={links(plot)}
          saveable={false}
          figureSvg={() => Promise.reject(new Error(sentence))}
        />
      </ThemeProvider>,
    );
    fireEvent.click(svgButton(plot) as HTMLElement);
    await waitFor(() =>
      expect(shown.at(-1)).toMatchObject({ kind: 'error', title: MESSAGES.figures.svgFailed, description: sentence }),
    );
    stop();
  });
});
