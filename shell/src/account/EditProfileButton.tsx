import type { EditProfileDialogProps } from 'browser-services/account-session';
import { logError } from 'browser-services/log';
import { toasts } from 'browser-services/toast';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { MESSAGES } from 'shared-contracts/messages';
import { REMOTE_LABELS } from 'shared-contracts/remotes';

type Dialog = ComponentType<EditProfileDialogProps>;

/**
 * The dialog lives in mfe-account and comes, with antd and the site's theme, through the
 * federation loader on the first press: `/` downloads none of it.
 */
function lazyDialog(): Dialog {
  return lazy(async () => {
    const [{ loadRemotePage }, { ThemeFrame }] = await Promise.all([
      import('../federation/remoteLoader.ts'),
      import('../theme/index.ts'),
    ]);
    const EditProfileDialog = (await loadRemotePage('mfe_account', './EditProfileDialog')) as Dialog;
    return {
      default: (props: EditProfileDialogProps) => (
        <ThemeFrame>
          <EditProfileDialog {...props} />
        </ThemeFrame>
      ),
    };
  });
}

/** A failed load says so in a toast and leaves the header as it was; the next press tries again. */
class DialogLoadBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    logError('shell', error, 'the Edit Profile dialog could not be loaded');
    const { title, description } = MESSAGES.remote.failed(REMOTE_LABELS.mfe_account);
    toasts.error(title, description);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The dialog's state and element, for a control that opens it: the header's button, and the phone
 * menu's item, whose dialog must outlive the menu's panel closing.
 */
export function useEditProfileDialog(): { openDialog: () => void; dialogElement: ReactNode } {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<{ Dialog: Dialog; attempt: number } | undefined>(undefined);

  const openDialog = () => {
    setDialog((current) => current ?? { Dialog: lazyDialog(), attempt: 0 });
    setOpen(true);
  };
  const forget = () => {
    setOpen(false);
    setDialog(undefined);
  };

  const dialogElement = dialog ? (
    <DialogLoadBoundary key={dialog.attempt} onError={forget}>
      <Suspense fallback={null}>
        <dialog.Dialog open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </DialogLoadBoundary>
  ) : null;
  return { openDialog, dialogElement };
}

export function EditProfileButton() {
  const { openDialog, dialogElement } = useEditProfileDialog();
  return (
    <>
      <button type="button" className="btn btn--ghost" onClick={openDialog} aria-haspopup="dialog">
        Edit Profile
      </button>
      {dialogElement}
    </>
  );
}
