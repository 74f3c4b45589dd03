export * from './keys.ts';
export * from './schemas.ts';
