// The image audit's screen: the Images | Audit tabs of an audited scan, and the report's view
// (loaded on first use).
export { AuditTabs, type AuditTabsProps, AuditView } from './AuditTabs.tsx';
export type { AuditReportLoader, AuditViewProps } from './AuditView.tsx';
