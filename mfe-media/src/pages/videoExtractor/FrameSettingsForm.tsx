import {
  FRAME_COUNT_MIN,
  FRAME_FORMATS,
  FRAME_INTERVAL_MAX_SECONDS,
  FRAME_INTERVAL_MIN_SECONDS,
  FRAME_MODES,
  FRAME_QUALITY_MAX,
  FRAME_QUALITY_MIN,
  frameFormatLabel,
  MESSAGES,
  SCENE_SENSITIVITY_MAX,
  SCENE_SENSITIVITY_MIN,
} from 'shared-contracts';
import { Checkbox, ChoiceGroup, Text } from 'shared-ui/design-system';
import { Input } from 'shared-ui/design-system/input';
import { Slider } from 'shared-ui/design-system/slider';
import { Space } from 'shared-ui/design-system/space';
import type { FrameSettings, RangeProblem } from '../../client/index.ts';

type Props = {
  settings: FrameSettings;
  onChange: (settings: FrameSettings) => void;
  disabled: boolean;
  /** What is wrong with the range, shown under its field until the visitor edits it. */
  rangeProblem?: RangeProblem | undefined;
};

const m = MESSAGES.video;
/** The screen's slider for "N frames": a contact sheet's worth; the API and CLI take up to FRAME_COUNT_MAX. */
const COUNT_SLIDER_MAX = 100;

/**
 * Which frames (every N seconds, the default; scene changes with a sensitivity,
 * key frames, N frames spread evenly), an optional range, "Sharpest frame", the output format,
 * and quality for the lossy formats.
 */
export function FrameSettingsForm({ settings, onChange, disabled, rangeProblem }: Props) {
  const lossy = settings.format !== 'png';
  const set = (patch: Partial<FrameSettings>) => onChange({ ...settings, ...patch });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Text strong id="frame-mode-label">
          {m.modes.label}
        </Text>
        <ChoiceGroup
          aria-labelledby="frame-mode-label"
          value={settings.mode}
          onChange={(mode) => set({ mode })}
          disabled={disabled}
          options={FRAME_MODES.map((mode) => ({ value: mode, label: m.modes[mode] }))}
        />
      </Space>
      {settings.mode === 'interval' ? (
        <div>
          <Text strong id="frame-interval-label">
            Frame Extraction Interval: every {settings.intervalSeconds}{' '}
            {settings.intervalSeconds === 1 ? 'second' : 'seconds'}
          </Text>
          <Slider
            min={FRAME_INTERVAL_MIN_SECONDS}
            max={FRAME_INTERVAL_MAX_SECONDS}
            step={1}
            value={settings.intervalSeconds}
            onChange={(intervalSeconds) => set({ intervalSeconds })}
            disabled={disabled}
            ariaLabelledByForHandle="frame-interval-label"
            marks={{ [FRAME_INTERVAL_MIN_SECONDS]: '1s', [FRAME_INTERVAL_MAX_SECONDS]: '30s' }}
          />
        </div>
      ) : null}
      {settings.mode === 'scenes' ? (
        <div>
          <Text strong id="scene-sensitivity-label">
            {m.modes.sensitivity(settings.sensitivity)}
          </Text>
          <Slider
            min={SCENE_SENSITIVITY_MIN}
            max={SCENE_SENSITIVITY_MAX}
            value={settings.sensitivity}
            onChange={(sensitivity) => set({ sensitivity })}
            disabled={disabled}
            ariaLabelledByForHandle="scene-sensitivity-label"
          />
          <Text type="secondary">{m.modes.sensitivityHint}</Text>
        </div>
      ) : null}
      {settings.mode === 'count' ? (
        <div>
          <Text strong id="frame-count-label">
            {m.modes.countValue(settings.count)}
          </Text>
          <Slider
            min={FRAME_COUNT_MIN}
            max={COUNT_SLIDER_MAX}
            value={settings.count}
            onChange={(count) => set({ count })}
            disabled={disabled}
            ariaLabelledByForHandle="frame-count-label"
          />
        </div>
      ) : null}
      {settings.mode === 'keyframes' ? <Text type="secondary">{m.modes.keyframesHint}</Text> : null}
      <Space wrap size="large" align="start">
        <RangeField
          label={m.range.from}
          value={settings.fromText}
          onChange={(fromText) => set({ fromText })}
          disabled={disabled}
          problem={rangeProblem?.field === 'from' ? rangeProblem.message : undefined}
        />
        <RangeField
          label={m.range.to}
          value={settings.toText}
          onChange={(toText) => set({ toText })}
          disabled={disabled}
          problem={rangeProblem?.field === 'to' ? rangeProblem.message : undefined}
        />
        <Text type="secondary" style={{ maxWidth: 300, display: 'inline-block' }}>
          {m.range.hint}
        </Text>
      </Space>
      <div>
        <Checkbox
          checked={settings.sharpest && settings.mode !== 'keyframes'}
          onChange={(event) => set({ sharpest: event.target.checked })}
          disabled={disabled || settings.mode === 'keyframes'}
        >
          {m.modes.sharpest}
        </Checkbox>
        <Text type="secondary">{m.modes.sharpestHint}</Text>
      </div>
      <Space wrap size="large" align="center">
        <Space>
          <Text strong id="frame-format-label">
            Output format
          </Text>
          <ChoiceGroup
            aria-labelledby="frame-format-label"
            value={settings.format}
            onChange={(format) => set({ format })}
            disabled={disabled}
            options={FRAME_FORMATS.map((format) => ({ value: format, label: frameFormatLabel(format) }))}
          />
        </Space>
        <Space style={{ minWidth: 260 }}>
          <Text strong id="frame-quality-label" type={lossy ? undefined : 'secondary'}>
            Quality {lossy ? settings.quality : '(lossless)'}
          </Text>
          <Slider
            style={{ width: 160 }}
            min={FRAME_QUALITY_MIN}
            max={FRAME_QUALITY_MAX}
            value={settings.quality}
            onChange={(quality) => set({ quality })}
            disabled={disabled || !lossy}
            ariaLabelledByForHandle="frame-quality-label"
          />
        </Space>
      </Space>
    </Space>
  );
}

function RangeField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  problem: string | undefined;
}) {
  const errorId = `range-${props.label.toLowerCase()}-error`;
  return (
    <Space orientation="vertical" size={2}>
      <Space>
        <Text strong>{props.label}</Text>
        <Input
          aria-label={props.label}
          placeholder="00:00:00"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          disabled={props.disabled}
          status={props.problem ? 'error' : undefined}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={props.problem ? errorId : undefined}
          style={{ width: 120 }}
        />
      </Space>
      {props.problem ? (
        <Text type="danger" id={errorId} role="alert">
          {props.problem}
        </Text>
      ) : null}
    </Space>
  );
}
