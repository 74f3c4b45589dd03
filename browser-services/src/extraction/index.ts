export * from './eventChannel.ts';
