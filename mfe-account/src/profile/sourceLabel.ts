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
  epub: 'E-book',
  odt: 'OpenDocument text',
  odp: 'OpenDocument presentation',
  ods: 'OpenDocument spreadsheet',
  odg: 'OpenDocument drawing',
  xlsx: 'Excel workbook',
  xls: 'Excel workbook',
  eml: 'E-mail',
  msg: 'Outlook message',
  mhtml: 'Saved web page',
  rtf: 'RTF document',
  'image-archive': 'Image archive',
};

/**
 * True for the source kinds shared-contracts names (`LABELS` has every one, or this does not
 * compile), without importing its list: that module also builds the image schemas, and zod with them.
 */
export const isImageSourceKind = (source: string): source is ImageSourceKind => Object.hasOwn(LABELS, source);

/** The "From:" of a saved image: the source kind as a person says it; anything else as stored. */
export function sourceLabel(source: string): string {
  return isImageSourceKind(source) ? LABELS[source] : source || 'Unknown';
}
