import { PATHS } from 'shared-contracts/routes';

/** The seven tools, as the /tools cards word them. The landing grid and /tools both read this. */
export type ToolKind = 'url' | 'website' | 'video' | 'pdf' | 'docx' | 'ppt' | 'any';

export const TOOLS: readonly { kind: ToolKind; title: string; description: string; path: string }[] = [
  {
    kind: 'url',
    title: 'URL',
    description: 'Extract images from any webpage by pasting a URL.',
    path: PATHS.urlExtractor,
  },
  {
    kind: 'website',
    title: 'Website',
    description: 'Download all images from an entire website.',
    path: PATHS.websiteExtractor,
  },
  {
    kind: 'video',
    title: 'Video',
    description: 'Capture frames and images from video files.',
    path: PATHS.videoExtractor,
  },
  { kind: 'pdf', title: 'PDF', description: 'Extract images from PDF documents with ease.', path: PATHS.pdfExtractor },
  { kind: 'docx', title: 'DOCX', description: 'Get images from Microsoft Word files.', path: PATHS.docxExtractor },
  { kind: 'ppt', title: 'PPT', description: 'Extract images from PowerPoint presentations.', path: PATHS.pptExtractor },
  {
    kind: 'any',
    title: 'Any file',
    description: 'Drop in e-books, spreadsheets, e-mails, archives and documents, several at once.',
    path: PATHS.anyFileExtractor,
  },
];
