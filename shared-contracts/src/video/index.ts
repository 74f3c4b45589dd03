export * from './frameFormat.ts';
export * from './frameMode.ts';
