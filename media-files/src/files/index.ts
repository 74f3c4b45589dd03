export * from './fileNames.ts';
export * from './formatBytes.ts';
export * from './sniffImageFormat.ts';
export * from './zip.ts';
