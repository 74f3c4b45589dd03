// ResultsGrid itself is exported lazily by ../lazyViews; its card and filters are light.

export type { FigureSvgAction } from './FigureSvgButton.tsx';
export * from './filterImages.ts';
export * from './ImageCard.tsx';
export type { ResultsGridProps } from './ResultsGrid.tsx';
