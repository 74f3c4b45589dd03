// api/
export * from './api/index.ts';
// federation/
export * from './federation/index.ts';
export * from './limits.ts';
// messages/
export * from './messages/index.ts';
export * from './product.ts';
// routes/
export * from './routes/index.ts';
// toast/
export * from './toast/index.ts';
