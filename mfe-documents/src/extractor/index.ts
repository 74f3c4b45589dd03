export * from './DocumentExtractor.tsx';
export * from './documentKinds.ts';
