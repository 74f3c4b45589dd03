export * from './accountStore.ts';
export * from './keys.ts';
export * from './password.ts';
export * from './savedImageBytes.ts';
export * from './schemas.ts';
export * from './session.ts';
