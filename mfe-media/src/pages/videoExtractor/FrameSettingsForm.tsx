import {
  FRAME_FORMATS,
  FRAME_INTERVAL_MAX_SECONDS,
  FRAME_INTERVAL_MIN_SECONDS,
  FRAME_QUALITY_MAX,
  FRAME_QUALITY_MIN,
  frameFormatLabel,
} from 'shared-contracts';
import { Text } from 'shared-ui/design-system';
import { Radio } from 'shared-ui/design-system/radio';
import { Slider } from 'shared-ui/design-system/slider';
import { Space } from 'shared-ui/design-system/space';
import type { FrameSettings } from '../../client/index.ts';

type Props = {
  settings: FrameSettings;
  onChange: (settings: FrameSettings) => void;
  disabled: boolean;
};

/** Interval (spec §5: 1–30 s, step 1), output format, and quality for the lossy formats. */
export function FrameSettingsForm({ settings, onChange, disabled }: Props) {
  const lossy = settings.format !== 'png';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
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
          onChange={(intervalSeconds) => onChange({ ...settings, intervalSeconds })}
          disabled={disabled}
          ariaLabelledByForHandle="frame-interval-label"
          marks={{ [FRAME_INTERVAL_MIN_SECONDS]: '1s', [FRAME_INTERVAL_MAX_SECONDS]: '30s' }}
        />
      </div>
      <Space wrap size="large" align="center">
        <Space>
          <Text strong id="frame-format-label">
            Output format
          </Text>
          <Radio.Group
            aria-labelledby="frame-format-label"
            optionType="button"
            value={settings.format}
            onChange={(event) => onChange({ ...settings, format: event.target.value })}
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
            onChange={(quality) => onChange({ ...settings, quality })}
            disabled={disabled || !lossy}
            ariaLabelledByForHandle="frame-quality-label"
          />
        </Space>
      </Space>
    </Space>
  );
}
