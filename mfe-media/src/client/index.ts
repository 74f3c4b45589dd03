// What the page imports: a chosen video's shape and the extractor's door. The extractor itself
// (videoFrames.ts) and the server path (serverFrames.ts) load behind it, on first use.
export * from './lazyExtractor.ts';
export * from './video.ts';
