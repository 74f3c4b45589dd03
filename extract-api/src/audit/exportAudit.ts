import type { AuditExportFormat, AuditReport } from 'shared-contracts';
import type { MadeType } from '../http/index.ts';
import { AUDIT_EXPORT_CONTENT_TYPES, auditCsv, auditHtml, auditXlsx } from './exports/index.ts';

/** One export of a report as a file: its bytes, its type and its name (the route's and the CLI's alike). */
export async function exportAudit(
  report: AuditReport,
  format: AuditExportFormat,
  title: string,
): Promise<{ bytes: Uint8Array; contentType: MadeType; name: string }> {
  const bytes =
    format === 'xlsx'
      ? await auditXlsx(report)
      : new TextEncoder().encode(format === 'csv' ? auditCsv(report) : auditHtml(report, { title }));
  return { bytes, contentType: AUDIT_EXPORT_CONTENT_TYPES[format] as MadeType, name: `image-audit.${format}` };
}

/** The report's title: what was audited (the first page the scan read). */
export function auditTitle(startUrl: string | undefined): string {
  return startUrl ? `Image audit of ${startUrl}` : 'Image audit';
}
