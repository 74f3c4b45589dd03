import { formatBytes } from 'media-files';
import { PPT_MAX_BYTES } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { PageHeading } from 'shared-ui';
import { Paragraph, Tabs, Tag, Text, Title } from 'shared-ui/design-system';
import { DocumentExtractor, PPT_PAGE } from '../extractor/index.ts';

// Images leave a deck in the format they were stored in; these are the ones slides usually hold.
const FILE_FORMATS = ['PPTX', 'PPT', 'ODP'];
const IMAGE_FORMATS = ['PNG', 'JPEG', 'GIF'];

const useCaseTabs = [
  {
    key: 'design',
    label: 'Design',
    children: 'Reuse the photos, icons and illustrations of a deck in new layouts, at their original quality.',
  },
  {
    key: 'education',
    label: 'Education',
    children: 'Collect the pictures and diagrams of lecture slides for notes, handouts or revision.',
  },
  {
    key: 'business',
    label: 'Business',
    children: 'Take the product photos and logos of a company presentation into a report or a proposal.',
  },
  {
    key: 'personal',
    label: 'Personal',
    children: 'Get back the photos of a slideshow you made for a trip, a wedding or a family event.',
  },
];

export default function PptExtractorPage() {
  return (
    <>
      <PageHeading {...PAGE_HEADINGS[PATHS.pptExtractor]} />
      <DocumentExtractor config={PPT_PAGE} />
      <section id="formats" aria-labelledby="formats-title" style={{ margin: '40px 0', textAlign: 'center' }}>
        <Title level={2} id="formats-title">
          Supported Formats
        </Title>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center', alignItems: 'center' }}>
          <Text strong>Presentations:</Text>
          {FILE_FORMATS.map((format) => (
            <Tag key={format} color="blue">
              {format}
            </Tag>
          ))}
          <Text strong>Images:</Text>
          {IMAGE_FORMATS.map((format) => (
            <Tag key={format} color="purple">
              {format}
            </Tag>
          ))}
        </div>
        <Paragraph type="secondary" style={{ marginTop: 12 }}>
          Files up to {formatBytes(PPT_MAX_BYTES, 'limit')}, processed in your browser and not uploaded.
        </Paragraph>
      </section>
      <section id="use-cases" aria-labelledby="use-cases-title" style={{ margin: '40px 0' }}>
        <Title level={2} id="use-cases-title" style={{ textAlign: 'center' }}>
          Use Cases
        </Title>
        <Tabs centered items={useCaseTabs} />
      </section>
    </>
  );
}
