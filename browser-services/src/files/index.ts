export * from './downloadOptionsPreference.ts';
export * from './namePreference.ts';
export * from './saveBlob.ts';
