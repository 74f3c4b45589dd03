import {
  FRAME_COUNT_DEFAULT,
  FRAME_FORMAT_DEFAULT,
  FRAME_INTERVAL_DEFAULT_SECONDS,
  FRAME_QUALITY_DEFAULT,
  MESSAGES,
  SCENE_SENSITIVITY_DEFAULT,
} from 'shared-contracts';
import { ExtractionProgress } from 'shared-ui';
import { Alert } from 'shared-ui/design-system/alert';
import { Button } from 'shared-ui/design-system/button';
import { Space } from 'shared-ui/design-system/space';
import type { ChosenVideo, FrameSettings, RangeProblem } from '../../client/index.ts';
import { FrameSettingsForm } from './FrameSettingsForm.tsx';
import { VideoPreview } from './VideoPreview.tsx';

/**
 * The settings until the visitor changes one. Here, not on the page: the frame format's constants
 * live beside its schemas, which would bring zod to the page's first load.
 */
const DEFAULT_SETTINGS: FrameSettings = {
  mode: 'interval',
  intervalSeconds: FRAME_INTERVAL_DEFAULT_SECONDS,
  sensitivity: SCENE_SENSITIVITY_DEFAULT,
  count: FRAME_COUNT_DEFAULT,
  fromText: '',
  toText: '',
  sharpest: false,
  format: FRAME_FORMAT_DEFAULT,
  quality: FRAME_QUALITY_DEFAULT,
};

type Props = {
  video: ChosenVideo;
  /** The visitor's settings; undefined until one is changed (the defaults). */
  settings: FrameSettings | undefined;
  onSettings: (settings: FrameSettings) => void;
  busy: boolean;
  /** Frames made so far and the expected total, while extracting. */
  done: number;
  total: number;
  /** Extract Frames, with the settings shown. */
  onExtract: (settings: FrameSettings) => void;
  onCancel: () => void;
  /** Why the video left the device, when the server made the frames. */
  note: string | undefined;
  /** That the frames of an HDR video were tone-mapped to SDR (in this browser or on the server). */
  toneMapNote?: string | undefined;
  rangeProblem: RangeProblem | undefined;
  /** Grab this frame: the time the paused player shows, with the settings shown (format, quality). */
  onGrab: (seconds: number, settings: FrameSettings) => void;
  grabbing: boolean;
};

/**
 * What follows the choice of a video: its player, the frame settings, Extract Frames and the
 * progress. Shown only once a video is chosen, so the page loads it with React.lazy: antd's Slider,
 * Radio and Progress stay off the first render path.
 */
export default function ChosenVideoPanel({
  video,
  settings,
  onSettings,
  busy,
  done,
  total,
  onExtract,
  onCancel,
  note,
  toneMapNote,
  rangeProblem,
  onGrab,
  grabbing,
}: Props) {
  const shown = settings ?? DEFAULT_SETTINGS;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', marginTop: 24 }}>
      <VideoPreview video={video} onGrab={(seconds) => onGrab(seconds, shown)} grabbing={grabbing} disabled={busy} />
      <FrameSettingsForm settings={shown} onChange={onSettings} disabled={busy} rangeProblem={rangeProblem} />
      <Alert type="info" showIcon title={MESSAGES.video.ready} />
      <Button type="primary" size="large" block onClick={() => onExtract(shown)} loading={busy} disabled={busy}>
        {busy ? 'Extracting Frames...' : 'Extract Frames'}
      </Button>
      {busy ? (
        <ExtractionProgress
          done={done}
          total={total}
          unit="frames"
          onCancel={onCancel}
          startingText="Reading the video…"
        />
      ) : null}
      {note ? <Alert type="warning" showIcon title={note} /> : null}
      {toneMapNote ? <Alert type="info" showIcon title={toneMapNote} data-testid="tone-map-note" /> : null}
    </Space>
  );
}
