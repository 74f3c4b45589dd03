import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NOT_FOUND_QUERY_PARAM, PATHS } from 'shared-contracts/routes';
import { Footer } from '../layout/Footer.tsx';
import { Header } from '../layout/Header.tsx';
import { ToastHost } from '../toasts/ToastHost.tsx';
import { scrollToSection } from './scrollToSection.ts';

/** Header, page and footer around every route; the error element of remote routes sits below it. */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();

  // `?notfound` (left by static hosts' 404 fallbacks) is rewritten to `/` without a reload.
  useEffect(() => {
    if (new URLSearchParams(location.search).has(NOT_FOUND_QUERY_PARAM)) {
      navigate(PATHS.home, { replace: true });
    }
  }, [location.search, navigate]);

  // A hash names a landing section (the header's links); otherwise a new page starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path must scroll to the top although the effect does not read it
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) {
      // The section may render a frame later than the route change.
      const frame = requestAnimationFrame(() => scrollToSection(id));
      return () => cancelAnimationFrame(frame);
    }
    window.scrollTo({ top: 0 });
    return undefined;
  }, [location.pathname, location.hash]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ToastHost />
    </div>
  );
}
