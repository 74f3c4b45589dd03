export * from './ExtractionProgress.tsx';
