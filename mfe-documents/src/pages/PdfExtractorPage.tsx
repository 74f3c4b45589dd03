import { formatBytes } from 'media-files';
import { PDF_MAX_BYTES } from 'shared-contracts';
import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { InfoSection, PageHeading, StepsSection } from 'shared-ui';
import {
  CloudDownloadOutlined,
  FileSearchOutlined,
  LockOutlined,
  PictureOutlined,
  Tabs,
  Title,
} from 'shared-ui/design-system';
import { DocumentExtractor, PDF_PAGE } from '../extractor/index.ts';

const maxSize = formatBytes(PDF_MAX_BYTES, 'limit');

// The FAQ tabs. Their texts say only what the document engine does.
const faqTabs = [
  {
    key: 'how-it-works',
    label: 'How It Works',
    children: `The PDF is read by your browser, on your device. Every page is scanned for the images embedded in it, and each image is shown as soon as it is found, with the page it comes from. The file is not uploaded or stored.`,
  },
  {
    key: 'supported-formats',
    label: 'Supported Formats',
    children: `PDF files up to ${maxSize}. Embedded JPEG images are kept exactly as stored; other images are saved as PNG.`,
  },
  {
    key: 'pro-tips',
    label: 'Pro Tips',
    children: `A scanned document usually holds one image per page: the scan itself. Charts, diagrams and tables are usually lines and text, not images: choose Figures to cut each one out with its caption, as a vector PDF and a PNG. Large files take longer, because the work is done by your own computer.`,
  },
];

export default function PdfExtractorPage() {
  return (
    <>
      <PageHeading {...PAGE_HEADINGS[PATHS.pdfExtractor]} />
      <DocumentExtractor config={PDF_PAGE} />
      <StepsSection
        id="how-it-works"
        title="How It Works"
        steps={[
          { title: 'Choose a PDF', text: `Drag it in or pick it from your device (up to ${maxSize}).` },
          { title: 'Extract', text: 'Your browser reads the file and collects the images, page by page.' },
          { title: 'Download', text: 'Download any image, or all of them as a ZIP.' },
        ]}
      />
      <InfoSection
        id="features"
        title="Features"
        items={[
          {
            icon: <LockOutlined />,
            title: 'Private',
            text: 'The file is processed in your browser and never leaves your device.',
          },
          {
            icon: <PictureOutlined />,
            title: 'Original quality',
            text: 'Images are taken out as stored, not re-rendered from the page.',
          },
          { icon: <FileSearchOutlined />, title: 'Page numbers', text: 'Each image shows the page it was found on.' },
          { icon: <CloudDownloadOutlined />, title: 'Download all', text: 'Save every image at once in one ZIP file.' },
        ]}
      />
      <InfoSection
        id="use-cases"
        title="Use Cases"
        items={[
          { title: 'Design', text: 'Reuse the photos and logos of a brochure or a catalogue.' },
          { title: 'Research', text: 'Collect the photos and scanned figures of papers and reports.' },
          { title: 'Marketing', text: 'Repurpose the product pictures of a sales deck or a price list.' },
        ]}
      />
      <section id="faq" aria-labelledby="faq-title" style={{ margin: '40px 0' }}>
        <Title level={2} id="faq-title" style={{ textAlign: 'center' }}>
          Frequently Asked Questions
        </Title>
        <Tabs centered items={faqTabs} />
      </section>
    </>
  );
}
