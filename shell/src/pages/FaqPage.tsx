import { useNavigate } from 'react-router-dom';
import {
  DOCX_MAX_BYTES,
  MiB,
  PAGE_HEADINGS,
  PATHS,
  PDF_MAX_BYTES,
  PPT_MAX_BYTES,
  SCAN_DEPTH_MAX,
} from 'shared-contracts';
import { PageHeading } from 'shared-ui';
import './FaqPage.css';
import { Accordion, Paragraph, Text } from 'shared-ui/design-system';

const mb = (bytes: number) => `${Math.round(bytes / MiB)}MB`;

// Every answer describes what this product really does; the limits come from shared-contracts.
const ITEMS = [
  {
    question: 'Is Image Extractor free? Do I need an account?',
    answer:
      'Every tool is free and works without an account. There is no premium plan. An optional account, kept only in your browser, remembers the images you choose to save.',
  },
  {
    question: 'Which sources can I extract images from?',
    answer:
      'A single web page, a whole website (several pages), a video file or a direct video link, PDF files, Word files (.docx and .doc) and PowerPoint files (.pptx and .ppt).',
  },
  {
    question: 'Are my files uploaded or kept anywhere?',
    answer:
      'PDF, Word, PowerPoint and video files are processed inside your browser and are not uploaded. For web pages, websites and video links, the address you enter is sent to our extraction service, which fetches the public page for you and keeps nothing afterwards.',
  },
  {
    question: 'What are the size limits?',
    answer: `PDF files up to ${mb(PDF_MAX_BYTES)}; Word and PowerPoint files up to ${mb(DOCX_MAX_BYTES)} and ${mb(PPT_MAX_BYTES)}. A website scan follows links up to ${SCAN_DEPTH_MAX} levels deep and stops at a page limit shown on the website tool.`,
  },
  {
    question: 'Are the images full quality?',
    answer:
      'Yes. Images are delivered at their original resolution. Images stored as JPEG inside documents come out byte for byte as they were embedded; others are saved losslessly as PNG.',
  },
  {
    question: 'Can I download everything at once?',
    answer:
      'Yes. Download All puts every extracted image into a single ZIP file; you can also download images one by one.',
  },
  {
    question: 'Why are some images from a web page missing?',
    answer:
      'Images behind a login, or that a site only loads after you interact with it, cannot be seen by the extractor. Pages that build themselves with JavaScript are best read with the Render JavaScript option of the URL and website tools.',
  },
  {
    question: 'What happens to my account data?',
    answer:
      'It stays in this browser on this device. Passwords are stored only as salted hashes. Clearing your browser data removes the account and its saved images.',
  },
];

export default function FaqPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeading {...PAGE_HEADINGS[PATHS.faq]} />
      <div style={{ maxWidth: 820, margin: '0 auto' }}>
        <Accordion
          headingLevel={2}
          items={ITEMS.map((item, index) => ({
            key: String(index),
            label: item.question,
            children: <Paragraph style={{ marginBottom: 0 }}>{item.answer}</Paragraph>,
          }))}
        />
        <div className="faq-page__more">
          <Text>Still have a question?</Text>
          <button type="button" className="btn btn--primary" onClick={() => navigate(PATHS.contactUs)}>
            Contact Support
          </button>
          <button type="button" className="btn" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
            Try Our Tools
          </button>
        </div>
      </div>
    </>
  );
}
