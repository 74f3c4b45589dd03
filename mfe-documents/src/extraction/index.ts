export * from './extractInWorker.ts';
