import { Button } from '../design-system/antd/button.ts';
import { Progress } from '../design-system/antd/progress.ts';
import { Space } from '../design-system/antd/space.ts';
import { StopOutlined, Text } from '../design-system/index.ts';

export type ExtractionProgressProps = {
  /** Units finished so far. */
  done: number;
  /** Units in all; 0 or less while still unknown (the bar then only says the work is running). */
  total: number;
  /** What is counted, plural: `pages`, `slides`, `entries`, `frames`. */
  unit: string;
  /** Stops the work; the button is hidden when absent. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** Shown while `total` is unknown. */
  startingText?: string;
};

/** A progress bar that says "N of M pages" (or slides, entries, frames) with a Cancel button. */
export function ExtractionProgress({
  done,
  total,
  unit,
  onCancel,
  cancelLabel = 'Cancel',
  startingText = 'Starting…',
}: ExtractionProgressProps) {
  const known = total > 0;
  const percent = known ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  const text = known ? `${Math.min(done, total)} of ${total} ${unit}` : startingText;
  return (
    <div className="ie-progress" style={{ margin: '16px 0' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Text aria-live="polite" data-testid="progress-text">
          {text}
        </Text>
        {onCancel ? (
          <Button icon={<StopOutlined />} onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : null}
      </Space>
      <Progress percent={percent} status="active" showInfo={false} aria-label={text} />
    </div>
  );
}
