import type { SessionUser } from 'browser-services/account-session';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LANDING_SECTIONS, PATHS } from 'shared-contracts/routes';
import { useEditProfileDialog, useSignOut } from '../account/index.ts';
import { TOOLS } from '../pages/toolCatalog.ts';
import { useDismiss } from '../popup/useDismiss.ts';
import { SECTION_LINKS, useSectionClick } from './sectionLinks.ts';
import './PhoneMenu.css';

/**
 * The header's navigation on a narrow screen, where the section links and the account corner do
 * not fit: a disclosure button and a `nav` of plain links. Plain elements and CSS, like the avatar
 * menu: the shell's first load has no antd. The stylesheet shows it only below the breakpoint
 * where Header.css hides the links.
 */
export function PhoneMenu({ user }: { user: SessionUser | null }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const onSectionClick = useSectionClick();
  const signOut = useSignOut();
  // Here, not inside the panel: the dialog stays open once the menu has closed.
  const { openDialog, dialogElement } = useEditProfileDialog();

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, button, { focusOut: true });

  return (
    <>
      <div className="phone-menu" ref={root}>
        <button
          ref={button}
          id={buttonId}
          type="button"
          className="btn phone-menu__button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            {open ? (
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          Menu
        </button>
        <nav id={panelId} className="phone-menu__panel" aria-labelledby={buttonId} hidden={!open}>
          <ul className="phone-menu__list">
            {SECTION_LINKS.map(({ label, section }) => (
              <li key={section}>
                <a
                  href={`/#${section}`}
                  className="phone-menu__item"
                  onClick={(event) => {
                    close();
                    onSectionClick(event, section);
                  }}
                >
                  {label}
                </a>
                {section === LANDING_SECTIONS.tools ? (
                  <ul className="phone-menu__list phone-menu__list--tools" aria-label="Tools">
                    {TOOLS.map((tool) => (
                      <li key={tool.kind}>
                        <Link to={tool.path} className="phone-menu__item" onClick={close}>
                          {tool.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          <ul className="phone-menu__list phone-menu__list--account" aria-label="Account">
            {user ? (
              <>
                <li className="phone-menu__who">
                  <strong>{user.name}</strong>
                  <span>{user.email ?? user.phone}</span>
                </li>
                <li>
                  <Link to={PATHS.profile} className="phone-menu__item" onClick={close}>
                    Profile
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    className="phone-menu__item"
                    aria-haspopup="dialog"
                    onClick={() => {
                      close();
                      openDialog();
                    }}
                  >
                    Edit Profile
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    className="phone-menu__item"
                    onClick={() => {
                      close();
                      signOut();
                    }}
                  >
                    Log out
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to={PATHS.signIn} className="phone-menu__item" onClick={close}>
                    Sign In
                  </Link>
                </li>
                <li>
                  <Link to={PATHS.signUp} className="phone-menu__item phone-menu__item--primary" onClick={close}>
                    Sign Up
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
      {dialogElement}
    </>
  );
}
