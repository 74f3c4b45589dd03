import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIT_EXPORT_FORMATS, type AuditReport, JOB_PATHS, MESSAGES } from 'shared-contracts';
import { Alert, Button } from '../design-system/index.ts';
import { AuditSummary } from './AuditSummary.tsx';
import { FindingsTable } from './FindingsTable.tsx';
import './audit.css';

const m = MESSAGES.audit;

/** How often a running audit is asked for again. */
export const AUDIT_POLL_MS = 2000;

/** Reads a job's audit report; throws an Error whose message is a sentence for the visitor. */
export type AuditReportLoader = (jobId: string, signal: AbortSignal) => Promise<AuditReport>;

export type AuditViewProps = {
  jobId: string;
  load: AuditReportLoader;
  /** Shown (its tab selected): only then is the report asked for, and asked again while it runs. */
  active?: boolean;
  pollMs?: number;
};

/**
 * A job's image audit: the summary first, then every finding in a table to filter and sort, and
 * the exports. While the scan or the re-encoding runs, it asks for the report again every
 * `pollMs`, as long as it is shown; leaving the tab or the page stops the asking and the request.
 */
export function AuditView({ jobId, load, active = true, pollMs = AUDIT_POLL_MS }: AuditViewProps) {
  const [report, setReport] = useState<AuditReport>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  // A finished report does not change: shown again, it is not asked for again.
  const finished = useRef(false);

  useEffect(() => {
    // `attempt` is a dependency so that Retry asks again.
    void attempt;
    if (!active || finished.current) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const next = await load(jobId, controller.signal);
        if (controller.signal.aborted) return;
        setReport(next);
        setError(undefined);
        if (next.status === 'running') timer = setTimeout(() => void ask(), pollMs);
        else finished.current = true;
      } catch (caught) {
        if (controller.signal.aborted) return;
        setError(caught instanceof Error && caught.message ? caught.message : m.unreadable);
      }
    };
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [active, jobId, load, pollMs, attempt]);

  const retry = useCallback(() => {
    setError(undefined);
    setAttempt((n) => n + 1);
  }, []);

  return (
    <div className="ie-audit" data-testid="audit-view">
      <h2 className="ie-audit__title">{m.heading}</h2>
      {error ? (
        <Alert
          type="error"
          title={m.failed}
          description={
            <>
              <span>{error}</span>{' '}
              <Button size="small" onClick={retry}>
                {m.retry}
              </Button>
            </>
          }
          className="ie-audit__error"
        />
      ) : null}
      {report ? (
        <>
          {report.status === 'running' ? (
            <p role="status" className="ie-audit__running">
              {m.running(report.pages)}
            </p>
          ) : null}
          <div className="ie-audit__exports" data-testid="audit-exports">
            <span className="ie-audit__exports-label">{m.exportsLabel}</span>
            {AUDIT_EXPORT_FORMATS.map((format) => (
              <a
                key={format}
                className="ds-button ds-button--default ie-audit__export"
                href={JOB_PATHS.websiteJobAuditExport(jobId, format)}
                download
              >
                {m.exports[format]}
              </a>
            ))}
          </div>
          <AuditSummary report={report} />
          {report.summary.findings > report.findings.length ? (
            <p className="ie-audit__note">{m.tooLarge(report.findings.length)}</p>
          ) : null}
          {report.findings.length > 0 ? <FindingsTable findings={report.findings} /> : null}
        </>
      ) : error ? null : (
        <p role="status" className="ie-audit__loading">
          {m.loading}
        </p>
      )}
    </div>
  );
}
