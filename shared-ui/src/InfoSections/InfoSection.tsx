import type { ReactNode } from 'react';
import { Col } from '../design-system/antd/col.ts';
import { Row } from '../design-system/antd/row.ts';
import { Card, Paragraph, Title } from '../design-system/index.ts';

export type InfoItem = { title: string; text: ReactNode; icon?: ReactNode };

/** A titled section of cards: features, use cases, technical specs. */
export function InfoSection({ id, title, items }: { id?: string; title: string; items: readonly InfoItem[] }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} style={{ margin: '40px 0' }}>
      <Title level={2} id={id ? `${id}-title` : undefined} style={{ textAlign: 'center' }}>
        {title}
      </Title>
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col key={item.title} xs={24} sm={12} lg={items.length % 3 === 0 ? 8 : 6}>
            <Card style={{ height: '100%' }}>
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
          </Col>
        ))}
      </Row>
    </section>
  );
}
