export * from './saveBlob.ts';
export * from './namePreference.ts';
