import type { ReactNode } from 'react';
import { Card, Paragraph, Title } from '../design-system/index.ts';
import './InfoSection.css';

export type InfoItem = { title: string; text: ReactNode; icon?: ReactNode };

/** A titled section of cards: features, use cases, technical specs. */
export function InfoSection({ id, title, items }: { id?: string; title: string; items: readonly InfoItem[] }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} style={{ margin: '40px 0' }}>
      <Title level={2} id={id ? `${id}-title` : undefined} style={{ textAlign: 'center' }}>
        {title}
      </Title>
      {/* A CSS grid: antd's Row and Col cost a responsive observer and 4 KB gzip on every tool page. */}
      <div className={`ie-info-grid ie-info-grid--${items.length % 3 === 0 ? 3 : 4}`}>
        {items.map((item) => (
          <Card key={item.title} style={{ height: '100%' }}>
            {item.icon ? (
              <div aria-hidden="true" style={{ fontSize: 26, marginBottom: 8 }}>
                {item.icon}
              </div>
            ) : null}
            <Title level={3} style={{ fontSize: 17, marginTop: 0 }}>
              {item.title}
            </Title>
            <Paragraph style={{ marginBottom: 0 }}>{item.text}</Paragraph>
          </Card>
        ))}
      </div>
    </section>
  );
}
