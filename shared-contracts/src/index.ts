// Every schema here is zod/mini's: functions, not methods, so a page's bundle keeps only the checks
// it uses (classic zod's classes cannot be tree-shaken). Messages a person reads are the schemas'
// own: mini loads no locale.

// account/: storage keys and schemas (the store itself is browser-services')
export * from './account/index.ts';
// api/
export * from './api/index.ts';
// audit/: the image audit's report
export * from './audit/index.ts';
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
