import { MESSAGES } from 'shared-contracts';
import type { ExtractionProgressState } from 'shared-ui';
import { Paragraph, Text } from 'shared-ui/design-system';
import { Alert } from 'shared-ui/design-system/alert';
import { Progress } from 'shared-ui/design-system/progress';

const m = MESSAGES.website;

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
        {m.progress(progress.done, progress.queued ?? 0, progress.found ?? found, progress.failed ?? 0)}
      </Text>
      {progress.detail && scanning ? (
        <Paragraph type="secondary" ellipsis style={{ marginBottom: 0 }}>
          {m.reading(progress.detail)}
        </Paragraph>
      ) : null}
      {progress.failures && progress.failures.length > 0 ? (
        <details className="url-website__failures" data-testid="scan-failures">
          <summary>{m.failedPages(progress.failed ?? progress.failures.length)}</summary>
          <ul>
            {progress.failures.map((failure) => (
              <li key={failure.url}>
                <Text strong>{failure.url}</Text>: {failure.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {cancelled ? <Alert type="warning" showIcon title={m.cancelled} style={{ marginTop: 8 }} /> : null}
    </>
  );
}
