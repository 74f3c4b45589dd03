// ExtractionProgress itself is exported lazily by ../lazyViews.
export type { ExtractionProgressProps } from './ExtractionProgress.tsx';
