import { toasts } from 'browser-services/toast';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import {
  type ExtractionMessages,
  PageHeading,
  preloadExtractionViews,
  themedLazy,
  useExtractionScreen,
} from 'shared-ui';
import { Card } from 'shared-ui/design-system';
import {
  type ChosenVideo,
  type FrameSettings,
  frameJobOf,
  grabVideoFrame,
  preloadVideoFrames,
  type RangeProblem,
  videoFrameExtractor,
} from '../client/index.ts';
import { FramesResults, preloadContactSheet } from './videoExtractor/FramesResults.tsx';
import { VideoInfoSections } from './videoExtractor/infoSections.tsx';
import { VideoPicker } from './videoExtractor/VideoPicker.tsx';

// Drawn only once a video is chosen (player, settings, Extract Frames): antd's Slider and Radio stay
// off the first render path. (shared-ui's ResultsGrid and ExtractionProgress load themselves on first use.)
const ChosenVideoPanel = themedLazy(() => import('./videoExtractor/ChosenVideoPanel.tsx'));

const m = MESSAGES.video;

const messages: ExtractionMessages = {
  complete: (found) => m.framesExtracted(found),
  failed: (failure) => ({ title: m.failed.title, description: failure.message || m.failed.description }),
};

/** The last part of a video's address, for the contact sheet's header. */
function videoNameOfUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '') || url;
  } catch {
    return url;
  }
}

/** Frames keep their object URLs while on screen (downloads and Save read them), no longer. */
const releaseFrame = (frame: ExtractedImage) => {
  if (frame.url.startsWith('blob:')) URL.revokeObjectURL(frame.url);
};

export default function VideoExtractorPage() {
  const [video, setVideo] = useState<ChosenVideo>();
  // Undefined until the visitor changes one: the panel that shows them holds the defaults.
  const [settings, setSettings] = useState<FrameSettings>();
  const [rangeProblem, setRangeProblem] = useState<RangeProblem>();
  // Frames added with Grab this frame, after the extracted ones, until another video is chosen.
  const [grabbed, setGrabbed] = useState<ExtractedImage[]>([]);
  const [grabbing, setGrabbing] = useState(false);
  const grabCount = useRef(0);
  const extraction = useExtractionScreen({
    extractor: videoFrameExtractor,
    messages,
    release: releaseFrame,
    zipName: 'video-frames.zip',
  });
  const { images: extracted, busy, progress, start } = extraction;
  const frames = useMemo(() => [...extracted, ...grabbed], [extracted, grabbed]);
  // The server made the frames: the user should know the video left the device, and why.
  const note = start?.runsOn === 'server' ? start.note : undefined;
  // Wherever they were made, HDR frames were tone-mapped: the user should know why they differ from the file.
  const hdr = start?.video?.hdr;
  const toneMapNote = hdr ? m.toneMapped(hdr) : undefined;

  const grabbedRef = useRef(grabbed);
  grabbedRef.current = grabbed;
  useEffect(() => () => grabbedRef.current.forEach(releaseFrame), []);

  const choose = (next: ChosenVideo) => {
    extraction.reset();
    setGrabbed((old) => {
      old.forEach(releaseFrame);
      return [];
    });
    setVideo(next);
    // Extract Frames is the next step: fetch the extractor, its progress bar and the results meanwhile.
    preloadVideoFrames();
    preloadExtractionViews();
    preloadContactSheet();
  };

  const changeSettings = (next: FrameSettings) => {
    setSettings(next);
    setRangeProblem(undefined);
  };

  const extract = (chosen: FrameSettings) => {
    if (!video) return;
    const planned = frameJobOf(chosen);
    if ('problem' in planned) {
      setRangeProblem(planned.problem);
      return;
    }
    void extraction.run({ video, job: planned.job });
  };

  const grab = (seconds: number, chosen: FrameSettings) => {
    if (!video) return;
    const planned = frameJobOf({ ...chosen, fromText: '', toText: '' });
    if ('problem' in planned) return;
    setGrabbing(true);
    grabVideoFrame(video, planned.job, seconds, new AbortController().signal)
      .then((image) => {
        if (!image) return;
        grabCount.current += 1;
        setGrabbed((old) => [...old, { ...image, id: `grabbed-${grabCount.current}` }]);
      })
      .catch((error: unknown) => {
        toasts.error(m.failed.title, error instanceof Error ? error.message : m.failed.description);
      })
      .finally(() => setGrabbing(false));
  };

  return (
    <>
      <PageHeading {...PAGE_HEADINGS[PATHS.videoExtractor]} />
      <Card style={{ maxWidth: 860, margin: '0 auto' }}>
        <VideoPicker video={video} onVideo={choose} disabled={busy} />
        {video ? (
          <Suspense fallback={null}>
            <ChosenVideoPanel
              video={video}
              settings={settings}
              onSettings={changeSettings}
              busy={busy}
              done={progress?.done ?? 0}
              total={progress?.total ?? start?.total ?? 0}
              onExtract={extract}
              onCancel={extraction.cancel}
              note={note}
              toneMapNote={toneMapNote}
              rangeProblem={rangeProblem}
              onGrab={grab}
              grabbing={grabbing}
            />
          </Suspense>
        ) : null}
      </Card>
      <FramesResults
        // Grabbed frames join the extracted ones: Download All and the contact sheet take both.
        screen={{ ...extraction, images: frames }}
        video={{
          name: video?.kind === 'file' ? video.file.name : videoNameOfUrl(video?.url ?? ''),
          durationSeconds: start?.video?.durationSeconds,
          width: start?.video?.width ?? frames[0]?.width ?? 0,
          height: start?.video?.height ?? frames[0]?.height ?? 0,
        }}
      />
      <VideoInfoSections />
    </>
  );
}
