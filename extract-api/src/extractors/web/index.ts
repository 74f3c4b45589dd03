export * from './crawlWebsite.ts';
export * from './errors.ts';
export * from './mergeCandidates.ts';
export * from './readWebPage.ts';
export * from './robots.ts';
export * from './site.ts';
export * from './toExtractedImages.ts';
