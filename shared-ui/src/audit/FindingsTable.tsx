import { formatBytes } from 'media-files';
import { useId, useMemo, useState } from 'react';
import { AUDIT_SEVERITIES, type AuditFinding, type AuditSeverity, imageProxyPath, MESSAGES } from 'shared-contracts';
import { Button, NativeSelect, TextInput } from '../design-system/index.ts';
import {
  DEFAULT_SORT,
  type FindingFilters,
  type FindingSort,
  fileNameOf,
  filterFindings,
  firstDirection,
  issueChoices,
  NO_FILTERS,
  pagesOf,
  ruleTitle,
  type SortKey,
  safeHref,
  shortPage,
  sortFindings,
} from './findings.ts';

const m = MESSAGES.audit;

/** Above this many rows the table is shown a page at a time, PAGE_SIZE rows a page. */
export const PAGINATE_ABOVE = 200;
export const PAGE_SIZE = 50;

const COLUMNS: readonly { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'severity', label: m.columns.severity },
  { key: 'issue', label: m.columns.issue },
  { key: 'image', label: m.columns.image },
  { key: 'pages', label: m.columns.pages },
  { key: 'element', label: m.columns.element },
  { key: 'detail', label: m.columns.detail },
  { key: 'bytesSaved', label: m.columns.bytesSaved, numeric: true },
  { key: 'files', label: m.columns.files },
];

/** An image's thumbnail through the API's image proxy (the page's own server may refuse us as a referrer). */
const thumbnailOf = (url: string) => (url.startsWith('data:image/') ? url : imageProxyPath({ url }));

/** A link to an image by its file name (the whole address in its tooltip), or the name alone for an address not to link. */
function ImageLink({ url }: { url: string }) {
  const href = safeHref(url);
  const file = fileNameOf(url);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" title={url}>
      {file}
    </a>
  ) : (
    <span>{file}</span>
  );
}

/**
 * The image's thumbnail; one that does not load (a broken image is a finding too) leaves an empty
 * frame that keeps its name for screen readers, not the browser's broken-image icon.
 */
function Thumbnail({ url, alt }: { url: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="ie-audit__thumb ie-audit__thumb--failed" role="img" aria-label={alt} />;
  return (
    <img
      className="ie-audit__thumb"
      src={thumbnailOf(url)}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={48}
      height={48}
      onError={() => setFailed(true)}
    />
  );
}

function FindingRow({ finding }: { finding: AuditFinding }) {
  const title = ruleTitle(finding.rule);
  const file = fileNameOf(finding.imageUrl);
  const [firstPage] = finding.pages;
  const firstPageHref = firstPage === undefined ? undefined : safeHref(firstPage);
  const more = finding.pageCount - 1;
  return (
    <tr data-testid="audit-finding" data-rule={finding.rule}>
      <td>
        <span className={`ie-audit__severity ie-audit__severity--${finding.severity}`}>
          {m.severities[finding.severity]}
        </span>
      </td>
      <th scope="row" className="ie-audit__issue">
        <span className="ie-audit__issue-title">{title}</span>
        <span className="ie-audit__why">{m.rules[finding.rule].why}</span>
      </th>
      <td className="ie-audit__image-cell">
        <Thumbnail url={finding.imageUrl} alt={m.imageAlt(title, file)} />
        <ImageLink url={finding.imageUrl} />
        {finding.sameAs && finding.sameAs.length > 0 ? (
          <div className="ie-audit__same-as">
            {m.sameAs}:
            <ul>
              {finding.sameAs.map((url) => (
                <li key={url}>
                  <ImageLink url={url} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </td>
      <td className="ie-audit__page-cell">
        {firstPage === undefined ? null : firstPageHref ? (
          <a href={firstPageHref} target="_blank" rel="noopener noreferrer" title={firstPage}>
            {shortPage(firstPage)}
          </a>
        ) : (
          shortPage(firstPage)
        )}
        {more > 0 ? <span className="ie-audit__more"> {m.morePages(more)}</span> : null}
      </td>
      <td className="ie-audit__element">
        {finding.selector === undefined ? null : finding.html ? (
          <details>
            <summary>
              <code>{finding.selector}</code>
            </summary>
            <code className="ie-audit__html">{finding.html}</code>
          </details>
        ) : (
          <code>{finding.selector}</code>
        )}
      </td>
      <td className="ie-audit__detail">{finding.detail}</td>
      <td className="ie-audit__number">{formatBytes(finding.bytesSaved) ?? ''}</td>
      <td>
        {finding.encoded && finding.encoded.length > 0 ? (
          <ul className="ie-audit__files">
            {finding.encoded.map((copy) => {
              const href = safeHref(copy.url);
              const text = m.encodedLink(
                m.formats[copy.format],
                formatBytes(copy.bytes) ?? `${copy.bytes} B`,
                copy.ssim,
              );
              return (
                <li key={copy.url}>
                  {href ? (
                    <a href={href} download={copy.name}>
                      {text}
                    </a>
                  ) : (
                    text
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </td>
    </tr>
  );
}

/** The findings, filtered and sorted by the visitor: every column sorts, every filter narrows. */
export function FindingsTable({ findings }: { findings: readonly AuditFinding[] }) {
  const id = useId();
  const [filters, setFilters] = useState<FindingFilters>(NO_FILTERS);
  const [sort, setSort] = useState<FindingSort>(DEFAULT_SORT);
  const [page, setPage] = useState(0);
  const issues = useMemo(() => issueChoices(findings), [findings]);
  const pages = useMemo(() => pagesOf(findings), [findings]);
  const rows = useMemo(() => sortFindings(filterFindings(findings, filters), sort), [findings, filters, sort]);

  const paginated = rows.length > PAGINATE_ABOVE;
  const pageCount = paginated ? Math.ceil(rows.length / PAGE_SIZE) : 1;
  // A new report (the next poll) or new filters may leave fewer pages than the one shown.
  const current = Math.min(page, pageCount - 1);
  const shown = paginated ? rows.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE) : rows;

  const filter = (change: Partial<FindingFilters>) => {
    setFilters({ ...filters, ...change });
    setPage(0);
  };
  const sortBy = (key: SortKey) => {
    setSort(
      sort.key === key
        ? { key, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: firstDirection(key) },
    );
    setPage(0);
  };
  const filtered = filters.severity !== '' || filters.issue !== '' || filters.page !== '' || filters.text.trim() !== '';

  return (
    <section className="ie-audit__findings" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="ie-audit__heading">
        {m.findingsHeading}
      </h3>
      <div className="ie-audit__filters">
        <div className="ie-audit__filter">
          <label htmlFor={`${id}-severity`}>{m.filters.severity}</label>
          <NativeSelect<AuditSeverity | ''>
            id={`${id}-severity`}
            value={filters.severity}
            onChange={(severity) => filter({ severity })}
            options={[
              { value: '', label: m.filters.allSeverities },
              ...AUDIT_SEVERITIES.map((severity) => ({ value: severity, label: m.severities[severity] })),
            ]}
          />
        </div>
        <div className="ie-audit__filter">
          <label htmlFor={`${id}-issue`}>{m.filters.issue}</label>
          <NativeSelect<FindingFilters['issue']>
            id={`${id}-issue`}
            value={filters.issue}
            onChange={(issue) => filter({ issue })}
            options={[{ value: '', label: m.filters.allIssues }, ...issues]}
          />
        </div>
        <div className="ie-audit__filter">
          <label htmlFor={`${id}-page`}>{m.filters.page}</label>
          <NativeSelect<string>
            id={`${id}-page`}
            className="ie-audit__page-select"
            value={filters.page}
            onChange={(pageUrl) => filter({ page: pageUrl })}
            options={[
              { value: '', label: m.filters.allPages },
              ...pages.map((pageUrl) => ({ value: pageUrl, label: shortPage(pageUrl) })),
            ]}
          />
        </div>
        <div className="ie-audit__filter ie-audit__filter--search">
          <label htmlFor={`${id}-search`}>{m.filters.search}</label>
          <TextInput
            id={`${id}-search`}
            type="search"
            placeholder={m.filters.searchPlaceholder}
            value={filters.text}
            onChange={(event) => filter({ text: event.target.value })}
            maxLength={200}
          />
        </div>
        {filtered ? (
          <Button className="ie-audit__clear" onClick={() => filter(NO_FILTERS)}>
            {m.filters.clear}
          </Button>
        ) : null}
      </div>
      <p className="ie-audit__shown" role="status" data-testid="audit-shown">
        {m.shown(rows.length, findings.length)}
      </p>
      {rows.length === 0 ? (
        <p className="ie-audit__empty">{m.noMatch}</p>
      ) : (
        <div className="ie-audit__scroll">
          <table className="ie-audit__table ie-audit__findings-table" data-testid="audit-findings">
            <caption className="ie-audit__visually-hidden">{m.findingsHeading}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const sorted = sort.key === column.key;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={sorted ? sort.direction : undefined}
                      className={column.numeric ? 'ie-audit__number' : undefined}
                    >
                      <button type="button" className="ie-audit__sort" onClick={() => sortBy(column.key)}>
                        {column.label}
                        <span className="ie-audit__sort-mark" aria-hidden="true">
                          {sorted ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {shown.map((finding) => (
                <FindingRow key={finding.id} finding={finding} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paginated ? (
        <nav className="ie-audit__pagination" aria-label={m.pagination.label}>
          <Button disabled={current === 0} onClick={() => setPage(current - 1)}>
            {m.pagination.previous}
          </Button>
          <span aria-live="polite">{m.pagination.page(current + 1, pageCount)}</span>
          <Button disabled={current >= pageCount - 1} onClick={() => setPage(current + 1)}>
            {m.pagination.next}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
