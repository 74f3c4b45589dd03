export * from './toastBus.ts';
