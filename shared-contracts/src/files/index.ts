export * from './fileNames.ts';
export * from './zip.ts';
