export * from './serverFrames.ts';
export * from './videoFrames.ts';
