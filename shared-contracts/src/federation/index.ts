export * from './remotes.ts';
export * from './remotesManifest.ts';
