import { formatBytes } from 'media-files';
import { useId } from 'react';
import { AUDIT_SEVERITIES, type AuditReport, MESSAGES } from 'shared-contracts';
import { ruleTitle, safeHref, shortPage } from './findings.ts';

const m = MESSAGES.audit;

const count = (n: number) => n.toLocaleString('en-US');

type Bar = { key: string; label: string; title?: string; value: number; text: string };

/**
 * A bar chart drawn with CSS: a list whose every item says its label and its value in words, the
 * bar beside them only showing the proportion (hidden from screen readers, which read the words).
 */
function BarChart({ caption, bars, testId }: { caption: string; bars: readonly Bar[]; testId: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const id = useId();
  return (
    <figure className="ie-audit__chart" data-testid={testId} aria-labelledby={id}>
      <figcaption id={id} className="ie-audit__chart-caption">
        {caption}
      </figcaption>
      <ul className="ie-audit__bars">
        {bars.map((bar) => (
          <li key={bar.key} className="ie-audit__bar-row">
            <span className="ie-audit__bar-label" title={bar.title}>
              {bar.label}
            </span>
            <span className="ie-audit__bar-track" aria-hidden="true">
              <span className="ie-audit__bar" style={{ width: `${(bar.value / max) * 100}%` }} />
            </span>
            <span className="ie-audit__bar-value">{bar.text}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The report's first part: the counts, the charts by issue and by page, the ten worst pages, progress and notes. */
export function AuditSummary({ report }: { report: AuditReport }) {
  const { summary, encoding } = report;
  const byRule = [...summary.byRule].sort((a, b) => b.count - a.count || b.bytesSaved - a.bytesSaved);
  const encodingLeft = encoding.total > 0 && encoding.done < encoding.total;
  const id = useId();
  return (
    <section className="ie-audit__summary" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="ie-audit__heading">
        {m.summaryHeading}
      </h3>
      <p className="ie-audit__scanned">{m.scanned(report.pages, report.images, report.uses)}</p>
      <dl className="ie-audit__counts" data-testid="audit-counts">
        {AUDIT_SEVERITIES.map((severity) => (
          <div key={severity} className={`ie-audit__count ie-audit__count--${severity}`}>
            <dt>{m.severities[severity]}</dt>
            <dd>{count(summary.bySeverity[severity])}</dd>
          </div>
        ))}
        <div className="ie-audit__count">
          <dt>{m.findingsTotal}</dt>
          <dd>{count(summary.findings)}</dd>
        </div>
        <div className="ie-audit__count">
          <dt>{m.bytesToSave}</dt>
          <dd>{formatBytes(summary.bytesToSave)}</dd>
        </div>
      </dl>
      {encodingLeft ? (
        <div className="ie-audit__encoding">
          <p id={`${id}-encoding`}>{m.encoding(encoding.done, encoding.total)}</p>
          <div
            role="progressbar"
            aria-label={m.encodingLabel}
            aria-describedby={`${id}-encoding`}
            aria-valuemin={0}
            aria-valuemax={encoding.total}
            aria-valuenow={encoding.done}
            className="ie-audit__progress"
          >
            <span className="ie-audit__progress-fill" style={{ width: `${(encoding.done / encoding.total) * 100}%` }} />
          </div>
        </div>
      ) : null}
      {summary.findings === 0 ? (
        <p className="ie-audit__clean">{m.clean}</p>
      ) : (
        <div className="ie-audit__charts">
          <BarChart
            caption={m.byIssueCaption}
            testId="audit-chart-issues"
            bars={byRule.map((entry) => ({
              key: entry.rule,
              label: ruleTitle(entry.rule),
              value: entry.count,
              text: m.barValue(entry.count, entry.bytesSaved > 0 ? formatBytes(entry.bytesSaved) : undefined),
            }))}
          />
          <BarChart
            caption={m.byPageCaption}
            testId="audit-chart-pages"
            bars={summary.topPages.map((page) => ({
              key: page.pageUrl,
              label: shortPage(page.pageUrl),
              title: page.pageUrl,
              value: page.findings,
              text: m.barValue(page.findings, page.bytesSaved > 0 ? formatBytes(page.bytesSaved) : undefined),
            }))}
          />
        </div>
      )}
      {summary.topPages.length > 0 ? (
        <div className="ie-audit__scroll">
          <table className="ie-audit__table ie-audit__top-pages" data-testid="audit-top-pages">
            <caption>{m.topPagesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.topPagesColumns.page}</th>
                <th scope="col" className="ie-audit__number">
                  {m.topPagesColumns.findings}
                </th>
                <th scope="col" className="ie-audit__number">
                  {m.topPagesColumns.high}
                </th>
                <th scope="col" className="ie-audit__number">
                  {m.topPagesColumns.bytesSaved}
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.topPages.map((page) => {
                const href = safeHref(page.pageUrl);
                return (
                  <tr key={page.pageUrl}>
                    <th scope="row" className="ie-audit__page-cell">
                      {href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer" title={page.pageUrl}>
                          {shortPage(page.pageUrl)}
                        </a>
                      ) : (
                        shortPage(page.pageUrl)
                      )}
                    </th>
                    <td className="ie-audit__number">{count(page.findings)}</td>
                    <td className="ie-audit__number">{count(page.high)}</td>
                    <td className="ie-audit__number">{formatBytes(page.bytesSaved)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.notes.length > 0 ? (
        <div className="ie-audit__notes">
          <h4 className="ie-audit__subheading">{m.notesHeading}</h4>
          <ul>
            {report.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
