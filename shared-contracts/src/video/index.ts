export * from './frameFormat.ts';
