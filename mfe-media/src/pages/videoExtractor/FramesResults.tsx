import { toasts } from 'browser-services/toast';
import { Suspense } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { ExtractionResults, type ScreenResults, themedLazy } from 'shared-ui';
import { Text } from 'shared-ui/design-system';
import type { SheetVideo } from '../../client/contactSheet.ts';

const m = MESSAGES.video;

// The contact sheet brings antd's Slider and the sheet's drawing: it loads once frames exist (or a
// video is chosen: `preloadContactSheet`), not with the page.
const loadContactSheet = () => import('./ContactSheetPanel.tsx');
const ContactSheetPanel = themedLazy(() =>
  loadContactSheet().then((module) => ({ default: module.ContactSheetPanel })),
);

export const preloadContactSheet = (): void => void loadContactSheet().catch(() => undefined);

const frameLinks = (frame: ExtractedImage) => ({ open: frame.url, download: frame.url });

const frameDownloaded = (frame: ExtractedImage) => {
  const { title, description } = m.downloadingFrame(frame.timestamp ?? '');
  toasts.info(title, description);
};

const frameTime = (frame: ExtractedImage) => (
  <Text data-testid="frame-timestamp">
    <time dateTime={`PT${frame.timeSeconds ?? 0}S`}>{frame.timestamp}</time>
  </Text>
);

/**
 * The frames on the screen's shared results (the grid, Download All as `video-frames.zip`), saying
 * only what a frame has of its own: its time, its toast, no size filters (a video's frames all have
 * its size); then the contact sheet.
 */
export function FramesResults({ screen, video }: { screen: ScreenResults; video: SheetVideo }) {
  if (screen.images.length === 0) return null;
  return (
    <>
      <ExtractionResults
        screen={screen}
        title="Extracted Frames"
        linksFor={frameLinks}
        filters={false}
        onDownload={frameDownloaded}
        downloadAllLabel="Download All Frames"
        detailsFor={frameTime}
      />
      <Suspense fallback={null}>
        <ContactSheetPanel frames={screen.images} video={video} />
      </Suspense>
    </>
  );
}
