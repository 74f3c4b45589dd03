import { PAGE_HEADINGS, PATHS } from 'shared-contracts/routes';
import { LegalText } from './LegalText.tsx';

export default function PrivacyPolicyPage() {
  return (
    <LegalText
      heading={PAGE_HEADINGS[PATHS.privacyPolicy]}
      sections={[
        {
          heading: 'In short',
          paragraphs: [
            'Image Extractor is built so that as little as possible leaves your device. We do not sell data, show ads, or use tracking cookies.',
          ],
        },
        {
          heading: 'Files you open: documents and videos',
          paragraphs: [
            'PDF, Word, PowerPoint and video files you choose are read inside your browser. They are not uploaded to our servers and we never see them.',
          ],
        },
        {
          heading: 'Addresses you enter: web pages, websites and video links',
          paragraphs: [
            'Your browser cannot read other websites directly, so when you use the URL, website or video-link tools, the address you enter is sent to our extraction service. The service fetches that public page, its images or the video on your behalf and sends the results back. It does not keep the pages, the images or the address after the request ends, beyond ordinary server logs of requests, which are kept for security and deleted regularly.',
            'The extraction service only fetches public internet addresses. It refuses private and internal network addresses.',
          ],
        },
        {
          heading: 'Accounts and saved images',
          paragraphs: [
            'Accounts are optional. An account lives only in this browser on this device, in its local storage; images you save are kept there and in the browser’s IndexedDB. Nothing of it is sent to us. Passwords are never stored in readable form: only a salted hash is kept.',
            'Clearing your browser’s site data deletes the account and everything saved with it. We cannot recover it, because we never had it.',
          ],
        },
        {
          heading: 'Contact messages',
          paragraphs: [
            'When you write to us through the contact form, we receive your name, email address, subject and message, and store them so we can reply. We use them for nothing else, and delete them on request.',
          ],
        },
        {
          heading: 'Contact',
          paragraphs: ['Questions about privacy are welcome through the Contact Us page.'],
        },
      ]}
    />
  );
}
