import { type PublishedToast, toasts } from 'browser-services/toast';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';

// antd's notification renders the toasts, loaded with the first toast so `/` stays light.
const AntToasts = lazy(() => import('./AntToasts.tsx'));

/** Renders every toast raised through the shared toast bus, from the shell or any remote. */
export function ToastHost() {
  const [queue, setQueue] = useState<PublishedToast[]>([]);
  const [active, setActive] = useState(false);

  useEffect(
    () =>
      toasts.subscribe((toast) => {
        setActive(true);
        setQueue((current) => [...current, toast]);
      }),
    [],
  );

  const onShown = useCallback((ids: ReadonlySet<number>) => {
    setQueue((current) => current.filter((toast) => !ids.has(toast.id)));
  }, []);

  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <AntToasts queue={queue} onShown={onShown} />
    </Suspense>
  );
}
