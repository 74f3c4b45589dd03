import { csvField } from 'media-files';
import type { AuditReport } from 'shared-contracts';
import { AUDIT_EXPORT_COLUMNS, findingRow } from './rows.ts';

/**
 * The audit as CSV: one row per finding (AUDIT_EXPORT_COLUMNS), written by the manifest's field
 * writer (RFC 4180 quoting, CRLF, a cell a spreadsheet would run as a formula prefixed with ').
 * A byte-order mark first, or Excel reads the UTF-8 as its local code page.
 */
export function auditCsv(report: AuditReport): string {
  const lines = [AUDIT_EXPORT_COLUMNS.map(csvField).join(',')];
  for (const finding of report.findings) lines.push(findingRow(finding).map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
