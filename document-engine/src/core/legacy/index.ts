export * from './extractDoc.ts';
export * from './extractPpt.ts';
