import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
import { MESSAGES } from 'shared-contracts';
import { Button } from '../design-system/antd/button.ts';

/**
 * A phone's bottom sheet: one button in the bar opens a modal `<dialog>` holding the controls that
 * would not fit above the first picture. The browser's modal dialog gives the rest: the page behind
 * is inert, focus moves in, Escape closes. Its content stays mounted while closed (a closed dialog
 * is not drawn), so a control's state outlives the sheet.
 */
export function PhoneSheet({ label, children }: { label: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();

  const show = () => {
    dialog.current?.showModal();
    setOpen(true);
  };
  const close = () => dialog.current?.close();
  // However it closed (Close, Escape, the backdrop), focus goes back where the visitor was.
  const onClose = () => {
    setOpen(false);
    opener.current?.focus();
  };
  // Escape in an open list (the formats) closes that list, not the sheet.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    const target = event.target as Element;
    if (target.getAttribute('aria-expanded') === 'true') event.preventDefault();
  };
  // A press on the backdrop lands on the dialog itself, outside its box.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== dialog.current) return;
    const box = dialog.current.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) close();
  };

  return (
    <>
      <Button
        ref={opener}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
        className="ie-results__sheet-button"
      >
        {label}
      </Button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop's press; Escape is the keyboard's way out */}
      <dialog
        ref={dialog}
        className="ie-sheet"
        aria-labelledby={titleId}
        onClose={onClose}
        onKeyDownCapture={onKeyDownCapture}
        onClick={onClick}
      >
        <div className="ie-sheet__head">
          <h2 id={titleId} className="ie-sheet__title">
            {MESSAGES.grid.phoneSheetTitle}
          </h2>
          <Button onClick={close}>{MESSAGES.grid.phoneSheetClose}</Button>
        </div>
        <div className="ie-sheet__body">{children}</div>
      </dialog>
    </>
  );
}
