export * from './saveBlob.ts';
