export * from './pageHeadings.ts';
export * from './paths.ts';
