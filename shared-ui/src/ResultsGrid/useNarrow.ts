import { useSyncExternalStore } from 'react';

/** A phone's width: the results bar folds its filters and selection into one sheet up to it. */
export const PHONE_QUERY = '(max-width: 600px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const narrowNow = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(PHONE_QUERY).matches);

/** Whether the window is a phone's width now, following a rotation or a resize. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, narrowNow, () => false);
}
