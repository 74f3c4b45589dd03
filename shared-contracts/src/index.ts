// account/: storage keys and schemas (the store itself is browser-services')
export * from './account/index.ts';
// api/
export * from './api/index.ts';
// entities/
export * from './entities/index.ts';
// extraction/
export * from './extraction/index.ts';
// federation/
export * from './federation/index.ts';
export * from './limits.ts';
// messages/
export * from './messages/index.ts';
export * from './product.ts';
// routes/
export * from './routes/index.ts';
// video/: frame formats and quality (part of the API)
export * from './video/index.ts';
