export * from './contact.ts';
export * from './documents.ts';
export * from './errors.ts';
export * from './extract.ts';
export * from './health.ts';
export * from './jobs.ts';
export * from './paths.ts';
export * from './video.ts';
