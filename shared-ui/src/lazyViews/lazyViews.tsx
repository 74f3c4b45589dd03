import { type ComponentType, lazy, Suspense } from 'react';
import type { ExtractionProgressProps } from '../progress/ExtractionProgress.tsx';
import type { ResultsGridProps } from '../ResultsGrid/ResultsGrid.tsx';

// The results grid and the progress bar appear only once an extraction runs, and they bring the
// heaviest antd components a tool page uses (Select, Progress, Tooltip: about 60 KB gzip). They load
// on first use, or earlier on a sign of intent (preloadExtractionViews), so the page's first load
// does not carry them. Once loaded they render directly: a lazy component suspends on its first
// render even when its module is there, and React holds a revealed Suspense boundary back for up
// to 300 ms, which the first image would wait for.
let Grid: ComponentType<ResultsGridProps> | undefined;
let Progress: ComponentType<ExtractionProgressProps> | undefined;

const loadGrid = () =>
  import('../ResultsGrid/ResultsGrid.tsx').then((module) => {
    Grid = module.ResultsGrid;
    return { default: module.ResultsGrid };
  });
const loadProgress = () =>
  import('../progress/ExtractionProgress.tsx').then((module) => {
    Progress = module.ExtractionProgress;
    return { default: module.ExtractionProgress };
  });

const LazyGrid = lazy(loadGrid);
const LazyProgress = lazy(loadProgress);

/** Starts loading the views of a running extraction: call it when the visitor picks a file or starts. */
export function preloadExtractionViews(): void {
  void loadGrid().catch(() => undefined);
  void loadProgress().catch(() => undefined);
}

/** The one results grid (see ResultsGrid.tsx), loaded on first use. */
export function ResultsGrid(props: ResultsGridProps) {
  if (Grid) return <Grid {...props} />;
  return (
    <Suspense
      fallback={
        <p role="status" className="ie-results-loading">
          Loading results…
        </p>
      }
    >
      <LazyGrid {...props} />
    </Suspense>
  );
}

/** The progress bar of a running extraction (see ExtractionProgress.tsx), loaded on first use. */
export function ExtractionProgress(props: ExtractionProgressProps) {
  if (Progress) return <Progress {...props} />;
  return (
    <Suspense fallback={<p role="status">{props.startingText ?? 'Starting…'}</p>}>
      <LazyProgress {...props} />
    </Suspense>
  );
}
