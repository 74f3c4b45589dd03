import { type RefObject, useEffect } from 'react';

/**
 * How the header's popups (the avatar menu, the phone menu) close while `open`: a press outside
 * `root`, Escape (focus back on `trigger`, where the visitor was), and with `focusOut` the focus
 * leaving `root` (Tab past the last item: the open panel never covers the focused control).
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
  { focusOut = false }: { focusOut?: boolean } = {},
): void {
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    if (focusOut) document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', outside);
    };
  }, [open, close, root, trigger, focusOut]);
}
