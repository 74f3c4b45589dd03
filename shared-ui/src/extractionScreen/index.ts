export * from './ExtractionResults.tsx';
export * from './useExtractionScreen.ts';
