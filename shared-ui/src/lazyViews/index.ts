export * from './lazyViews.tsx';
