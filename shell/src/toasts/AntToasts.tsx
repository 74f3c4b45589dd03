import type { PublishedToast } from 'browser-services/toast';
import { useEffect } from 'react';
import { ThemeProvider } from 'shared-ui/design-system';
import { notification } from 'shared-ui/design-system/notification';

/** Seconds a toast stays up: antd's default. */
const TOAST_DURATION_SECONDS = 4.5;

function Toasts({ queue, onShown }: { queue: readonly PublishedToast[]; onShown: (ids: ReadonlySet<number>) => void }) {
  const [api, holder] = notification.useNotification({ placement: 'topRight', top: 76, maxCount: 5 });

  useEffect(() => {
    if (queue.length === 0) return;
    for (const toast of queue) {
      api[toast.kind]({
        key: String(toast.id),
        title: toast.title,
        description: toast.description,
        duration: TOAST_DURATION_SECONDS,
        role: toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status',
      });
    }
    onShown(new Set(queue.map((toast) => toast.id)));
  }, [queue, api, onShown]);

  return holder;
}

export default function AntToasts(props: {
  queue: readonly PublishedToast[];
  onShown: (ids: ReadonlySet<number>) => void;
}) {
  return (
    <ThemeProvider>
      <Toasts {...props} />
    </ThemeProvider>
  );
}
