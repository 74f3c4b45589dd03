import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The heading block every tool screen opens with. */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <header className="ie-page-heading" style={{ textAlign: 'center', margin: '32px auto 24px', maxWidth: 760 }}>
      <Typography.Title level={1} style={{ marginBottom: 8 }}>
        {title}
      </Typography.Title>
      {subtitle ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 17 }}>
          {subtitle}
        </Typography.Paragraph>
      ) : null}
    </header>
  );
}
