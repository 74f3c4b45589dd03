import { PATHS } from './paths.ts';

export type PageHeadingText = { readonly title: string; readonly subtitle: string };

/**
 * The heading block each page opens with. The page draws it, and the shell draws the same block at
 * once while the page's code loads: the page then arrives under a heading already in place, so
 * nothing jumps and the largest text is painted with the first frame. `/profile` shows its own
 * heading to a signed-in visitor only: one signed out is sent to Sign In (`pageHeadingOf`).
 */
export const PAGE_HEADINGS = {
  [PATHS.tools]: {
    title: 'Image Extraction Tools',
    subtitle: 'Seven ways to get images out: pick the source you have.',
  },
  [PATHS.urlExtractor]: {
    title: 'Extract Images from URL',
    subtitle: 'Paste the address of any web page to see every image on it, at full size, and download them.',
  },
  [PATHS.websiteExtractor]: {
    title: 'Extract Images from Website',
    subtitle: 'Scan a whole website, page after page, and collect every image it uses.',
  },
  [PATHS.videoExtractor]: {
    title: 'Extract Frames from Video',
    subtitle: 'Capture still frames from a video at the interval you choose, and download them as images.',
  },
  [PATHS.pdfExtractor]: {
    title: 'Extract Images from PDF',
    subtitle: 'Get every image embedded in a PDF, at its original quality, without uploading the file.',
  },
  [PATHS.docxExtractor]: {
    title: 'Extract Images from Word',
    subtitle: 'Get every picture out of a Word document, at its original quality, without uploading the file.',
  },
  [PATHS.pptExtractor]: {
    title: 'Extract Images from PowerPoint',
    subtitle: 'Get every image out of a presentation, at its original quality, without uploading the file.',
  },
  [PATHS.anyFileExtractor]: {
    title: 'Extract Images from Any File',
    subtitle:
      'Drop in PDFs, Word, PowerPoint and OpenDocument files, e-books, spreadsheets, e-mails, saved web pages, RTF and image archives: every picture, without uploading them.',
  },
  [PATHS.profile]: {
    title: 'My Downloads',
    subtitle: 'The images you save are kept only in this browser, on this device; they are not uploaded anywhere.',
  },
  [PATHS.signIn]: { title: 'Sign In', subtitle: 'Your data is stored only on your device.' },
  [PATHS.signUp]: { title: 'Sign Up', subtitle: 'Your data is stored only on your device.' },
  [PATHS.faq]: { title: 'Frequently Asked Questions', subtitle: 'Straight answers about what Image Extractor does.' },
  [PATHS.contactUs]: {
    title: 'Contact Us',
    subtitle: "Questions, feedback or a file that won't extract? Write to us.",
  },
  [PATHS.privacyPolicy]: { title: 'Privacy Policy', subtitle: 'Last updated 22 November 2026' },
  [PATHS.termsOfService]: { title: 'Terms of Service', subtitle: 'Last updated 22 November 2026' },
} as const satisfies Partial<Record<(typeof PATHS)[keyof typeof PATHS], PageHeadingText>>;

/** The heading a visitor will see at a path, if the shell can draw it before the page loads. */
export function pageHeadingOf(pathname: string, signedIn: boolean): PageHeadingText | undefined {
  if (pathname === PATHS.profile && !signedIn) return PAGE_HEADINGS[PATHS.signIn];
  return (PAGE_HEADINGS as Partial<Record<string, PageHeadingText>>)[pathname];
}
