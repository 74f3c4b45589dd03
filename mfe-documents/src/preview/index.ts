export * from './browserFormats.ts';
export * from './metafilePreview.ts';
export * from './metafileSize.ts';
export * from './previewMetafile.ts';
