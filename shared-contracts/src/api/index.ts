export * from './contact.ts';
export * from './errors.ts';
export * from './extract.ts';
export * from './health.ts';
export * from './paths.ts';
