export * from './lazyViews.tsx';
export * from './themed.tsx';
