export * from './extractPdf.ts';
