import { toasts } from 'browser-services/toast';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { ResultsGrid, useDownloadAll } from 'shared-ui';
import { Text } from 'shared-ui/design-system';
import type { SheetVideo } from '../../client/contactSheet.ts';
import { ContactSheetPanel } from './ContactSheetPanel.tsx';

const m = MESSAGES.video;

const frameLinks = (frame: ExtractedImage) => ({ open: frame.url, download: frame.url });

/**
 * The extracted frames: the grid, each frame's time, Download All as one ZIP made here, the contact sheet. Shown only
 * once frames exist, so the page loads it (and the ZIP writer) with React.lazy.
 */
export default function FramesResults({ frames, video }: { frames: readonly ExtractedImage[]; video: SheetVideo }) {
  const zip = useDownloadAll({ zipName: 'video-frames.zip' });
  return (
    <>
      <ResultsGrid
        title="Extracted Frames"
        images={frames}
        linksFor={frameLinks}
        filters={false}
        onDownload={(frame) => {
          const { title, description } = m.downloadingFrame(frame.timestamp ?? '');
          toasts.info(title, description);
        }}
        downloadAllLabel="Download All Frames"
        onDownloadAll={(shown, choices) => void zip.downloadAll(shown, choices)}
        downloadAllBusy={zip.busy}
        detailsFor={(frame) => (
          <Text data-testid="frame-timestamp">
            <time dateTime={`PT${frame.timeSeconds ?? 0}S`}>{frame.timestamp}</time>
          </Text>
        )}
      />
      <ContactSheetPanel frames={frames} video={video} />
    </>
  );
}
