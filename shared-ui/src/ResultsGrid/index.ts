export * from './filterImages.ts';
export * from './ImageCard.tsx';
export * from './ResultsGrid.tsx';
