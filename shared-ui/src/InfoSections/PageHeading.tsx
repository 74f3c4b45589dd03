import type { ReactNode } from 'react';
import { Paragraph, Title } from '../design-system/index.ts';

/** The heading block every tool screen opens with. */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <header className="ie-page-heading" style={{ textAlign: 'center', margin: '32px auto 24px', maxWidth: 760 }}>
      <Title level={1} style={{ marginBottom: 8 }}>
        {title}
      </Title>
      {subtitle ? (
        <Paragraph type="secondary" style={{ fontSize: 17 }}>
          {subtitle}
        </Paragraph>
      ) : null}
    </header>
  );
}
