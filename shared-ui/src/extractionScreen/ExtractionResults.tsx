import { toasts } from 'browser-services/toast';
import { MESSAGES } from 'shared-contracts';
import { Paragraph } from '../design-system/index.ts';
import { ResultsGrid } from '../lazyViews/lazyViews.tsx';
import type { ResultsGridProps } from '../ResultsGrid/ResultsGrid.tsx';
import type { ScreenResults } from './useExtractionScreen.ts';

export type ExtractionResultsProps = Omit<
  ResultsGridProps,
  'title' | 'images' | 'onDownloadAll' | 'downloadAllBusy' | 'remoteNote'
> & {
  /** The screen's run and Download All (`useExtractionScreen`). */
  screen: ScreenResults;
  title?: string;
  /** Offer Download All (on by default): off when nothing shown has bytes to zip. */
  downloadable?: boolean;
};

/**
 * A screen's results: nothing until an image is found, then the one grid (loaded on first use)
 * wired to the screen's Download All. The screen passes only what differs: its links, card lines,
 * previews, and a card's Download toast when its words differ.
 */
export function ExtractionResults({
  screen,
  title = 'Extracted Images',
  downloadable = true,
  // A card's Download is the browser's own: the screen's part is the toast, its own words if it has them.
  onDownload = () => toasts.info(MESSAGES.download.image.title),
  ...grid
}: ExtractionResultsProps) {
  const { images, downloadAll, downloadAllBusy, remoteNote } = screen;
  if (images.length === 0) return null;
  const notices = screen.done?.notices ?? [];
  return (
    <>
      {notices.length > 0 ? (
        <div className="ie-extraction-notices" role="status" data-testid="extraction-notices">
          {notices.map((notice) => (
            <Paragraph key={notice} type="secondary">
              {notice}
            </Paragraph>
          ))}
        </div>
      ) : null}
      <ResultsGrid
        {...grid}
        title={title}
        images={images}
        onDownload={onDownload}
        onDownloadAll={downloadable ? (shown, choices) => void downloadAll(shown, choices) : undefined}
        downloadAllBusy={downloadAllBusy}
        remoteNote={remoteNote}
      />
    </>
  );
}
