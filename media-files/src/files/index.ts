export * from './extensions.ts';
export * from './fileNames.ts';
export * from './formatBytes.ts';
export * from './manifest.ts';
export * from './sniffImageFormat.ts';
export * from './stripMetadata.ts';
export * from './webpChunks.ts';
export * from './zip.ts';
