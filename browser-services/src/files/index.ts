export * from './namePreference.ts';
export * from './saveBlob.ts';
