import { formatBytes } from 'media-files';
import { DOCX_MAX_BYTES } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { PageHeading } from 'shared-ui';
import { Accordion, Title } from 'shared-ui/design-system';
import { DOCX_PAGE, DocumentExtractor } from '../extractor/index.ts';

// The five FAQ items. The answers say only what the document engine does.
const faqItems = [
  {
    key: 'uploaded',
    label: 'Is my file uploaded?',
    children: 'No. The file is processed in your browser, on your device; it is not uploaded or stored.',
  },
  {
    key: 'formats',
    label: 'Which files can I use?',
    children:
      'Word documents in the current .docx format and the older .doc format, OpenDocument text files (.odt) and RTF documents (.rtf).',
  },
  {
    key: 'size',
    label: 'How large can the file be?',
    children: `Up to ${formatBytes(DOCX_MAX_BYTES, 'limit')}.`,
  },
  {
    key: 'quality',
    label: 'Are the images compressed?',
    children: 'No. Images are extracted at their original quality, exactly as they are stored in the document.',
  },
  {
    key: 'zip',
    label: 'Can I download all the images at once?',
    children: 'Yes. Download All Images saves every image in one ZIP file.',
  },
];

export default function DocxExtractorPage() {
  return (
    <>
      <PageHeading {...PAGE_HEADINGS[PATHS.docxExtractor]} />
      <DocumentExtractor config={DOCX_PAGE} />
      <section id="faq" aria-labelledby="faq-title" style={{ margin: '40px auto', maxWidth: 760 }}>
        <Title level={2} id="faq-title" style={{ textAlign: 'center' }}>
          Frequently Asked Questions
        </Title>
        <Accordion items={faqItems} />
      </section>
    </>
  );
}
