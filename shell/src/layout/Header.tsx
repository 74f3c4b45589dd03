import { type MouseEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from 'shared-contracts/product';
import { HEADER_BLUR_THRESHOLD_PX, LANDING_SECTIONS, PATHS } from 'shared-contracts/routes';
import { AccountMenu, EditProfileButton, useSession } from '../account/index.ts';
import { scrollToSection } from '../routes/scrollToSection.ts';
import { Logo } from './Logo.tsx';
import './Header.css';

const NAV_LINKS = [
  { label: 'Features', section: LANDING_SECTIONS.features },
  { label: 'How It Works', section: LANDING_SECTIONS.howItWorks },
  { label: 'Tools', section: LANDING_SECTIONS.tools },
] as const;

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
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSession();

  // On the landing page the link scrolls in place; elsewhere it goes home and RootLayout scrolls.
  const onSectionClick = (event: MouseEvent<HTMLAnchorElement>, section: string) => {
    event.preventDefault();
    if (location.pathname === PATHS.home) {
      if (location.hash !== `#${section}`) navigate({ hash: section }, { replace: true });
      scrollToSection(section);
    } else {
      navigate({ pathname: PATHS.home, hash: section });
    }
  };

  return (
    <header className={`site-header${scrolled ? ' site-header--scrolled' : ''}`} data-scrolled={scrolled}>
      <div className="site-header__inner">
        <Link to={PATHS.home} className="site-header__logo" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <span className="site-header__badge">Free · No sign-up needed</span>
        <nav className="site-header__nav" aria-label="Main">
          {NAV_LINKS.map(({ label, section }) => (
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
      </div>
    </header>
  );
}
