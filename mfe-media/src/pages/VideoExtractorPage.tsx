import { Alert, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  type ExtractedImage,
  FRAME_FORMAT_DEFAULT,
  FRAME_INTERVAL_DEFAULT_SECONDS,
  FRAME_QUALITY_DEFAULT,
  MESSAGES,
  saveBlob,
  toasts,
  zipStream,
  zipToBlob,
} from 'shared-contracts';
import { ExtractionProgress, PageHeading, ResultsGrid } from 'shared-ui';
import type { ChosenVideo, FrameJobResult, FrameSettings } from '../client/index.ts';
import { FrameSettingsForm } from './videoExtractor/FrameSettingsForm.tsx';
import { VideoInfoSections } from './videoExtractor/infoSections.tsx';
import { useFrameExtraction } from './videoExtractor/useFrameExtraction.ts';
import { VideoPicker } from './videoExtractor/VideoPicker.tsx';
import { VideoPreview } from './videoExtractor/VideoPreview.tsx';

const m = MESSAGES.video;

const frameLinks = (frame: ExtractedImage) => ({ open: frame.url, download: frame.url });

/** Why the server made the frames, when it did: the user should know the video left the device. */
function serverNote(result: FrameJobResult): string {
  return result.webCodecsMissing ? m.noWebCodecs : m.decodedOnServer;
}

export default function VideoExtractorPage() {
  const [video, setVideo] = useState<ChosenVideo>();
  const [settings, setSettings] = useState<FrameSettings>({
    intervalSeconds: FRAME_INTERVAL_DEFAULT_SECONDS,
    format: FRAME_FORMAT_DEFAULT,
    quality: FRAME_QUALITY_DEFAULT,
  });
  const [note, setNote] = useState<string>();
  const [zipping, setZipping] = useState(false);
  const { frames, busy, progress, run, cancel, release } = useFrameExtraction();

  const choose = (next: ChosenVideo) => {
    release();
    setNote(undefined);
    setVideo(next);
  };

  const extract = async () => {
    if (!video) return;
    setNote(undefined);
    try {
      const result = await run(video, settings);
      if (!result) return;
      if (result.by === 'server') setNote(serverNote(result));
      const { title, description } = m.framesExtracted(result.count);
      toasts.success(title, description);
    } catch (error) {
      toasts.error(m.failed.title, error instanceof Error ? error.message : m.failed.description);
    }
  };

  const downloadAll = async (shown: readonly ExtractedImage[]) => {
    toasts.info(MESSAGES.download.all.title, MESSAGES.download.all.description);
    setZipping(true);
    try {
      // The frames' bytes are on this device already: the ZIP is made here, not by the server.
      const entries = shown.map((frame) => ({ name: frame.name, input: () => fetch(frame.url).then((r) => r.blob()) }));
      saveBlob(await zipToBlob(zipStream(entries)), 'video-frames.zip');
    } finally {
      setZipping(false);
    }
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
          <Space orientation="vertical" size="large" style={{ width: '100%', marginTop: 24 }}>
            <VideoPreview video={video} />
            <FrameSettingsForm settings={settings} onChange={setSettings} disabled={busy} />
            <Alert type="info" showIcon title={m.ready} />
            <Button type="primary" size="large" block onClick={extract} loading={busy} disabled={busy}>
              {busy ? 'Extracting Frames...' : 'Extract Frames'}
            </Button>
            {busy ? (
              <ExtractionProgress
                done={progress.done}
                total={progress.total}
                unit="frames"
                onCancel={cancel}
                startingText="Reading the video…"
              />
            ) : null}
            {note ? <Alert type="warning" showIcon title={note} /> : null}
          </Space>
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
          onDownloadAll={downloadAll}
          downloadAllBusy={zipping}
          detailsFor={(frame) => (
            <Typography.Text data-testid="frame-timestamp">
              <time dateTime={`PT${frame.timeSeconds ?? 0}S`}>{frame.timestamp}</time>
            </Typography.Text>
          )}
        />
      ) : null}
      <VideoInfoSections />
    </>
  );
}
