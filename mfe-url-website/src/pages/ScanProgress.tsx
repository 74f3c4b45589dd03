import type { ExtractionProgressState } from 'shared-ui';
import { Paragraph, Text } from 'shared-ui/design-system';
import { Alert } from 'shared-ui/design-system/alert';
import { Progress } from 'shared-ui/design-system/progress';

type Props = {
  progress: ExtractionProgressState;
  maxPages: number;
  found: number;
  scanning: boolean;
  cancelled: boolean;
};

/**
 * A scan's progress bar, counts and the page being read. Shown only once a scan starts, so the page
 * loads it with React.lazy: antd's Progress stays off the first render path.
 */
export default function ScanProgress({ progress, maxPages, found, scanning, cancelled }: Props) {
  return (
    <>
      <Progress
        percent={Math.round(
          (100 * progress.done) / Math.max(1, Math.min(maxPages, progress.done + (progress.queued ?? 0))),
        )}
        status={cancelled ? 'exception' : 'active'}
      />
      <Text data-testid="scan-progress">
        {`${progress.done} pages scanned, ${progress.queued ?? 0} queued, ${progress.found ?? found} images found`}
      </Text>
      {progress.detail && scanning ? (
        <Paragraph type="secondary" ellipsis style={{ marginBottom: 0 }}>
          Reading {progress.detail}
        </Paragraph>
      ) : null}
      {cancelled ? <Alert type="warning" showIcon title="Scan cancelled." style={{ marginTop: 8 }} /> : null}
    </>
  );
}
