import { logError } from 'browser-services/log';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { MESSAGES } from 'shared-contracts/messages';
import type { ExtractionProgressProps } from '../progress/ExtractionProgress.tsx';
import type { ResultsGridProps } from '../ResultsGrid/ResultsGrid.tsx';
import { withTheme } from './themed.tsx';

// The results grid and the progress bar appear only once an extraction runs, and they bring the
// heaviest antd components a tool page uses (Select, Progress, Tooltip: about 60 KB gzip). They load
// on first use, or earlier on a sign of intent (preloadExtractionViews), so the page's first load
// does not carry them.
//
// Not React.lazy: a lazy component suspends on its first render even when its module is there, and
// React holds a revealed Suspense boundary back for up to 300 ms, which the first image would wait
// for; and switching from the lazy element to the loaded component on a later render is a new
// element type, which remounts the grid and drops its state (the visitor's selection, filters,
// conversion). Each view here is one component whose type never changes: it shows a placeholder
// until its module is there, then the view, for the rest of its life.

/** A view's module, loaded once: `preload()` starts it, `loaded` is there once it has. */
type ViewLoader<P> = { preload: () => Promise<ComponentType<P>>; loaded: () => ComponentType<P> | undefined };

function viewLoader<P>(load: () => Promise<ComponentType<P>>): ViewLoader<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed chunk (a deploy in between, the network) may load on the next try.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { preload, loaded: () => loaded };
}

/** The placeholder until `loader`'s component is there, then that component, for the rest of its life. */
function LazyView<P extends object>({
  loader,
  placeholder,
  props,
}: {
  loader: ViewLoader<P>;
  placeholder: ReactNode;
  props: P;
}) {
  const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loader.loaded());
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (Component) return;
    let live = true;
    loader.preload().then(
      (component) => live && setComponent(() => component),
      (error: unknown) => {
        logError('shared-ui', error, 'a view could not be loaded');
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [Component, loader]);
  if (Component) return <Component {...props} />;
  if (failed) {
    return (
      <p role="alert" className="ie-results-loading">
        {MESSAGES.grid.viewFailed}
      </p>
    );
  }
  return placeholder;
}

const grid = viewLoader<ResultsGridProps>(
  withTheme(() => import('../ResultsGrid/ResultsGrid.tsx').then((module) => module.ResultsGrid)),
);
const progress = viewLoader<ExtractionProgressProps>(
  withTheme(() => import('../progress/ExtractionProgress.tsx').then((module) => module.ExtractionProgress)),
);

/** Starts loading the views of a running extraction: call it when the visitor picks a file or starts. */
export function preloadExtractionViews(): void {
  void grid.preload().catch(() => undefined);
  void progress.preload().catch(() => undefined);
}

/** The one results grid (see ResultsGrid.tsx), loaded on first use. */
export function ResultsGrid(props: ResultsGridProps) {
  return (
    <LazyView
      loader={grid}
      props={props}
      placeholder={
        <p role="status" className="ie-results-loading">
          Loading results…
        </p>
      }
    />
  );
}

/** The progress bar of a running extraction (see ExtractionProgress.tsx), loaded on first use. */
export function ExtractionProgress(props: ExtractionProgressProps) {
  return (
    <LazyView loader={progress} props={props} placeholder={<p role="status">{props.startingText ?? 'Starting…'}</p>} />
  );
}
