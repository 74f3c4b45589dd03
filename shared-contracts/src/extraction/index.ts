export * from './eventChannel.ts';
export * from './events.ts';
