import { AUDIT_RULES, type AuditFinding, type AuditReport, type AuditRule, MESSAGES } from 'shared-contracts';

/**
 * What the CSV and the workbook's issue sheets both hold: one row per finding, in these columns, so
 * a finding reads the same in either file and every number is the report's own.
 */
export const AUDIT_EXPORT_COLUMNS = [
  'Severity',
  'Issue',
  'Rule',
  'Image URL',
  'First page',
  'Page count',
  'Elements',
  'Pages',
  'Selector',
  'HTML',
  'Detail',
  'Bytes saved',
  'Encoded files',
] as const;

/** A cell: text, a count, or nothing (a value the report does not have). */
export type ExportCell = string | number | undefined;

/** An issue's words: its title in the report's catalogue. */
export const ruleTitle = (rule: AuditRule): string => MESSAGES.audit.rules[rule].title;

/**
 * The files made to fix a finding, one `format:bytes:ssim:url` each, `;` between: the SSIM is
 * left empty for a video, which has none.
 */
export function encodedCell(finding: AuditFinding): string | undefined {
  if (!finding.encoded?.length) return undefined;
  return finding.encoded.map((copy) => `${copy.format}:${copy.bytes}:${copy.ssim ?? ''}:${copy.url}`).join(';');
}

/** A finding's row, in AUDIT_EXPORT_COLUMNS' order. */
export function findingRow(finding: AuditFinding): ExportCell[] {
  return [
    MESSAGES.audit.severities[finding.severity],
    ruleTitle(finding.rule),
    finding.rule,
    finding.imageUrl,
    finding.pages[0],
    finding.pageCount,
    finding.elements,
    finding.pages.join(' '),
    finding.selector,
    finding.html,
    finding.detail,
    finding.bytesSaved,
    encodedCell(finding),
  ];
}

/**
 * The rules that have findings, with them, in the order the report's summary lists its rules (a rule
 * the summary leaves out, after those, in AUDIT_RULES' order): the sheets and sections of an export.
 */
export function findingsByRule(report: AuditReport): Array<{ rule: AuditRule; findings: AuditFinding[] }> {
  const grouped = new Map<AuditRule, AuditFinding[]>();
  for (const finding of report.findings) {
    const list = grouped.get(finding.rule);
    if (list) list.push(finding);
    else grouped.set(finding.rule, [finding]);
  }
  const order = [...new Set([...report.summary.byRule.map((entry) => entry.rule), ...AUDIT_RULES])];
  return order.flatMap((rule) => {
    const findings = grouped.get(rule);
    return findings ? [{ rule, findings }] : [];
  });
}

/**
 * The address to link to, only when the text is an http(s) URL: the parsed form, in which quotes,
 * spaces and angle brackets are percent-encoded. Anything else (javascript:, data:, a relative
 * path) is shown as text, never linked.
 */
export function httpHref(text: string | undefined, base?: string): string | undefined {
  if (!text) return undefined;
  let url: URL;
  try {
    url = base === undefined ? new URL(text) : new URL(text, base);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

/**
 * Text a page wrote, made fit for XML and HTML: C0 control characters (other than tab and line
 * breaks), lone surrogates and U+FFFE/U+FFFF become U+FFFD. One of them in a workbook's XML makes
 * Excel refuse the whole file.
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu, '\uFFFD');
}
