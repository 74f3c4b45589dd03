import type { PageHeadingText } from 'shared-contracts/routes';
import { PageHeading } from 'shared-ui';
import { Card, Paragraph, Title } from 'shared-ui/design-system';

export type LegalSection = { heading: string; paragraphs: readonly string[] };

/** The layout both legal pages share: a heading, the date of the text, then its sections. */
export function LegalText({
  heading,
  sections,
}: {
  /** Its title and the date of the text. */
  heading: PageHeadingText;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHeading {...heading} />
      <Card style={{ maxWidth: 820, margin: '0 auto' }}>
        {sections.map((section) => (
          <section key={section.heading}>
            <Title level={2} style={{ fontSize: 20 }}>
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Paragraph key={paragraph}>{paragraph}</Paragraph>
            ))}
          </section>
        ))}
      </Card>
    </>
  );
}
