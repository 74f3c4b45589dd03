export * from './startModuleWorker.ts';
