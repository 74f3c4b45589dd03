import type { AuditExportFormat } from 'shared-contracts';

/** The Content-Type each export is sent with, so the route and the CLI name each file alike. */
export const AUDIT_EXPORT_CONTENT_TYPES: Record<AuditExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html; charset=utf-8',
};
