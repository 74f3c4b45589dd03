import { lazy, Suspense, useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { type ExtractionMessages, PageHeading, preloadExtractionViews, useExtraction } from 'shared-ui';
import { Card } from 'shared-ui/design-system';
import { type ChosenVideo, type FrameSettings, preloadVideoFrames, videoFrameExtractor } from '../client/index.ts';
import { VideoInfoSections } from './videoExtractor/infoSections.tsx';
import { VideoPicker } from './videoExtractor/VideoPicker.tsx';

// Drawn only once a video is chosen (player, settings, Extract Frames): antd's Slider and Radio stay
// off the first render path. (shared-ui's ResultsGrid and ExtractionProgress load themselves on first use.)
const ChosenVideoPanel = lazy(() => import('./videoExtractor/ChosenVideoPanel.tsx'));
// Drawn only once frames exist: the grid and Download All (the ZIP writer).
const loadFramesResults = () => import('./videoExtractor/FramesResults.tsx');
const FramesResults = lazy(loadFramesResults);

const m = MESSAGES.video;

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
  // Undefined until the visitor changes one: the panel that shows them holds the defaults.
  const [settings, setSettings] = useState<FrameSettings>();
  const extraction = useExtraction({ extractor: videoFrameExtractor, messages, release: releaseFrame });
  const { images: frames, busy, progress, start } = extraction;
  // The server made the frames: the user should know the video left the device, and why.
  const note = start?.runsOn === 'server' ? start.note : undefined;

  const choose = (next: ChosenVideo) => {
    extraction.reset();
    setVideo(next);
    // Extract Frames is the next step: fetch the extractor, its progress bar and the results meanwhile.
    preloadVideoFrames();
    preloadExtractionViews();
    void loadFramesResults().catch(() => undefined);
  };

  const extract = (chosen: FrameSettings) => {
    if (video) void extraction.run({ video, settings: chosen });
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
        <Suspense
          fallback={
            <p role="status" className="ie-results-loading">
              Loading results…
            </p>
          }
        >
          <FramesResults frames={frames} />
        </Suspense>
      ) : null}
      <VideoInfoSections />
    </>
  );
}
