import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from 'shared-contracts/product';
import { HEADER_BLUR_THRESHOLD_PX, PATHS } from 'shared-contracts/routes';
import { AccountMenu, EditProfileButton, useSession } from '../account/index.ts';
import { Logo } from './Logo.tsx';
import { PhoneMenu } from './PhoneMenu.tsx';
import { SECTION_LINKS, useSectionClick } from './sectionLinks.ts';
import './Header.css';

function useScrolledPast(thresholdPx: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > thresholdPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [thresholdPx]);
  return scrolled;
}

export function Header() {
  const scrolled = useScrolledPast(HEADER_BLUR_THRESHOLD_PX);
  const user = useSession();
  const onSectionClick = useSectionClick();

  return (
    <header className={`site-header${scrolled ? ' site-header--scrolled' : ''}`} data-scrolled={scrolled}>
      <div className="site-header__inner">
        <Link to={PATHS.home} className="site-header__logo" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <span className="site-header__badge">Free · No sign-up needed</span>
        <nav className="site-header__nav" aria-label="Main">
          {SECTION_LINKS.map(({ label, section }) => (
            <a key={section} href={`/#${section}`} onClick={(event) => onSectionClick(event, section)}>
              {label}
            </a>
          ))}
        </nav>
        <div className="site-header__account">
          {user ? (
            <>
              <EditProfileButton />
              <AccountMenu user={user} />
            </>
          ) : (
            <>
              <Link to={PATHS.signIn} className="btn btn--ghost">
                Sign In
              </Link>
              <Link to={PATHS.signUp} className="btn btn--primary">
                Sign Up
              </Link>
            </>
          )}
        </div>
        <PhoneMenu user={user} />
      </div>
    </header>
  );
}
