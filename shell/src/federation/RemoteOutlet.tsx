import { logError } from 'browser-services/log';
import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense, useState } from 'react';
import { MESSAGES } from 'shared-contracts/messages';
import { REMOTE_LABELS, type RemoteName } from 'shared-contracts/remotes';
import { afterFirstPaint } from '../layout/afterFirstPaint.ts';
import { PageSkeleton } from '../layout/PageSkeleton.tsx';
import { preloadFirstLoad } from './firstLoad.ts';
import { preloadRemoteEntry, readRemotesManifest } from './remotesManifest.ts';
import './RemoteOutlet.css';

const lazyPages = new Map<string, ComponentType>();

/**
 * A lazy component for one exposed page. Cached so revisiting a route does not flash a spinner;
 * Retry replaces the cache entry with a fresh load.
 */
function lazyRemotePage(remote: RemoteName, module: string): ComponentType {
  const key = `${remote}/${module}`;
  const cached = lazyPages.get(key);
  if (cached) return cached;
  // The runtime and everything it needs load with the first remote route, never on `/`. No antd
  // theme around the page: no page draws antd on its first frame, and the views that do (the
  // results, a dialog, a panel) bring the theme with them (shared-ui's `themedLazy`).
  const page = lazy(async () => {
    await afterFirstPaint();
    // The manifest, the remote's entry and everything the page's first render needs start
    // downloading now, beside the runtime, rather than one discovery after another.
    Promise.all([readRemotesManifest(), import('./sharedProviders.ts')])
      .then(([manifest, { preloadShare }]) => {
        preloadRemoteEntry(manifest, remote);
        return preloadFirstLoad(manifest, remote, module, preloadShare);
      })
      .catch(() => undefined);
    const { loadRemotePage } = await import('./remoteLoader.ts');
    return { default: await loadRemotePage(remote, module) };
  });
  lazyPages.set(key, page);
  return page;
}

export function RemoteOutlet({ remote, module }: { remote: RemoteName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyRemotePage(remote, module);
  const retry = () => {
    lazyPages.delete(`${remote}/${module}`);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

type BoundaryProps = { remote: RemoteName; onRetry: () => void; children: ReactNode };

/** Catches a remote that is down, hangs or throws, so the header and other routes keep working. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logError('shell', error, `${this.props.remote} failed${info.componentStack ?? ''}`);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { title, description } = MESSAGES.remote.failed(REMOTE_LABELS[this.props.remote]);
    return (
      <section className="remote-error" role="alert">
        <h1 className="remote-error__title">{title}</h1>
        <p>{description}</p>
        <button type="button" className="btn btn--primary" onClick={this.props.onRetry}>
          {MESSAGES.remote.retry}
        </button>
      </section>
    );
  }
}
