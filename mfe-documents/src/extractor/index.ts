export * from './DocumentExtractor.tsx';
export * from './pageConfigs.ts';
