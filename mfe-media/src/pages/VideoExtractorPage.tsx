import { toasts } from 'browser-services/toast';
import { lazy, Suspense, useState } from 'react';
import {
  type ExtractedImage,
  FRAME_FORMAT_DEFAULT,
  FRAME_INTERVAL_DEFAULT_SECONDS,
  FRAME_QUALITY_DEFAULT,
  MESSAGES,
} from 'shared-contracts';
import {
  type ExtractionMessages,
  PageHeading,
  preloadExtractionViews,
  ResultsGrid,
  useDownloadAll,
  useExtraction,
} from 'shared-ui';
import { Card, Text } from 'shared-ui/design-system';
import { type ChosenVideo, type FrameSettings, videoFrameExtractor } from '../client/index.ts';
import { VideoInfoSections } from './videoExtractor/infoSections.tsx';
import { VideoPicker } from './videoExtractor/VideoPicker.tsx';

// Drawn only once a video is chosen (player, settings, Extract Frames): antd's Slider and Radio stay
// off the first render path. (shared-ui's ResultsGrid and ExtractionProgress load themselves on first use.)
const ChosenVideoPanel = lazy(() => import('./videoExtractor/ChosenVideoPanel.tsx'));

const m = MESSAGES.video;

const frameLinks = (frame: ExtractedImage) => ({ open: frame.url, download: frame.url });

const messages: ExtractionMessages = {
  complete: (found) => m.framesExtracted(found),
  failed: (failure) => ({ title: m.failed.title, description: failure.message || m.failed.description }),
};

/** Frames keep their object URLs while on screen (downloads and Save read them), no longer. */
const releaseFrame = (frame: ExtractedImage) => {
  if (frame.url.startsWith('blob:')) URL.revokeObjectURL(frame.url);
};

export default function VideoExtractorPage() {
  const [video, setVideo] = useState<ChosenVideo>();
  const [settings, setSettings] = useState<FrameSettings>({
    intervalSeconds: FRAME_INTERVAL_DEFAULT_SECONDS,
    format: FRAME_FORMAT_DEFAULT,
    quality: FRAME_QUALITY_DEFAULT,
  });
  const extraction = useExtraction({ extractor: videoFrameExtractor, messages, release: releaseFrame });
  const { images: frames, busy, progress, start } = extraction;
  const zip = useDownloadAll({ zipName: 'video-frames.zip' });
  // The server made the frames: the user should know the video left the device, and why.
  const note = start?.runsOn === 'server' ? start.note : undefined;

  const choose = (next: ChosenVideo) => {
    extraction.reset();
    setVideo(next);
    // Extract Frames is the next step: fetch its progress bar and results grid meanwhile.
    preloadExtractionViews();
  };

  const extract = () => {
    if (video) void extraction.run({ video, settings });
  };

  return (
    <>
      <PageHeading
        title="Extract Frames from Video"
        subtitle="Capture still frames from a video at the interval you choose, and download them as images."
      />
      <Card style={{ maxWidth: 860, margin: '0 auto' }}>
        <VideoPicker video={video} onVideo={choose} disabled={busy} />
        {video ? (
          <Suspense fallback={null}>
            <ChosenVideoPanel
              video={video}
              settings={settings}
              onSettings={setSettings}
              busy={busy}
              done={progress?.done ?? 0}
              total={progress?.total ?? start?.total ?? 0}
              onExtract={extract}
              onCancel={extraction.cancel}
              note={note}
            />
          </Suspense>
        ) : null}
      </Card>
      {frames.length > 0 ? (
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
          onDownloadAll={(shown) => void zip.downloadAll(shown)}
          downloadAllBusy={zip.busy}
          detailsFor={(frame) => (
            <Text data-testid="frame-timestamp">
              <time dateTime={`PT${frame.timeSeconds ?? 0}S`}>{frame.timestamp}</time>
            </Text>
          )}
        />
      ) : null}
      <VideoInfoSections />
    </>
  );
}
