export * from './downloadAll.ts';
export * from './readNdjson.ts';
export * from './useExtraction.ts';
