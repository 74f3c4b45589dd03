export * from './downloadAll.ts';
export * from './namedFiles.ts';
export * from './readNdjson.ts';
export * from './useExtraction.ts';
