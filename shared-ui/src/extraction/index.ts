export * from './downloadAll.ts';
export * from './manifest.ts';
export * from './namedFiles.ts';
export * from './readNdjson.ts';
export * from './readResumable.ts';
export * from './saveToFolder.ts';
export * from './useExtraction.ts';
