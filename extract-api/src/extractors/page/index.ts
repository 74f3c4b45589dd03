export * from './findCssImages.ts';
export * from './findPageImages.ts';
export * from './imageAttributes.ts';
export * from './imageUrlShape.ts';
export * from './lazyAttributes.ts';
export * from './parseSrcset.ts';
export * from './types.ts';
