// account/
export * from './account/index.ts';
// extraction/
export * from './extraction/index.ts';
// forms/
export * from './forms/index.ts';
// InfoSections/
export * from './InfoSections/index.ts';
// progress/
export * from './progress/index.ts';
// ResultsGrid/
export * from './ResultsGrid/index.ts';
// theme/
export * from './theme/index.ts';
// upload/
export * from './upload/index.ts';
