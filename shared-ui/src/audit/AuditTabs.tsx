import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { MESSAGES } from 'shared-contracts';
import { Tabs } from '../design-system/index.ts';
import type { AuditReportLoader, AuditViewProps } from './AuditView.tsx';

const m = MESSAGES.audit;

/**
 * The audit's view, loaded when its tab is first opened: a tool page's first load does not carry
 * it. It draws no antd component (its charts are CSS, its controls the design system's own), so it
 * needs no theme around it.
 */
export const AuditView: ComponentType<AuditViewProps> = /* @__PURE__ */ lazy(() =>
  import('./AuditView.tsx').then((module) => ({ default: module.AuditView })),
);

export type AuditTabsProps = {
  /** The audited scan's job; without one there is no audit and the results are shown as ever. */
  jobId?: string | undefined;
  load: AuditReportLoader;
  /** The results as the page shows them without an audit: the Images tab. */
  children: ReactNode;
  className?: string;
};

/**
 * A scan's results with its audit beside them: two tabs, Images (the grid) and Audit. The audit
 * is asked for only while its tab is selected.
 */
export function AuditTabs({ jobId, load, children, className }: AuditTabsProps) {
  const [tab, setTab] = useState('images');
  if (!jobId) return <>{children}</>;
  return (
    <Tabs
      className={['ie-audit-tabs', className].filter(Boolean).join(' ')}
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'images', label: m.tabImages, children },
        {
          key: 'audit',
          label: m.tabAudit,
          children: (
            <Suspense
              fallback={
                <p role="status" className="ie-audit__loading">
                  {m.loading}
                </p>
              }
            >
              <AuditView key={jobId} jobId={jobId} load={load} active={tab === 'audit'} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
