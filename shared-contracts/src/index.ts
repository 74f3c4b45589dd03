// account/
export * from './account/index.ts';
// api/
export * from './api/index.ts';
// entities/
export * from './entities/index.ts';
// extraction/
export * from './extraction/index.ts';
// federation/
export * from './federation/index.ts';
// files/
export * from './files/index.ts';
export * from './limits.ts';
// messages/
export * from './messages/index.ts';
export * from './product.ts';
// routes/
export * from './routes/index.ts';
// toast/
export * from './toast/index.ts';
// video/
export * from './video/index.ts';
// workers/
export * from './workers/index.ts';
