// forms/
export * from './forms/index.ts';
// InfoSections/
export * from './InfoSections/index.ts';
// ResultsGrid/
export * from './ResultsGrid/index.ts';
// theme/
export * from './theme/index.ts';
