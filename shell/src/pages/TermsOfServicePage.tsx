import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { LegalText } from './LegalText.tsx';

export default function TermsOfServicePage() {
  return (
    <LegalText
      heading={PAGE_HEADINGS[PATHS.termsOfService]}
      sections={[
        {
          heading: 'The service',
          paragraphs: [
            'Image Extractor finds the images in web pages, websites, videos, PDF, Word and PowerPoint files and lets you download them. It is free to use, with or without an account.',
            'Documents and videos are processed in your browser. Web pages, websites and video links are fetched by our extraction service from the address you give.',
          ],
        },
        {
          heading: 'Your responsibility for what you extract',
          paragraphs: [
            'Images belong to their owners. Extracting an image does not give you any right to use it. Only extract and use images you own or have permission to use, and respect copyright and the terms of the sites you extract from.',
            'Do not use the service to overload websites, to reach systems you are not allowed to reach, or for anything unlawful. The extraction service honours robots.txt and limits how many pages a website scan visits.',
          ],
        },
        {
          heading: 'Limits',
          paragraphs: [
            'The limits stated on each tool (file sizes, scan depth and pages per scan) apply. We may refuse or stop requests that would harm the service or others.',
          ],
        },
        {
          heading: 'Accounts',
          paragraphs: [
            'An account is stored only in your browser. You are responsible for it and for the device it is on. Because we never hold it, we cannot restore a lost account or its saved images.',
          ],
        },
        {
          heading: 'No warranty',
          paragraphs: [
            'The service is provided as it is. We work to make extraction complete and correct, but we do not guarantee that every image of every source will be found, or that the service will always be available.',
          ],
        },
        {
          heading: 'Changes',
          paragraphs: ['We may update these terms; the date above shows the current version.'],
        },
      ]}
    />
  );
}
