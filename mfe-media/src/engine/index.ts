export * from './extractFrames.ts';
export * from './keyframes.ts';
export * from './openVideo.ts';
