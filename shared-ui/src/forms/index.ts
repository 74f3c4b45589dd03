export * from './zodRule.ts';
