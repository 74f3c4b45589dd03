/**
 * The one way any part of the site raises a toast. The shell subscribes and renders them; remotes
 * only publish. It lives here, framework-free and shared as a singleton, so that every remote
 * publishes into the same bus the shell listens to.
 *
 * No zod here on purpose: toasts are the site's own messages, never outside data, and the shell's
 * landing page loads this module, so it must not pull a validation library along.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export type Toast = { kind: ToastKind; title: string; description?: string | undefined };
export type PublishedToast = Toast & { id: number };

type Listener = (toast: PublishedToast) => void;

/** Toasts published before anyone listens are held (up to this many) and replayed to the first listener. */
const MAX_PENDING_TOASTS = 20;

export function createToastBus() {
  const listeners = new Set<Listener>();
  let pending: PublishedToast[] = [];
  let nextId = 1;

  function publish(toast: Toast): PublishedToast {
    if (!toast.title.trim()) throw new Error('A toast needs a title');
    const published = { ...toast, id: nextId++ };
    if (listeners.size === 0) {
      pending = [...pending, published].slice(-MAX_PENDING_TOASTS);
    } else {
      for (const listener of listeners) listener(published);
    }
    return published;
  }

  function subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const replay = pending;
    pending = [];
    for (const toast of replay) listener(toast);
    return () => {
      listeners.delete(listener);
    };
  }

  return {
    publish,
    subscribe,
    success: (title: string, description?: string) => publish({ kind: 'success', title, description }),
    error: (title: string, description?: string) => publish({ kind: 'error', title, description }),
    info: (title: string, description?: string) => publish({ kind: 'info', title, description }),
    warning: (title: string, description?: string) => publish({ kind: 'warning', title, description }),
  };
}

export type ToastBus = ReturnType<typeof createToastBus>;

/** The site's bus. Module Federation shares this package as a singleton, so there is exactly one. */
export const toasts: ToastBus = createToastBus();
