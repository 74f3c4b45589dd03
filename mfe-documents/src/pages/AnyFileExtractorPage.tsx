import { formatBytes } from 'media-files';
import { PDF_MAX_BYTES } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { PageHeading } from 'shared-ui';
import { Paragraph, Tag, Text, Title } from 'shared-ui/design-system';
import { ANY_PAGE, DocumentExtractor } from '../extractor/index.ts';

// What each kind of file is, as a visitor knows it; the engine tells them apart by their bytes.
const FILE_GROUPS = [
  { label: 'Documents', formats: ['PDF', 'DOCX', 'DOC', 'ODT', 'RTF'] },
  { label: 'Presentations', formats: ['PPTX', 'PPT', 'ODP'] },
  { label: 'Spreadsheets and drawings', formats: ['XLSX', 'XLS', 'ODS', 'ODG'] },
  { label: 'E-books', formats: ['EPUB'] },
  { label: 'E-mail and saved pages', formats: ['EML', 'MSG', 'MHTML'] },
  { label: 'Archives of images', formats: ['ZIP', 'CBZ'] },
];

export default function AnyFileExtractorPage() {
  return (
    <>
      <PageHeading {...PAGE_HEADINGS[PATHS.anyFileExtractor]} />
      <DocumentExtractor config={ANY_PAGE} />
      <section id="formats" aria-labelledby="formats-title" style={{ margin: '40px auto', maxWidth: 760 }}>
        <Title level={2} id="formats-title" style={{ textAlign: 'center' }}>
          Supported Files
        </Title>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 16px', margin: 0 }}>
          {FILE_GROUPS.map((group) => (
            <div key={group.label} style={{ display: 'contents' }}>
              <dt>
                <Text strong>{group.label}</Text>
              </dt>
              <dd style={{ margin: 0 }}>
                {group.formats.map((format) => (
                  <Tag key={format} color="blue">
                    {format}
                  </Tag>
                ))}
              </dd>
            </div>
          ))}
        </dl>
        <Paragraph type="secondary" style={{ marginTop: 16, textAlign: 'center' }}>
          Choose several files at once, of any of these kinds: each is recognised from its contents, not its name, and
          read in your browser, up to {formatBytes(PDF_MAX_BYTES, 'limit')} each. Every picture appears under its
          file&apos;s name, with the page, slide, sheet or chapter it comes from.
        </Paragraph>
      </section>
    </>
  );
}
