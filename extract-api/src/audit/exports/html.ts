import { formatBytes } from 'media-files';
import {
  AUDIT_SEVERITIES,
  type AuditFinding,
  type AuditPageSummary,
  type AuditReport,
  type AuditSeverity,
  MESSAGES,
} from 'shared-contracts';
import { findingsByRule, httpHref, printable, ruleTitle } from './rows.ts';

/**
 * The report's own policy: no script, no frame, no font, nothing fetched but the pictures it shows;
 * styles only its own inline ones. A page's alt text or HTML that slipped past the escaping could
 * still run nothing.
 */
export const AUDIT_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; base-uri 'none'; form-action 'none'";

export type AuditHtmlOptions = {
  /** The report's heading and the document's title. */
  title: string;
  /**
   * The server's address: the re-encoded files' download addresses are relative to it, and a
   * saved report links to them only when it can make them absolute.
   */
  baseUrl?: string;
};

/** Text for HTML, in an element or a double-quoted attribute. Everything from a report goes through it. */
export function escapeHtml(text: string): string {
  return printable(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const count = (n: number) => n.toLocaleString('en-US');
const bytes = (n: number) =>
  n < 1024 ? `${count(n)} ${n === 1 ? 'byte' : 'bytes'}` : `${formatBytes(n)} (${count(n)} bytes)`;

/** A link when the address is http(s), its text otherwise; both escaped. */
function link(text: string, href = httpHref(text)): string {
  const shown = escapeHtml(text);
  return href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${shown}</a>` : shown;
}

const SEVERITY_COLOURS: Record<AuditSeverity, string> = { high: '#b42318', medium: '#b54708', low: '#475467' };

const STYLE = `
:root { color-scheme: light; --high: ${SEVERITY_COLOURS.high}; --medium: ${SEVERITY_COLOURS.medium}; --low: ${SEVERITY_COLOURS.low}; }
* { box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #101828; margin: 0 auto; max-width: 1100px; padding: 24px; }
h1 { font-size: 1.7em; margin: 0 0 4px; }
h2 { font-size: 1.3em; margin: 32px 0 8px; border-bottom: 2px solid #eaecf0; padding-bottom: 4px; }
h3 { font-size: 1em; margin: 0 0 4px; overflow-wrap: anywhere; }
a { color: #175cd3; }
.meta, .why { color: #475467; }
.totals { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; margin: 16px 0; padding: 0; }
.totals div { border: 1px solid #eaecf0; border-radius: 8px; padding: 8px 12px; }
.totals dt { color: #475467; font-size: .85em; }
.totals dd { margin: 0; font-size: 1.3em; font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eaecf0; vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.url { overflow-wrap: anywhere; }
svg { display: block; max-width: 100%; height: auto; font: 12px system-ui, sans-serif; }
svg text { fill: #101828; }
.finding { border: 1px solid #eaecf0; border-left: 4px solid var(--low); border-radius: 6px; padding: 10px 12px; margin: 10px 0; display: flex; gap: 12px; }
.finding.high { border-left-color: var(--high); }
.finding.medium { border-left-color: var(--medium); }
.finding .body { min-width: 0; flex: 1; }
.finding img { width: 96px; height: 96px; object-fit: contain; background: #f2f4f7; flex: none; }
.badge { display: inline-block; font-size: .75em; font-weight: 600; color: #fff; border-radius: 4px; padding: 0 6px; margin-right: 6px; vertical-align: 1px; }
.badge.high { background: var(--high); } .badge.medium { background: var(--medium); } .badge.low { background: var(--low); }
.finding dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0 0; }
.finding dt { color: #475467; }
.finding dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.finding ul { margin: 0; padding-left: 18px; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f2f4f7; border-radius: 4px; }
code { padding: 0 3px; overflow-wrap: anywhere; }
pre { margin: 0; padding: 4px 6px; white-space: pre-wrap; word-break: break-all; }
@media print {
  body { font-size: 10pt; max-width: none; padding: 0; }
  @page { margin: 14mm; }
  h2 { break-after: avoid; }
  .finding, tr, svg, .totals { break-inside: avoid; }
  .totals { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  .finding img { width: 64px; height: 64px; }
  a { color: inherit; text-decoration: none; }
}
`;

/** A horizontal bar chart as inline SVG: a label and its number written beside every bar. */
type Bar = { label: string; title?: string; value: number; part?: number; colour: string; text: string };

function barChart(id: string, caption: string, bars: Bar[]): string {
  const labelWidth = 300;
  const barWidth = 360;
  const row = 24;
  const width = labelWidth + barWidth + 140;
  const height = bars.length * row + 4;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const rows = bars.map((bar, index) => {
    const y = index * row + 2;
    const w = Math.max(bar.value > 0 ? 2 : 0, Math.round((bar.value / max) * barWidth));
    const part =
      bar.part && bar.part > 0
        ? `<rect x="${labelWidth}" y="${y + 3}" width="${Math.max(2, Math.round((bar.part / max) * barWidth))}" height="${row - 8}" fill="${SEVERITY_COLOURS.high}"/>`
        : '';
    return (
      `<g>${bar.title ? `<title>${escapeHtml(bar.title)}</title>` : ''}` +
      `<text x="${labelWidth - 8}" y="${y + row / 2 + 2}" text-anchor="end">${escapeHtml(bar.label)}</text>` +
      `<rect x="${labelWidth}" y="${y + 3}" width="${w}" height="${row - 8}" fill="${bar.colour}" opacity="${bar.part === undefined ? 1 : 0.45}"/>${part}` +
      `<text x="${labelWidth + w + 6}" y="${y + row / 2 + 2}">${escapeHtml(bar.text)}</text></g>`
    );
  });
  return (
    `<svg role="img" aria-labelledby="${id}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}">${escapeHtml(caption)}</title>${rows.join('')}</svg>`
  );
}

/** A page's address as a chart's label: without its scheme, cut to fit the label column. */
function pageLabel(url: string): string {
  const short = url.replace(/^https?:\/\//i, '');
  return short.length > 46 ? `${short.slice(0, 45)}…` : short;
}

function issueChart(report: AuditReport): string {
  const bars = report.summary.byRule
    .filter((entry) => entry.count > 0)
    .map((entry) => ({
      label: ruleTitle(entry.rule),
      value: entry.count,
      colour: SEVERITY_COLOURS[entry.severity],
      text: entry.bytesSaved > 0 ? `${count(entry.count)} · ${formatBytes(entry.bytesSaved)}` : count(entry.count),
    }));
  return barChart('chart-issues', 'Findings by issue', bars);
}

function pageChart(pages: AuditPageSummary[]): string {
  const bars = pages.map((page) => ({
    label: pageLabel(page.pageUrl),
    title: page.pageUrl,
    value: page.findings,
    part: page.high,
    colour: SEVERITY_COLOURS.medium,
    text: `${count(page.findings)} (${count(page.high)} high)`,
  }));
  return barChart('chart-pages', 'Findings by page, the high ones darker', bars);
}

function totals(report: AuditReport): string {
  const { summary } = report;
  const items: Array<[string, string]> = [
    ['Findings', count(summary.findings)],
    ...AUDIT_SEVERITIES.map((severity): [string, string] => [
      MESSAGES.audit.severities[severity],
      count(summary.bySeverity[severity]),
    ]),
    ['Bytes to save', bytes(summary.bytesToSave)],
    ['Pages', count(report.pages)],
    ['Images', count(report.images)],
    ['Image uses', count(report.uses)],
  ];
  return `<dl class="totals">${items.map(([label, value]) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`).join('')}</dl>`;
}

function issueTable(report: AuditReport): string {
  const rows = report.summary.byRule.map(
    (entry) =>
      `<tr><td><a href="#${entry.rule}">${escapeHtml(ruleTitle(entry.rule))}</a></td><td>${escapeHtml(MESSAGES.audit.severities[entry.severity])}</td>` +
      `<td class="n">${count(entry.count)}</td><td class="n">${count(entry.elements)}</td><td class="n">${escapeHtml(bytes(entry.bytesSaved))}</td></tr>`,
  );
  return (
    '<table><thead><tr><th>Issue</th><th>Severity</th><th class="n">Findings</th><th class="n">Elements</th><th class="n">Bytes saved</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function pageTable(pages: AuditPageSummary[]): string {
  const rows = pages.map(
    (page, index) =>
      `<tr><td class="n">${index + 1}</td><td class="url">${link(page.pageUrl)}</td><td class="n">${count(page.findings)}</td>` +
      `<td class="n">${count(page.high)}</td><td class="n">${escapeHtml(bytes(page.bytesSaved))}</td></tr>`,
  );
  return (
    '<table><thead><tr><th class="n">#</th><th>Page</th><th class="n">Findings</th><th class="n">High</th><th class="n">Bytes to save</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function finding(item: AuditFinding, baseUrl: string | undefined): string {
  const image = httpHref(item.imageUrl);
  const thumbnail = image
    ? `<img src="${escapeHtml(image)}" alt="" width="96" height="96" loading="lazy" decoding="async" referrerpolicy="no-referrer">`
    : '';
  const details: Array<[string, string]> = [];
  if (item.bytesSaved !== undefined) details.push(['Bytes saved', escapeHtml(bytes(item.bytesSaved))]);
  const more = item.pageCount - item.pages.length;
  details.push([
    item.pageCount === 1 ? 'Page' : `Pages (${count(item.pageCount)})`,
    `<ul>${item.pages.map((page) => `<li>${link(page)}</li>`).join('')}${more > 0 ? `<li>and ${count(more)} more</li>` : ''}</ul>`,
  ]);
  if (item.selector) details.push(['Selector', `<code>${escapeHtml(item.selector)}</code>`]);
  if (item.html) details.push(['HTML', `<pre><code>${escapeHtml(item.html)}</code></pre>`]);
  if (item.encoded?.length) {
    const copies = item.encoded.map((copy) => {
      const words = [copy.format, `${copy.width}×${copy.height}`, bytes(copy.bytes)];
      if (copy.ssim !== undefined) words.push(`SSIM ${copy.ssim}`);
      return `<li>${link(words.join(', '), httpHref(copy.url, baseUrl))}</li>`;
    });
    details.push(['Re-encoded', `<ul>${copies.join('')}</ul>`]);
  }
  if (item.sameAs?.length) {
    details.push(['Same picture at', `<ul>${item.sameAs.map((url) => `<li>${link(url)}</li>`).join('')}</ul>`]);
  }
  const severity = escapeHtml(MESSAGES.audit.severities[item.severity]);
  return (
    `<article class="finding ${item.severity}">${thumbnail}<div class="body">` +
    `<h3><span class="badge ${item.severity}">${severity}</span>${link(item.imageUrl)}</h3>` +
    `<p>${escapeHtml(item.detail)}</p>` +
    `<dl>${details.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>` +
    '</div></article>'
  );
}

/**
 * The audit as one printable HTML page, nothing to load but the pictures: the totals, a chart by
 * issue and one by page (inline SVG, every bar labelled), the ten pages with most to fix, then every
 * finding under its issue. Every word and address from the report is escaped, links are made only
 * to http(s) addresses, and the page carries a policy that runs no script (AUDIT_HTML_CSP).
 */
export function auditHtml(report: AuditReport, options: AuditHtmlOptions): string {
  const title = escapeHtml(options.title);
  const status: string[] = [];
  if (report.status === 'running') status.push(MESSAGES.audit.running(report.pages));
  if (report.encoding.done < report.encoding.total) {
    status.push(MESSAGES.audit.encoding(report.encoding.done, report.encoding.total));
  }
  const notes = [...status, ...report.notes];
  const groups = findingsByRule(report).map(
    ({ rule, findings }) =>
      `<section id="${rule}"><h2>${escapeHtml(ruleTitle(rule))} (${count(findings.length)})</h2>` +
      `<p class="why">${escapeHtml(MESSAGES.audit.rules[rule].why)}</p>${findings.map((item) => finding(item, options.baseUrl)).join('')}</section>`,
  );
  const topPages = report.summary.topPages;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${AUDIT_HTML_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title><style>${STYLE}</style></head><body>`,
    `<header><h1>${title}</h1><p class="meta">Image audit of scan ${escapeHtml(report.jobId)}</p></header>`,
    notes.length > 0 ? `<ul class="meta">${notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>` : '',
    '<section id="summary"><h2>Summary</h2>',
    totals(report),
    report.summary.byRule.some((entry) => entry.count > 0) ? issueChart(report) : '',
    issueTable(report),
    '</section>',
    topPages.length > 0
      ? `<section id="pages"><h2>Pages with the most to fix</h2>${pageChart(topPages)}${pageTable(topPages)}</section>`
      : '',
    report.findings.length > 0 ? '' : '<p>No findings: nothing to fix in the images audited.</p>',
    ...groups,
    '</body></html>',
    '',
  ].join('\n');
}
