import { lazy, Suspense } from 'react';
import type { ExtractionProgressProps } from '../progress/ExtractionProgress.tsx';
import type { ResultsGridProps } from '../ResultsGrid/ResultsGrid.tsx';

// The results grid and the progress bar appear only once an extraction runs, and they bring the
// heaviest antd components a tool page uses (Select, Progress, Tooltip: about 60 KB
// gzip). They load on first use, or earlier on a sign of intent (preloadExtractionViews), so the
// page's first load does not carry them.
const loadGrid = () => import('../ResultsGrid/ResultsGrid.tsx');
const loadProgress = () => import('../progress/ExtractionProgress.tsx');

const LazyGrid = lazy(() => loadGrid().then((module) => ({ default: module.ResultsGrid })));
const LazyProgress = lazy(() => loadProgress().then((module) => ({ default: module.ExtractionProgress })));

/** Starts loading the views of a running extraction: call it when the visitor picks a file or starts. */
export function preloadExtractionViews(): void {
  void loadGrid().catch(() => undefined);
  void loadProgress().catch(() => undefined);
}

/** The one results grid (see ResultsGrid.tsx), loaded on first use. */
export function ResultsGrid(props: ResultsGridProps) {
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
  return (
    <Suspense fallback={<p role="status">{props.startingText ?? 'Starting…'}</p>}>
      <LazyProgress {...props} />
    </Suspense>
  );
}
