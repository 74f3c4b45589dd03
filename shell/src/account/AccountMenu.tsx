import { initialOf, logOut, type SessionUser } from 'browser-services/account-session';
import { toasts } from 'browser-services/toast';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { useDismiss } from '../popup/useDismiss.ts';
import './AccountMenu.css';

/** Log out, then home, with the toast that says so: the avatar menu's and the phone menu's Log out. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return () => {
    navigate(PATHS.home);
    logOut();
    toasts.success(MESSAGES.account.loggedOut.title, MESSAGES.account.loggedOut.description);
  };
}

/** The avatar menu of the signed-in header: Profile, and Log out (then home). Plain CSS: no antd on `/`. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  // Closes on a click elsewhere and on Escape (focus back on the avatar).
  useDismiss(
    open,
    useCallback(() => setOpen(false), []),
    root,
    trigger,
  );

  const logOutAndGoHome = useSignOut();
  const signOut = () => {
    setOpen(false);
    logOutAndGoHome();
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="account-menu__avatar"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${user.name}`}
        onClick={() => setOpen((value) => !value)}
      >
        {user.profilePic ? (
          <img src={user.profilePic} alt="" />
        ) : (
          <span aria-hidden="true">{initialOf(user.name)}</span>
        )}
      </button>
      {open ? (
        <div className="account-menu__list" role="menu" id={menuId}>
          <div className="account-menu__who">
            <strong>{user.name}</strong>
            <span>{user.email ?? user.phone}</span>
          </div>
          <Link to={PATHS.profile} role="menuitem" className="account-menu__item" onClick={() => setOpen(false)}>
            Profile
          </Link>
          <button type="button" role="menuitem" className="account-menu__item" onClick={signOut}>
            Log out
          </button>
        </div>
      ) : null}
    </div>
  );
}
