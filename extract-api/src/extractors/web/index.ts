export * from './crawl/index.ts';
export * from './errors.ts';
export * from './hostGate.ts';
export * from './mergeCandidates.ts';
export * from './patterns.ts';
export * from './readWebPage.ts';
export * from './site.ts';
export * from './toExtractedImages.ts';
