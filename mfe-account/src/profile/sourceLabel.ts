import type { ImageSourceKind } from 'shared-contracts';

const LABELS: Readonly<Record<ImageSourceKind, string>> = {
  page: 'Web page',
  website: 'Website',
  video: 'Video',
  pdf: 'PDF',
  docx: 'Word document',
  doc: 'Word document',
  pptx: 'PowerPoint',
  ppt: 'PowerPoint',
};

/** The "From:" of a saved image: the source kind as a person says it; anything else as stored. */
export function sourceLabel(source: string): string {
  return LABELS[source as ImageSourceKind] ?? (source || 'Unknown');
}
